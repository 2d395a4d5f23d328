# torch.autograd.grad and backward(inputs=) take any iterable of tensors (MAML's params.values(), a generator, an iterator), torch's errors for a non-iterable, None and a str; a MAML meta-step through OrderedDict params
import torch
from collections import OrderedDict
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(1, requires_grad=True)
d = OrderedDict(a=x)
torch.autograd.grad((x * 2).sum(), d.values())
torch.autograd.grad((x * 3).sum(), (t for t in [x]))
torch.autograd.grad(iter([(x * 4).sum()]), x)
(x * 2).sum().backward(inputs=iter([x]))
x.grad
for bad in [5, None, "ab"]:
    try:
        torch.autograd.grad((x * 2).sum(), bad)
    except Exception as e:
        print(type(e).__name__, e)
from collections import OrderedDict
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(1, 16)
        self.fc2 = nn.Linear(16, 1)
    def forward(self, x, params=None):
        if params is None:
            params = OrderedDict(self.named_parameters())
        x = F.relu(F.linear(x, params['fc1.weight'], params['fc1.bias']))
        return F.linear(x, params['fc2.weight'], params['fc2.bias'])

net = Net()
meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(1):
    meta_opt.zero_grad()
    meta_loss = 0.
    for task in range(1):
        amp = 1.0 + task
        x = torch.rand(5, 1) * 10 - 5
        y = amp * torch.sin(x)
        params = OrderedDict(net.named_parameters())
        loss = F.mse_loss(net(x, params), y)
        grads = torch.autograd.grad(loss, params.values(), create_graph=True)
        params = OrderedDict((name, param - 0.01 * grad) for ((name, param), grad) in zip(params.items(), grads))
        xq = torch.rand(5, 1) * 10 - 5
        meta_loss = meta_loss + F.mse_loss(net(xq, params), amp * torch.sin(xq))
    meta_loss.backward()
    meta_opt.step()
    print(it, round(meta_loss.item(), 4))
