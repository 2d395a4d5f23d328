import torch
import torch.nn as nn

torch.manual_seed(3)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
first = next(model.parameters())
print(first.shape, first.requires_grad, callable(model), callable(first), callable(print))
sizes = (p.numel() for p in model.parameters())
print(next(sizes), next(sizes), list(sizes), next(sizes, "exhausted"))
batches, rest = divmod(10, 3)
print(batches, rest, divmod(-7.5, 2))
x = torch.randn(4, 3)
loss = model(x).pow(2).mean()
loss.backward()
print(f"{first.grad.abs().sum().item():.5f}")
steps = (i for i in range(2))
while True:
    try:
        i = next(steps)
    except StopIteration as e:
        print("stopped", type(e).__name__, repr(e))
        break
    print("step", i)
