import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
torch.triu(x)
x.tril(-1)
y = torch.triu(x, diagonal=1) * 2 + x.tril(-1) ** 2
y.grad_fn.next_functions[0][0].next_functions[0][0]
y.sum().backward()
x.grad
torch.tril(torch.ones(2, 3, 3))
mask = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
mask
scores = torch.randn(4, 4, requires_grad=True)
attn = torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
attn
attn[:, 0].sum().backward()
scores.grad
mha = nn.MultiheadAttention(4, 2, batch_first=True)
seq = torch.randn(1, 4, 4)
out, w = mha(seq, seq, seq, attn_mask=mask)
w
causal = torch.triu(torch.full((4, 4), float("-inf")), diagonal=1)
causal
try:
    torch.triu(torch.ones(3))
except RuntimeError as e:
    print(e)
