# F.max_unpool1d/2d/3d after overlapping pooling windows (stride < kernel): one maximum in two windows gives a duplicate index; the later element stays in the output, yet torch's MaxUnpoolBackward passes each element the gradient at its index (its rule, which the check verifies and says so): values, gradients through a nonlinear use of the output and past an overwritten nan, grad_fns, errors
import torch
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.tensor([[[0.3, 2.0, -1.0, 0.5, 1.5]]], requires_grad=True)
v, i = F.max_pool1d(x, 3, stride=1, return_indices=True)
v
i
w = (v * torch.tensor([1.0, -2.0, 3.0])).detach().requires_grad_()
u = F.max_unpool1d(w, i, 3, stride=1)
u
u.grad_fn
(u * u * torch.tensor([0.5, 1.0, -1.5, 2.0, 0.25])).sum().backward()
w.grad
y = torch.randn(1, 2, 5, 5, requires_grad=True)
v2, i2 = F.max_pool2d(y, 3, stride=1, return_indices=True)
i2
u2 = F.max_unpool2d(v2, i2, 3, stride=1)
u2.grad_fn
(u2.exp() * torch.linspace(-1, 1, 50).reshape(1, 2, 5, 5)).sum().backward()
y.grad
z = torch.randn(2, 3, 9, 9, requires_grad=True)
vz, iz = F.max_pool2d(z, 3, stride=2, padding=1, return_indices=True)
uz = F.max_unpool2d(vz * 2, iz, 3, stride=2, padding=1, output_size=z.shape)
(uz.tanh() * z).sum().backward()
z.grad.abs().sum()
t = torch.randn(1, 1, 3, 4, 4, requires_grad=True)
v3, i3 = F.max_pool3d(t, 2, stride=1, return_indices=True)
u3 = F.max_unpool3d(v3, i3, 2, stride=1)
u3.grad_fn
(u3.sin() * u3).sum().backward()
t.grad
n = torch.tensor([[[-1.0, 2.0, 3.0]], [[1.0, 4.0, -2.0]]], requires_grad=True)
un = F.max_unpool1d(n.log(), torch.tensor([[[1, 1, 2]], [[0, 2, 2]]]), 2, stride=1)
un
(un * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
n.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.max_unpool1d(w, i + 5, 3, stride=1))
err(lambda: F.max_unpool2d(v2, i2[:, :1], 3, stride=1))
