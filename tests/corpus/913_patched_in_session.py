# a script's patches of torch's classes and modules hold in its own session, as in PyTorch (the next session starts without them: tests/hostile/test_isolation.py)
import torch
import torch.nn as nn
torch.manual_seed(0)
layer = nn.Linear(3, 2)
x = torch.tensor([[1.0, -2.0, 0.5]], requires_grad=True)
before = layer(x)
before
def doubled(self, input):
    return 2 * (input @ self.weight.t())
nn.Linear.forward = doubled
after = layer(x)
after
class Mine(nn.Linear):
    pass
torch.manual_seed(1)
mine = Mine(3, 2)
mine(x)
def plus_one(self, other):
    return self * other + 1
torch.Tensor.mul = plus_one
y = x.mul(x)
y
def scaled_relu(input):
    return 3 * input.clamp(min=0)
torch.relu = scaled_relu
r = torch.relu(x)
r
(after.sum() + y.sum() + r.sum()).backward()
x.grad
layer.weight.grad
