import torch
import torch.nn as nn
# nn.ModuleDict: choose a layer or an activation by name
torch.manual_seed(0)


class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.choices = nn.ModuleDict({
            'lin': nn.Linear(4, 4),
            'pool': nn.Identity()
        })
        self.activations = nn.ModuleDict([
            ['lrelu', nn.LeakyReLU()],
            ['prelu', nn.ReLU()]
        ])

    def forward(self, x, choice, act):
        x = self.choices[choice](x)
        x = self.activations[act](x)
        return x


model = MyModule()
print(model)
x = torch.randn(2, 4)
print(model(x, 'lin', 'lrelu'))
print([name for name, _ in model.named_parameters()])
d = model.choices
print(len(d), 'lin' in d, 'conv' in d, list(d.keys()))
for key, module in d.items():
    print(key, module)
print(list(d.values())[1])
d['extra'] = nn.Tanh()
d.update({'last': nn.Sigmoid()})
print(list(d))
print(d.pop('extra'))
print(d)
try:
    d['missing']
except KeyError as e:
    print("KeyError", e)
try:
    d['training'] = nn.ReLU()
except KeyError as e:
    print(e)
try:
    d['a.b'] = nn.ReLU()
except KeyError as e:
    print(e)
try:
    d['n'] = 5
except TypeError as e:
    print(e)
