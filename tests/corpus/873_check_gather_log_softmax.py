import torch
torch.manual_seed(14)
logits = torch.randn(20, 7, requires_grad=True)
idx = torch.randint(0, 7, (20, 1))
picked = torch.gather(logits.log_softmax(dim=1), 1, idx)
loss = -picked.mean() + logits[:, 2:5].pow(2).sum() * 0.01
loss.backward()
print(loss.item())
