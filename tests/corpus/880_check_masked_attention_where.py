import math
import torch
torch.manual_seed(21)
T, d = 8, 16
x = torch.randn(T, d)
Wq = torch.randn(d, d, requires_grad=True)
Wk = torch.randn(d, d, requires_grad=True)
mask = torch.arange(T).reshape(T, 1) < torch.arange(T).reshape(1, T)
scores = (x @ Wq) @ (x @ Wk).T / math.sqrt(d)
scores = scores.masked_fill(mask, float('-inf'))
att = torch.softmax(scores, dim=-1)
y = torch.where(att > 0.1, att, att * 0.5)
loss = (y @ x).clamp(min=-1.0, max=1.0).pow(2).sum() + x.prod(dim=1).sum() * 0
loss.backward()
print(loss.item())
