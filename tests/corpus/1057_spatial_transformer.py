# A spatial transformer (a localization net's theta -> F.affine_grid -> F.grid_sample) trained a few SGD steps: losses, the localization layer's gradients through the grid, and the grad_fns of gradients taken with create_graph
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
images = torch.randn(2, 1, 2, 2)
target = torch.randn(2, 1, 2, 2)
loc = nn.Linear(4, 6)
with torch.no_grad():
    loc.weight.mul_(0.1)
    loc.bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]))
opt = torch.optim.SGD(loc.parameters(), lr=0.1)
for step in range(3):
    opt.zero_grad()
    theta = loc(images.flatten(1)).view(-1, 2, 3)
    grid = F.affine_grid(theta, (2, 1, 2, 2), align_corners=False)
    warped = F.grid_sample(images, grid, padding_mode="border", align_corners=False)
    loss = F.mse_loss(warped, target)
    loss
    loss.backward()
    loc.bias.grad
    opt.step()
theta.grad_fn
grid.grad_fn
warped.grad_fn
loc.weight.grad[:, :5]
x = images[:1].clone().requires_grad_()
g = grid[:1].detach().requires_grad_()
y = F.grid_sample(x, g, mode="bicubic", padding_mode="reflection", align_corners=True)
gx, gg = torch.autograd.grad(y.pow(2).sum(), (x, g), create_graph=True)
gx.grad_fn
gg.grad_fn
gg[0, 0]
