import torch
# gradients at points where sympy's simplified derivative and torch's IEEE arithmetic part: xlogy(t, t) at 0 (XlogyBackward0's d/dother is self / other = 0/0), a variance's double backward (torch differentiates the mean in var_backward: the gradient of a gradient that sums to 0), and logsumexp / logcumsumexp near 10000 (exp(x - result) with a float32 result)
t = torch.tensor([0.0, 0.5, 2.0], requires_grad=True)
z = torch.xlogy(t, t)
z
z.grad_fn
z.sum().backward()
t.grad
i = torch.tensor([[-1.0, -0.5, -2.0]], requires_grad=True)
q = torch.tensor([[0.0, 0.3, 0.7]], requires_grad=True)
torch.nn.functional.kl_div(i, q, reduction='sum').backward()
q.grad
i.grad
x = torch.tensor([[0.5, -1.2, 2.0, 2.0], [1.5, 0.3, -0.7, 0.3]], requires_grad=True)
(g,) = torch.autograd.grad(torch.var(x, 1).sum(), x, create_graph=True)
g
g.grad_fn.next_functions
g.sum().backward()
x.grad
x.grad = None
(h,) = torch.autograd.grad(torch.std_mean(x, 1)[0].sum(), x, create_graph=True)
(h * h).sum().backward()
x.grad
x.grad = None
(v,) = torch.autograd.grad(x.var(), x, create_graph=True)
(v ** 2).sum().backward()
x.grad
w = torch.tensor([[10000.0, 10000.5, 9999.0, 10001.0], [1.0, 2.0, 3.0, 4.0]], requires_grad=True)
c = torch.logcumsumexp(w, 1)
c
c.grad_fn
(c * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
w.grad
w.grad = None
torch.logsumexp(w + 0.25, 1).sum().backward()
w.grad
try:
    torch.xlogy(t, torch.zeros(2))
except RuntimeError as e:
    print(e)
try:
    torch.logcumsumexp(w, 2)
except IndexError as e:
    print(e)
