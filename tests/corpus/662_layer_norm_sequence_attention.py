import torch
import torch.nn as nn
import torch.nn.functional as F
# Pre-norm self-attention over a (batch, seq, dim) input: LayerNorm on the last dim,
# scaled dot-product attention, a residual connection, and the gradients that reach the input
torch.manual_seed(0)
batch, seq, dim = 2, 3, 4
x = torch.randn(batch, seq, dim, requires_grad=True)
norm = nn.LayerNorm(dim)
q_proj = nn.Linear(dim, dim, bias=False)
k_proj = nn.Linear(dim, dim, bias=False)
v_proj = nn.Linear(dim, dim, bias=False)
h = norm(x)
print(h.shape, h.grad_fn.name())
q, k, v = q_proj(h), k_proj(h), v_proj(h)
scores = q @ k.transpose(-2, -1) / dim ** 0.5
weights = F.softmax(scores, dim=-1)
print(weights)
out = x + weights @ v
print(out)
out.sum().backward()
print(x.grad)
print(norm.weight.grad)
print(norm.bias.grad)
# layer_norm over the last two dims, with weight and bias of that shape
w = torch.full((seq, dim), 2.0, requires_grad=True)
b = torch.zeros(seq, dim, requires_grad=True)
y = F.layer_norm(x, (seq, dim), w, b, eps=1e-3)
print(y[0])
y[0, 0].sum().backward()
print(w.grad)
print(b.grad)
