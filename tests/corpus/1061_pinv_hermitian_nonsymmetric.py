# torch.linalg.pinv(A, hermitian=True) on matrices that are not symmetric: eigh reads the lower triangle, yet torch's pinv_backward takes A itself, the derivative of no function of A (torch's rule: pinv's derivative formula at the triangle's pseudo-inverse and at A, which the check verifies and says so); a symmetric input's gradient is the pseudo-inverse's derivative as always: values, gradients, grad_fns, errors
import torch
_ = torch.manual_seed(0)
a = torch.tensor([[2.0, 0.5, -1.0], [0.3, 1.5, 0.2], [0.7, -0.4, 3.0]], requires_grad=True)
p = torch.linalg.pinv(a, hermitian=True)
p
p.grad_fn
(p * torch.tensor([[1.0, -0.5, 0.25], [2.0, 0.75, -1.0], [0.5, 1.5, -0.25]])).sum().backward()
a.grad
b = (torch.randn(2, 4, 4) + 3 * torch.eye(4)).requires_grad_()
q = torch.linalg.pinv(b, hermitian=True, rtol=0.01)
(q.sin() * q).sum().backward()
b.grad
s = torch.randn(3, 3)
s = (s + s.T).requires_grad_()
r = torch.linalg.pinv(s, hermitian=True)
(r ** 2).sum().backward()
s.grad
c = torch.tensor([[1.0, 2.0], [0.0, 1.0]], requires_grad=True)
torch.linalg.pinv(c, hermitian=True)
torch.linalg.pinv(c, hermitian=True).grad_fn
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.linalg.pinv(torch.ones(3, dtype=torch.int64), hermitian=True))
err(lambda: torch.linalg.pinv(torch.ones(3), hermitian=True))
err(lambda: torch.linalg.pinv(torch.ones(2, 3, requires_grad=True), hermitian=True))
