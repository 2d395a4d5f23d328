# torch.hypot: function, method, in-place; TypeError for a float other; no integer kernel
import torch
x = torch.tensor([3., 0., -1.], requires_grad=True)
y = torch.tensor([4., 0., 2.], requires_grad=True)
z = torch.hypot(x, y)
z
z.sum().backward()
x.grad
y.grad
x.hypot(y)
a = torch.tensor([3., 4.])
a.hypot_(torch.tensor([4., 3.]))
a
try:
    torch.hypot(x, 2.0)
except TypeError as e:
    print(e)
try:
    torch.hypot(torch.tensor([3, 4]), torch.tensor([1, 2]))
except NotImplementedError as e:
    print(e)
torch.hypot(torch.tensor([3.], dtype=torch.float64), torch.tensor([4.])).dtype
