"""The check of what a custom autograd.Function's backward itself returned: for each apply the
pass went through, the gradient its backward received is carried through the records of its
forward (structured.vector_jacobian: sympy's derivatives, never the script's backward) and
compared, input by input and element by element, with what the backward returned. A wrong
one is named at the first element where it is off:
`MyExp.backward: input 0, element [1]: returned 5.437, sympy's d/dx exp(x) = 2.718`.
"""
from __future__ import annotations

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import sp

from . import structured
from .compare import matches, tolerance
from .dropped import reduce_to
from .numeric import replay
from .records import TooLarge
from .vectorized import derivative

RIGHT = ""  # the verdict of a backward that returned sympy's values


def verdicts(functions: list, rtol: float | None, atol: float | None) -> dict:
    """{Function name: RIGHT, or the message naming its first wrong element} for the applies
    whose backward ran in this pass and whose forward the structured path can follow. Each
    apply's record of its backward is taken (a later pass gets only its own)."""
    found: dict = {}
    calls = {id(f.call): f.call for f in functions if f.call is not None}
    for call in calls.values():
        seen, call.seen = call.seen, None
        if seen is None:
            continue
        try:
            message = _verdict(call, *seen, rtol, atol)
        except TooLarge:  # (an op with no structured form: the row's own verdict stands)
            continue
        if found.get(call.function) in (None, RIGHT):
            found[call.function] = message
    return found


def _verdict(call: trace.FunctionCall, received: list, returned: list, rtol, atol) -> str:
    roots, seeds = [], []
    for out, g in zip(call.outputs, received, strict=True):
        if out is not None and g is not None:
            roots.append(out.args[0])
            seeds.append(np.asarray(g, np.float64))
    overrides = {id(r): _float(v) for r, v in zip(call.inputs, call.values, strict=True)}
    values: dict = {}
    for root in roots:
        values.update(replay(root, overrides))
    values.update(overrides)
    expected = structured.vector_jacobian(roots, seeds, call.inputs, values)
    for i, (record, value, got, want) in enumerate(zip(call.inputs, call.values, returned,
                                                       expected, strict=True)):
        if got is None or isinstance(record, trace.Const) or value.dtype.kind != "f":
            continue
        got = reduce_to(np.add, np.asarray(got, np.float64), value.shape)
        want = np.zeros(value.shape) if want is None else np.broadcast_to(want, value.shape)
        ok, _ = matches(got, want, *tolerance(value.dtype.name, rtol, atol))
        if not ok:
            return _message(call, i, got, want, roots, seeds)
    return RIGHT


def _float(v: np.ndarray) -> np.ndarray:
    return v.astype(np.float64) if v.dtype.kind == "f" else v


def _message(call, i: int, got, want, roots, seeds) -> str:
    error = np.abs(got - want)
    flat = int(np.nanargmax(np.where(np.isnan(error), np.inf, error))) if error.size else 0
    where = [int(k) for k in np.unravel_index(flat, got.shape)] if got.ndim else []
    said = _pointwise_derivative(call, roots, seeds, flat)
    return (f"{call.function}.backward: input {i}, element {where}: returned "
            f"{got.flat[flat]:.4g}, sympy's {said or f'derivative of {call.function}.forward'}"
            f" = {want.flat[flat]:.4g}")


def _pointwise_derivative(call, roots, seeds, flat: int) -> str:
    """`d/dx exp(x)` where the forward is one pointwise op of one input (`3·d/dx exp(x)`
    where the backward received 3 there); else nothing."""
    if len(roots) != 1 or len(call.inputs) != 1:
        return ""
    (root,), (seed,) = roots, seeds
    op = getattr(root, "op", None)
    if op is None or not op.pointwise or any(a is not call.inputs[0] for a in root.args) or \
            np.shape(seed) != call.values[0].shape:
        return ""
    x = sp().Symbol("x", real=True)
    try:  # (x * x reads its input twice)
        form = np.asarray((op.sym or op.forward)(*[np.asarray(x, dtype=object)] * len(
            root.args), **root.params), dtype=object).item()
    except (TypeError, ValueError, AttributeError):
        return ""
    if not isinstance(form, sp().Basic) or derivative(form, x).has(sp().Derivative):
        return ""
    received = float(np.asarray(seed).flat[flat])
    return f"d/dx {form}" if received == 1 else f"{received:.4g}·d/dx {form}"
