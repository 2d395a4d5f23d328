import torch
A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
B = torch.tensor([[0.5, -1.0], [2.0, 1.0]], requires_grad=True)
v = torch.tensor([1.0, -1.0], requires_grad=True)
C = A @ B
C
torch.mm(A, B).grad_fn
A.mm(B)
torch.matmul(A, v)
A.matmul(v).grad_fn
torch.dot(v, v)
v.dot(torch.tensor([2.0, 3.0]))
(v @ v).grad_fn
(C.sum() + torch.dot(v, v)).backward()
A.grad
B.grad
v.grad
