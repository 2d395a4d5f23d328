# torch.tensordot, inner, linalg.vecdot, linalg.multi_dot, linalg.matrix_power (torch's compositions: their grad_fn names), gradients, errors
import torch
M = torch.tensor([[2.0, -1.0, 0.5], [0.5, 1.5, -1.0], [1.0, 0.25, 3.0]], requires_grad=True)
B = torch.tensor([[1.0, 2.0], [0.5, -1.0], [2.0, 0.25]], requires_grad=True)
v = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
T = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
r = [torch.tensordot(M, B, 1), torch.tensordot(T, M, ([1], [0])), torch.tensordot(T, T, dims=([0, 2], [0, 2])), torch.tensordot(M, M), torch.tensordot(T[:1], M[:, :2], ([0, 1], [1, 0]))]
r
sum((t * t).sum() for t in r).backward()
M.grad
T.grad
r = [torch.inner(M, v), torch.inner(v, v), torch.inner(M, torch.tensor(2.0)), M.inner(B.t()), torch.linalg.vecdot(M, v), torch.linalg.vecdot(M, B.t()[:1], dim=1)]
r
sum((t * t).sum() for t in r).backward()
M.grad
B.grad
v.grad
r = [torch.linalg.multi_dot([v, M, B]), torch.linalg.multi_dot([M, B]), torch.linalg.multi_dot([B.t(), M, M, v]), torch.linalg.multi_dot([v, M, v])]
r
sum((t * t).sum() for t in r).backward()
M.grad
B.grad
v.grad
r = [torch.linalg.matrix_power(M, 0), torch.linalg.matrix_power(M, 1), torch.linalg.matrix_power(M, 2), torch.linalg.matrix_power(M, 3), torch.linalg.matrix_power(M, 5), torch.linalg.matrix_power(M, -2), M.matrix_power(6), torch.matrix_power(torch.stack([M, M * 0.5]), 4)]
r
sum((t * torch.arange(9.0).reshape(3, 3)).sum() for t in r).backward()
M.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.tensordot(M, B, ([0], [1])))
err(lambda: torch.tensordot(M, B, ([0, 1], [1])))
err(lambda: torch.inner(M, B))
err(lambda: torch.linalg.vecdot(M, v.double()))
err(lambda: torch.linalg.multi_dot([M]))
err(lambda: torch.linalg.multi_dot([M, T, M]))
err(lambda: torch.linalg.multi_dot([T, M]))
err(lambda: torch.linalg.multi_dot([M, B, M]))
err(lambda: torch.linalg.matrix_power(B, 2))
err(lambda: torch.linalg.matrix_power(v, 2))
