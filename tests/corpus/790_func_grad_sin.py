import torch
from torch.func import grad
# the torch.func.grad docs example: the gradient of sin, and of the gradient
torch.manual_seed(0)
x = torch.randn([])
cos_x = grad(lambda x: torch.sin(x))(x)
print(cos_x)
assert torch.allclose(cos_x, x.cos())
neg_sin_x = grad(grad(lambda x: torch.sin(x)))(x)
print(neg_sin_x)
assert torch.allclose(neg_sin_x, -x.sin())
print(cos_x.grad_fn, neg_sin_x.requires_grad, x.grad)
