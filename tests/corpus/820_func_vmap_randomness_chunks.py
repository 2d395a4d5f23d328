# vmap's randomness="different"/"same" draw as torch's batching rules do; chunk_size; the
# docs' vectorized Jacobian: autograd.grad vmapped over the rows of I_N
import torch
from torch.func import vmap
torch.manual_seed(0)
x = torch.ones(3, 4)
print(vmap(lambda a: a * torch.rand(4), randomness="different")(x))
torch.manual_seed(0)
print(torch.rand(3, 4))
torch.manual_seed(0)
print(vmap(lambda a: a * torch.rand(4), randomness="same")(x))
torch.manual_seed(0)
print(vmap(lambda a: torch.nn.functional.dropout(a, 0.5), randomness="different")(x))
torch.manual_seed(0)
print(torch.nn.functional.dropout(x, 0.5))
torch.manual_seed(0)
print(vmap(lambda a: a + torch.randn(4) + torch.rand_like(a), randomness="different")(x))
torch.manual_seed(0)
print(vmap(lambda a: a * torch.randn(4), randomness="same")(x))
print(vmap(lambda a: a * 2, chunk_size=2)(x))
try:
    vmap(lambda a: a * 2, chunk_size=0)(x)
except ValueError as e:
    print(e)
N = 5
f = lambda x: x**2
x = torch.randn(N, requires_grad=True)
y = f(x)
I_N = torch.eye(N)
jacobian_rows = [torch.autograd.grad(y, x, v, retain_graph=True)[0] for v in I_N.unbind()]
jacobian = torch.stack(jacobian_rows)
print(jacobian)
def get_vjp(v):
    return torch.autograd.grad(y, x, v)
print(torch.vmap(get_vjp)(I_N))
try:
    torch.autograd.grad(y, x, torch.ones(N))
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: a * torch.rand(4))(torch.ones(2, 4))
except RuntimeError as e:
    print(e)
