# nn.Hardswish / F.hardswish: values, torch's slopes at -3 and 3, in place, integer inputs refused
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([-4., -3., -1.5, 0., 2., 3., 4.], requires_grad=True)
m = nn.Hardswish()
m
nn.Hardswish(inplace=True)
y = m(x)
y
y.sum().backward()
x.grad
F.hardswish(x.detach().clone(), inplace=True)
z = x.clone()
F.hardswish(z, inplace=True).grad_fn
torch.manual_seed(0)
w = torch.randn(3, 5, requires_grad=True)
F.hardswish(w * 4).pow(2).sum().backward()
w.grad
try:
    F.hardswish(torch.tensor([1, 2]))
except NotImplementedError as e:
    print(e)
