import torch
import torch.nn.functional as F
from torch.func import vmap, vjp, jacrev, jacfwd, hessian
# the torch.func "Jacobians, Hessians, hvp, vhp, and more" tutorial, shrunk
torch.manual_seed(0)
def predict(weight, bias, x):
    return F.linear(x, weight, bias).tanh()
D = 4
weight = torch.randn(D, D)
bias = torch.randn(D)
x = torch.randn(D)  # feature vector
cotangents = torch.eye(D)
_, vjp_fn = vjp(lambda x: predict(weight, bias, x), x)
ft_jacobian, = vmap(vjp_fn)(cotangents)
print(ft_jacobian)
ft_jacobian = jacrev(predict, argnums=2)(weight, bias, x)
print(ft_jacobian)
ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)
print(ft_jac_weight.shape, ft_jac_bias)
jacfwd_jacobian = jacfwd(predict, argnums=2)(weight, bias, x)
assert torch.allclose(jacfwd_jacobian, ft_jacobian)
batch_size = 3
x = torch.randn(batch_size, D)
compute_batch_jacobian = vmap(jacrev(predict, argnums=2), in_dims=(None, None, 0))
batch_jacobian0 = compute_batch_jacobian(weight, bias, x)
print(batch_jacobian0.shape)
print(batch_jacobian0[1])
x = torch.randn(D)
hess_api = hessian(predict, argnums=2)(weight, bias, x)
hess_rev = jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)
print(hess_api.shape)
print(torch.allclose(hess_api, hess_rev, atol=1e-6))
print(hess_api[0])
