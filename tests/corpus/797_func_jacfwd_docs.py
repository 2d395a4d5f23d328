import torch
from torch.func import jacfwd, jacrev
# the torch.func.jacfwd docs examples
torch.manual_seed(0)
x = torch.randn(5)
jacobian = jacfwd(torch.sin)(x)
print(jacobian)
def f(x):
    return x.sin()
def g(x):
    result = f(x)
    return result, result
jacobian_f, f_x = jacfwd(g, has_aux=True)(x)
print(jacobian_f.shape, f_x)
def f(x):
    return x.sin().sum()
hessian = jacfwd(jacrev(f))(x)
print(hessian)
def f(x, y):
    return x + y ** 2
x, y = torch.randn(5), torch.randn(5)
print(jacfwd(f, argnums=1)(x, y))
jx, jy = jacfwd(f, argnums=(0, 1))(x, y)
print(jx, jy)
