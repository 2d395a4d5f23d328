import torch
from torch.func import jvp
# the torch.func.jvp docs examples
torch.manual_seed(0)
x = torch.randn([])
f = lambda x: x * torch.tensor([1.0, 2.0, 3])
value, grad = jvp(f, (x,), (torch.tensor(1.0),))
assert torch.allclose(value, f(x))
print(value, grad)
x = torch.randn(5)
y = torch.randn(5)
f = lambda x, y: (x * y)
_, output = jvp(f, (x, y), (torch.ones(5), torch.ones(5)))
assert torch.allclose(output, x + y)
print(output)
print(jvp(torch.sin, (x,), (torch.ones(5),)))
try:
    jvp(torch.sin, x, (torch.ones(5),))
except RuntimeError as e:
    print(e)
try:
    jvp(torch.sin, (x,), (torch.ones(3),))
except RuntimeError as e:
    print(e)
