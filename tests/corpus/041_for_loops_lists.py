import torch
x = torch.tensor(1.0, requires_grad=True)
for k in [1, 2, 3]:
    y = x ** k
    y.backward()
    print(k, x.grad)
vals = [0.5, 1.0, 2.0]
for v in vals:
    t = torch.tensor(v, requires_grad=True)
    (t * t).backward()
    t.grad
for row in torch.tensor([[1.0, 2.0], [3.0, 4.0]]):
    row.sum()
for i, v in enumerate(["a", "b"]):
    print(i, v)
for a, b in zip([1, 2], [3, 4]):
    a * b
