import torch
import torch.nn as nn
import torch.nn.functional as F
# F.adaptive_avg_pool2d / nn.AdaptiveAvgPool2d of any output size: window i spans floor(i*in/out) to ceil((i+1)*in/out) (overlapping where out does not divide in), summed then divided by its height and width; AdaptiveAvgPool2DBackward0 spreads each window's share back; output size 1 is a mean (MeanBackward1)
torch.manual_seed(0)
x = torch.randn(2, 3, 7, 5, requires_grad=True)
y = F.adaptive_avg_pool2d(x, (3, 2))
y
y2 = F.adaptive_avg_pool2d(x, (None, 4))
y2
y3 = F.adaptive_avg_pool2d(x, 9)
y3
y1 = F.adaptive_avg_pool2d(x, 1)
y1
(y.sum() * 2 + (y2 * y2).sum() + y3.pow(3).sum() + y1.sum()).backward()
x.grad
u = torch.randn(3, 6, 4, dtype=torch.float64, requires_grad=True)
pool = nn.AdaptiveAvgPool2d((4, 3))
pool
v = pool(u)
v
(g,) = torch.autograd.grad((v * v).sum(), u, create_graph=True)
g
g.sum().backward()
u.grad
F.adaptive_avg_pool2d(torch.randn(0, 2, 3, 3), (2, 2)).shape
F.adaptive_avg_pool2d(torch.randn(2, 3, 4), (0, 2)).shape
for bad in [(2,), (1, -1), "a", 2.5]:
    try:
        F.adaptive_avg_pool2d(x, bad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
for shape in [(1, 2, 3, 4, 5), (2, 3, 0, 5)]:
    try:
        F.adaptive_avg_pool2d(torch.randn(shape), 2)
    except RuntimeError as e:
        print(e)
try:
    F.adaptive_avg_pool2d(torch.randn(3, 4), (2, 2))
except ValueError as e:
    print(e)
try:
    F.adaptive_avg_pool2d(torch.ones(2, 3, 4, dtype=torch.long), 2)
except NotImplementedError as e:
    print(e)
