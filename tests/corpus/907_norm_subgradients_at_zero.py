import torch
# p-norms at zero: torch's norm_backward gives the zero vector the subgradient 0 for every p > 0, an element at 0 no gradient for p < 1 (|x|^p has no slope there) and, for p < 0, where one element is 0 the norm is 0 and so is every gradient; p = 0 leaves .grad None
for p in [0.5, -0.5, 1.5, 2.0, 3.5, -2.0, 1.0, float('inf')]:
    z = torch.zeros(4, requires_grad=True)
    torch.linalg.norm(z, p).backward(torch.tensor(-1.0))
    print(p, z.grad)
for p in [0.5, -0.5, 1.5, 3.5, -2.0]:
    a = torch.tensor([0.0, 1.0, -2.0, 0.5], requires_grad=True)
    n = torch.linalg.vector_norm(a, p)
    n.backward()
    print(p, n, a.grad)
b = torch.tensor([[0.0, 0.0, 0.0], [1.0, 0.0, -2.0]], requires_grad=True)
rows = torch.linalg.vector_norm(b, 0.5, dim=1)
rows
(rows * torch.tensor([2.0, -1.0])).sum().backward()
b.grad
b.grad = None
torch.norm(b, 3.5, dim=1, keepdim=True).sum().backward()
b.grad
b.grad = None
b.norm(p=-0.5, dim=0).sum().backward()
b.grad
c = torch.zeros(3, requires_grad=True)
torch.linalg.norm(c, 0).backward()
c.grad
