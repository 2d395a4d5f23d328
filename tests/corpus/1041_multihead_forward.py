# F.multi_head_attention_forward (need_weights through baddbmm/softmax, without through scaled_dot_product_attention; separate projection weights, bias_k/bias_v, add_zero_attn, key_padding_mask, is_causal, static_k/static_v, unbatched) and nn.MultiheadAttention with kdim/vdim, add_bias_kv, add_zero_attn: values, gradients, grad_fns, parameters, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
E, H = 4, 2
x = torch.randn(3, 2, E, requires_grad=True)
mem = torch.randn(5, 2, E, requires_grad=True)
w_in = torch.randn(3 * E, E, requires_grad=True)
b_in = torch.randn(3 * E, requires_grad=True)
w_out = torch.randn(E, E, requires_grad=True)
b_out = torch.randn(E, requires_grad=True)
out, weights = F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out)
out
weights
out.grad_fn
mask = torch.triu(torch.full((3, 3), float("-inf")), diagonal=1)
out2, none = F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out, need_weights=False, attn_mask=mask, is_causal=True)
none
out2
pad = torch.tensor([[False, False, True, False, True], [False, False, False, False, False]])
bias_k = torch.randn(1, 1, E, requires_grad=True)
bias_v = torch.randn(1, 1, E, requires_grad=True)
out3, w3 = F.multi_head_attention_forward(x, mem, mem, E, H, w_in, b_in, bias_k, bias_v, True, 0.0, w_out, b_out, key_padding_mask=pad, average_attn_weights=False)
w3.shape
wq = torch.randn(E, E, requires_grad=True)
wk = torch.randn(E, 3, requires_grad=True)
wv = torch.randn(E, 6, requires_grad=True)
k6 = torch.randn(5, 2, 3)
v6 = torch.randn(5, 2, 6)
out4, w4 = F.multi_head_attention_forward(x, k6, v6, E, H, None, b_in, None, None, False, 0.0, w_out, None, use_separate_proj_weight=True, q_proj_weight=wq, k_proj_weight=wk, v_proj_weight=wv)
out4
static = torch.randn(4, 5, 2)
out5, _ = F.multi_head_attention_forward(x, mem, mem, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out, static_k=static, static_v=static * 2, need_weights=False)
out6, w6 = F.multi_head_attention_forward(x[:, 0], x[:, 0], x[:, 0], E, H, w_in, None, None, None, False, 0.0, w_out, b_out)
w6
(out.sum() + (weights * weights).sum() + (out2 * out2).sum() + out3.exp().sum() + (w3 * w3).sum() + out4.sum() + (w4 ** 3).sum() + out5.sin().sum() + out6.sum()).backward()
x.grad
mem.grad
w_in.grad
b_in.grad
w_out.grad
bias_k.grad
bias_v.grad
wq.grad
wk.grad
wv.grad
mha = nn.MultiheadAttention(E, H, kdim=3, vdim=6, add_bias_kv=True, add_zero_attn=True, batch_first=True)
mha
[name for name, _ in mha.named_parameters()]
mha.in_proj_weight
mha.bias_k
o, w = mha(torch.randn(2, 3, E), torch.randn(2, 5, 3), torch.randn(2, 5, 6))
o
w
o.sum().backward()
mha.k_proj_weight.grad
mha.bias_v.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.multi_head_attention_forward(x, x, x, 5, H, w_in, b_in, None, None, False, 0.0, w_out, b_out))
err(lambda: F.multi_head_attention_forward(x, x, x, E, 3, w_in, b_in, None, None, False, 0.0, w_out, b_out))
err(lambda: F.multi_head_attention_forward(x, mem, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out))
err(lambda: F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out, is_causal=True))
err(lambda: F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out, attn_mask=torch.zeros(2, 3)))
err(lambda: F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, bias_k, None, False, 0.0, w_out, b_out))
err(lambda: F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out, key_padding_mask=torch.zeros(2, 4, dtype=torch.bool)))
err(lambda: F.multi_head_attention_forward(x, x, x, E, H, w_in, b_in, None, None, False, 0.0, w_out, b_out, attn_mask=torch.zeros(3, 3, dtype=torch.long)))
err(lambda: F.multi_head_attention_forward(x, k6, v6, E, H, None, b_in, None, None, False, 0.0, w_out, None, use_separate_proj_weight=True, q_proj_weight=wq, k_proj_weight=wv, v_proj_weight=wv))
err(lambda: nn.MultiheadAttention(5, 2))
