import torch
# Tensor.unfold(dimension, size, step): a view of the windows (UnfoldBackward0), overlapping windows' grads summed, double backward (UnfoldBackwardBackward0), its errors
x = torch.arange(12.0).reshape(3, 4).requires_grad_()
u = x.unfold(1, 2, 1)
u
u2 = x.unfold(0, 2, 2)
u2
u3 = x.unfold(-1, 3, 2)
u3
u.is_contiguous()
(g,) = torch.autograd.grad((u ** 2).sum() + u2.sum() + (u3 * u3[..., :1]).sum(), x, create_graph=True)
g
g.pow(2).sum().backward()
x.grad
s = torch.tensor(5.0, requires_grad=True)
t = s.unfold(0, 1, 1)
t
(t * 3).sum().backward()
s.grad
e = torch.zeros(2, 3).unfold(1, 0, 1)
e.shape
v = torch.arange(5.0)
w = v.unfold(0, 2, 1)
w
for args in [(1, 5, 1), (1, 2, 0), (2, 1, 1), (1, -1, 1)]:
    try:
        x.unfold(*args)
    except (RuntimeError, IndexError) as err:
        print(type(err).__name__, err)
try:
    s.unfold(0, 2, 1)
except RuntimeError as err:
    print(err)
a = torch.arange(8.0, requires_grad=True)
b = a * 1
wv = b.unfold(0, 2, 3)
wv.mul_(10)
b
b.sum().backward()
a.grad
