import torch
A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
B = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
v = torch.tensor([1.0, -1.0], requires_grad=True)
A @ B
A.mm(B)
torch.mm(A, B)
torch.matmul(A, B)
A.matmul(v)
A @ v
v @ A
v @ v
v.dot(v)
torch.dot(v, v)
torch.mv(A, v)
A.mv(v)
(A @ B).sum().backward()
A.grad
B.grad
(v @ A).sum().backward()
v.grad
