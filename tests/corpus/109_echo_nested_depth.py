import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
for i in range(2):
    x * i
    if i == 1:
        x.sum()
with torch.no_grad():
    x + 1
try:
    x - 1
except RuntimeError:
    pass
print("done")
None
x.grad
