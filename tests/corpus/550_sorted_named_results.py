import torch

x = torch.tensor([0.3, -1.2, 2.0, 0.7], requires_grad=True)
names = ["a", "b", "c", "d"]
(x ** 3).sum().backward()
results = list(zip(names, x.grad.tolist()))
for name, g in sorted(results, key=lambda r: r[1], reverse=True):
    print(f"{name}: {g:.3f}")
best = max(results, key=lambda r: abs(r[1]))
worst = min(results, key=lambda r: abs(r[1]))
print(best, worst)
sorted(names, reverse=True)
list(reversed(names))
