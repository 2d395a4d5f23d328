import torch

xs = [torch.tensor(v, requires_grad=True) for v in (0.5, 1.0, 1.5)]
fns = [torch.sin, torch.exp, lambda t: t ** 3]
names = ["sin", "exp", "cube"]
for i, (x, fn, name) in enumerate(zip(xs, fns, names)):
    y = fn(x)
    y.backward()
    print(f"{i}: d/dx {name}({x.item():.1f}) = {x.grad.item():.4f}")

pairs = sorted(zip(names, [x.grad.item() for x in xs]), key=lambda p: -p[1])
print(pairs[0][0], [f"{g:.3f}" for _, g in pairs])
table = dict(zip(names, xs))
print({k: round(v.grad.item(), 2) for k, v in table.items()})
total = sum(x.grad for x in xs)
print(total, type(total).__name__)
