"""More rows of the op table (ops.py loads them): sorting (sort, topk) and the pointwise and
selecting ops scripts reach for next (erf, atan2, lerp, addcmul, masked_select, trace...).

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import numpy as np

from .optable import defop


# ---- sorting: the values are the input's elements at `index` along `dim` ---------------
def _take_sorted(a, dim, index):
    return np.take_along_axis(a, index, axis=dim) if a.ndim else a.copy()


def _put_sorted(xp, g, a, dim, index):
    """torch's value_selecting_reduction_backward: zeros shaped as the input, g scattered at
    the indices (under create_graph, ScatterBackward0)."""
    return (xp.scatter_src(g, a.shape, dim, index) if a.ndim else g,)


for _name, _grad_fn in (("sort", "SortBackward0"), ("topk", "TopkBackward0")):
    defop(_name, _grad_fn, _take_sorted,
          lambda xp, g, o, a, dim, index: _put_sorted(xp, g, a, dim, index), "k",
          elements_read="selection")
