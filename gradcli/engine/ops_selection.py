"""The op table's rows that select elements (ops.py loads them): sort, topk (the values at
the kernel's indices), masked_select and trace.

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


# ---- masked_select, trace ---------------------------------------------------------------
# masked_select: the elements at `key` (the mask's nonzero positions) of the input broadcast
# to the mask's `shape`; torch's masked_select_backward puts g back there (the engine sums
# it over the broadcast dims)
defop("masked_select", "MaskedSelectBackward0",
      lambda a, shape, key: np.broadcast_to(a, shape)[key],
      lambda xp, g, o, a, shape, key: (xp.scatter(g, shape, key),), "k",
      elements_read="selection")


def _trace(a):
    # torch sums a float diagonal in double (its accumulate type), an int one in int64
    wide = np.float64 if a.dtype.kind == "f" else np.int64
    return np.asarray(np.trace(a, dtype=wide)).astype(a.dtype if a.dtype.kind == "f" else wide)


def _trace_vjp(xp, g, o, a):
    """torch's trace_backward: zeros shaped as the input, g on its diagonal."""
    n = min(a.shape)
    return (xp.scatter(xp.broadcast_to(g, (n,)), a.shape, (np.arange(n), np.arange(n))),)


defop("trace", "TraceBackward0", _trace, _trace_vjp,
      sym=lambda a: np.asarray(np.trace(a), dtype=object), linear=True)
