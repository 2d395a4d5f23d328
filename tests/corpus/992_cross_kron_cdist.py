# torch.cross / linalg.cross, torch.kron, torch.cdist (p = 0, 1, 2, 3, inf; the matrix-product form): values, gradients, errors
import torch
a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
b = torch.tensor([[1.0, 2.0, -0.5], [0.25, -1.5, 1.0]], requires_grad=True)
c = torch.linalg.cross(a, b)
c
c2 = torch.cross(a.t(), b.t(), dim=0)
c2
c3 = a.cross(b[:1], dim=1)
c3
k = torch.kron(a, b[:, :2])
k
k2 = torch.kron(a[0], b)
k2
x1 = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [0.0, 1.0, 1.0]], requires_grad=True)
x2 = torch.tensor([[1.0, 2.0, -0.5], [0.25, -1.5, 1.0]], requires_grad=True)
d2 = torch.cdist(x1, x2)
d2
d1 = torch.cdist(x1, x2, p=1)
d1
d3 = torch.cdist(x1, x2, p=3)
d3
dinf = torch.cdist(x1, x2, p=float('inf'))
dinf
dmm = torch.cdist(x1, x2, compute_mode='use_mm_for_euclid_dist')
dmm
db = torch.cdist(x1.unsqueeze(0).expand(2, 3, 3) * torch.tensor([1.0, -0.5]).reshape(2, 1, 1), x2)
db
(c.sum() + (c2 * c2).sum() + c3.sum() + (k * k).sum() + k2.sum() + d2.sum() + d1.sum() + d3.sum() + dinf.sum() + dmm.sum() + (db * db).sum()).backward()
a.grad
b.grad
x1.grad
x2.grad
big1 = torch.arange(60.0).reshape(30, 2).sin().requires_grad_()
big2 = torch.arange(8.0).reshape(4, 2).cos()
dbig = torch.cdist(big1, big2)
dbig.grad_fn
dbig.sum().backward()
big1.grad
torch.cdist(x1, x2, p=0)
torch.cross(torch.ones(2, 3), torch.ones(2, 3))
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.cross(torch.ones(2, 2), torch.ones(2, 2)))
err(lambda: torch.linalg.cross(torch.ones(3, 2), torch.ones(3, 2)))
err(lambda: torch.linalg.cross(torch.ones(3), torch.ones(2, 3)))
err(lambda: torch.linalg.cross(torch.ones(3, 3), torch.ones(3, 3), dim=3))
err(lambda: torch.cross(torch.ones(3, 3), torch.ones(3, 3).double()))
err(lambda: torch.linalg.cross(torch.ones(3, 3), torch.ones(2, 3)))
err(lambda: torch.cdist(torch.ones(3), torch.ones(2, 3)))
err(lambda: torch.cdist(torch.ones(2, 3), torch.ones(2, 4)))
err(lambda: torch.cdist(torch.ones(2, 3), torch.ones(2, 3), p=-1))
err(lambda: torch.cdist(torch.ones(2, 3).long(), torch.ones(2, 3).long()))
err(lambda: torch.cdist(torch.ones(2, 3), torch.ones(2, 3), compute_mode='x'))
err(lambda: torch.cdist(torch.ones(2, 2, 3), torch.ones(3, 2, 3)))
torch.kron(torch.ones(2, 3, dtype=torch.int64), torch.ones(3))
torch.kron(torch.tensor(2.), torch.ones(3))
