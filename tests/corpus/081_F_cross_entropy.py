import torch
logits = torch.tensor([[2.0, 1.0, 0.0], [0.0, 0.0, 3.0]], requires_grad=True)
target = torch.tensor([0, 2])
loss = F.cross_entropy(logits, target)
loss
loss.grad_fn
loss.backward()
logits.grad
manual = -F.log_softmax(logits, dim=1).gather(1, target.view(-1, 1)).mean()
torch.allclose(loss, manual)
logits.grad.sum(dim=1)
F.cross_entropy(logits, target, reduction="sum")
