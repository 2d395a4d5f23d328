import torch
import torch.nn as nn
import torch.nn.functional as F
# LayerNorm over the last dim: output, repr, and the gradients of weight and bias
torch.manual_seed(0)
x = torch.randn(2, 5, requires_grad=True)
ln = nn.LayerNorm(5)
print(ln)
y = ln(x)
print(y)
print(y.var(dim=-1, unbiased=False))
loss = (y * torch.arange(5.)).sum()
loss.backward()
print(x.grad)
print(ln.weight.grad)
print(ln.bias.grad)
# the functional form, without affine parameters, over the last two dims
z = F.layer_norm(x, (2, 5))
print(z)
print(z.grad_fn.name())
print(nn.LayerNorm([2, 5], elementwise_affine=False))
print(nn.LayerNorm(5, eps=1e-6, bias=False))
print([name for name, p in ln.named_parameters()])
