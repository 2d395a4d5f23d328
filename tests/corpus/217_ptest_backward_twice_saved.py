import torch
b = torch.randn(3, requires_grad=True, dtype=torch.double)
torch.manual_seed(1)
b = torch.randn(3, requires_grad=True, dtype=torch.double)
c = torch.zeros(3, dtype=torch.double)
c[[1, 2]] = b[[1, 1]]
c.backward(torch.tensor([1, 1, 1], dtype=torch.double))
try:
    c.backward(torch.tensor([1, 1, 1], dtype=torch.double))
except RuntimeError as e:
    print(str(e)[:60])
b.grad
