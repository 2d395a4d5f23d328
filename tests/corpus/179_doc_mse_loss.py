import torch
torch.manual_seed(0)
input = torch.randn(3, 5, requires_grad=True)
target = torch.randn(3, 5)
output = F.mse_loss(input, target)
output
output.backward()
input.grad
F.mse_loss(input, target, reduction="sum")
F.mse_loss(input, target, reduction="none")
