import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    y = x / x
    loss = y.sum()
    loss.backward()
print(x.grad)
