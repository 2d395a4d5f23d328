# torch.linalg.qr (reduced, complete, r), torch.qr, Tensor.qr: values, gradients (tall, square, wide), errors
import torch
A = torch.tensor([[2.0, -1.0, 0.5], [0.5, 1.5, -1.0], [1.0, 0.25, 3.0], [0.3, -0.7, 1.1]], requires_grad=True)
W = torch.tensor([[2.0, -1.0, 0.5, 0.7], [0.5, 1.5, -1.0, 0.2], [1.0, 0.25, 3.0, -0.4]], requires_grad=True)
q, r = torch.linalg.qr(A)
q
r
qc, rc = torch.linalg.qr(W, mode='complete')
qc
rc
res = torch.qr(A[:3])
res
w = torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.5, -1.0], [0.5, 0.75, -2.0], [1.0, 0.0, 0.5]])
((q * w).sum() + (r * w[:3]).sum() + (qc * w[:3]).sum() + (rc ** 2).sum() + res.Q.sum() + res.R.trace()).backward()
A.grad
W.grad
B = torch.stack([A.detach(), A.detach() * -2]).requires_grad_()
Qb, Rb = B.qr()
(Qb.sum() + Rb.sum()).backward()
B.grad
torch.linalg.qr(A.detach(), mode='r')
torch.linalg.qr(torch.zeros(0, 3))
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.qr(torch.ones(3)))
err(lambda: torch.linalg.qr(torch.ones(3, 3), mode='full'))
err(lambda: torch.linalg.qr(torch.ones(3, 3, dtype=torch.int64)))
err(lambda: torch.linalg.qr(A, mode='complete').R.sum().backward())
err(lambda: torch.linalg.qr(A, mode='r').R.sum().backward())
