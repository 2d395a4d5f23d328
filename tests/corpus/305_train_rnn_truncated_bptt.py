import torch
torch.manual_seed(5)
Wh = torch.randn(3, 3, requires_grad=True)
Wx = torch.randn(2, 3, requires_grad=True)
xs = torch.randn(6, 2)
h = torch.zeros(3)
for t in range(6):
    h = torch.tanh(xs[t] @ Wx + h @ Wh)
    if t % 3 == 2:
        loss = h.pow(2).sum()
        loss.backward()
        h = h.detach()
Wh.grad
Wx.grad
h.requires_grad
