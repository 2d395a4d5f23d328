import torch
import torch.nn as nn
import torch.nn.functional as F
# nn.Bilinear: PyTorch's default init after manual_seed, forward over batches, gradients
torch.manual_seed(0)
m = nn.Bilinear(3, 2, 4)
print(m)
print(m.weight)
print(m.bias)
print([name for name, p in m.named_parameters()], m.weight.shape)
x1 = torch.randn(5, 3, requires_grad=True)
x2 = torch.randn(5, 2, requires_grad=True)
y = m(x1, x2)
print(y)
y.pow(2).sum().backward()
print(m.weight.grad)
print(m.bias.grad)
print(x1.grad)
print(x2.grad)
# batch dims beyond one, and unbatched 1-D inputs
z = m(torch.randn(2, 3, 3), torch.randn(2, 3, 2))
print(z.shape, z.grad_fn.name())
v = m(torch.randn(3), torch.randn(2))
print(v.shape, v)
# no bias: the result is the view of the trilinear product
nb = nn.Bilinear(2, 2, 1, bias=False)
print(nb, nb.bias)
out = nb(torch.ones(1, 2), torch.ones(1, 2))
print(out.grad_fn.name(), out.grad_fn.next_functions[0][0].name())
print(list(nb.state_dict().keys()))
# the functional form, matching the module
w = m.weight.detach().clone().requires_grad_(True)
b = m.bias.detach().clone()
f = F.bilinear(x1, x2, w, b)
print(torch.allclose(f, y), f.grad_fn.name())
g1, gw = torch.autograd.grad(f.sum(), [x1, w], create_graph=True)
print(g1.grad_fn.name(), gw.grad_fn.name())
print(gw.sum(dim=0))
