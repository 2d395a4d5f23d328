import torch

x = torch.tensor([[2.0, -1.0, 0.5], [0.0, 4.0, 1.0]])
try:
    x.topk(4)
except RuntimeError as e:
    print("topk k too large:", e)
try:
    torch.topk(x, -1)
except RuntimeError as e:
    print("topk k negative:", e)
try:
    x.sort(dim=2)
except IndexError as e:
    print("sort dim:", e)
try:
    torch.sort(x, descending="yes")
except TypeError as e:
    print("sort descending:", e)
try:
    torch.topk(x, 1.5)
except TypeError as e:
    print("topk k float:", e)
try:
    torch.argsort(x, 0, True, True)
except TypeError as e:
    print("argsort stable positional:", e)
try:
    torch.tensor([True, False]).topk(1)
except RuntimeError as e:
    print("topk bool:", e)
print(x.topk(0), torch.topk(x, 3, dim=1, sorted=True).indices)
print(torch.sort(x, dim=-2, descending=False).indices)
