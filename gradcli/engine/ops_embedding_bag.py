"""Rows of the op table for F.embedding_bag (ops.py loads them), one EmbeddingBagBackward0
node each: sum and mean as a contraction, out = S · W[indices] (times per_sample_weights),
S the bags' constant membership (1, or 1/count for a mean; 0 at padding_idx); max as a
selection of each column's largest row, 0 for an empty bag.

Same contract as ops.py: forward in numpy, a VJP written with `xp`. The forward is computed
in float64 and rounded once (torch's kernel sums each bag in float32).
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from .optable import defop


def _rows(w, indices, bags):
    return bags, w[indices]


def _weighted_rows(w, weights, indices, bags):
    return bags, weights, w[indices]


def _summed(unfold, spec):
    def forward(*inputs, indices, bags):
        operands = [x.astype(np.float64) if x.dtype.kind == "f" else x
                    for x in unfold(*inputs, indices, bags)]  # (the check's are sympy's)
        return np.einsum(spec, *operands).astype(inputs[0].dtype)
    return forward


def _row_grads(xp, g, bags):
    """Each looked-up row's gradient: Sᵀ g."""
    return xp.matmul(xp.asarray(np.ascontiguousarray(bags.T).astype(g.dtype)), g)


def _bag_vjp(xp, g, o, w, indices, bags):
    return (xp.index_add_src(_row_grads(xp, g, bags), w.shape, 0, indices),)


def _weighted_bag_vjp(xp, g, o, w, weights, indices, bags):
    rows = _row_grads(xp, g, bags)
    return (xp.index_add_src(rows * xp.unsqueeze(weights, -1), w.shape, 0, indices),
            xp.sum(rows * xp.index_select(w, 0, indices), axis=1))


defop("embedding_bag", "EmbeddingBagBackward0", _summed(_rows, "bi,id->bd"), _bag_vjp, "",
      contraction=lambda *shapes, **params: ("bi,id->bd", 1.0), unfold=_rows)
defop("embedding_bag_weighted", "EmbeddingBagBackward0",
      _summed(_weighted_rows, "bi,i,id->bd"), _weighted_bag_vjp, ("b", "a"),
      contraction=lambda *shapes, **params: ("bi,i,id->bd", 1.0),
      unfold=_weighted_rows)


def _bag_max(w, index, empty):
    return np.where(empty[:, None], np.zeros((), w.dtype), K.gather(w, 0, index))


defop("embedding_bag_max", "EmbeddingBagBackward0", _bag_max,
      lambda xp, g, o, w, index, empty: (
          xp.scatter_add_src(xp.masked_fill(g, empty[:, None], 0), w.shape, 0, index),), "k",
      elements_read="selection")
