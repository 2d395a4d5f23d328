import torch
torch.manual_seed(0)
input = torch.randn(3, 5, requires_grad=True)
target = torch.randint(5, (3,), dtype=torch.int64)
target
loss = F.cross_entropy(input, target)
loss
loss.backward()
input.grad
input.grad = None
target = torch.randn(3, 5).softmax(dim=1)
loss = F.cross_entropy(input, target)
loss
loss.backward()
input.grad
