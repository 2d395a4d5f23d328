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
# the tutorial's Hessian-vector products: forward-over-reverse and reverse-over-reverse
from torch.func import grad, vjp
def f(x):
    return x.sin().sum()
x = torch.randn(3)
tangent = torch.randn(3)
def hvp(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]
print(hvp(f, (x,), (tangent,)))
def hvp_revrev(f, primals, tangents):
    _, vjp_fn = vjp(grad(f), *primals)
    return vjp_fn(*tangents)
print(hvp_revrev(f, (x,), (tangent,)))
