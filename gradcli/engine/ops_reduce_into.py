"""The op table's rows for torch's scatter_reduce and index_reduce (ops.py loads them): the
elements of src each reduced (sum, prod, mean, amax, amin) into the slot of self it is sent
to, with or without self's own value (`include_self`).

Both are one computation over flat positions: `target` holds, for each element of src that is
sent (`taken`: its flat position in src), the flat position of its slot in self; gather(dim,
index) and index_select(dim, index) of a tensor shaped like self are then its values at
`target`. The VJPs are torch's scatter_reduce_backward / index_reduce_backward; `ties` (the
contributions equal to an amax/amin result, decided on the concrete values) let the check's
form split the gradient evenly among them, as torch does.
"""
from __future__ import annotations

import numpy as np

from . import symforms as S
from .errors import runtime_error
from .ops_decomp import numpy_only
from .optable import defop, defop_like

_START = {"sum": 0, "mean": 0, "prod": 1, "amax": -np.inf, "amin": np.inf}
_COMBINE = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum,
            "amin": np.minimum}


def reduce_into(a, src, target, taken, reduce, include_self):
    """self with src's sent elements reduced into their slots."""
    out = np.array(a, copy=True).reshape(-1)
    hit = _hit(out.size, target)
    if not include_self:
        out[hit] = _START[reduce]
    _COMBINE[reduce].at(out, target, np.reshape(src, -1)[np.reshape(taken, -1)])
    if reduce == "mean":
        count = _count(out.size, target, include_self)
        out = out // count if out.dtype.kind in "iu" else out / count
    return out.astype(np.asarray(a).dtype, copy=False).reshape(np.shape(a))


def _hit(size, target):
    hit = np.zeros(size, bool)
    hit[target] = True
    return hit


def _count(size, target, include_self):
    """How many values each slot's mean divides by (1 for a slot nothing reached)."""
    count = np.bincount(target, minlength=size) + int(include_self)
    return np.maximum(count, 1)


def _sym_reduce_into(a, src, target, taken, reduce, include_self, ties, src_grad=True):
    if ties is None:
        return reduce_into(a, src, target, taken, reduce, include_self)
    # amax/amin: the mean of the contributions that reached the extremum; self's value counts
    # among them wherever it equals the result, as in torch's backward, but where it was not
    # included it is a constant there (torch gives it no gradient)
    self_ties, src_ties, frozen = ties
    flat = np.reshape(a, -1)
    own = flat if frozen is None else \
        np.where(_hit(flat.size, target), S.elementwise(S.number, frozen), flat)
    total = np.where(self_ties, own, 0).astype(object)
    count = self_ties.astype(np.int64)
    values = np.reshape(src, -1)[taken.reshape(-1)]
    np.add.at(total, target, np.where(src_ties, values, 0))
    np.add.at(count, target, src_ties.astype(np.int64))
    out = np.where(count > 0, total / np.maximum(count, 1), flat)
    return out.reshape(np.shape(a))


def _reduce_into_vjp(xp, g, o, a, src, target, taken, reduce, include_self, ties,
                     src_grad=True):
    numpy_only(f"scatter_reduce/index_reduce with reduce='{reduce}'", xp)
    if taken.size != src.size and src_grad:  # (index no larger than src: shapes differ)
        _refuse_src_grad(reduce, taken.shape, src.shape)
    gf, of, af = g.reshape(-1), o.reshape(-1), a.reshape(-1)
    values = src.reshape(-1)[taken.reshape(-1)]
    if reduce == "sum":
        g_self, g_sent = gf.copy(), gf[target]
    elif reduce == "mean":
        scaled = gf / _count(gf.size, target, include_self)
        g_self, g_sent = scaled, scaled[target]
    elif reduce == "prod":
        g_self, g_sent = _prod_grads(gf, of, af, values, target, include_self)
    else:  # amax, amin: even among the contributions equal to the result
        self_is, sent_is = af == of, values == of[target]
        share = gf / (self_is + np.bincount(target, sent_is, gf.size))
        g_self, g_sent = self_is * share, sent_is * share[target]
    if not include_self:
        g_self = np.where(_hit(gf.size, target), 0, g_self)
    g_src = np.zeros(src.size, g.dtype)
    g_src[taken.reshape(-1)] = g_sent
    return (g_self.astype(g.dtype).reshape(a.shape),
            g_src.reshape(src.shape) if src_grad else None)


def _refuse_src_grad(reduce, index_shape, src_shape):
    """torch's backward for a src larger than index: its gradient has index's shape (sum,
    mean), or src meets a gathered tensor elementwise first (the others)."""
    if reduce in ("sum", "mean"):
        raise runtime_error(f"Function ScatterReduceBackward0 returned an invalid gradient at "
                            f"index 1 - got {list(index_shape)} but expected shape compatible "
                            f"with {list(src_shape)}")
    d = max(i for i, (m, n) in enumerate(zip(src_shape, index_shape)) if m != n)
    raise runtime_error(f"The size of tensor a ({src_shape[d]}) must match the size of tensor b "
                        f"({index_shape[d]}) at non-singleton dimension {d}")


def _prod_grads(g, o, a, values, target, include_self):
    """torch's: each factor's gradient is the product of the others, computed without dividing
    by a zero factor (self's zeros masked to 1; a src element that is its slot's only zero
    gets the product of the rest)."""
    with np.errstate(all="ignore"):
        masked_self = np.where(a == 0, 1, a)
        g_self = g * _reduce_flat(masked_self, values, target, include_self) / masked_self
        zero = values == 0
        single = zero & (np.bincount(target, zero, g.size)[target] == 1)
        others = _reduce_flat(a, np.where(single, 1, values), target, include_self)
        g_sent = np.where(single, (g * others)[target],
                          (g * o)[target] / np.where(zero, 1, values))
    return g_self, g_sent


def _reduce_flat(a, values, target, include_self):
    return reduce_into(a, values, target, np.arange(values.size), "prod", include_self)


defop("scatter_reduce", "ScatterReduceBackward0",
      lambda a, src, target, taken, reduce, include_self, ties, src_grad=True: reduce_into(
          a, src, target, taken, reduce, include_self),
      _reduce_into_vjp, ("abo", "abo"), _sym_reduce_into)
defop_like("index_reduce", "IndexReduceBackward0", "scatter_reduce")
