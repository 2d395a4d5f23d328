import torch
import torch.nn as nn
# nn.MultiheadAttention and nn.TransformerEncoderLayer on one unbatched (L, E) sequence: torch runs it as a batch of one (query, key, value unsqueezed at dim 1, key_padding_mask at 0) and squeezes the output (L, E) and weights (L, S) back; F._mha_shape_check's errors
torch.manual_seed(0)
mha = nn.MultiheadAttention(4, 2)
x = torch.randn(3, 4, requires_grad=True)
out, w = mha(x, x, x)
out
w
out.grad_fn
pad = torch.tensor([False, False, True])
out2, w2 = mha(x, x, x, key_padding_mask=pad, average_attn_weights=False)
w2.shape
w2
mask = torch.zeros(2, 3, 3)
mask[1, 0, 2] = float("-inf")
out3, none = mha(x, x, x, attn_mask=mask, need_weights=False)
out3
none is None
kv = torch.randn(5, 4)
out4, w4 = mha(x, kv, kv)
w4.shape
(out.sum() + out2.pow(2).sum() + out3.mean() + out4.sum() * 2).backward()
x.grad
mha.in_proj_weight.grad
mha.out_proj.bias.grad
first = nn.MultiheadAttention(4, 2, batch_first=True)
y = torch.randn(2, 3, 4)
o5, w5 = first(y, y, y)
o5
w5.shape
first(x, x, x)[0].shape
for q, k, kpm, am in [(x, y, None, None), (x, x, torch.zeros(1, 3, dtype=torch.bool), None),
                      (x, x, None, torch.zeros(3, 3, 3)), (x, x, None, torch.zeros(3)),
                      (torch.randn(1, 2, 3, 4), x, None, None)]:
    try:
        mha(q, k, k, key_padding_mask=kpm, attn_mask=am)
    except AssertionError as e:
        print(e)
torch.manual_seed(1)
layer = nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=8, dropout=0.0)
s = torch.randn(5, 4, requires_grad=True)
h = layer(s)
h
h.grad_fn
h2 = layer(s, src_key_padding_mask=torch.tensor([False, False, False, True, True]))
h2
(h.sum() + (h2 * h2).sum()).backward()
s.grad
layer.linear1.weight.grad
layer.self_attn.in_proj_weight.grad
