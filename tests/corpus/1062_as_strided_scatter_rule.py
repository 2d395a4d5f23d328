# torch.as_strided_scatter's gradient, torch's rule rather than the forward's derivative: as_strided_scatter_backward gives the input the gradient at the places src was written and zero elsewhere (the complement of the derivative; torch's own OpInfo expects its gradcheck to fail), src the gradient at its places, also where two of its elements are written at one place (the later stays); the check verifies that rule and says so, also where a written place held nan or src is inf: values, gradients, create_graph gradients, grad_fns, errors
import torch
a = torch.arange(9.0).reshape(3, 3).requires_grad_()
s = torch.tensor([[10.0, 20.0], [30.0, 40.0]], requires_grad=True)
out = torch.as_strided_scatter(a, s, (2, 2), (1, 2), storage_offset=1)
out
out.grad_fn
out.backward(torch.arange(1.0, 10.0).reshape(3, 3))
a.grad
s.grad
x = torch.linspace(-1, 1, 6, requires_grad=True)
y = torch.tensor([[0.5, -1.5], [2.0, 0.25]], requires_grad=True)
o = torch.as_strided_scatter(x, y, (2, 2), (1, 1), storage_offset=1)
o
(o.exp() * torch.tensor([1.0, -2.0, 0.5, 3.0, -1.0, 2.0])).sum().backward()
x.grad
y.grad
v = torch.tensor([1.5, -0.5, 2.0, 0.75], requires_grad=True)
w = torch.tensor([3.0], requires_grad=True)
gv, gw = torch.autograd.grad((torch.as_strided_scatter(v, w * w, (1,), (1,), 2) ** 2).sum(), (v, w), create_graph=True)
gv
gw
(gv.sum() + gw.sum()).backward()
v.grad
w.grad
n = torch.tensor([1.0, -2.0, 3.0, 4.0], requires_grad=True)
m = torch.as_strided_scatter(n.log(), torch.tensor([float('inf')]), (1,), (1,), 1)
m
(m[2:] * m[2:]).sum().backward()
n.grad
k = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
q = torch.as_strided_scatter(k * 1, torch.tensor([float('inf')]), (1,), (1,), 3)
(q * q).sum().backward()
k.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.as_strided_scatter(v, torch.ones(3), (3,), (0,), 1))
err(lambda: torch.as_strided_scatter(v, torch.ones(2), (3,), (1,)))
