# F.scaled_dot_product_attention: torch's fused CPU kernel for 4-D inputs (ScaledDotProductFlashAttentionForCpuBackward0: plain, is_causal, float and bool masks, scale, enable_gqa), its math path otherwise (3-D and 2-D inputs, dropout, a mask that needs grad): values, gradients, grad_fns, errors
import torch
import torch.nn.functional as F
torch.manual_seed(0)
q = torch.randn(2, 2, 3, 4, requires_grad=True)
k = torch.randn(2, 2, 5, 4, requires_grad=True)
v = torch.randn(2, 2, 5, 4, requires_grad=True)
a = F.scaled_dot_product_attention(q, k, v)
a
a.grad_fn
b = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.3)
b
m = torch.randn(3, 5)
c = F.scaled_dot_product_attention(q, k, v, attn_mask=m)
keep = torch.tensor([[True, False, True, True, False], [False, False, False, False, False], [True, True, True, False, True]])
d = F.scaled_dot_product_attention(q, k, v, attn_mask=keep)
d
kg = torch.randn(2, 1, 5, 4, requires_grad=True)
e = F.scaled_dot_product_attention(q, kg, kg * 2, enable_gqa=True)
e.grad_fn
(a * a).sum().backward(retain_graph=True)
q.grad
k.grad
v.grad
(b.sum() + (c * c).sum() + d.exp().sum() + e.sin().sum()).backward()
q.grad
k.grad
v.grad
kg.grad
q3 = torch.randn(2, 3, 4, requires_grad=True)
f = F.scaled_dot_product_attention(q3, q3, q3, is_causal=True)
f
f.grad_fn
mg = torch.zeros(3, 3, requires_grad=True)
g = F.scaled_dot_product_attention(q3, q3 * 2, q3, attn_mask=mg, scale=-0.5)
g.grad_fn
q2 = q3[0]
h = F.scaled_dot_product_attention(q2, q2, q2)
h.grad_fn
r = F.scaled_dot_product_attention(q, k, v, dropout_p=0.4)
r.grad_fn
(f.sum() + (g * g).sum() + h.sum() + (r * r).sum()).backward()
q3.grad
mg.grad
grads = torch.autograd.grad(F.scaled_dot_product_attention(q, k, v).sum(), q, create_graph=True)
grads[0].grad_fn
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: grads[0].sum().backward())
err(lambda: F.scaled_dot_product_attention(q, k.double(), v))
err(lambda: F.scaled_dot_product_attention(q3, q3, q3, attn_mask=torch.zeros(3, 3), is_causal=True))
err(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(3, 5, dtype=torch.long)))
err(lambda: F.scaled_dot_product_attention(q, torch.randn(2, 3, 5, 4), torch.randn(2, 3, 5, 4), enable_gqa=True))
err(lambda: F.scaled_dot_product_attention(q[0, 0, 0], k[0, 0, 0], v[0, 0, 0]))
err(lambda: F.scaled_dot_product_attention(q, k, v, 1))
