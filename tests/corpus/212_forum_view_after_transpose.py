import torch
x = torch.arange(6.0).reshape(2, 3)
y = x.t()
y.is_contiguous() if False else None
try:
    y.view(6)
except RuntimeError as e:
    print(e)
y.reshape(6)
y.contiguous().view(6)
y.flatten()
x.T.reshape(-1)
x.permute(1, 0).contiguous().view(-1)
z = x.transpose(0, 1) * 2
try:
    z.view(-1)
except RuntimeError as e:
    print(e)
