import torch
import torch.nn as nn
# the constructors' checks and warnings
try:
    nn.RNN(3, 4, nonlinearity='sigmoid')
except ValueError as e:
    print(e)
try:
    nn.LSTM(3, 0)
except ValueError as e:
    print(e)
try:
    nn.GRU(3, 4, num_layers=0)
except ValueError as e:
    print(e)
try:
    nn.LSTM(3, 4, dropout=1.5)
except ValueError as e:
    print(e)
try:
    nn.GRU(3, 4, proj_size=2)
except ValueError as e:
    print(e)
try:
    nn.RNN(3.0, 4)
except TypeError as e:
    print(e)
try:
    nn.LSTM(3, 4, bias=1)
except TypeError as e:
    print(e)
m = nn.LSTM(3, 4, dropout=0.2)
m
nn.RNN(3, 4, 2, 'relu')
nn.GRU(3, 4, 2, False, True, 0.1, True)
