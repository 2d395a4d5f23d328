import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 4, kernel_size=3, padding=1),
    nn.BatchNorm2d(4),
    nn.ReLU(inplace=True),
    nn.MaxPool2d(2),
    nn.AdaptiveAvgPool2d((1, 1)),
    nn.Flatten(),
    nn.Linear(4, 2),
)
model
x = torch.randn(3, 3, 6, 6)
out = model(x)
out
loss = nn.CrossEntropyLoss()(out, torch.tensor([1, 0, 1]))
loss.backward()
model[1].weight.grad
model[1].bias.grad
model[1].running_mean
model[1].running_var
model[1].num_batches_tracked
model.eval()
model(x[:1])
bn = nn.BatchNorm2d(2, momentum=None, affine=False)
bn(torch.randn(2, 2, 3, 3))
bn(torch.randn(2, 2, 3, 3))
bn.running_var
try:
    bn(torch.randn(2, 2, 3))
except ValueError as e:
    print(e)
