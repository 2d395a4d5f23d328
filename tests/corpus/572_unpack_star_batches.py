import torch

data = [(torch.tensor([1.0, 2.0]), 1.0), (torch.tensor([0.0, 1.0]), 0.0),
        (torch.tensor([2.0, 2.0]), 1.0)]
w = torch.tensor([0.1, -0.1], requires_grad=True)
(x0, y0), *others = data
print(x0, y0, len(others))
loss = 0
for i, (x, y) in enumerate(data):
    pred = torch.sigmoid((w * x).sum())
    loss = loss + (pred - y) ** 2
    print("sample %d: pred=%.4f target=%.1f" % (i, pred.item(), y))
loss.backward()
first, *rest = w.grad.tolist()
print(f"{first:.5f}", [f"{r:.5f}" for r in rest])
head, *_, tail = range(10)
head, tail
