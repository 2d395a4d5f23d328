import torch
x = torch.tensor([2.0], requires_grad=True)
y = x * 3
int(y)
y.item()
y.tolist()
float(y)
float(x * 2)
