import torch
# a closure counts how often a hook runs and scales the gradient each time
def make_hook(factor):
    calls = 0
    def hook(g):
        nonlocal calls
        calls += 1
        return g * factor * calls
    def count():
        return calls
    return hook, count

x = torch.tensor([1.0, 2.0], requires_grad=True)
hook, count = make_hook(10.0)
h = x.register_hook(hook)
(x * x).sum().backward()
x.grad
(x * 3).sum().backward()
x.grad
count()
