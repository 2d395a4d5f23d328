import torch
x = torch.ones(2, 3, requires_grad=True)
f0 = torch.tensor(0.5, requires_grad=True)
torch.where(f0 > 0)
torch.where(torch.tensor(0.0))
torch.sum(f0, 0)
f0.sum(-1)
f0.mean(0)
f0.transpose(0, 0)
f0.amax(0)
x.amax(None)
try:
    torch.sum(f0, (0, -1))
except RuntimeError as e:
    print(e)
try:
    x.sum((0, 0))
except RuntimeError as e:
    print(e)
try:
    torch.unbind(f0, 0)
except IndexError as e:
    print(e)
try:
    torch.chunk(f0, 1)
except RuntimeError as e:
    print(e)
try:
    f0.narrow(0, 0, 1)
except RuntimeError as e:
    print(e)
try:
    torch.cat([f0])
except RuntimeError as e:
    print(e)
try:
    x.gather(0, torch.tensor([0]))
except RuntimeError as e:
    print(e)
try:
    x.gather(0, torch.tensor([[5]]))
except RuntimeError as e:
    print(e)
try:
    x.gather(0, torch.tensor([[-1]]))
except RuntimeError as e:
    print(e)
try:
    x.gather(0, torch.tensor([[0, 0, 0, 0]]))
except RuntimeError as e:
    print(e)
try:
    x.gather(0, torch.tensor([[0.0]]))
except RuntimeError as e:
    print(e)
g = x.gather(1, torch.tensor([[0, 2], [1, 1]]))
g
g.sum().backward()
x.grad
torch.ones(3).gather(0, torch.tensor(2))
try:
    x.index_select(0, torch.tensor([[0]]))
except IndexError as e:
    print(e)
try:
    x.index_select(0, torch.tensor([5]))
except IndexError as e:
    print(e)
try:
    x.index_select(0, torch.tensor([True]))
except RuntimeError as e:
    print(e)
x.index_select(0, torch.tensor(1))
try:
    x.split(0)
except RuntimeError as e:
    print(e)
try:
    x.split(-1)
except RuntimeError as e:
    print(e)
try:
    x.split([1, -1, 2])
except RuntimeError as e:
    print(e)
try:
    x.split([1, 2])
except RuntimeError as e:
    print(e)
try:
    x.split(1.5)
except TypeError as e:
    print(e)
try:
    x.chunk(0)
except RuntimeError as e:
    print(e)
try:
    x.narrow(0, 3, 0)
except IndexError as e:
    print(e)
try:
    x.narrow(0, 0, -1)
except RuntimeError as e:
    print(e)
try:
    x.repeat(-1, 1)
except RuntimeError as e:
    print(e)
try:
    x.permute(2)
except RuntimeError as e:
    print(e)
try:
    x.permute(0, 0)
except RuntimeError as e:
    print(e)
try:
    torch.outer(x, x)
except RuntimeError as e:
    print(e)
try:
    x.expand_as(f0)
except RuntimeError as e:
    print(e)
