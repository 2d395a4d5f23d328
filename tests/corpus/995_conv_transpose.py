# F.conv_transpose1d/2d (ConvolutionBackward0: stride, padding, output_padding, groups, dilation, bias, unbatched) and an unbatched conv2d (SqueezeBackward1) and nn.ConvTranspose1d/2d (output_size): values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[[[0.5, -1.0], [2.0, 1.5]], [[0.3, -0.5], [1.2, -0.8]],
                   [[0.1, 0.9], [-0.4, 0.6]], [[1.1, -0.2], [0.7, 0.2]]]], requires_grad=True)
w = torch.linspace(-0.6, 0.8, 24).reshape(4, 3, 2, 1).requires_grad_()
b = torch.tensor([0.1, -0.2, 0.3, 0.4, 0.5, 0.6], requires_grad=True)
y = F.conv_transpose2d(x, w, b, stride=(2, 2), padding=(1, 0), output_padding=(1, 0), groups=2,
                       dilation=(1, 3))
y
z = F.conv_transpose1d(x[0].reshape(4, 4), w[:, :, :, 0], stride=2, padding=1)
z
u = torch.conv_transpose2d(x, w[:, :2], stride=3, output_padding=2)
u.shape
torch.manual_seed(0)
m = nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, bias=False)
m
v = m(x, output_size=[4, 4])
v.shape
n = nn.ConvTranspose1d(2, 4, 2, groups=2, output_padding=1, stride=2)
n
t = n(x[0, :2, 0].unsqueeze(0))
t
((y * y).sum() + z.exp().sum() + u.sin().sum() + (v ** 3).sum() + t.sum()).backward()
x.grad
w.grad
b.grad
m.weight.grad
n.bias.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.conv_transpose2d(x, w, output_padding=1))
err(lambda: F.conv_transpose2d(x[:, :3], w))
err(lambda: F.conv_transpose2d(x, w, groups=3))
err(lambda: F.conv_transpose2d(x[0, 0], w))
err(lambda: F.conv_transpose2d(x, w, torch.ones(2)))
err(lambda: F.conv_transpose2d(x, torch.ones(4, 1, 3, 3), padding=3))
err(lambda: m(x, output_size=[9, 9]))
err(lambda: m(x, output_size=[4]))
err(lambda: nn.ConvTranspose1d(2, 4, 2, padding_mode='reflect'))
err(lambda: F.conv_transpose1d(torch.ones(1, 2, 2), torch.ones(2, 1, 1), padding=1))
uc = F.conv2d(x[0], w[:, :2].transpose(0, 1).reshape(2, 4, 2, 1))
uc
