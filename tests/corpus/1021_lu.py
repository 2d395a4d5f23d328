# torch.linalg.lu_factor, lu_factor_ex, lu, lu_solve (left, right, adjoint, batched), torch.lu, torch.lu_unpack, torch.lu_solve: values, pivots, gradients (torch's LU backwards, square, wide and tall), grad_fn names, errors
import torch
A = torch.tensor([[1.0, 2.0, -1.0], [4.0, 0.5, 2.0], [-2.0, 1.0, 3.0]], requires_grad=True)
LU, pivots = torch.linalg.lu_factor(A)
LU
pivots
B = torch.tensor([[1.0, 0.0], [2.0, -1.0], [0.5, 3.0]], requires_grad=True)
X = torch.linalg.lu_solve(LU, pivots, B)
X
Y = torch.linalg.lu_solve(LU, pivots, B.t(), left=False)
Y
Z = torch.linalg.lu_solve(LU, pivots, B, adjoint=True)
Z
((X * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum() + Y.sum() + (Z ** 2).sum()).backward()
A.grad
B.grad
A.grad = None
P, L, U = torch.linalg.lu(A)
P
L
U
L.grad_fn
((L * torch.arange(9.0).reshape(3, 3)).sum() + (U * U).sum()).backward()
A.grad
Wide = torch.tensor([[1.0, -1.0, 2.0, 0.5], [3.0, 1.0, 0.0, -2.0]], requires_grad=True)
Tall = torch.tensor([[1.0, 2.0], [-3.0, 1.0], [0.5, 0.5], [2.0, -1.0]], requires_grad=True)
for M in (Wide, Tall):
    P, L, U = torch.linalg.lu(M)
    print(L, U)
    ((L * L).sum() + (U * torch.arange(float(U.numel())).reshape(U.shape)).sum()).backward()
    print(M.grad)
F = torch.linalg.lu_factor_ex(Tall)
F
(F.LU ** 2).sum().backward()
Tall.grad
C = torch.tensor([[[2.0, 1.0], [1.0, 3.0]], [[0.0, 1.0], [2.0, 1.0]]], requires_grad=True)
LU2, piv2 = torch.lu(C)
LU2
piv2
torch.lu(C, get_infos=True).info
P2, L2, U2 = torch.lu_unpack(LU2, piv2)
P2
(L2.sum() + (U2 * 2).sum()).backward()
C.grad
C.grad = None
LU2, piv2 = torch.lu(C)
s = torch.lu_solve(torch.ones(2, 2, 1), LU2, piv2)
s
s.sum().backward()
C.grad
torch.linalg.lu_factor_ex(torch.zeros(2, 2))
torch.lu_unpack(LU2, piv2, unpack_data=False)
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.lu_factor(torch.ones(3)))
err(lambda: torch.linalg.lu_factor(torch.zeros(2, 2)))
err(lambda: torch.linalg.lu_factor(A, pivot=False))
err(lambda: torch.linalg.lu_solve(LU, pivots, torch.ones(2, 2)))
err(lambda: torch.linalg.lu_solve(LU, pivots.long(), torch.ones(3, 1)))
err(lambda: torch.lu_unpack(LU, pivots.float()))
