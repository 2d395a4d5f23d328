# F.grid_sample over 4-D inputs (bilinear, nearest, bicubic; zeros, border, reflection padding; align_corners): values, gradients for input and grid, grid_fns, at and past the borders
import torch
import torch.nn.functional as F
x = torch.tensor([[[[0.5, -1.0, 2.0, 0.25], [1.5, 0.3, -0.5, 1.0], [-0.7, 0.9, 0.1, -1.2]],
                   [[1.0, 0.2, -0.3, 0.8], [-1.1, 0.6, 0.4, -0.2], [0.3, -0.9, 1.3, 0.7]]]],
                 requires_grad=True)
grid = torch.tensor([[[[-0.9, -0.8], [0.3, 0.55], [1.0, -1.0], [1.4, 0.2]],
                      [[-1.7, 0.6], [0.05, -0.35], [0.8, 1.9], [-0.45, -2.6]]]], requires_grad=True)
y = F.grid_sample(x, grid, align_corners=False)
y
y.grad_fn
w = torch.tensor([[[[1.0, -2.0, 0.5, 3.0], [0.7, 1.5, -1.0, 2.0]],
                   [[-0.4, 0.9, 2.2, -1.3], [1.1, -0.6, 0.3, 0.8]]]])
(y * w).sum().backward()
x.grad
grid.grad
for mode in ("bilinear", "nearest", "bicubic"):
    for padding in ("zeros", "border", "reflection"):
        for align in (False, True):
            x.grad = None
            grid.grad = None
            y = F.grid_sample(x, grid, mode=mode, padding_mode=padding, align_corners=align)
            (mode, padding, align)
            y
            (y * w).sum().backward()
            x.grad
            grid.grad
z = F.grid_sample(x, grid * 0.5, mode="bicubic", padding_mode="border", align_corners=True)
z.grad_fn
(z ** 2).sum().backward()
grid.grad
bad = torch.tensor([[[[float("nan"), 0.0], [float("inf"), 0.5], [-float("inf"), 0.5]]]])
F.grid_sample(x, bad, align_corners=False)
F.grid_sample(x, bad, mode="nearest", align_corners=False)
F.grid_sample(x, bad, padding_mode="border", align_corners=True)
F.grid_sample(x, bad, padding_mode="reflection", align_corners=False)
F.grid_sample(x.unsqueeze(2), torch.cat([bad, bad[..., :1] * 0], -1).unsqueeze(1), padding_mode="border", align_corners=False)
F.grid_sample(x, grid, mode="linear", align_corners=False)
F.grid_sample(x, grid, padding_mode="circular", align_corners=False)
F.grid_sample(x, grid[..., :1], align_corners=False)
