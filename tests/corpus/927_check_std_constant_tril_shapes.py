import torch
# std of a constant: torch's std_backward masks the zero std to a 0 gradient (sympy's sqrt' would say nan)
v = torch.tensor([2.0, 2.0, 2.0], requires_grad=True)
v.std().backward()
v.grad
m = torch.tensor([[1.0, 1.0, 1.0], [1.0, 2.0, 4.0]], requires_grad=True)
m.std(dim=1).sum().backward()
m.grad
c = torch.full((30, 40), 0.5, requires_grad=True)
c.std(dim=0).sum().backward()
c.grad.abs().sum()
u = torch.tensor([0.25, 0.25, 0.25, 0.25], requires_grad=True)
torch.std(u, correction=0).backward()
u.grad
# tril / triu of any shape: each element kept or zeroed by its position
torch.manual_seed(0)
for shape in [(60, 3), (3, 60), (2, 40, 3), (10, 12), (4, 4)]:
    for k in [-2, 0, 1]:
        a = torch.randn(shape, requires_grad=True)
        torch.tril(a, k).pow(2).sum().backward()
        print(shape, k, a.grad.sum().item() == (2 * torch.tril(a, k)).sum().item())
        a.grad = None
        a.triu(k).exp().sum().backward()
        print(a.grad.shape, (a.grad == 1).sum().item())
