import torch
import torch.nn as nn
# saving and loading a model's state in memory: state_dict keys, load_state_dict's result and
# its strict errors, in PyTorch's words
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 2)
        self.bn = nn.BatchNorm1d(2)
        self.fc2 = nn.Linear(2, 1)

    def forward(self, x):
        return self.fc2(torch.relu(self.bn(self.fc1(x))))


src = Net()
dst = Net()
sd = src.state_dict()
print(sd.keys())
print(list(sd.keys()) == [k for k in sd])
print(sd['fc1.weight'].requires_grad, sd['fc1.weight'].grad_fn)
print(torch.equal(dst.fc1.weight, src.fc1.weight))
result = dst.load_state_dict(sd)
print(result)
print(torch.equal(dst.fc1.weight, src.fc1.weight), dst.fc1.weight.requires_grad)
print(dst.fc1.weight.is_leaf, dst.bn.running_var)
# the copy is in place: the parameters stay the same objects
w = dst.fc2.weight
dst.load_state_dict(Net().state_dict())
print(w is dst.fc2.weight, w)
partial = {k: v for k, v in sd.items() if k.startswith('fc1')}
keys = dst.load_state_dict(partial, strict=False)
print(keys)
print(keys.missing_keys)
print(keys.unexpected_keys)
missing, unexpected = keys
print(len(missing), unexpected)
extra = dict(sd)
extra['fc3.weight'] = torch.zeros(1)
extra['head'] = torch.zeros(1)
print(dst.load_state_dict(extra, strict=False))
lin = nn.Linear(3, 1)
attempts = [
    lambda: lin.load_state_dict({'weight': torch.zeros(1, 3)}),
    lambda: lin.load_state_dict({'weight': torch.zeros(1, 3), 'bias': torch.zeros(1),
                                 'scale': torch.ones(1)}),
    lambda: lin.load_state_dict({'weight': torch.zeros(2, 3), 'bias': torch.zeros(1)}),
    lambda: lin.load_state_dict({'weight': torch.zeros(1, 3), 'bias': 0.5}),
    lambda: lin.load_state_dict({'bias': torch.zeros(1), 'weight': torch.zeros(4)}, strict=False),
    lambda: dst.load_state_dict(partial),
    lambda: lin.load_state_dict([1, 2]),
]
for attempt in attempts:
    try:
        print(attempt())
    except RuntimeError as e:
        print("RuntimeError:", e)
    except TypeError as e:
        print("TypeError:", e)
lin.load_state_dict({'weight': torch.ones(1, 3, dtype=torch.float64), 'bias': torch.tensor([2])})
print(lin.weight, lin.bias)
lin(torch.ones(1, 3)).sum().backward()
print(lin.weight.grad)
