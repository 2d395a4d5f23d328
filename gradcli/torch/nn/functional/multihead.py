"""F.multi_head_attention_forward, a port of torch/nn/functional.py's (its checks and
messages, the in-projection, bias_k/bias_v, add_zero_attn, static_k/static_v, the merged
masks), so that grad_fns, dropout draws and errors are torch's: with need_weights, the weights
by baddbmm/bmm, softmax and dropout; without, through scaled_dot_product_attention."""
from __future__ import annotations

import math

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import creation, linalg, reductions, shape
from gradcli.torch._tensor.indexing import getitem
from gradcli.torch.nn.functional import dropout as dropouts
from gradcli.torch.nn.functional.attention import scaled_dot_product_attention
from gradcli.torch.nn.functional.linear import linear
from gradcli.torch.nn.functional.padding import pad


def _assert(condition: bool, message: str) -> None:
    if not condition:
        raise TorchError("AssertionError", message)


def _size(t) -> str:
    return f"torch.Size({list(t.shape)})"


def mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads) -> bool:
    """F._mha_shape_check: whether the inputs are batched (3-D) or one sequence (2-D)."""
    dims = query.dim()
    _assert(dims in (2, 3), f"query should be unbatched 2D or batched 3D tensor but received "
                            f"{dims}-D query tensor")
    kind = "batched (3-D)" if dims == 3 else "unbatched (2-D)"
    _assert(key.dim() == dims and value.dim() == dims,
            f"For {kind} `query`, expected `key` and `value` to be {dims}-D but found "
            f"{key.dim()}-D and {value.dim()}-D tensors respectively")
    _assert(key_padding_mask is None or key_padding_mask.dim() == dims - 1,
            f"For {kind} `query`, expected `key_padding_mask` to be `None` or {dims - 1}-D but "
            f"found {0 if key_padding_mask is None else key_padding_mask.dim()}-D tensor instead")
    if attn_mask is None:
        return dims == 3
    _assert(attn_mask.dim() in (2, 3), f"For {kind} `query`, expected `attn_mask` to be `None`, "
                                       f"2-D or 3-D but found {attn_mask.dim()}-D tensor instead")
    expected = (num_heads, query.shape[0], key.shape[0])
    _assert(dims == 3 or attn_mask.dim() == 2 or tuple(attn_mask.shape) == expected,
            f"Expected `attn_mask` shape to be {expected} but got {_size(attn_mask)}")
    return dims == 3


def canonical_mask(mask, mask_name, target_type):
    """F._canonical_mask: a bool mask becomes 0 where allowed and -inf where masked. (Its
    warning about a bool mask beside a float one names torch's own line, stacklevel=2 inside
    torch.nn: never the script's.)"""
    if mask is None:
        return None
    if mask.dtype.name != "bool" and not mask.dtype.is_floating_point:
        raise TorchError("AssertionError", f"only bool and floating types of {mask_name} are "
                                           "supported")
    if mask.dtype.is_floating_point:
        return mask
    return shape.masked_fill(creation.zeros(*mask.shape, dtype=target_type), mask,
                             float("-inf"))


def _unpacked(proj, parts: int, embed_dim: int) -> list:
    """proj.unflatten(-1, (parts, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous(),
    then its pieces (torch's layout for the packed projections)."""
    proj = shape.unflatten(proj, -1, (parts, embed_dim))
    proj = shape.contiguous(shape.squeeze(shape.transpose(shape.unsqueeze(proj, 0), 0, -2), -2))
    return [getitem(proj, i) for i in range(parts)]


def _in_projection_packed(q, k, v, w, b) -> list:
    embed_dim = q.shape[-1]
    if k is v:
        if q is k:  # self-attention
            return _unpacked(linear(q, w, b), 3, embed_dim)
        w_q, w_kv = shape.split(w, [embed_dim, embed_dim * 2])
        b_q, b_kv = (None, None) if b is None else shape.split(b, [embed_dim, embed_dim * 2])
        q_proj = linear(q, w_q, b_q)
        return [q_proj, *_unpacked(linear(k, w_kv, b_kv), 2, embed_dim)]
    w_q, w_k, w_v = shape.chunk(w, 3)
    b_q, b_k, b_v = (None,) * 3 if b is None else shape.chunk(b, 3)
    return [linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)]


def _in_projection(q, k, v, w_q, w_k, w_v, b_q, b_k, b_v) -> list:
    eq, ek, ev = q.shape[-1], k.shape[-1], v.shape[-1]
    for name, t, want in (("query weights", w_q, (eq, eq)), ("key weights", w_k, (eq, ek)),
                          ("value weights", w_v, (eq, ev)), ("query bias", b_q, (eq,)),
                          ("key bias", b_k, (eq,)), ("value bias", b_v, (eq,))):
        _assert(t is None or tuple(t.shape) == want,
                f"expecting {name} shape of {want}, but got {None if t is None else _size(t)}")
    return [linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)]


