import torch
try:
    torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.ones(3)[3]
except IndexError as e:
    print("IndexError:", e)
try:
    torch.ones(6).view(4, 2)
except RuntimeError as e:
    print(e)
try:
    torch.tensor([1.0, 2.0]).item()
except RuntimeError as e:
    print(e)
try:
    torch.tensor([[1.0, 2.0], [3.0]])
except ValueError as e:
    print("ValueError:", e)
