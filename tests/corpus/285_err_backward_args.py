import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
for g in [torch.ones(2), torch.ones(1), torch.ones(1, 3), torch.tensor(1.)]:
    try:
        y.backward(g, retain_graph=True)
    except RuntimeError as e:
        print(e)
s = (x * 2).sum()
for g in [torch.ones(3), torch.tensor([2.])]:
    try:
        s.backward(g, retain_graph=True)
    except RuntimeError as e:
        print(e)
s.backward(torch.tensor(2.), retain_graph=True)
x.grad
try:
    y.backward([1., 1., 1.])
except TypeError as e:
    print(e)
try:
    y.backward(2.0)
except TypeError as e:
    print(e)
y.backward(torch.tensor([1, 2, 3]), retain_graph=True)
y.backward(torch.ones(3, dtype=torch.float64))
x.grad
