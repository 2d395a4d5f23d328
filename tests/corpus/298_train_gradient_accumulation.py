import torch
torch.manual_seed(4)
w = torch.randn(3, requires_grad=True)
data = torch.randn(6, 3)
targets = torch.randn(6)
for i in range(3):
    batch = data[2 * i:2 * i + 2]
    loss = ((batch @ w - targets[2 * i:2 * i + 2]) ** 2).mean() / 3
    loss.backward()
w.grad
full = ((data @ w - targets) ** 2).reshape(3, 2).mean(1).sum() / 3
g, = torch.autograd.grad(full, w)
torch.allclose(g, w.grad)
