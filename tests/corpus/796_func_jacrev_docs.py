import torch
from torch.func import jacrev
# the torch.func.jacrev docs examples
torch.manual_seed(0)
x = torch.randn(5)
jacobian = jacrev(torch.sin)(x)
print(jacobian)
def f(x):
    return x.sin()
def g(x):
    result = f(x)
    return result, result
jacobian_f, f_x = jacrev(g, has_aux=True)(x)
assert torch.allclose(f_x, f(x))
print(jacobian_f.shape, f_x)
def f(x):
    return x.sin().sum()
hessian = jacrev(jacrev(f))(x)
print(hessian)
def f(x, y):
    return x + y ** 2
x, y = torch.randn(5), torch.randn(5)
jacobian = jacrev(f, argnums=1)(x, y)
print(jacobian)
jacobian = jacrev(f, argnums=(0, 1))(x, y)
print(jacobian[0], jacobian[1])
print(jacrev(lambda a: (a * 2, a.sum()))(torch.tensor([1.0, 2.0])))
