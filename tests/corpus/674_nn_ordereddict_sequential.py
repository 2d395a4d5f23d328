import torch
import torch.nn as nn
from collections import OrderedDict, defaultdict

torch.manual_seed(0)
model = nn.Sequential(OrderedDict([
    ('fc1', nn.Linear(3, 4)),
    ('relu', nn.ReLU()),
    ('fc2', nn.Linear(4, 1)),
]))
model
out = model(torch.randn(2, 3))
out.sum().backward()
model.fc1.weight.grad
model.fc2
[name for name, _ in model.named_parameters()]
model[0] is model.fc1
history = defaultdict(list)
for step in range(3):
    history["loss"].append(step * 0.5)
dict(history)
od = OrderedDict()
od["b"] = 1
od["a"] = 2
list(od.keys())
