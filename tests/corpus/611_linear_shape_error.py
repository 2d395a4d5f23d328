import torch
import torch.nn as nn
# wrong shapes into Linear: PyTorch's message
torch.manual_seed(0)
layer = nn.Linear(3, 1)
x = torch.randn(2, 4)
try:
    layer(x)
except RuntimeError as e:
    print(e)
out = layer(torch.randn(2, 3))
print(out.grad_fn.name())
