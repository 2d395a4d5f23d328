import torch
xs = [torch.tensor(float(i), requires_grad=True) for i in range(1, 4)]
ys = [x ** 2 for x in xs]
ys
total = sum(ys)
total
total.backward()
[x.grad for x in xs]
[x.grad.item() for x in xs if x.item() > 1]
torch.stack([x * 2 for x in xs])
len(xs), [i * i for i in range(5)]
