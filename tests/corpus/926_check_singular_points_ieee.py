import torch
# sympy simplifies these derivatives (sqrt(x*x)' = sign(x), log(exp(x))' = 1); torch follows the chain rule op by op in IEEE arithmetic: nan at 0, nan where exp overflows float32
x = torch.tensor([0.0, 2.0, -3.0], requires_grad=True)
torch.sqrt(x * x).sum().backward()
x.grad
y = torch.tensor([0.0, 2.0, -3.0], requires_grad=True)
((y ** 2) ** 0.5).sum().backward()
y.grad
z = torch.tensor([100.0, 1.0, 1000.0, -5.0], requires_grad=True)
torch.log(torch.exp(z)).sum().backward()
z.grad
w = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
torch.sqrt(torch.exp(torch.log(w))).sum().backward()
w.grad
big = torch.tensor([0.0, 1.5, -2.0, 100.0] * 20, requires_grad=True)
(torch.sqrt(big * big) + torch.log(torch.exp(big))).sum().backward()
big.grad[:8]
d = torch.tensor([[0.0, 1.0], [2.0, 0.0]], requires_grad=True)
g, = torch.autograd.grad(torch.sqrt(d * d).sum(), d)
g
