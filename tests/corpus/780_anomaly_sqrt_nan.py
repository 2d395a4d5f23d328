import torch

torch.autograd.set_detect_anomaly(True)
x = torch.tensor([0.0, 4.0], requires_grad=True)
y = torch.sqrt(x) * torch.tensor([0.0, 1.0])
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
print(x.grad)
torch.autograd.set_detect_anomaly(False)
y = torch.sqrt(x) * torch.tensor([0.0, 1.0])
y.sum().backward()
print(x.grad)
x.grad = None
torch.autograd.set_detect_anomaly(True)
z = torch.sqrt(x + 1e-8) * torch.tensor([0.0, 1.0])
z.sum().backward()
print(x.grad)
