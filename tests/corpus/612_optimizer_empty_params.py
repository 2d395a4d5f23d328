import torch
import torch.nn as nn
# an optimizer given no parameters, and a bad learning rate
try:
    torch.optim.SGD([], lr=0.1)
except ValueError as e:
    print(e)
try:
    torch.optim.Adam(nn.Linear(2, 2).parameters(), lr=-1.0)
except ValueError as e:
    print(e)
