import torch
import torch.nn as nn
# module dtype and device moves: parameters keep their identity, their data and grads converted
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
w = m[0].weight
m(torch.ones(4, 2)).sum().backward()
r = m.double()
print(r is m, w is m[0].weight, w.dtype, w.grad.dtype, w.requires_grad, w.is_leaf)
print(m[0].weight)
y = m(torch.ones(2, 2, dtype=torch.float64))
print(y)
m.float()
print(m[2].bias.dtype, m[2].bias.grad)
m.to(torch.float64)
print(m[2].weight.dtype)
m.to('cpu')
m.cpu()
print(m.to('cpu', torch.float32)[0].bias.dtype)
m.type(torch.float64)
print(m[0].weight.dtype)
bn = nn.BatchNorm1d(3)
bn.double()
print(bn.running_mean.dtype, bn.num_batches_tracked.dtype, bn.weight.dtype)
bn.to(torch.float32)
print(bn.running_var.dtype)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
m.float()
print(opt.param_groups[0]['params'][0] is m[0].weight, opt.param_groups[0]['params'][0].dtype)
for f in [lambda: m.to('cuda'), lambda: m.to(torch.int64), lambda: m.cuda(), lambda: nn.Linear(2, 2).type(torch.int64), lambda: m.to('gpu'), lambda: m.double(1)]:
    try:
        f()
    except AssertionError as e:
        print("AssertionError:", e)
    except TypeError as e:
        print("TypeError:", e)
    except RuntimeError as e:
        print("RuntimeError:", e)
print(m.to(dtype=torch.float64)[0].weight.dtype)
print(m(torch.ones(1, 2)).dtype)
