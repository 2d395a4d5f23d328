# torch.linalg.cholesky, cholesky_ex, torch.cholesky, cholesky_solve, cholesky_inverse: values, gradients (symmetric, as torch's), errors
import torch
A = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, -0.25], [0.5, -0.25, 2.0]], requires_grad=True)
B = torch.tensor([[1.0, 2.0], [0.5, -1.0], [2.0, 0.25]], requires_grad=True)
L = torch.linalg.cholesky(A)
L
U = torch.linalg.cholesky(A, upper=True)
U
ex = torch.linalg.cholesky_ex(A)
ex
ex.info
X = torch.cholesky_solve(B, L)
X
Y = torch.cholesky_solve(B, U, upper=True)
Y
I = torch.cholesky_inverse(L)
I
J = torch.cholesky_inverse(U, True)
J
w = torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.5, -1.0], [0.5, 0.75, -2.0]])
((L * w).sum() + (U * w).sum() + (X * X).sum() + (Y * B).sum() + (I * w).sum() + J.trace() + (ex.L ** 2).sum()).backward()
A.grad
B.grad
Ab = torch.stack([A.detach(), A.detach() * 2 + torch.eye(3)])
torch.linalg.cholesky(Ab)
torch.cholesky_solve(torch.ones(3, 1), torch.linalg.cholesky(Ab))
torch.linalg.cholesky_ex(torch.tensor([[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0, 0.0, 1.0]]))
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
N = torch.tensor([[1.0, 2.0], [2.0, 1.0]])
err(lambda: torch.linalg.cholesky(N))
err(lambda: torch.linalg.cholesky(torch.stack([torch.eye(2), N])))
err(lambda: torch.linalg.cholesky_ex(N, check_errors=True))
err(lambda: torch.linalg.cholesky(torch.ones(2, 3)))
err(lambda: torch.linalg.cholesky(torch.ones(3)))
err(lambda: torch.linalg.cholesky(torch.eye(2, dtype=torch.int64)))
err(lambda: torch.cholesky_solve(torch.ones(3), L))
err(lambda: torch.cholesky_solve(torch.ones(2, 1), L))
err(lambda: torch.cholesky_solve(torch.ones(3, 1).double(), L))
err(lambda: torch.cholesky_inverse(torch.zeros(2, 2)))
err(lambda: torch.cholesky_inverse(torch.ones(2, 3)))
