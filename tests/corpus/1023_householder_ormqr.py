# torch.linalg.householder_product, torch.orgqr, Tensor.orgqr, torch.ormqr (left/right, transposed, batched): products of Householder reflectors given as geqrf packs them; values, gradients of the reflectors and their scales, grad_fn names, errors
import torch
A = torch.tensor([[1.0, 2.0, 0.5], [0.3, 1.0, -1.0], [2.0, -1.0, 1.0], [1.0, 0.5, 1.0]], requires_grad=True)
tau = torch.tensor([1.2, 0.7, 1.5], requires_grad=True)
Q = torch.linalg.householder_product(A, tau)
Q
Q.grad_fn
(Q * torch.arange(12.0).reshape(4, 3)).sum().backward()
A.grad
tau.grad
torch.orgqr(A, tau[:2])
A.orgqr(tau)
A.grad = None
tau.grad = None
C = torch.tensor([[1.0, 2.0], [0.0, 1.0], [-1.0, 0.5], [2.0, 1.0]], requires_grad=True)
for left, transpose in ((True, False), (True, True)):
    R = torch.ormqr(A, tau, C, left=left, transpose=transpose)
    print(R)
    (R * torch.arange(8.0).reshape(4, 2)).sum().backward()
    print(A.grad, tau.grad, C.grad)
R = A.ormqr(tau, C.t(), left=False, transpose=True)
R
R.grad_fn
(R ** 2).sum().backward()
C.grad
B = torch.stack([A.detach(), A.detach() * 0.5]).requires_grad_()
t = torch.tensor([[1.0, 0.5, 0.25], [1.5, 1.0, 0.0]], requires_grad=True)
P = torch.linalg.householder_product(B, t)
P
P.sum().backward()
B.grad
t.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.householder_product(torch.ones(2, 3), torch.ones(2)))
err(lambda: torch.linalg.householder_product(A, torch.ones(4)))
err(lambda: torch.linalg.householder_product(A, torch.ones(1, 3)))
err(lambda: torch.ormqr(A, tau, torch.ones(3, 2)))
err(lambda: torch.ormqr(A, tau[:2], C))
err(lambda: torch.ormqr(A, tau, C.double()))
