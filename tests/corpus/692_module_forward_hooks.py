import torch
import torch.nn as nn
# forward hooks: capture activations by layer name, replace an output, pre-hooks edit the input
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
activations = {}


def save(name):
    def hook(module, inputs, output):
        activations[name] = output.detach()
    return hook


handles = []
for name, layer in model.named_children():
    handles.append(layer.register_forward_hook(save(name)))
x = torch.randn(2, 4)
out = model(x)
print(sorted(activations.keys()))
print(activations['1'])
print(torch.equal(activations['2'], out.detach()))
for h in handles:
    h.remove()
activations.clear()
model(x)
print(len(activations))
double = model[2].register_forward_hook(lambda m, inp, o: o * 2)
print(model(x))
double.remove()


def scale_input(module, args):
    print("pre-hook sees", len(args), args[0].shape)
    return args[0] * 0.5


pre = model[0].register_forward_pre_hook(scale_input)
print(model(x))
pre.remove()
print(model(x))
calls = []
first = model.register_forward_hook(lambda m, i, o: calls.append('second'))
model.register_forward_hook(lambda m, i, o: calls.append('first'), prepend=True)
model(x)
print(calls)
