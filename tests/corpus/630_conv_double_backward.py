import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 2, 5, 5, requires_grad=True)
w = torch.randn(3, 2, 3, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
y = F.conv2d(x, w, b, padding=1, stride=2)
# a gradient penalty: the input gradient's norm, differentiated again
(gx,) = torch.autograd.grad(y.pow(2).sum(), x, create_graph=True)
penalty = gx.pow(2).sum()
penalty.backward()
print(round(penalty.item(), 2))
print(w.grad[0, 0])
print(b.grad)
print(x.grad[0, 0, 0])

# pooling under create_graph
z = torch.randn(1, 1, 4, 4, requires_grad=True)
(gz,) = torch.autograd.grad(F.max_pool2d(z, 2).pow(3).sum(), z, create_graph=True)
gz.sum().backward()
print(z.grad)
a = torch.randn(1, 2, 4, 4, requires_grad=True)
(ga,) = torch.autograd.grad(F.avg_pool2d(a, 2).pow(2).sum(), a, create_graph=True)
(ga * a).sum().backward()
print(a.grad[0, 0])
