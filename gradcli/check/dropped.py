"""The elements of a pass's tensors that get an exact 0 gradient, and the 0 * slope terms
torch adds for them (an inf or nan slope below makes the leaf's gradient nan)."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from gradcli.engine import symforms as S
from gradcli.engine.ops import Op
from gradcli.engine.symforms import sp

from .ieee import evaluate, numeric_value

DROPPED = "0·"  # the symbol of the zero torch multiplies a dropped element's derivative by


def dropped_zero() -> sp.Symbol:
    return S.constant(0.0, DROPPED)


class Dropped:
    """The elements of intermediate tensors that get an exact 0 gradient: the ones no op of a
    pass reads (x.log()[1] reads one of two), and the ones every op that reads them passes
    none to (relu's flat part, clamp outside its bounds, maximum's smaller side: torch's
    backward there is a `where`, not a product). torch multiplies that 0 by every local
    derivative below: where one is inf or nan, so is the leaf's gradient (at x = [0, 1],
    x.log()[1] gives x.grad [nan, 1], x.log().relu() [nan, 0]). Each such element, times a
    zero sympy cannot fold, joins the objective: its derivative is that product. (Leaves'
    elements need none: nothing is below.)"""

    def __init__(self):
        # id(record) -> [its expressions, which elements some op read, the record, and the
        # reads that pass a gradient only where the values say (Zeroed), resolved at a point]
        self.seen: dict = {}

    def read(self, record, exprs, which=None) -> None:
        """An op read `which` elements of `record`: a bool mask, None (all of them), or a
        Zeroed (where its gradient passes depends on the values)."""
        entry = self.seen.get(id(record))
        if entry is None:
            entry = self.seen[id(record)] = [exprs, np.zeros(np.shape(exprs), dtype=bool),
                                             record, []]
        if isinstance(which, Zeroed):
            entry[3].append(which)
        elif which is None:
            entry[1][...] = True
        else:
            entry[1] |= which

    def term(self, point: dict | None = None, mask_symbol=None):
        """Their sum times the zero; with `point`, of only the elements that can have an
        infinite or nan slope there (elsewhere 0 * slope is 0, and sympy need not derive it).
        One formula standing for every element (the vectorized check: `point` holds arrays)
        is kept where `mask_symbol(array)`, a symbol valued 1 at the unread elements, is."""
        unread, masked = [], []
        for exprs, read, _, zeroed in self.seen.values():
            if zeroed and not read.all():
                read = read | functools.reduce(np.logical_or, (~z.mask(point) for z in zeroed))
            if read.all():
                continue
            if read.shape != np.shape(exprs):  # one formula, a mask over its elements
                masked.append(sp().Piecewise(
                    (np.asarray(exprs).item(), sp().Gt(mask_symbol(~read), 0)), (0, True)))
                continue
            # (a constant, a where's nan, has no slope: 0 * nan would make the sum nan)
            unread += [e for e in np.asarray(exprs, dtype=object)[~read]
                       if getattr(e, "free_symbols", None)]
        if point is not None and mask_symbol is None:
            unread = [e for e, bad in zip(unread, _singular(unread, point), strict=True) if bad]
        zero = dropped_zero()
        return sp().Add(*(zero * e for e in unread + masked))


@dataclass
class Zeroed:
    """Where an op passes no gradient to its input `index` (torch's `where(..., grad, 0)`),
    found from the values of its inputs at the point: the condition of torch's backward."""

    op: Op
    index: int
    args: list  # the op's inputs, symbolic
    params: dict

    def mask(self, point: dict) -> np.ndarray:
        """Over the input's elements (one that broadcasting repeats is zeroed where every copy
        is)."""
        values = [np.asarray(_value_at(a, point)) for a in self.args]
        zeroed = np.asarray(self.op.zeroed(self.index, *values, **self.params))
        shape = np.shape(values[self.index])
        return reduce_to(np.logical_and, np.broadcast_to(
            zeroed, np.broadcast_shapes(zeroed.shape, shape)), shape)


def reduce_to(ufunc, a: np.ndarray, shape) -> np.ndarray:
    """`a` reduced with `ufunc` over the axes broadcasting added, back to an input's shape."""
    if a.shape == tuple(shape):
        return a
    lead = a.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape)
                                      if n == 1 and a.shape[i + lead] != 1)
    return ufunc.reduce(a, axis=axes, keepdims=True).reshape(shape) if axes else a.reshape(shape)


def _value_at(exprs, point: dict) -> np.ndarray:
    exprs = np.asarray(exprs, dtype=object)
    if not any(isinstance(e, sp().Basic) for e in exprs.reshape(-1)):
        return exprs.astype(np.float64)  # a where's condition: plain bools
    return numeric_value(exprs.item(), point) if exprs.ndim == 0 else evaluate(exprs, point)


def _singular(exprs: list, point: dict) -> list[bool]:
    """For each expression, whether some part of it is 0 or not finite at `point`: a slope
    below can be inf or nan only there (log(0), sqrt(0), 1/0, a power of 0, an overflow, a
    nan), save a slope that overflows where no part does (1/u at u = 1e-200: its slope -1/u**2
    is -inf). Shared parts are evaluated once."""
    values: dict = {}
    flags: dict = {}  # node -> whether it or a part of it is 0 or not finite
    out = []
    for expr in exprs:
        numeric_value(expr, point, values)
        stack = [(expr, False)]
        while stack:
            node, expanded = stack.pop()
            if node in flags:
                continue
            if expanded or not node.args:
                v = np.asarray(values.get(node, 1.0))  # (a Piecewise's pairs have no value)
                flags[node] = (v.dtype.kind == "f" and not (np.isfinite(v) & (v != 0)).all()) \
                    or any(flags[a] for a in node.args)
                continue
            stack.append((node, True))
            stack.extend((a, False) for a in node.args if a not in flags)
        out.append(flags[expr])
    return out


def read_mask(record, i: int, args: list):
    """Which elements of its input `i` an op reads (None: all; a Zeroed: where the values
    say). A selection's forward, run on that input's positions as tags (the other inputs
    None), shows the tags it kept."""
    op = record.op
    if op.zeroed is not None:
        return Zeroed(op, i, list(args), dict(record.params))
    if op.elements_read == "ties":
        return np.asarray(record.params["ties"], dtype=bool)
    if op.elements_read == "nothing":
        return np.zeros(np.shape(args[i]), dtype=bool)
    if op.elements_read == "all":
        return None
    shape = np.shape(args[i])
    tags = np.arange(int(np.prod(shape))).astype(object).reshape(shape)
    inputs = [tags if j == i else np.full(np.shape(a), None, dtype=object)
              for j, a in enumerate(args)]
    out = np.asarray((op.sym or op.forward)(*inputs, **record.params), dtype=object)
    read = np.zeros(tags.size, dtype=bool)
    read[[t for t in out.reshape(-1) if type(t) is int]] = True
    return read.reshape(shape)
