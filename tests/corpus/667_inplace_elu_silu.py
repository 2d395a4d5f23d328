import torch
import torch.nn as nn
import torch.nn.functional as F
# in-place ELU saves its result (EluBackward1); in-place SiLU is SiluBackward0
x = torch.tensor([-1.5, -0.2, 0.0, 0.8], requires_grad=True)
a = F.elu(x * 1, inplace=True)
print(a.grad_fn.name())
b = F.silu(x * 1, inplace=True)
print(b.grad_fn.name())
model = nn.Sequential(nn.Linear(4, 3), nn.ELU(inplace=True), nn.Linear(3, 1))
print(model)
try:
    F.elu(x, inplace=True)
except RuntimeError as e:
    print(e)
y = x * 1
z = F.elu(y, alpha=2.0, inplace=True)
print(z is y, z)
z.sum().backward()
print(x.grad)
