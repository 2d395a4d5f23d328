import torch
from torch.func import hessian
# the torch.func.hessian docs example, and two inputs
torch.manual_seed(0)
def f(x):
    return x.sin().sum()
x = torch.randn(5)
hess = hessian(f)(x)
print(hess)
assert torch.allclose(hess, torch.eye(5) * -x.sin())
a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
print(hessian(lambda a, b: (a ** 3 * b).sum(), argnums=(0, 1))(a, b))
print(hessian(lambda a: (a.unsqueeze(1) * a).sum())(a))
