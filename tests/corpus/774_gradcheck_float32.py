import torch
from torch.autograd import gradcheck

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    gradcheck(lambda t: t * t, (x,))
except RuntimeError as e:
    print(e)
print(gradcheck(lambda t: t * t, (x,), raise_exception=False))
print(gradcheck(lambda t: t * t, (x.double(),)))
xd = x.detach().double().requires_grad_()
print(gradcheck(lambda t: t * t, (xd,)))
print(gradcheck(lambda t: 2 * t + 1, (x,), eps=1e-3, atol=1e-2))
gradcheck(lambda t: t * t * t, (x,))
