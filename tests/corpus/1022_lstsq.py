# torch.linalg.lstsq: tall, square and wide systems, every driver (residuals only for a tall full-rank A and not by gelsy, rank not by gels, singular values by gelsd and gelss), a vector right-hand side, a rank-deficient A, batches; gradients of the solution and the residuals; errors
import torch
A = torch.tensor([[1.0, 2.0, 0.5], [0.0, 1.0, -1.0], [2.0, -1.0, 1.0], [1.0, 1.0, 1.0]], requires_grad=True)
B = torch.tensor([[1.0, 0.0], [2.0, 1.0], [0.5, -1.0], [1.0, 2.0]], requires_grad=True)
for driver in ('gels', 'gelsy', 'gelsd', 'gelss'):
    print(driver, torch.linalg.lstsq(A, B, driver=driver))
r = torch.linalg.lstsq(A, B, driver='gelsd')
((r.solution * torch.tensor([[1.0, -1.0], [2.0, 0.5], [0.0, 3.0]])).sum() + (r.residuals * torch.tensor([1.0, 2.0])).sum()).backward()
A.grad
B.grad
A.grad = None
B.grad = None
w = torch.linalg.lstsq(A.t(), B[:3])
w
w.solution.grad_fn
w.solution.sum().backward()
A.grad
B.grad
b = torch.tensor([1.0, -1.0, 2.0, 0.5], requires_grad=True)
v = torch.linalg.lstsq(A.detach(), b, driver='gels')
v
(v.solution.sum() + v.residuals * 3).backward()
b.grad
low = torch.tensor([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]], requires_grad=True)
d = torch.linalg.lstsq(low, torch.tensor([1.0, 2.0, 3.5]).unsqueeze(-1), driver='gelsd')
d
d.solution.sum().backward()
low.grad
S = torch.stack([A.detach()[:3], torch.eye(3)]).requires_grad_()
s = torch.linalg.lstsq(S, torch.ones(2, 3, 1))
s
s.solution.sum().backward()
S.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.lstsq(torch.ones(3), torch.ones(3)))
err(lambda: torch.linalg.lstsq(A, torch.ones(5, 2)))
err(lambda: torch.linalg.lstsq(S, torch.ones(3, 1)))
err(lambda: torch.linalg.lstsq(A, B, driver='qr'))
err(lambda: torch.linalg.lstsq(A, B.double()))
err(lambda: torch.linalg.lstsq(A.long(), B.long()))
