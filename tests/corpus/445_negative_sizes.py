import torch
x = torch.ones(2, 3)
try:
    torch.rand(-1)
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, -1)
except RuntimeError as e:
    print(e)
try:
    torch.zeros((-3,))
except RuntimeError as e:
    print(e)
try:
    torch.empty(-1)
except RuntimeError as e:
    print(e)
try:
    torch.full((-1,), 1.0)
except RuntimeError as e:
    print(e)
try:
    torch.randperm(-1)
except RuntimeError as e:
    print(e)
try:
    torch.eye(2, -1)
except RuntimeError as e:
    print(e)
try:
    x.new_zeros(-1)
except RuntimeError as e:
    print(e)
try:
    x.view(-2, 3)
except RuntimeError as e:
    print(e)
try:
    x.reshape(-1, -1)
except RuntimeError as e:
    print(e)
try:
    torch.arange(0, 1, -1)
except RuntimeError as e:
    print(e)
torch.ones(0, 3)
