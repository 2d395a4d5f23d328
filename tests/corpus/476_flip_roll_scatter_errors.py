import torch

x = torch.randn(2, 3, requires_grad=True)
try:
    torch.zeros(2, 4).scatter(1, torch.tensor([[0, 1], [2, 3]]), x).sum().backward()
except RuntimeError as e:
    print("scatter src larger than index:", e)
try:
    x.roll((1, 2), 0)
except RuntimeError as e:
    print("roll:", e)
try:
    torch.zeros(3, 3).index_add(0, torch.tensor([0, 5]), torch.ones(2, 3))
except IndexError as e:
    print("index_add:", e)
except RuntimeError as e:
    print("index_add:", e)
print(torch.flip(torch.arange(6).view(2, 3), (0,)))
print(torch.roll(torch.arange(6).view(2, 3), 1))
