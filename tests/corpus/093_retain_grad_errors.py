import torch
c = torch.tensor([1.0, 2.0])
try:
    c.retain_grad()
except RuntimeError as e:
    print(e)
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
y.retain_grad()
