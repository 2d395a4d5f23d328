# logaddexp(2) (infinities too), ldexp, float_power (float64 results), rsub with alpha, nextafter,
# heaviside (no derivative)
import torch
a = torch.tensor([0.0, 1000.0, float('-inf'), -3.0], requires_grad=True)
b = torch.tensor([0.0, 999.0, float('-inf'), 2.0], requires_grad=True)
s = torch.logaddexp(a, b)
s
s2 = a.logaddexp2(b)
s2
(s + s2)[[0, 1, 3]].sum().backward()
a.grad
b.grad
x = torch.tensor([0.5, -1.5, 3.0], requires_grad=True)
e = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
l = torch.ldexp(x, e)
l
l.sum().backward()
x.grad
e.grad
torch.ldexp(torch.tensor([1, 2]), torch.tensor([3, 4]))
f = torch.float_power(x, 2)
f
f.grad_fn
f.grad_fn.next_functions
torch.float_power(2, e)
torch.float_power(x.abs(), e)
try:
    x.detach().float_power_(2)
except RuntimeError as err:
    print(err)
r = torch.rsub(x, e, alpha=2)
r
r.grad_fn
torch.rsub(x, 3, alpha=0.5)
try:
    torch.rsub(torch.tensor([1, 2]), 2, alpha=1.5)
except RuntimeError as err:
    print(err)
n = torch.nextafter(x, torch.tensor([1.0, -1.5, 0.0]))
n
n.sum().backward()
x.grad
h = torch.heaviside(x, torch.tensor([0.5]))
h
try:
    h.sum().backward()
except RuntimeError as err:
    print(err)
try:
    torch.heaviside(x, torch.tensor([0.5], dtype=torch.float64))
except RuntimeError as err:
    print(err)
try:
    torch.logaddexp(torch.tensor([1]), torch.tensor([2]))
except NotImplementedError as err:
    print(err)
