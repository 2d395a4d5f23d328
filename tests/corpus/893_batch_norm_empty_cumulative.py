import torch
# batch_norm of an empty input (a clone times weight[0] plus bias[0]; running stats untouched); BatchNorm with momentum=None (cumulative average)
import torch.nn.functional as F
a = torch.zeros((0,), requires_grad=True)
o = F.batch_norm(a, torch.zeros((0,)), torch.zeros((0,)), None, None, training=True)
o
b = torch.zeros((0, 3, 2), requires_grad=True)
w = torch.tensor([2.0, 3.0, 4.0], requires_grad=True)
bias = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
rm = torch.zeros(3)
rv = torch.ones(3)
o2 = F.batch_norm(b, rm, rv, w, bias, training=True, momentum=0.5)
o2
o2.grad_fn.next_functions
[rm, rv]
o2.sum().backward()
[b.grad, w.grad, bias.grad]
F.batch_norm(b, torch.zeros(4), None, torch.ones(7), None, training=True)
m = torch.nn.BatchNorm1d(5, 0.001, 0.3, False)
e = torch.zeros((0, 5, 9), requires_grad=True)
out = m(e)
out
[m.running_mean, m.running_var, m.num_batches_tracked]
m2 = torch.nn.BatchNorm2d(3, momentum=None)
m2.momentum
x = torch.arange(24.0).reshape(2, 3, 2, 2).requires_grad_()
y = m2(x)
y2 = m2(x * 2 - 1)
y3 = m2(x.square())
[m2.running_mean, m2.running_var, m2.num_batches_tracked]
(y.sum() + (y2 * y3).sum()).backward()
x.grad
m3 = torch.nn.BatchNorm1d(2, momentum=None)
m3.eval()
m3(torch.tensor([[1.0, 2.0], [3.0, 5.0]]))
m3
F.batch_norm(b, None, None, torch.ones(()), None, training=True)
