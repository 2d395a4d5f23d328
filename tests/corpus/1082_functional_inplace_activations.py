import torch
# The in-place activations of torch.nn.functional (F.relu_, F.elu_, ...) and inplace=True
import torch.nn.functional as F
x = torch.tensor([-2.0, -0.5, 0.5, 2.0], requires_grad=True)
h = x * 1
F.relu_(h)
h
h.grad_fn
(h * torch.arange(4.0)).sum().backward()
x.grad
for f, args in [(F.elu_, (0.5,)), (F.leaky_relu_, (0.2,)), (F.hardtanh_, (-1.0, 1.0)), (F.celu_, (2.0,)), (F.selu_, ()), (F.threshold_, (0.1, 0.0)), (torch.celu_, ()), (torch.selu_, ())]:
    y = x * 2
    f(y, *args)
    print(y, y.grad_fn.name())
torch.manual_seed(0)
z = x * 1
F.rrelu_(z, training=True)
z
m = torch.nn.LeakyReLU(0.2, inplace=True)
w = x * 3
m(w)
w
w.grad_fn
(w * w).sum().backward()
x.grad
y = x * 1
F.leaky_relu_(y, -0.1)
y.sum().backward()
