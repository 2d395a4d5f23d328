import torch

def make_hook(name, log):
    def hook(grad):
        log.append((name, grad.clone()))
        return grad * 2 if name == "b" else None
    return hook

log = []
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 3
b.register_hook(make_hook("b", log))
c = b.sum() * 2
handle = a.register_hook(make_hook("a", log))
c.backward()
for name, g in log:
    print(name, g)
print(a.grad, [n for n, _ in log], len(log))
handle.remove()

counter = {"calls": 0}
def counted(fn):
    def wrapper(*args, **kwargs):
        counter["calls"] += 1
        return fn(*args, **kwargs)
    wrapper.__name__ if False else None
    return wrapper

@counted
def f(x, power=2):
    return (x ** power).sum()

x = torch.ones(3, requires_grad=True)
for p in (1, 2, 3):
    f(x, power=p).backward()
print(x.grad, counter, f.__name__)
