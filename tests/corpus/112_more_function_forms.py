import torch
x = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
torch.log_softmax(x, dim=1)
torch.expm1(x)
torch.reciprocal(x + 3)
torch.masked_fill(x, x < 0, -5.0)
x.where(x > 0, torch.zeros(2, 2))
x.minimum(torch.tensor(0.25))
(x + 1.5).log1p()
(x + 2).rsqrt()
torch.sign(x).grad_fn
out = (torch.expm1(x) + (x + 1.5).log1p() + (x + 2).rsqrt()).sum()
out.backward()
x.grad
