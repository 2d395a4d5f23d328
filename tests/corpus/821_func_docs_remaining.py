# the torch.func API pages' examples not pasted before: vmap over jacrev/jacfwd, no_grad
# inside and around a transform, grad's per-sample model, hessian of a sum of sines
import torch
from torch.func import grad, jacrev, jacfwd, hessian, vmap
torch.manual_seed(0)
x = torch.randn(64, 5)
jacobian = vmap(jacrev(torch.sin))(x)
assert jacobian.shape == (64, 5, 5)
print(jacobian[0])
jacobian = vmap(jacfwd(torch.sin))(x)
assert jacobian.shape == (64, 5, 5)
print(jacobian[63])
x = torch.randn(5)
def f(x):
    with torch.no_grad():
        c = x ** 2
    return x - c
with torch.no_grad():
    print(jacrev(f)(x))
print(jacrev(f)(x))
def g(x):
    with torch.no_grad():
        c = x ** 2
    return (x - c).sum()
with torch.no_grad():
    print(grad(g)(x))
def f(x):
    return x.sin().sum()
hess = hessian(f)(x)  # equivalent to jacfwd(jacrev(f))(x)
assert torch.allclose(hess, torch.diag(-x.sin()))
print(hess)
x = torch.randn([])
cos_x = grad(lambda x: torch.sin(x))(x)
assert torch.allclose(cos_x, x.cos())
neg_sin_x = grad(grad(lambda x: torch.sin(x)))(x)
assert torch.allclose(neg_sin_x, -x.sin())
print(cos_x, neg_sin_x)
batch_size, feature_size = 3, 5
def model(weights, feature_vec):
    # Very simple linear model with activation
    assert feature_vec.dim() == 1
    return feature_vec.dot(weights).relu()
def compute_loss(weights, example, target):
    y = model(weights, example)
    return ((y - target) ** 2).mean()  # MSELoss
weights = torch.randn(feature_size, requires_grad=True)
examples = torch.randn(batch_size, feature_size)
targets = torch.randn(batch_size)
inputs = (weights, examples, targets)
grad_weight_per_example = vmap(grad(compute_loss), in_dims=(None, 0, 0))(*inputs)
print(grad_weight_per_example)
def f(x, y):
    return x + y ** 2
x, y = torch.randn(5), torch.randn(5)
jacobian = jacfwd(f, argnums=(0, 1))(x, y)
print(jacobian[1])
