import torch
pred = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
target = torch.tensor([1.5, 2.0, 5.0])
loss = F.mse_loss(pred, target)
loss
loss.grad_fn
loss.backward()
pred.grad
pred.grad = None
F.mse_loss(pred, target, reduction="sum").backward()
pred.grad
F.mse_loss(pred, target, reduction="none")
torch.allclose(loss, ((pred - target) ** 2).mean())
