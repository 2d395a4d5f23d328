# torch.linalg.eigh (UPLO L and U), eigvalsh: values, gradients (symmetric, as torch's, also of a non-symmetric input), errors; eigenvectors only through sign-free uses
import torch
A = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, -0.25], [0.5, -0.25, 2.0]], requires_grad=True)
w, V = torch.linalg.eigh(A)
w
V * V
f = V @ torch.diag(w.exp()) @ V.t()
f
((f * torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.5, -1.0], [0.5, 0.75, -2.0]])).sum() + (w ** 2).sum()).backward()
A.grad
N = torch.tensor([[2.0, 0.3, -1.0], [0.7, 1.0, 0.4], [0.1, -0.5, 3.0]], requires_grad=True)
res = torch.linalg.eigh(N, UPLO='U')
res.eigenvalues
((res.eigenvectors ** 2) * torch.arange(9.0).reshape(3, 3)).sum().backward()
N.grad
e = torch.linalg.eigvalsh(N)
e
(e * torch.tensor([1.0, -2.0, 0.5])).sum().backward()
N.grad
B = torch.stack([A.detach(), A.detach() * 2 - torch.eye(3)]).requires_grad_()
torch.linalg.eigvalsh(B).sum().backward()
B.grad
torch.linalg.eigvalsh(torch.zeros(0, 0))
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.eigh(torch.ones(3)))
err(lambda: torch.linalg.eigh(torch.ones(2, 3)))
err(lambda: torch.linalg.eigh(A, UPLO='X'))
err(lambda: torch.linalg.eigvalsh(torch.eye(2, dtype=torch.int64)))
