# erfinv and torch.special's normal-distribution functions: ndtr, ndtri, log_ndtr, erfcx
import torch
p = torch.tensor([0.001, 0.25, 0.5, 0.9, 0.999999], requires_grad=True)
torch.erfinv(p * 2 - 1)
q = torch.special.ndtri(p)
q
q.sum().backward()
p.grad
x = torch.tensor([-30.0, -8.5, -1.0, 0.0, 2.0, 12.0], requires_grad=True)
n = torch.special.ndtr(x)
n
n.grad_fn
n.grad_fn.next_functions
l = torch.special.log_ndtr(x)
l
e = torch.special.erfcx(x[1:])
e
(n.sum() + l.sum() + e.sum()).backward()
x.grad
torch.special.erfinv(torch.tensor([-1.0, 1.0, 1.5, 0.0]))
torch.erfinv(torch.tensor([0, 1]))
w = torch.tensor([0.2, -0.3], requires_grad=True)
g, = torch.autograd.grad(torch.erfinv(w).sum(), w, create_graph=True)
g
g.sum().backward()
w.grad
