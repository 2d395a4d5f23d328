import torch
torch.manual_seed(0)
W = torch.randn(3, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
x = torch.randn(4, 3)
with torch.no_grad():
    pred = x @ W + b
pred.requires_grad
pred.grad_fn
pred.argmax(dim=1)
out = x @ W + b
out.requires_grad
out.grad_fn
