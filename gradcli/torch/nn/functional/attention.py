"""F.scaled_dot_product_attention as torch runs it on the CPU: the fused kernel
(ScaledDotProductFlashAttentionForCpuBackward0) where torch's sdp_utils_cpp admits it, else
torch's math path (attention.cpp _scaled_dot_product_attention_math) op by op, so that
grad_fns, dropout draws and errors are torch's."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import linalg, rearrange, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn.functional import dropout as dropouts

F = "torch.nn.functional"


@torch_function(
    "scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? "
    "attn_mask=None, double dropout_p=0.0, bool is_causal=False, *, double? scale=None, bool "
    "enable_gqa=False)", namespace=F)
def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, *, scale=None, enable_gqa=False) -> Tensor:
    _validate(query, key, value, attn_mask)
    if enable_gqa:
        _check_heads(query, key, value)
    if _fused(query, key, value, attn_mask, dropout_p, enable_gqa):
        return _flash(query, key, value, attn_mask, is_causal, scale)
    return _math(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)


def _validate(query, key, value, attn_mask) -> None:
    """attention.cpp validate_sdpa_input."""
    if not query.dtype is key.dtype is value.dtype:
        raise runtime_error(f"Expected query, key, and value to have the same dtype, but got "
                            f"query.dtype: {query.dtype.c} key.dtype: {key.dtype.c} and "
                            f"value.dtype: {value.dtype.c} instead.")
    if min(query.ndim, key.ndim, value.ndim) < 2:
        raise runtime_error(f"Expected query, key, and value to all be  at least 2 dimensional, "
                            f"but got query.dim: {query.ndim} key.dim: {key.ndim} and value.dim: "
                            f"{value.ndim} instead.")
    if attn_mask is not None and attn_mask.dtype.name not in ("bool", "float32") and \
            attn_mask.dtype is not query.dtype:
        raise runtime_error(f"Expected attn_mask dtype to be bool or float or to match query "
                            f"dtype, but got attn_mask.dtype: {attn_mask.dtype.c} and  "
                            f"query.dtype: {query.dtype.c} instead.")


def _check_heads(query, key, value) -> None:
    heads = query.shape[-3]
    if heads % key.shape[-3] or heads % value.shape[-3]:
        raise runtime_error("Number of heads in key and value must divide the number of heads "
                            "in ")


def _fused(query, key, value, attn_mask, dropout_p, enable_gqa) -> bool:
    """sdp_utils_cpp's use_flash_attention_cpp: 4-D inputs of one batch size and head count
    (key/value's dividing query's under enable_gqa), one head size, non-empty sequences, a
    last dim of stride 1, no dropout, a mask that broadcasts and needs no gradient."""
    tensors = (query, key, value)
    if dropout_p != 0.0 or any(t.ndim != 4 for t in tensors):
        return False
    batch, heads, length, size = query.shape
    if key.shape[0] != batch or value.shape[0] != batch or key.shape[-1] != size or \
            value.shape[-1] != size or 0 in (length, key.shape[-2]):
        return False
    if value.shape[-2] != key.shape[-2]:
        return False  # (torch's kernel would read past value's end: its math path's error)
    if (key.shape[1], value.shape[1]) != (heads, heads) and not enable_gqa:
        return False
    if any(t.data.strides[-1] != t.data.itemsize and t.shape[-1] != 1 for t in tensors):
        return False
    return attn_mask is None or (not attn_mask.requires_grad and attn_mask.ndim in (2, 4) and
                                 _broadcasts(attn_mask.shape, (batch, heads, length,
                                                               key.shape[-2])))


def _broadcasts(shape_from, shape_to) -> bool:
    return all(n in (1, m) for n, m in zip(reversed(shape_from), reversed(shape_to)))


def _scale(query, scale) -> float:
    """sdp::calculate_scale: 1 / sqrt(E) unless given."""
    return 1.0 / math.sqrt(query.shape[-1]) if scale is None else float(scale)


def _bool_mask(mask: np.ndarray, dtype) -> Tensor:
    """convert_boolean_attn_mask: 0 where attention is allowed, -inf elsewhere."""
    return Tensor(np.where(mask, 0.0, -np.inf).astype(dtype.np))


def _causal(length: int, source: int, dtype) -> Tensor:
    return _bool_mask(np.tril(np.ones((length, source), bool)), dtype)


def _flash(query, key, value, attn_mask, is_causal, scale) -> Tensor:
    dtype = query.dtype
    length, source = query.shape[-2], key.shape[-2]
    mask = None
    if attn_mask is not None:
        mask = _bool_mask(attn_mask.data, dtype) if attn_mask.dtype.name == "bool" else \
            attn_mask.detach()
        mask = mask.data.astype(np.float64)
    if is_causal:
        causal = _causal(length, source, dtype).data.astype(np.float64)
        mask = causal if mask is None else mask + causal
    return apply("sdpa_flash_cpu", (query, key, value), mask=mask, scale=_scale(query, scale),
                 groups=query.shape[1] // key.shape[1])


def _math(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa) -> Tensor:
    """_scaled_dot_product_attention_math: q and kᵀ each scaled by sqrt(scale) (a negative
    scale's sign on q), the mask added in place, _safe_softmax, dropout, @ v."""
    given = _scale(query, scale)
    factor = math.sqrt(abs(given))
    query = elementwise.mul(query, -factor if given < 0 else factor)
    if is_causal:
        if attn_mask is not None:
            raise runtime_error("_scaled_dot_product_attention: Explicit attn_mask should not be "
                                "set when is_causal=True")
        attn_mask = _causal(query.shape[-2], key.shape[-2], query.dtype)
    elif attn_mask is not None and attn_mask.dtype.name == "bool":
        attn_mask = _bool_mask(attn_mask.data, query.dtype)
    if enable_gqa:
        key, value = (_repeat_heads(t, query.shape[-3]) for t in (key, value))
    attn = linalg.matmul(query, elementwise.mul(shape.transpose(key, -2, -1), factor))
    if attn_mask is not None:
        attn = attn.add_(attn_mask)
    attn = apply("safe_softmax", (attn,), dim=attn.ndim - 1)
    if dropout_p > 0.0:
        if dropout_p > 1.0:
            raise runtime_error(f"dropout probability has to be between 0 and 1, but got "
                                f"{float(dropout_p)}")
        attn = dropouts.dropout(attn, dropout_p, True)
    return linalg.matmul(attn, value)


def _repeat_heads(t, heads: int) -> Tensor:
    """pre_process_group_query_attention_input: each head repeated for its query heads."""
    groups = heads // t.shape[-3]
    return t if groups == 1 else rearrange.repeat_interleave(t, groups, -3)
