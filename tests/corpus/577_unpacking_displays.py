import torch

w1 = torch.tensor([0.5, -1.0], requires_grad=True)
w2 = torch.tensor([2.0], requires_grad=True)
b = torch.tensor(0.25, requires_grad=True)
group_a = [w1]
group_b = (w2, b)
params = [*group_a, *group_b]
print(len(params), [p.shape for p in params])
shapes = (*[p.dim() for p in params], -1)
print(shapes)
flat = torch.cat([*[p.reshape(-1) for p in params]])
loss = (flat ** 2).sum() + (flat * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum()
loss.backward()
print(*[p.grad for p in params], sep="\n")
config = {"lr": 0.1, "momentum": 0.0}
overrides = {"momentum": 0.9}
merged = {**config, **overrides, "nesterov": False}
print(merged)
names = {*["w1", "w2"], "b"}
print(sorted(names))
first, *rest = [*range(3), *"ab"]
print(first, rest)
with torch.no_grad():
    for p in [*group_a, *group_b]:
        p -= merged["lr"] * p.grad
print(w1, w2, b)
try:
    bad = [*3]
except TypeError as e:
    print("TypeError:", e)
try:
    bad = {**params}
except TypeError as e:
    print("TypeError:", e)
