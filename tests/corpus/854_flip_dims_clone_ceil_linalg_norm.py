# torch.flip's dims=, torch.clone, torch.ceil, torch.zero_ and torch.linalg.norm
import math
import torch
x = torch.tensor([[1.0, -2.5, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
print(torch.flip(x, dims=(0,)), torch.flip(x, dims=[1]), x.flip(dims=(0, 1)), torch.flip(x, [1]))
c = torch.clone(x)
e = torch.ceil(x * 1.3)
print(c, c.grad_fn.name(), e, x.ceil(), torch.clone(x, memory_format=torch.contiguous_format))
(c * 2 + e).sum().backward()
print(x.grad)
z = torch.ones(3)
print(torch.zero_(z), z)
v = torch.tensor([3.0, -4.0, 0.5], requires_grad=True)
for ord in (None, 2, 1, math.inf, -math.inf, 0, 3.5):
    v.grad = None
    n = torch.linalg.norm(v, ord)
    n.backward()
    print(ord, n, n.grad_fn.name(), v.grad)
for kwargs in ({}, {"ord": "fro"}, {"ord": 1}, {"ord": -1}, {"ord": math.inf}, {"ord": -math.inf},
               {"dim": 1}, {"ord": 1, "dim": 0}, {"dim": (0, 1), "keepdim": True},
               {"ord": 1, "dim": (1, 0)}, {"ord": math.inf, "keepdim": True}):
    x.grad = None
    n = torch.linalg.norm(x, **kwargs)
    n.sum().backward()
    print(kwargs, n, n.grad_fn.name(), x.grad)
t = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()
print(torch.linalg.norm(t), torch.linalg.norm(t, "fro", dim=(1, 2)), torch.linalg.norm(t, 1, (0, 2)))
for bad in (lambda: torch.linalg.norm(v, "fro"),):
    try:
        print(bad())
    except RuntimeError as e:
        print(type(e).__name__, e)
