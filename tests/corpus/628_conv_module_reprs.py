import torch
import torch.nn as nn

torch.manual_seed(3)
nn.Conv2d(1, 6, 5)
nn.Conv2d(3, 8, 3, padding=1, bias=False)
nn.Conv2d(4, 4, 3, padding='same', groups=2, dilation=2)
nn.Conv2d(1, 6, (3, 5), stride=(2, 1))
nn.Conv1d(3, 5, 3, stride=2)
nn.Conv1d(16, 33, 3, padding='valid')
nn.MaxPool2d(2)
nn.MaxPool2d((2, 3), stride=1)
nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True)
nn.MaxPool1d(3)
nn.AvgPool2d(2)
nn.AvgPool2d(3, 2, 1)
nn.AdaptiveAvgPool2d((1, 1))
conv = nn.Conv2d(2, 3, 2)
conv.weight
conv.bias
conv.kernel_size, conv.stride, conv.padding, conv.dilation, conv.groups
conv.in_channels, conv.out_channels
c1 = nn.Conv1d(2, 2, 2)
c1.weight
c1.kernel_size
net = nn.Sequential(nn.Conv2d(1, 2, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(2, 1))
net
list(net.state_dict().keys())
net[0].weight.shape
