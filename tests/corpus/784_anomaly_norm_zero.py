import torch
torch.autograd.set_detect_anomaly(True)

# the classic: the norm of a zero vector has no gradient
x = torch.zeros(3, requires_grad=True)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * w
loss = torch.sqrt((y ** 2).sum())
loss.backward()
