import torch
torch.manual_seed(17)
x = torch.randn(10, 8, requires_grad=True)
W = torch.randn(8, 8, requires_grad=True)
h = torch.relu(x @ W)
m, _ = h.max(dim=1)
mn = h.min(dim=0).values
loss = m.sum() + mn.pow(2).sum() + h.amax(dim=1).mean()
loss.backward()
print(loss.item())
