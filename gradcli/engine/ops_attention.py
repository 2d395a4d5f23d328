"""Rows of the op table for F.scaled_dot_product_attention (ops.py loads them): the
_safe_softmax of torch's math path, and the fused CPU kernel torch runs for 4-D inputs
(_scaled_dot_product_flash_attention_for_cpu), one node whose backward has no derivative.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check, a VJP written with
`xp`. The fused forward is computed in float64 and rounded once (torch's kernel sums blocks in
float32; the values agree to an ulp or so).
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .optable import defop, defop_like


def safe_softmax(a, dim):
    """torch's _safe_softmax: softmax, 0 along a slice that is -inf throughout."""
    out = K.softmax(a, dim)
    if a.size == 0:
        return out
    masked = np.all(a == -np.inf, axis=dim, keepdims=True)
    return np.where(masked, np.zeros((), a.dtype), out)


# (its backward is softmax's, on the output: the zeroed slices pass no gradient)
defop_like("safe_softmax", "SafeSoftmaxBackward0", "softmax", forward=safe_softmax)


def grouped(x, groups):
    """GQA: each key/value head repeated for the `groups` query heads that read it."""
    return x if groups == 1 else np.repeat(x, groups, axis=-3)


def _probabilities(q, k, mask, scale, groups):
    """softmax(q kᵀ · scale + mask) in float64, 0 on rows masked throughout."""
    scores = np.matmul(q, np.swapaxes(grouped(k, groups), -1, -2)) * scale
    if mask is not None:
        scores = scores + mask
    return safe_softmax(scores, -1)


def _flash(q, k, v, mask, scale, groups):
    wide = [x.astype(np.float64) for x in (q, k, v)]
    p = _probabilities(*wide[:2], mask, scale, groups)
    return np.matmul(p, grouped(wide[2], groups)).astype(q.dtype)


def ungrouped(x, groups):
    """The gradient of a repeated head: the sum over the query heads that read it."""
    if groups == 1:
        return x
    *lead, heads, rows, cols = x.shape
    return x.reshape(*lead, heads // groups, groups, rows, cols).sum(-3)


def _flash_grads(g, q, k, v, mask, scale, groups):
    """The fused kernel's backward: (dq, dk, dv) of softmax(q kᵀ · scale + mask) v."""
    g, q, k, v = (x.astype(np.float64) for x in (g, q, k, v))
    p = _probabilities(q, k, mask, scale, groups)
    kk, vv = grouped(k, groups), grouped(v, groups)
    dv = np.matmul(np.swapaxes(p, -1, -2), g)
    ds = K.softmax_backward(np.matmul(g, np.swapaxes(vv, -1, -2)), p, -1) * scale
    dq = np.matmul(ds, kk)
    dk = np.matmul(np.swapaxes(ds, -1, -2), q)
    return dq, ungrouped(dk, groups), ungrouped(dv, groups)


def _flash_backward(g, q, k, v, which, mask, scale, groups):
    return _flash_grads(g, q, k, v, mask, scale, groups)[which].astype(q.dtype)


def _sym_flash(q, k, v, mask, scale, groups):
    scores = np.matmul(q, np.swapaxes(grouped(k, groups), -1, -2)) * S.number(scale)
    if mask is not None:
        scores = scores + S.elementwise(S.number, mask)
    return np.matmul(S.sym_softmax(scores, -1), grouped(v, groups))


def _flash_vjp(xp, g, o, q, k, v, mask, scale, groups):
    return tuple(xp.op("sdpa_flash_cpu_backward", g, q, k, v, which=i, mask=mask, scale=scale,
                       groups=groups) for i in range(3))


defop("sdpa_flash_cpu", "ScaledDotProductFlashAttentionForCpuBackward0", _flash, _flash_vjp,
      ("abc", "abc", "ab"), _sym_flash)
# torch has no derivative of the fused backward: a gradient taken with create_graph has this
# node, and differentiating it again is torch's error
defop("sdpa_flash_cpu_backward", "NotImplemented", _flash_backward,
      lambda xp, gg, o, g, q, k, v, which, mask, scale, groups: K.not_implemented(
          "aten::_scaled_dot_product_flash_attention_for_cpu_backward"))
