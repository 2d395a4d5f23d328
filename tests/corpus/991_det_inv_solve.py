# torch.linalg.det, slogdet, inv, solve (left, vector, batched), torch.logdet, det, inverse: values, gradients, errors
import torch
A = torch.tensor([[2.0, -1.0, 0.5], [0.5, 1.5, -1.0], [1.0, 0.25, 3.0]], requires_grad=True)
Bt = torch.tensor([[0.5, -1.5], [1.0, 2.0], [-0.5, 0.25]], requires_grad=True)
v = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
d = torch.linalg.det(A)
d
s = torch.linalg.slogdet(A)
s
s.logabsdet
i = torch.linalg.inv(A)
i
x = torch.linalg.solve(A, Bt)
x
y = torch.linalg.solve(A, v)
y
z = torch.linalg.solve(A, Bt.t(), left=False)
z
ld = torch.logdet(A)
ld
(d * 2 + s.logabsdet + s.sign + (i * i).sum() + (x * Bt).sum() + y.sum() + (z ** 2).sum() + ld + A.det() + A.inverse().sum()).backward()
A.grad
Bt.grad
v.grad
torch.slogdet(A * -1)
torch.logdet(A * -1)
Ab = torch.stack([A.detach(), A.detach() * 2])
torch.linalg.solve(Ab, torch.tensor([1.0, 2.0, 3.0]))
torch.linalg.solve(Ab, torch.ones(2, 3))
torch.det(Ab)
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
S = torch.eye(3) * 2 + 0.5
Z = torch.zeros(3, 3)
err(lambda: torch.linalg.det(torch.ones(3)))
err(lambda: torch.linalg.det(torch.ones(2, 3)))
err(lambda: torch.det(torch.ones(3, 3, dtype=torch.int64)))
err(lambda: torch.logdet(torch.ones(2, 3)))
err(lambda: torch.linalg.inv(Z))
err(lambda: torch.linalg.inv(torch.stack([S, Z])))
err(lambda: torch.inverse(torch.tensor([[1., 2], [2, 4]])))
err(lambda: torch.linalg.solve(S, torch.ones(2)))
err(lambda: torch.linalg.solve(S, torch.ones(4, 3)))
err(lambda: torch.linalg.solve(Z, torch.ones(3)))
err(lambda: torch.linalg.solve(S, torch.ones(3).double()))
err(lambda: torch.linalg.solve(S, torch.tensor(1.)))
err(lambda: torch.linalg.solve(torch.ones(2, 3, 3), torch.ones(4, 3, 1)))
