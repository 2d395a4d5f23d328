import torch

a = torch.tensor([0.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    b = a / a
b.backward()
print(a.grad)
a.grad = None
c = a / a
with torch.autograd.detect_anomaly():
    c.backward()
