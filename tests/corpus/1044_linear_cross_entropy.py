# F.linear_cross_entropy on torch's reference path (class indices, unbatched, K-dimensional weights and bias, probabilities, weight, ignore_index, label_smoothing, reductions) and nn.LinearCrossEntropyLoss (repr, its Linear's init draws): values, gradients, grad_fns, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(5, requires_grad=True)
y = torch.tensor([1, 0, 4, 2])
a = F.linear_cross_entropy(x, w, y)
a
a.grad_fn
c = F.linear_cross_entropy(x, w, y, linear_bias=b, reduction="none", ignore_index=0)
c
d = F.linear_cross_entropy(x[0], w, torch.tensor(3), label_smoothing=0.2, weight=torch.tensor([1.0, 2.0, 0.5, 1.0, 3.0]))
d
probs = torch.softmax(torch.randn(4, 5), 1)
e = F.linear_cross_entropy(x, w, probs, reduction="sum")
e
wk = torch.randn(3, 2, 3, requires_grad=True)
bk = torch.randn(3, 2, requires_grad=True)
f = F.linear_cross_entropy(x, wk, torch.tensor([[0, 2], [1, 1], [2, 0], [0, 0]]), linear_bias=bk)
f
(a + c.sum() + d + e + f).backward()
x.grad
w.grad
b.grad
wk.grad
bk.grad
loss = nn.LinearCrossEntropyLoss(3, 5, bias=True, label_smoothing=0.1)
loss
loss.linear.weight
out = loss(x, y)
out
out.backward()
loss.linear.bias.grad
nn.LinearCrossEntropyLoss(3, 2, out_features=(2,), reduction="sum", weight=torch.tensor([1.0, 0.5]))
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.linear_cross_entropy(x.view(2, 2, 3), w, y))
err(lambda: F.linear_cross_entropy(x, w[0], y))
err(lambda: F.linear_cross_entropy(x, w[:, :2], y))
err(lambda: F.linear_cross_entropy(x, w, y, linear_bias=b[:4]))
err(lambda: F.linear_cross_entropy(x[0], wk, y))
err(lambda: F.linear_cross_entropy(x, w, probs, ignore_index=1))
err(lambda: nn.LinearCrossEntropyLoss(3, 5, weight=torch.ones(4)))
err(lambda: nn.LinearCrossEntropyLoss(3, 5, label_smoothing=1.5))
