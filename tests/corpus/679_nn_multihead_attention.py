import torch
import torch.nn as nn

torch.manual_seed(0)
mha = nn.MultiheadAttention(embed_dim=8, num_heads=2, batch_first=True)
mha
[(n, tuple(p.shape)) for n, p in mha.named_parameters()]
mha.out_proj.weight[0]
x = torch.randn(2, 4, 8)
out, weights = mha(x, x, x)
out
out.grad_fn
weights
weights.grad_fn
pad = torch.tensor([[False, False, False, True], [False, False, True, True]])
out2, w2 = mha(x, x, x, key_padding_mask=pad)
w2
causal = torch.arange(4).unsqueeze(0) > torch.arange(4).unsqueeze(1)
out3, w3 = mha(x, x, x, attn_mask=causal, average_attn_weights=False)
w3.shape
w3[1, 0]
(out.sum() + out2.pow(2).sum() + out3.mean()).backward()
mha.in_proj_weight.grad
mha.in_proj_bias.grad
mha.out_proj.bias.grad
torch.manual_seed(1)
cross = nn.MultiheadAttention(6, 3, dropout=0.1)
q = torch.randn(2, 1, 6, requires_grad=True)
kv = torch.randn(5, 1, 6)
o, w = cross(q, kv, kv)
o
w
o2, none = cross(q, kv, torch.randn(5, 1, 6), need_weights=False)
none is None
o2.shape
float_mask = torch.zeros(2, 5)
float_mask[:, -1] = float("-inf")
cross.eval()
o4, w4 = cross(q, kv, kv, attn_mask=float_mask)
w4
o4.sum().backward()
q.grad
try:
    nn.MultiheadAttention(10, 3)
except AssertionError as e:
    print(e)
