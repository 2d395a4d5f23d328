import torch
from torch.autograd import gradcheck

x = torch.tensor([1.0, 2.0], dtype=torch.double)
try:
    gradcheck(torch.sin, (x,))
except ValueError as e:
    print("ValueError:", e)
x.requires_grad_()
try:
    gradcheck(torch.sin, (x,), 1e-6)
except TypeError as e:
    print("TypeError:", e)
try:
    gradcheck(lambda t: t.detach() * 2, (x,))
except RuntimeError as e:
    print("RuntimeError:", e)
print(gradcheck(lambda t: t.detach() * 0, (x,)))
print(gradcheck(lambda t: (t * 2, t.argmax()), (x,)))
try:
    gradcheck(lambda t: (t.argmax(), t * 2), (x,))
except IndexError as e:
    print("IndexError:", e)
e = torch.tensor([1.0], dtype=torch.double, requires_grad=True).expand(3)
gradcheck(torch.sin, (e,))
