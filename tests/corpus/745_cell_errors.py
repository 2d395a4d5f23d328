import torch
import torch.nn as nn
# the cells' checks
torch.manual_seed(0)
cell = nn.LSTMCell(4, 3)
try:
    cell(torch.randn(2, 5))
except RuntimeError as e:
    print(e)
try:
    cell(torch.randn(2, 4), (torch.zeros(3, 3), torch.zeros(3, 3)))
except RuntimeError as e:
    print(e)
try:
    cell(torch.randn(2, 4), (torch.zeros(2, 3), torch.zeros(2, 4)))
except RuntimeError as e:
    print(e)
try:
    cell(torch.randn(1, 2, 4))
except ValueError as e:
    print(e)
g = nn.GRUCell(4, 3)
try:
    g(torch.randn(2, 4), torch.zeros(1, 2, 3))
except ValueError as e:
    print(e)
r = nn.RNNCell(4, 3)
try:
    r(torch.randn(2, 4), torch.zeros(2, 5))
except RuntimeError as e:
    print(e)
r(torch.randn(4)).shape
