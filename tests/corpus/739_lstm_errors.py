import torch
import torch.nn as nn
# wrong input and hidden sizes
torch.manual_seed(0)
lstm = nn.LSTM(10, 20)
try:
    lstm(torch.randn(5, 3, 5))
except RuntimeError as e:
    print(e)
try:
    lstm(torch.randn(5, 3, 10), (torch.zeros(1, 2, 20), torch.zeros(1, 3, 20)))
except RuntimeError as e:
    print(e)
try:
    lstm(torch.randn(5, 3, 10), (torch.zeros(1, 3, 20), torch.zeros(1, 3, 21)))
except RuntimeError as e:
    print(e)
try:
    lstm(torch.randn(5, 3, 10), (torch.zeros(3, 20), torch.zeros(3, 20)))
except RuntimeError as e:
    print(e)
try:
    lstm(torch.randn(2, 5, 3, 10))
except ValueError as e:
    print(e)
try:
    lstm(torch.randn(5, 3, 10, dtype=torch.float64))
except ValueError as e:
    print(e)
gru = nn.GRU(4, 2, num_layers=2)
try:
    gru(torch.randn(3, 1, 4), torch.zeros(1, 1, 2))
except RuntimeError as e:
    print(e)
try:
    gru(torch.randn(3, 4), torch.zeros(2, 1, 2))
except RuntimeError as e:
    print(e)
lstm(torch.randn(5, 3, 5))
