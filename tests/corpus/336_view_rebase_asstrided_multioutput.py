import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x * 1
v = a[0:2]
v.grad_fn
a.mul_(2)
v.grad_fn
v.grad_fn.next_functions
(v * torch.tensor([1.0, 2.0])).sum().backward()
x.grad
b = torch.zeros(3)
u = b[1:]
u.requires_grad
b[0] = x[0]
u.requires_grad
u.grad_fn
u.is_leaf
w = torch.ones(3, requires_grad=True)
with torch.no_grad():
    q = w[0:2]
q.requires_grad
q.is_leaf
q.grad_fn
outs = (x * 1).unbind()
try:
    outs[1].mul_(2)
except RuntimeError as e:
    print(e)
outs = (x * 1).split(1)
try:
    outs[2][0] = 5
except RuntimeError as e:
    print(e)
outs = x.chunk(3)
try:
    outs[1].add_(1)
except RuntimeError as e:
    print(e)
outs = torch.ones(3).unbind()
outs[0].mul_(2)
outs
for r in x * 1:
    try:
        r.mul_(2)
    except RuntimeError as e:
        print(e)
a = x * 1
p = a[0:1]
y = p * p
a.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
c = torch.zeros(3)
pv = c[1:]
pv.add_(x[1:])
c.grad_fn
pv.grad_fn
c.sum().backward()
x.grad
