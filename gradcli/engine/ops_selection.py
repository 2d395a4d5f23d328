"""The op table's rows that select elements (ops.py loads them): sort, topk (the values at
the kernel's indices), masked_select and trace.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .optable import defop, defop_like


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


# ---- writing into a copy: the *_scatter ops, index_copy, index_fill, scatter_add ------------
# select/slice/diagonal/as_strided_scatter and index_copy: the input with src written at
# `key` (the slots the select, slice... reads): index_put's row under torch's node names
for _name, _node in (("select_scatter", "SelectScatterBackward0"),
                     ("slice_scatter", "SliceScatterBackward0"),
                     ("diagonal_scatter", "DiagonalScatterBackward0"),
                     ("index_copy", "IndexCopyBackward0")):
    defop_like(_name, _node, "index_put")
# index_fill with a number (IndexFillBackward0) or a 0-d tensor, which gets the filled
# slots' gradient summed (IndexFillBackward1)
defop("index_fill", "IndexFillBackward0", lambda a, key, value: K.put(a, value, key),
      lambda xp, g, o, a, key, value: (xp.unscatter(g, key),), "k",
      elements_read="selection")
defop("index_fill_tensor", "IndexFillBackward1", K.put,
      lambda xp, g, o, a, value, key: (xp.unscatter(g, key), xp.sum(g[key])), ("k", "k"),
      elements_read="selection")


def _scatter_add(a, src, dim, index):
    out = a.copy()
    np.add.at(out, K.along_key(index, dim), src[tuple(slice(0, n) for n in index.shape)])
    return out


# torch: self gets grad, src grad.gather(dim, index)
defop("scatter_add", "ScatterAddBackward0", _scatter_add,
      lambda xp, g, o, a, src, dim, index, src_grad=True: (
          g, K.scatter_src_grad(xp, g, src.shape, dim, index, src_grad, "ScatterAddBackward0")),
      ("", "k"))


# ---- masked_scatter: source's first elements, in order, where the (broadcast) mask is set
def _masked_scatter(a, src, mask):
    out = np.broadcast_to(a, mask.shape).copy()
    out[mask] = src.reshape(-1)[:np.count_nonzero(mask)]
    return out


def _masked_scatter_vjp(xp, g, o, a, src, mask):
    """torch: grad.masked_fill(mask, 0) for self; masked_scatter_backward for source: the
    masked slots' gradients, in order, then zeros, shaped as source."""
    picked = g[np.nonzero(mask)]
    count = int(np.count_nonzero(mask))
    flat = xp.scatter(picked, (K.numel(src.shape),), (np.arange(count),))
    return (xp.masked_fill(g, mask, 0), xp.reshape(flat, src.shape))


defop("masked_scatter", "MaskedScatterBackward0", _masked_scatter, _masked_scatter_vjp,
      ("k", "k"), elements_read="selection")


# ---- put: source's elements written (or added) at flat positions; torch: self gets grad (its
# written slots zeroed unless accumulate), source grad.take(index).reshape_as(source)
def _put(a, src, key, accumulate):
    out = a.copy()
    values = src.reshape(out[key].shape)
    if accumulate:
        np.add.at(out, key, values)
    else:
        out[key] = values
    return out


defop("put", "PutBackward0", _put,
      lambda xp, g, o, a, src, key, accumulate: (
          g if accumulate else xp.unscatter(g, key), xp.reshape(g[key], src.shape)),
      ("k", "k"), elements_read="selection")
# (accumulate=True adds: each output element reads all it sums, not a selection)
defop_like("put_accumulate", "PutBackward0", "put", elements_read="all")
# torch.index_put(..., accumulate=True): values added at the key (repeats add up)
defop("index_put_accumulate", "IndexPutBackward0",
      lambda base, value, key: _put(base, np.broadcast_to(value, base[key].shape), key, True),
      lambda xp, g, o, base, value, key: (g, g[key]), ("", "k"))


# ---- bincount with weights: each bin the sum of the weights of the indices that name it;
# torch has no derivative for it ("derivative for aten::bincount is not implemented")
def _bincount(weights, index, bins):
    out = np.zeros(bins, np.float32 if weights.dtype == np.float32 else np.float64)
    np.add.at(out, index, weights)
    return out


def _bincount_sym(weights, index, bins):
    out = np.array([S.number(0)] * bins, dtype=object)
    for i, k in enumerate(index):
        out[k] = out[k] + weights[i]
    return out


defop("bincount", "NotImplemented", _bincount,
      lambda xp, g, o, weights, index, bins: K.not_implemented("aten::bincount"),
      sym=_bincount_sym, elements_read="all")
