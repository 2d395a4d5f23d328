# F.grid_sample over 5-D inputs (bilinear, nearest; zeros, border, reflection), torch.grid_sampler, grid_sampler_2d and grid_sampler_3d (integer modes), F.affine_grid 2-D and 3-D (align_corners) and torch.affine_grid_generator: values, gradients, grad_fns, errors
import torch
import torch.nn.functional as F
v = torch.tensor([[[[[0.5, -1.0, 2.0], [1.5, 0.3, -0.5]], [[-0.7, 0.9, 0.1], [1.0, 0.2, -0.3]]]]],
                 requires_grad=True)
grid3 = torch.tensor([[[[[-0.9, -0.8, 0.2], [0.3, 0.55, -0.6]], [[1.0, -1.0, 1.0], [1.4, 0.2, -1.3]]],
                       [[[-1.7, 0.6, 0.4], [0.05, -0.35, 2.5]], [[0.8, 1.9, -0.1], [-0.45, -2.6, 0.7]]]]],
                     requires_grad=True)
cases = [(m, p, a) for m in ("bilinear", "nearest") for p in ("zeros", "border", "reflection")
         for a in (False, True)]
for mode, padding, align in cases:
    v.grad = grid3.grad = None
    y = F.grid_sample(v, grid3, mode=mode, padding_mode=padding, align_corners=align)
    y
    (y * y).sum().backward()
    (v.grad, grid3.grad)
y.grad_fn
x = torch.tensor([[[[0.5, -1.0, 2.0], [1.5, 0.3, -0.5], [-0.7, 0.9, 0.1]]]], requires_grad=True)
theta = torch.tensor([[[0.9, -0.3, 0.1], [0.2, 1.1, -0.25]]], requires_grad=True)
g = F.affine_grid(theta, (1, 1, 2, 4), align_corners=False)
g
g.grad_fn
s = torch.grid_sampler(x, g, 0, 2, False)
s
s.grad_fn
(s * torch.tensor([[[[1.0, 2.0, -1.0, 0.5], [0.3, -0.7, 1.2, 2.0]]]])).sum().backward()
theta.grad
x.grad
g2 = F.affine_grid(theta, (1, 1, 3, 2), align_corners=True)
g2
torch.grid_sampler_2d(x, g2, 1, 1, True)
torch.grid_sampler_2d(x, g2, 2, 0, True)
theta3 = torch.tensor([[[1.0, 0.1, -0.2, 0.05], [0.3, 0.8, 0.1, -0.1], [-0.2, 0.05, 1.2, 0.3]]],
                      requires_grad=True)
g3 = F.affine_grid(theta3, (1, 1, 2, 2, 3), align_corners=False)
g3
out = torch.grid_sampler_3d(v, g3, 0, 1, False)
out
out.grad_fn
out.sum().backward()
theta3.grad
torch.affine_grid_generator(theta3, (1, 1, 2, 1, 2), True)
F.affine_grid(theta, (1, 1, 3), align_corners=False)
F.affine_grid(theta, (1, 1, 2, 2, 2), align_corners=False)
F.affine_grid(theta, (1, 1, 0, 2), align_corners=False)
torch.grid_sampler(x, g3, 0, 0, False)
torch.grid_sampler(v, grid3, 2, 0, False)
torch.grid_sampler_3d(x, g, 0, 0, False)
torch.grid_sampler(x, g.double(), 0, 0, False)
