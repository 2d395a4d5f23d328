"""How far float32 rounding may move each element of a structured gradient: the allowance a
comparison falls back on where an element is outside rtol/atol (structured.py's sums of many
terms, in float64, against the engine's float32 ones)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import trace
from gradcli.engine.opkit import kept_shape

from . import forms_nn
from .opgrads import (
    ONE,
    add_part,
    compared_at,
    contracted_at,
    hashable,
    input_grads,
    partial_of,
)


def rounding_spread(seeds, roots, order: list, values: dict, grads: dict,
                    asked: frozenset = frozenset()) -> Spread:
    """How far float32 rounding may move each gradient element: each op's own terms, whose
    magnitudes its float32 sums round with (|g| through |J|, contracted in float32), plus what
    arrives from above through the op's Jacobian squared — independent roundings add in
    quadrature. Worst case along the whole chain (|g| through |J| of every op) grows ~18x
    per 512-wide layer and excused a 1.5x fault on the first layers of ten. Where float32
    overflows, again in float64 (an infinite allowance would pass any value). `asked`: the
    ids of the records besides leaves whose deviation will be asked for (retained grads)."""
    found = _variances(order, values, grads, True, asked)
    narrow = found is not None
    variances, deferred = found if narrow else _variances(order, values, grads, False, asked)
    return Spread(variances, deferred, values, grads, narrow)


def _variances(order: list, values: dict, grads: dict, narrow: bool,
               asked: frozenset) -> tuple[dict, dict] | None:
    """Each record's variance, but for the leaves a contraction reads: what it passes them is
    only the (record, operand) pairs, worked out at the elements a comparison asks about
    (Spread.deviation) — a weight's whole variance would cost two more products per layer,
    for the few elements (of 262,144: 2 to 98) that float32 rounding takes out of rtol. An
    op's variance is let go once passed on, unless asked or a deferred part reads it; None
    where float32 overflows."""
    kept = {id(r) for r in order}
    variances: dict = {}
    deferred: dict = {}  # id(leaf) -> [(record, operand)]
    for r in order:
        g = grads.get(id(r))
        if g is None or not isinstance(r, trace.OpRecord):
            continue
        wanted = [id(a) in kept and not isinstance(a, trace.Const) for a in r.args]
        read_later = id(r) in asked
        if _contracts(r.op):
            for i, a in enumerate(r.args):
                if wanted[i] and isinstance(a, trace.Leaf):
                    deferred.setdefault(id(a), []).append((r, i))
                    wanted[i], read_later = False, True
        if any(wanted):
            args = [values[id(a)] for a in r.args]
            parts = _input_variances(r, g, variances.get(id(r)), args, wanted, narrow,
                                     values.get(id(r)))
            for a, part in zip(r.args, parts, strict=True):
                if part is None:
                    continue
                if narrow and not np.isfinite(part).all():
                    return None
                add_part(variances, a, part)
        if not read_later:
            variances.pop(id(r), None)
    return variances, deferred


def _contracts(op) -> bool:
    """Whether input_grads takes the op as an einsum contraction (transposed)."""
    return not (op.pointwise and op.condition is None) and not op.reduces and \
        op.unfold is None and op.contraction is not None


def _input_variances(r, g: np.ndarray, above, args: list, wanted: list, narrow: bool,
                     value) -> list:
    """What rounding adds to each wanted input's variance at r: r's own terms squared, plus
    the variance `above` (of r's output) through r's Jacobian squared."""
    if r.op.pointwise and r.op.condition is None and all(
            np.shape(a) == np.shape(g) for a, w in zip(args, wanted, strict=True) if w):
        return _pointwise_variances(r, g, above, args, wanted, value)
    own = input_grads(r, np.abs(g), args, wanted, np.abs, narrow, value)
    if r.op.name in EXP_LESS_OUTPUT and value is not None and own[0] is not None:
        own[0] = own[0] * _exponent_size(r, args[0], value)
    arrived = (input_grads(r, above, args, wanted, np.square, narrow, value)
               if above is not None else [None] * len(args))
    return [None if mine is None else _plus(np.square(mine, dtype=np.float64), theirs)
            for mine, theirs in zip(own, arrived, strict=True)]


# The ops whose backward exponentiates its input less its own float32 output (torch's
# logsumexp_backward and logcumsumexp_backward: grad * exp(self - result)): the rounding of
# self - result, ~eps·(|self| + |result|), moves each factor by that much relatively, which
# at 10000 is 1e-3, far past eps·Σ|terms|.
EXP_LESS_OUTPUT = frozenset({"logsumexp", "logcumsumexp"})


def _exponent_size(r, a: np.ndarray, out: np.ndarray) -> np.ndarray:
    """1 + |a| + the largest |out| of a's slice: the relative rounding, in eps, of each
    exp(a - out) r's backward takes (of a slice's outputs, any may meet an element)."""
    dim = r.params["dim"]
    if np.ndim(out) == np.ndim(a) and np.ndim(a):
        reach = np.amax(np.abs(out), axis=tuple(np.atleast_1d(dim)), keepdims=True)
    else:  # (a reduction without keepdim: its dims back, as ones)
        reach = np.reshape(np.abs(out), kept_shape(np.shape(a), dim))
    return 1 + np.abs(a) + reach


def _plus(mine: np.ndarray, theirs) -> np.ndarray:
    if theirs is not None:
        mine += theirs  # (in place: a variance is a new array, and may be the size of a layer)
    return mine


def _pointwise_variances(r, g: np.ndarray, above, args: list, wanted: list, value) -> list:
    """A pointwise op that broadcasts none of its wanted inputs: its own term squared and
    what arrives are (g² + above)·partial², one pass over each partial."""
    sized = np.square(g, dtype=np.float64)
    if above is not None:
        sized += above
    at = compared_at(r)
    point, value = (args, value) if at is None else (at, None)
    key = hashable(r.params)
    out = []
    for i, (a, want) in enumerate(zip(args, wanted, strict=True)):
        if not (want and forms_nn.floating(a)):
            out.append(None)
            continue
        partial = partial_of(r.op, key, i, point, value)
        if partial is ONE:
            out.append(sized)
            continue
        squared = np.square(partial)
        fresh = isinstance(squared, np.ndarray) and squared.shape == np.shape(sized)
        out.append(np.broadcast_to(np.multiply(squared, sized, out=squared if fresh else None),
                                   np.shape(g)))
    return out


MAX_PICKED = 1 / 64  # past this share of a leaf's elements, its whole variance at once


class Spread:
    """The rounding spread's variances; each record's deviation (its square root) where asked."""

    def __init__(self, variances: dict, deferred: dict, values: dict, grads: dict,
                 narrow: bool):
        self.variances, self.deferred, self.narrow = variances, deferred, narrow
        self.values, self.grads = values, grads

    def deviation(self, record, where: np.ndarray | None) -> np.ndarray | None:
        """The record's deviation, right at least where `where` holds (all elements if None),
        or None where rounding passes it nothing."""
        whole, parts = self.variances.get(id(record)), self.deferred.get(id(record), ())
        if whole is None and not parts:
            return None
        shape = np.shape(self.values[id(record)])
        if where is None or np.shape(where) != shape or \
                np.count_nonzero(where) > MAX_PICKED * max(1, np.prod(shape)):
            return np.sqrt(self._whole(whole, parts))
        picked = np.nonzero(where)
        deviation = np.zeros(shape)  # (0 where not asked: those elements need none)
        deviation[picked] = np.sqrt(
            (0.0 if whole is None else np.broadcast_to(whole, shape)[picked]) +
            sum(self._picked(r, i, picked) for r, i in parts))
        return deviation

    def _whole(self, whole, parts) -> np.ndarray:
        total = 0.0 if whole is None else whole
        for r, i in parts:
            for narrow in {self.narrow, False}:
                part = self._operand(r, i, narrow)
                if part is None or np.isfinite(part).all():
                    break
            if part is not None:  # (None: rounding passes this operand nothing)
                total = total + part
        return total

    def _operand(self, r, i: int, narrow: bool) -> np.ndarray:
        args = [self.values[id(a)] for a in r.args]
        wanted = [k == i for k in range(len(args))]
        return _input_variances(r, self.grads[id(r)], self.variances.get(id(r)), args, wanted,
                                narrow, None)[i]

    def _picked(self, r, i: int, picked: tuple) -> np.ndarray:
        """Operand i's variance from r at the picked elements: the same sums, one per element."""
        args = [self.values[id(a)] for a in r.args]
        spec = r.op.contraction(*[a.shape for a in args], **r.params)
        own = contracted_at(spec, self.grads[id(r)], args, i, picked, np.abs)
        above = self.variances.get(id(r))
        arrived = 0.0 if above is None else contracted_at(spec, above, args, i, picked,
                                                           np.square, np.asarray)
        return np.square(own) + arrived
