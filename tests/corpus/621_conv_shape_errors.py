import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 3, 32, 32)
conv = nn.Conv2d(1, 6, 5)
try:
    conv(x)  # an RGB image into a layer made for grayscale
except RuntimeError as e:
    print(e)

w = torch.randn(6, 3, 5, 5)
for bad in [torch.randn(32, 32), torch.randn(1, 1, 1, 32, 32), torch.randn(1, 3, 4, 4)]:
    try:
        F.conv2d(bad, w)
    except RuntimeError as e:
        print(e)

try:
    F.conv2d(x, w, torch.randn(5))
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, torch.randn(6, 1, 5, 5), groups=2)
except RuntimeError as e:
    print(e)
try:
    F.conv2d(torch.randn(1, 4, 8, 8), torch.randn(6, 2, 3, 3), groups=4)
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, w, stride=0)
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, w, padding=-1)
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, w, stride=(1, 1, 1))
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, w, padding='same', stride=2)
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, w, padding='full')
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x, w.double())
except RuntimeError as e:
    print(e)
try:
    F.conv2d(x.double(), w)
except RuntimeError as e:
    print(e)
try:
    F.conv1d(torch.randn(1, 4, 8), torch.randn(2, 3, 3))
except RuntimeError as e:
    print(e)
try:
    F.conv1d(torch.randn(1, 3, 2), torch.randn(2, 3, 3))
except RuntimeError as e:
    print(e)
try:
    nn.Conv2d(3, 6, 3, groups=2)
except ValueError as e:
    print(e)
try:
    nn.Conv2d(3, 6, 3, padding='same', stride=2)
except ValueError as e:
    print(e)
try:
    F.conv2d(x, 'weight')
except TypeError as e:
    print(e)

# the classic: a flattened size that does not fit the first Linear layer
net = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                    nn.Linear(16 * 16 * 16, 10))
try:
    net(x)
except RuntimeError as e:
    print(e)
net(torch.randn(1, 3, 34, 34)).shape
