import torch
try:
    torch.arange(3, requires_grad=True)
except RuntimeError as e:
    print("factory:", e)
t = torch.tensor([1, 2])
try:
    t.requires_grad_()
except RuntimeError as e:
    print("method:", e)
try:
    t.requires_grad = True
except RuntimeError as e:
    print("attribute:", e)
t.float().requires_grad_()
torch.arange(3.0, requires_grad=True)
