# every derivative a script computes is checked (issue #30): the products of
# autograd.functional, the transforms of torch.func, and a double backward
import torch
from torch.autograd.functional import jvp, vjp, hvp, vhp, hessian, jacobian
import torch.func as func

x = torch.tensor([0.3, -1.2, 2.0])
v = torch.tensor([1.0, 0.5, -2.0])
W = torch.tensor([[0.5, -1.0, 0.25], [2.0, 0.1, -0.3]])

def f(t):
    return torch.tanh(W @ t) * t[:2].exp()

def energy(t):
    return (t.sin() * t ** 2).sum() + (W @ t).pow(2).sum() / 4

out, jv = jvp(f, x, v[:3])
print(jv)
_, vj = vjp(f, x, torch.tensor([1.0, -1.0]))
print(vj)
_, hv = hvp(energy, x, v)
print(hv)
_, vh = vhp(energy, x, v)
print(vh)
print(jacobian(f, x))
print(hessian(energy, x))

_, fjv = func.jvp(f, (x,), (v,))
print(fjv)
print(func.jacfwd(f)(x))
print(func.jacrev(f)(x))
print(func.hessian(energy)(x))
print(func.vmap(func.grad(energy))(torch.stack([x, v])))

w = x.clone().requires_grad_()
(g,) = torch.autograd.grad(energy(w), w, create_graph=True)
(g * v).sum().backward()
print(w.grad)
