import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
x[0].item()
x.sum().item()
try:
    float(x)
except ValueError as e:
    print(e)
try:
    if x > 1:
        print("no")
except RuntimeError as e:
    print(e)
x.item()
