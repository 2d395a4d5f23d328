import torch
x = torch.tensor([2.0], requires_grad=True)
y = x * 3
float(y)
y.item()
v = float(y)
int(y)
import math
math.sqrt(y)
f"{y.item():.3f}"
