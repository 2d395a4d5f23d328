import torch
import torch.nn as nn
# what torch.optim refuses, and its exact words
model = nn.Linear(2, 1)
attempts = [
    lambda: torch.optim.SGD([], lr=0.1),
    lambda: torch.optim.SGD(model.parameters(), lr=-0.1),
    lambda: torch.optim.SGD(model.parameters(), lr=0.1, momentum=-1),
    lambda: torch.optim.SGD(model.parameters(), lr=0.1, weight_decay=-1e-4),
    lambda: torch.optim.SGD(model.parameters(), lr=0.1, nesterov=True),
    lambda: torch.optim.Adam(model.parameters(), betas=(1.0, 0.999)),
    lambda: torch.optim.Adam(model.parameters(), eps=-1e-8, weight_decay=-1),
    lambda: torch.optim.RMSprop(model.parameters(), alpha=-0.5),
    lambda: torch.optim.RMSprop(model.parameters(), momentum=-0.9),
    lambda: torch.optim.Adagrad(model.parameters(), lr_decay=-1),
    lambda: torch.optim.Adagrad(model.parameters(), initial_accumulator_value=-0.1),
    lambda: torch.optim.Adagrad(model.parameters(), eps=-1.0),
    lambda: torch.optim.SGD([model.weight, model.weight * 2], lr=0.1),
    lambda: torch.optim.SGD([{'params': model.weight}, {'params': [model.weight]}], lr=0.1),
    lambda: torch.optim.SGD(model.weight, lr=0.1),
    lambda: torch.optim.SGD([model.weight, 1.0], lr=0.1),
    lambda: torch.optim.SGD(model.parameters(), lr=0.1, foo=1),
]
for attempt in attempts:
    try:
        attempt()
        print("accepted")
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
try:
    opt.add_param_group([model.weight])
except TypeError as e:
    print(e)
try:
    opt.add_param_group({'params': {torch.zeros(1, requires_grad=True)}})
except TypeError as e:
    print(e)
try:
    opt.add_param_group({'params': model.bias})
except ValueError as e:
    print(e)
