# gradcheck(fast_mode=True): v^T J u with torch's own random unit vectors
import torch
from torch.autograd import gradcheck, gradgradcheck

x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], dtype=torch.double, requires_grad=True)
w = torch.tensor([[0.2, -0.4], [1.0, 0.5], [-0.3, 0.8]], dtype=torch.double, requires_grad=True)
print(gradcheck(torch.sin, (x,), fast_mode=True))
print(gradcheck(lambda a, b: (a @ b).tanh(), (x, w), fast_mode=True))
print(gradcheck(lambda a, b: (a.exp().sum(), a @ b), (x, w), fast_mode=True, eps=1e-6, atol=1e-5))
print(gradcheck(lambda a, k: a * k, (x, 3.0), fast_mode=True, check_undefined_grad=False,
                nondet_tol=1e-12))
print(gradgradcheck(lambda a: (a ** 3).sum(), (x,), fast_mode=True))
y = torch.tensor([1.0, 2.0], requires_grad=True)
print(gradcheck(lambda a: a * a, (y,), fast_mode=True, eps=1e-3, atol=1e-2, rtol=1e-2))
print(gradcheck(lambda a: (a * 2).detach(), (x,), fast_mode=True))