@torch_function(name="multi_head_attention_forward", namespace="torch.nn.functional")
def multi_head_attention_forward(
        query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias, bias_k,
        bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias, training=True,
        key_padding_mask=None, need_weights=True, attn_mask=None,
        use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
        v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
        is_causal=False):
    batched = mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not batched:  # run as a batch of one
        query, key, value = (shape.unsqueeze(x, 1) for x in (query, key, value))
        if key_padding_mask is not None:
            key_padding_mask = shape.unsqueeze(key_padding_mask, 0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    key_padding_mask = canonical_mask(key_padding_mask, "key_padding_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise runtime_error("Need attn_mask if specifying the is_causal hint. You may use the "
                            "Transformer module method `generate_square_subsequent_mask` to "
                            "create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None  # SDPA takes the hint instead
    else:
        attn_mask = canonical_mask(attn_mask, "attn_mask", query.dtype)
        if key_padding_mask is not None:
            is_causal = False
    _assert(embed_dim == embed_dim_to_check, f"was expecting embedding dimension of "
                                             f"{embed_dim_to_check}, but got {embed_dim}")
    head_dim = embed_dim // num_heads
    _assert(head_dim * num_heads == embed_dim,
            f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    q, k, v = _projected(query, key, value, in_proj_weight, in_proj_bias,
                         use_separate_proj_weight, q_proj_weight, k_proj_weight, v_proj_weight)
    attn_mask = _three_dim_mask(attn_mask, bsz * num_heads, tgt_len, src_len)
    k, v, attn_mask, key_padding_mask = _biased(k, v, attn_mask, key_padding_mask, bias_k,
                                                bias_v, static_k, static_v, bsz)
    heads = bsz * num_heads
    q = shape.transpose(shape.view(q, tgt_len, heads, head_dim), 0, 1)
    k = _heads_first(k, static_k, heads, head_dim, "static_k")
    v = _heads_first(v, static_v, heads, head_dim, "static_v")
    if add_zero_attn:
        zeros = creation.zeros(heads, 1, head_dim, dtype=k.dtype)
        k, v = shape.cat([k, zeros], 1), shape.cat([v, zeros], 1)
        attn_mask, key_padding_mask = (None if m is None else pad(m, (0, 1))
                                       for m in (attn_mask, key_padding_mask))
    src_len = k.shape[1]
    attn_mask = _with_padding(attn_mask, key_padding_mask, bsz, num_heads, src_len)
    if not training:
        dropout_p = 0.0
    run = _weighted if need_weights else _fused
    output, weights = run(q, k, v, attn_mask, dropout_p, is_causal, out_proj_weight,
                          out_proj_bias, (tgt_len, bsz, num_heads, src_len, embed_dim),
                          average_attn_weights)
    if not batched:
        output = shape.squeeze(output, 1)
        weights = None if weights is None else shape.squeeze(weights, 0)
    return output, weights


def _projected(query, key, value, in_proj_weight, in_proj_bias, separate, w_q, w_k, w_v):
    if not separate:
        _assert(tuple(key.shape) == tuple(value.shape),
                f"key shape {_size(key)} does not match value shape {_size(value)}")
        _assert(in_proj_weight is not None,
                "use_separate_proj_weight is False but in_proj_weight is None")
        return _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    _assert(tuple(key.shape[:2]) == tuple(value.shape[:2]),
            f"key's sequence and batch dims torch.Size({list(key.shape[:2])}) do not match "
            f"value's torch.Size({list(value.shape[:2])})")
    for name, w in (("q", w_q), ("k", w_k), ("v", w_v)):
        _assert(w is not None, f"use_separate_proj_weight is True but {name}_proj_weight is "
                               "None")
    biases = (None,) * 3 if in_proj_bias is None else shape.chunk(in_proj_bias, 3)
    return _in_projection(query, key, value, w_q, w_k, w_v, *biases)


def _three_dim_mask(attn_mask, heads, tgt_len, src_len):
    """attn_mask as (1 or N*H, L, S), its shape checked."""
    if attn_mask is None:
        return None
    if attn_mask.dim() == 2:
        if tuple(attn_mask.shape) != (tgt_len, src_len):
            raise runtime_error(f"The shape of the 2D attn_mask is {_size(attn_mask)}, but "
                                f"should be {(tgt_len, src_len)}.")
        return shape.unsqueeze(attn_mask, 0)
    if attn_mask.dim() == 3:
        if tuple(attn_mask.shape) != (heads, tgt_len, src_len):
            raise runtime_error(f"The shape of the 3D attn_mask is {_size(attn_mask)}, but "
                                f"should be {(heads, tgt_len, src_len)}.")
        return attn_mask
    raise runtime_error(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _biased(k, v, attn_mask, key_padding_mask, bias_k, bias_v, static_k, static_v, bsz):
    """bias_k and bias_v appended to the keys and values (a column more of each mask)."""
    if bias_k is None or bias_v is None:
        _assert(bias_k is None, "bias_k is set but bias_v is None")
        _assert(bias_v is None, "bias_v is set but bias_k is None")
        return k, v, attn_mask, key_padding_mask
    _assert(static_k is None, "bias cannot be added to static key.")
    _assert(static_v is None, "bias cannot be added to static value.")
    k = shape.cat([k, shape.repeat(bias_k, 1, bsz, 1)])
    v = shape.cat([v, shape.repeat(bias_v, 1, bsz, 1)])
    return k, v, *(None if m is None else pad(m, (0, 1)) for m in (attn_mask, key_padding_mask))


def _heads_first(x, static, heads, head_dim, name):
    if static is None:
        return shape.transpose(shape.view(x, x.shape[0], heads, head_dim), 0, 1)
    _assert(static.shape[0] == heads,
            f"expecting {name}.size(0) of {heads}, but got {static.shape[0]}")
    _assert(static.shape[2] == head_dim,
            f"expecting {name}.size(2) of {head_dim}, but got {static.shape[2]}")
    return static


def _with_padding(attn_mask, key_padding_mask, bsz, num_heads, src_len):
    """key_padding_mask (N, S) broadcast to each head and added to attn_mask."""
    if key_padding_mask is None:
        return attn_mask
    _assert(key_padding_mask.shape[0] == bsz, f"Expected key_padded_mask.shape[0] to be {bsz}, "
                                              f"but got {key_padding_mask.shape[0]}")
    _assert(key_padding_mask.shape[1] == src_len, f"Expected key_padded_mask.shape[1] to be "
                                                  f"{src_len}, but got "
                                                  f"{key_padding_mask.shape[1]}")
    padding = shape.reshape(shape.expand(shape.view(key_padding_mask, bsz, 1, 1, src_len),
                                         -1, num_heads, -1, -1), bsz * num_heads, 1, src_len)
    return padding if attn_mask is None else attn_mask + padding


def _weighted(q, k, v, attn_mask, dropout_p, is_causal, out_weight, out_bias, sizes,
              average) -> tuple:
    """need_weights: softmax(mask + q kᵀ / sqrt(E)) by baddbmm (bmm without a mask)."""
    tgt_len, bsz, num_heads, src_len, embed_dim = sizes
    q_scaled = q * math.sqrt(1.0 / float(q.shape[2]))
    _assert(not is_causal or attn_mask is not None,
            "FIXME: is_causal not implemented for need_weights")
    keys = shape.transpose(k, -2, -1)
    weights = linalg.bmm(q_scaled, keys) if attn_mask is None else \
        linalg.baddbmm(attn_mask, q_scaled, keys)
    weights = reductions.softmax(weights, -1)
    if dropout_p > 0.0:
        weights = dropouts.dropout(weights, dropout_p)
    output = linalg.bmm(weights, v)
    output = shape.reshape(shape.transpose(output, 0, 1), tgt_len * bsz, embed_dim)
    output = linear(output, out_weight, out_bias)
    output = shape.view(output, tgt_len, bsz, output.shape[1])
    weights = shape.view(weights, bsz, num_heads, tgt_len, src_len)
    return output, (reductions.mean(weights, 1) if average else weights)


def _fused(q, k, v, attn_mask, dropout_p, is_causal, out_weight, out_bias, sizes,
           average) -> tuple:
    """Without weights: scaled_dot_product_attention on (N, H, L, E/H)."""
    tgt_len, bsz, num_heads, src_len, embed_dim = sizes
    if attn_mask is not None:
        attn_mask = shape.unsqueeze(attn_mask, 0) if attn_mask.shape[0] == 1 else \
            shape.view(attn_mask, bsz, num_heads, -1, src_len)
    q, k, v = (shape.view(x, bsz, num_heads, n, x.shape[-1])
               for x, n in ((q, tgt_len), (k, src_len), (v, src_len)))
    output = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    output = shape.reshape(shape.permute(output, 2, 0, 1, 3), bsz * tgt_len, embed_dim)
    output = linear(output, out_weight, out_bias)
    return shape.view(output, tgt_len, bsz, output.shape[1]), None


