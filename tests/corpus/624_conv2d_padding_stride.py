import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(1)
img = torch.randn(2, 3, 9, 9, requires_grad=True)
w = torch.randn(4, 3, 3, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)

for kwargs in [dict(), dict(padding=1), dict(padding='same'), dict(padding='valid'),
               dict(stride=2), dict(stride=(2, 1), padding=(1, 0)), dict(dilation=2),
               dict(stride=3, padding=2, dilation=(1, 2))]:
    y = F.conv2d(img, w, b, **kwargs)
    print(kwargs, tuple(y.shape), round(y.sum().item(), 3))

y = F.conv2d(img, w, b, stride=2, padding=1)
y
loss = (y ** 2).mean()
loss.backward()
print(b.grad)
print(w.grad[0, 0])
print(img.grad[1, 2, :3, :3])

# depthwise: one filter per channel
dw = nn.Conv2d(3, 3, 3, padding=1, groups=3)
print(dw, dw.weight.shape)
pw = nn.Conv2d(3, 6, 1)
print(pw)
out = pw(dw(img.detach()))
out.shape
out.mean().backward()
dw.weight.grad[:, 0, 1]
pw.bias.grad

# same padding keeps the size
keep = nn.Conv2d(3, 5, 5, padding='same', bias=False)
print(keep)
keep(img).shape
torch.conv2d(img, w, None, 1, 1).shape
