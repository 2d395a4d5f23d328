import torch
import torch.nn as nn
# register_full_backward_hook: grad_input and grad_output tuples, and a hook that rescales them
torch.manual_seed(0)
layer = nn.Linear(3, 2)
x = torch.randn(4, 3, requires_grad=True)


def show(module, grad_input, grad_output):
    print("backward through", module)
    print("grad_output", grad_output)
    print("grad_input", grad_input)


handle = layer.register_full_backward_hook(show)
y = layer(x)
y.grad_fn
y.pow(2).sum().backward()
print(x.grad)
handle.remove()
x.grad = None
halve = layer.register_full_backward_hook(lambda m, gi, go: (gi[0] * 0.5,))
layer(x).sum().backward()
print(x.grad)
halve.remove()
net = nn.Sequential(nn.Linear(3, 3), nn.Tanh(), nn.Linear(3, 1))
norms = []
for module in net:
    module.register_full_backward_hook(lambda m, gi, go: norms.append(round(go[0].norm().item(), 4)))
net(torch.randn(5, 3)).sum().backward()
print(norms)
seen = []
net[0].register_full_backward_pre_hook(lambda m, go: seen.append(go[0].shape))
net(torch.randn(2, 3)).sum().backward()
print(seen)
