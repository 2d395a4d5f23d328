import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(1, 6, 2, 2)
try:
    F.max_pool2d(x, 3)
except RuntimeError as e:
    print(e)
try:
    F.avg_pool2d(x, 3)
except RuntimeError as e:
    print(e)
try:
    F.max_pool2d(torch.randn(1, 6, 8, 8), 2, padding=2)
except RuntimeError as e:
    print(e)
try:
    F.max_pool2d(torch.randn(8, 8), 2)
except RuntimeError as e:
    print(e)
try:
    F.max_pool2d(torch.randn(1, 1, 8, 8), 2, 0)
except RuntimeError as e:
    print(e)
try:
    F.max_pool2d(torch.randn(1, 1, 8, 8), (2, 2, 2))
except RuntimeError as e:
    print(e)
try:
    F.max_pool2d(torch.randn(1, 1, 8, 8), 'a')
except TypeError as e:
    print(e)
try:
    F.max_pool1d(torch.randn(1, 6, 2), 3)
except RuntimeError as e:
    print(e)
try:
    F.max_pool1d(torch.randn(8), 2)
except RuntimeError as e:
    print(e)
try:
    F.max_pool1d(torch.randn(1, 2, 8), 2, padding=2)
except RuntimeError as e:
    print(e)
try:
    F.avg_pool2d(torch.randn(8, 8), 2)
except IndexError as e:
    print(e)
pool = nn.MaxPool2d(2)
try:
    pool(torch.randn(1, 3, 1, 1))
except RuntimeError as e:
    print(e)
F.max_pool2d(torch.zeros(0, 1, 8, 8), 2).shape
