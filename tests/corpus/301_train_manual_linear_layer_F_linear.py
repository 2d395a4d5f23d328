import torch
torch.manual_seed(3)
x = torch.randn(4, 3)
W = torch.randn(2, 3, requires_grad=True)
bias = torch.randn(2, requires_grad=True)
out = F.linear(x, W, bias)
out
out.grad_fn
target = torch.randn(4, 2)
loss = F.mse_loss(out, target)
loss.backward()
W.grad
bias.grad
F.linear(x[0], W, bias)
F.linear(x[0], W, bias).grad_fn
F.linear(x, W)
F.linear(x, W).grad_fn
F.linear(x.view(2, 2, 3), W, bias).shape
