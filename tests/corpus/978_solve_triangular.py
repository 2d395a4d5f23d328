# torch.linalg.solve_triangular (upper, lower, unitriangular, left=False, batched), torch.triangular_solve (transpose, cloned_coefficient): values, gradients (A's triangle), errors
import torch
A = torch.tensor([[2.0, -1.0, 0.5], [0.5, 1.5, -1.0], [1.0, 0.25, 3.0]], requires_grad=True)
B = torch.tensor([[1.0, 2.0], [0.5, -1.0], [2.0, 0.25]], requires_grad=True)
r = [torch.linalg.solve_triangular(A, B, upper=True), torch.linalg.solve_triangular(A, B, upper=False, unitriangular=True), torch.linalg.solve_triangular(A, B.t(), upper=True, left=False), torch.linalg.solve_triangular(torch.stack([A, A * 2]), B, upper=False)]
r
sum((t * t).sum() for t in r).backward()
A.grad
B.grad
s = torch.triangular_solve(B, A)
s
t = B.triangular_solve(A, upper=False, transpose=True, unitriangular=True)
t.solution
((s.solution ** 2).sum() + (s.cloned_coefficient * torch.arange(9.0).reshape(3, 3)).sum() + (t.solution * B).sum()).backward()
A.grad
B.grad
torch.linalg.solve_triangular(torch.zeros(2, 2), torch.ones(2, 1), upper=True)
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.solve_triangular(torch.ones(3), B, upper=True))
err(lambda: torch.linalg.solve_triangular(A, torch.ones(3), upper=True))
err(lambda: torch.linalg.solve_triangular(torch.ones(3, 2), B, upper=True))
err(lambda: torch.linalg.solve_triangular(A, torch.ones(2, 2), upper=True))
err(lambda: torch.linalg.solve_triangular(A, torch.ones(2, 2), upper=True, left=False))
err(lambda: torch.triangular_solve(B, torch.ones(3)))
err(lambda: torch.triangular_solve(torch.ones(2, 2), A))
err(lambda: torch.triangular_solve(B.double(), A))
