# torch.linalg.pinv (svd and hermitian, rtol/atol), torch.pinverse, linalg.cond (2, -2, 'fro', 'nuc', 1, inf), inv_ex, solve_ex, tensorinv, tensorsolve, vander, torch.vdot, torch.diagflat: values, gradients, grad_fn names, errors
import torch
A = torch.tensor([[2.0, 1.0, 0.5], [1.0, 3.0, -1.0], [0.5, -1.0, 4.0]], requires_grad=True)
W = torch.tensor([[1.0, -2.0], [0.5, 3.0], [-1.0, 0.25]], requires_grad=True)
P = torch.linalg.pinv(A)
P
Q = torch.pinverse(W)
Q
H = torch.linalg.pinv(A, hermitian=True)
H
R = torch.linalg.pinv(torch.tensor([[1.0, 2.0], [2.0, 4.0001]]), rtol=0.01)
R
((P * torch.arange(9.0).reshape(3, 3)).sum() + (Q ** 2).sum() + H.sum()).backward()
A.grad
W.grad
A.grad = None
c = [torch.linalg.cond(A), torch.linalg.cond(A, -2), torch.linalg.cond(A, 'nuc')]
c
sum(c).backward()
A.grad
n = [torch.linalg.cond(A, 'fro'), torch.linalg.cond(A, 1), torch.linalg.cond(A, float('inf'))]
n
torch.linalg.cond(torch.tensor([[1.0, 1.0], [1.0, 1.0]]), 1)
torch.linalg.cond(torch.zeros(2, 0, 0))
A.grad = None
inverse, info = torch.linalg.inv_ex(A)
inverse
info
b = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
x = torch.linalg.solve_ex(A, b)
x
(inverse.sum() + (x.result * torch.tensor([1.0, 2.0, 3.0])).sum()).backward()
A.grad
b.grad
torch.linalg.inv_ex(torch.ones(2, 2))
torch.linalg.solve_ex(torch.ones(2, 2), torch.ones(2))
T = torch.tensor([[[2.0, 1.0]], [[-1.0, 3.0]]], requires_grad=True)
Ti = torch.linalg.tensorinv(T, ind=1)
Ti
Ti.grad_fn
S = torch.tensor([[[1.0, 2.0]], [[0.5, -1.0]]], requires_grad=True)
y = torch.tensor([[1.0], [-2.0]], requires_grad=True)
X = torch.linalg.tensorsolve(S, y)
X
Z = torch.linalg.tensorsolve(S.reshape(2, 2, 1), y, dims=(0,))
Z
(Ti.sum() + (X * torch.tensor([1.0, -1.0])).sum() + Z.sum()).backward()
T.grad
S.grad
y.grad
v = torch.tensor([1.5, -0.5, 2.0], requires_grad=True)
V = torch.linalg.vander(v)
V
torch.linalg.vander(v, N=2)
V.grad_fn
d = torch.vdot(v, b)
d
D = torch.diagflat(v, 1)
D
E = torch.diagflat(W.t())
E
(V.sum() + d + (D * torch.arange(16.0).reshape(4, 4)).sum() + E.sum()).backward()
v.grad
W.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.cond(A, 'fro').backward())
err(lambda: torch.linalg.pinv(torch.ones(3)))
err(lambda: torch.linalg.cond(torch.ones(2, 3), 'fro'))
err(lambda: torch.linalg.cond(A, 3))
err(lambda: torch.linalg.inv_ex(torch.zeros(2, 2), check_errors=True))
err(lambda: torch.linalg.tensorinv(torch.ones(4, 2, 3), ind=1))
err(lambda: torch.linalg.tensorinv(torch.zeros(4, 2, 2), ind=1))
err(lambda: torch.linalg.tensorsolve(torch.ones(2, 3, 5), torch.ones(2, 3)))
err(lambda: torch.linalg.vander(v, N=1))
err(lambda: torch.vdot(v, torch.ones(2)))
