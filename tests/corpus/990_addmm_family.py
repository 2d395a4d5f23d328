# torch.addmm (beta, alpha), addmv, addr, baddbmm, addbmm: values, gradients, in-place forms, errors
import torch
M = torch.tensor([[0.5, -1.0, 2.0, 0.25], [1.5, 0.75, -0.5, 1.0]], requires_grad=True)
A = torch.tensor([[0.5, -1.25, 2.0], [1.5, 0.5, -0.75]], requires_grad=True)
B = torch.tensor([[0.5, 1.0, -2.0, 0.25], [1.5, 0.25, 0.75, -1.0], [0.5, -0.5, 1.0, 2.0]], requires_grad=True)
v2 = torch.tensor([0.5, -1.5], requires_grad=True)
v3 = torch.tensor([0.25, 1.0, -0.5], requires_grad=True)
v4 = torch.tensor([1.0, -0.25, 0.5, 2.0], requires_grad=True)
b1 = (A * 1).unsqueeze(0).repeat(2, 1, 1) * torch.tensor([1.0, -0.5]).reshape(2, 1, 1)
b2 = B.unsqueeze(0).repeat(2, 1, 1) + 0.5
out = torch.addmm(M, A, B)
out
out2 = torch.addmm(M, A, B, beta=0.5, alpha=-2)
out2
out3 = torch.addmv(v2, A, v3, alpha=0.5)
out3
out4 = torch.addr(M, v2, v4, beta=2)
out4
out5 = torch.baddbmm(M, b1, b2, beta=0.0, alpha=0.25)
out5
out6 = torch.addbmm(M[:, :1], b1, b2, alpha=3)
out6
out7 = M.addmm(A, B, beta=0) + A.addmv(v3, v2[:1], beta=0.5) [:, None]
out7
(out.sum() + (out2 * out2).sum() + out3.sum() * 2 + (out4 * M).sum() + out5.sum() + (out6 ** 2).sum() + out7.sum()).backward()
M.grad
A.grad
B.grad
v2.grad
v3.grad
v4.grad
c = torch.ones(2, 4)
c.addmm_(A.detach(), B.detach(), alpha=2)
c
torch.addr(torch.ones(2, 4, dtype=torch.int64), torch.tensor([1, 2]), torch.tensor([1.5, 0, 1, 2]))
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.addmm(M, A, A))
err(lambda: torch.addmm(M, v3, B))
err(lambda: torch.addmm(torch.ones(3), A, B))
err(lambda: torch.addmm(M.double(), A, B, alpha=2))
err(lambda: torch.addmv(v3, A, v3))
err(lambda: torch.addmv(v2, A, A))
err(lambda: torch.addmv(v2.double(), A, v3))
err(lambda: torch.addr(M, A, v4))
err(lambda: torch.addr(torch.ones(3), v2, v4))
err(lambda: torch.addr(torch.ones(2, 4, dtype=torch.int64), torch.tensor([1, 2]), torch.tensor([1, 0, 1, 2]), alpha=0.5))
err(lambda: torch.baddbmm(M, b1, b2[:1]))
err(lambda: torch.baddbmm(M, b1, b1))
err(lambda: torch.baddbmm(M.double(), b1, b2))
err(lambda: torch.addbmm(M, b1, b2[:1]))
err(lambda: torch.addbmm(M, b1, A))
err(lambda: torch.addbmm(M, b1, b2.double()))
err(lambda: torch.ones(1, 4).addmm_(A, B))
err(lambda: torch.ones(4).addr_(v2, v4))
