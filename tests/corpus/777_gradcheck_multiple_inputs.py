import torch
from torch.autograd import gradcheck

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.double, requires_grad=True)
b = torch.tensor([0.5, -0.5], dtype=torch.double, requires_grad=True)
c = torch.tensor([2.0, 3.0], dtype=torch.double)


def f(a, b, c, scale):
    return a @ b * scale + c


print(gradcheck(f, (a, b, c, 2.0)))
print(gradcheck(lambda a, b: (a.sum(dim=0) * b, (a * a).mean()), [a, b]))
print(gradcheck(lambda a, b: (a.exp(), b.tanh()), (a, b)))
print(gradcheck(lambda a, n: a.pow(n), (b, 3)))
print(gradcheck(lambda a, b, c: torch.stack([a[0] * b, c]), (a, b, c)))
print(a.grad, b.grad)
