import torch

history = {}
x = torch.tensor(2.0, requires_grad=True)
for step in range(3):
    y = x ** (step + 1)
    y.backward()
    history.setdefault("grads", []).append(x.grad.item())
    x.grad.zero_()
history
history.update(lr=0.1, steps=3)
history
history.pop("lr")
sorted(history)
history.setdefault("steps", 10)
d = dict(a=1, b=2)
d.items()
d.values()
