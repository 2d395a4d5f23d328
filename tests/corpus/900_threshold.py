import torch
# F.threshold / torch.threshold (ThresholdBackward0), threshold_ in place (ThresholdBackward1), double backward
import torch.nn.functional as F
x = torch.tensor([[-1.0, 0.5, 1.0], [2.0, 0.25, float('nan')]], requires_grad=True)
y = F.threshold(x, 0.5, -3.0)
y
y2 = torch.threshold(x * 2, 0.7, 0.0)
y2
i = torch.threshold(torch.tensor([1, 2, 3]), 2, 7)
i
z = x * 1
F.threshold(z, 0.3, 0.1, inplace=True)
z
(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
g
w = torch.tensor([0.3, 0.1, 0.7], requires_grad=True)
F.threshold(w, 0.3, 5.0).sum().backward()
w.grad
(y2.sum() + (g * x).sum() + z.sum()).backward()
x.grad
try:
    F.threshold(x, 0.5)
except TypeError as e:
    print(e)
try:
    F.threshold(x, "a", 1.0)
except TypeError as e:
    print(e)
