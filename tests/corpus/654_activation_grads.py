import torch
import torch.nn as nn
import torch.nn.functional as F
# GELU, ELU, Softplus and SiLU: values and gradients, module and functional forms
x = torch.linspace(-2.5, 2.5, 6, requires_grad=True)
for act in [nn.GELU(), nn.GELU(approximate='tanh'), nn.ELU(), nn.ELU(alpha=0.5),
            nn.Softplus(), nn.Softplus(beta=2, threshold=4), nn.SiLU()]:
    y = act(x)
    y.sum().backward()
    print(act)
    print(y)
    print(x.grad)
    x.grad = None
print(F.gelu(x).grad_fn.name(), F.elu(x).grad_fn.name(), F.softplus(x).grad_fn.name(),
      F.silu(x).grad_fn.name())
g = F.softplus(x, beta=0.5, threshold=1.0)
print(g)
g.backward(torch.ones(6))
print(x.grad)
# the gradient of GELU's gradient
a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
(da,) = torch.autograd.grad(F.gelu(a).sum(), a, create_graph=True)
print(da)
da.sum().backward()
print(a.grad)
