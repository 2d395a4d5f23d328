"""The check of what a custom autograd.Function's backward itself returned: for each apply the
pass went through, the gradient its backward received is carried through the records of its
forward (structured.vector_jacobian: sympy's derivatives, never the script's backward) and
compared, input by input and element by element, with what the backward returned. A wrong
one is named at the first element where it is off:
`MyExp.backward: input 0, element [1]: returned 5.437, sympy's d/dx exp(x) = 2.718`; a None
for an input that requires grad where sympy's derivative is not zero is named too:
`Mul.backward returned None for input 1 (b), sympy's d/db = a = [1, 2, 3]`.
A wrong one also says how it relates to sympy's derivative (surrogates.relation), and a
Function the script declares a surrogate is taken as given: its verdict is that relation, and
what it returned beyond sympy's values is kept for the check of what lies below it.
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
from .surrogates import Surrogate, declared_note, hint, relation
from .vectorized import derivative

RIGHT = ""  # the verdict of a backward that returned sympy's values


def verdicts(functions: list, rtol: float | None, atol: float | None,
             name_of=lambda tensor: "", surrogates: frozenset = frozenset()
             ) -> tuple[dict, dict, list[Surrogate]]:
    """({Function name: RIGHT, or the message naming its first wrong element and how it
    relates to sympy's}, {declared surrogate's name: its rows' note}, the declared surrogates'
    applies) for the applies whose backward ran in this pass and whose forward the structured
    path can follow. Each apply's record of its backward is taken (a later pass gets only its
    own)."""
    found: dict = {}
    declared: dict = {}
    applies: list[Surrogate] = []
    calls = {id(f.call): f.call for f in functions if f.call is not None}
    for call in calls.values():
        seen, call.seen = call.seen, None
        if seen is None:
            continue
        try:
            message, said, extra = _verdict(call, *seen, rtol, atol, name_of)
        except TooLarge:  # (an op with no structured form: the row's own verdict stands)
            continue
        if call.function in surrogates:
            applies.append(Surrogate(call, extra))
            if said and not declared.get(call.function):
                declared[call.function] = declared_note(call.function, said)
            continue
        if found.get(call.function) in (None, RIGHT):
            found[call.function] = message + (f"; {hint(call.function, said)}" if said else "")
    return found, declared, applies


def _verdict(call: trace.FunctionCall, received: list, returned: list, rtol, atol,
             name_of) -> tuple[str, str, list]:
    """The first wrong element's message (RIGHT where none), how the backward relates to
    sympy's derivative ("" where it agrees), and per input what it returned beyond sympy's
    values (None where nothing)."""
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
    message, relations, extra = RIGHT, [], []
    for i, (record, value, got, want) in enumerate(zip(call.inputs, call.values, returned,
                                                       expected, strict=True)):
        extra.append(None)
        if isinstance(record, trace.Const) or value.dtype.kind != "f":
            continue  # (an input that needs no gradient: None is right for it)
        want = np.zeros(value.shape) if want is None else np.broadcast_to(want, value.shape)
        if got is None:
            if np.any(want):
                message = message or _none_message(call, i, want, roots, seeds, name_of)
                relations.append("returns None where d/dx of its forward is not zero")
                extra[i] = -want
            continue
        got = reduce_to(np.add, np.asarray(got, np.float64), value.shape)
        tol = tolerance(value.dtype.name, rtol, atol)
        if not matches(got, want, *tol)[0]:
            message = message or _message(call, i, got, want, roots, seeds)
            relations.append(relation(got, want, _passed(received, value.shape), tol))
            extra[i] = got - want
    said = "; ".join(dict.fromkeys(relations))
    return message, said, extra


def _passed(received: list, shape: tuple) -> np.ndarray | None:
    """The gradient a one-output backward received, where it has its input's shape."""
    if len(received) != 1 or received[0] is None or np.shape(received[0]) != shape:
        return None
    return np.asarray(received[0], np.float64)


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


def _none_message(call, i: int, want, roots, seeds, name_of) -> str:
    """`Mul.backward returned None for input 1 (b), sympy's d/db = a = [1, 2, 3]`."""
    names = [name_of(r.tensor) if isinstance(r, trace.Leaf) else "" for r in call.inputs]
    name = names[i]
    want = np.broadcast_to(want, call.values[i].shape)
    said = _partial(call, i, [n or f"input{k}" for k, n in enumerate(names)], roots, seeds)
    return (f"{call.function}.backward returned None for input {i}" +
            (f" ({name})" if name else "") +
            f", sympy's d/d{name or f'input{i}'}{f' = {said}' if said else ''} = {_shown(want)}")


def _shown(values: np.ndarray, most: int = 6) -> str:
    flat = [f"{v:.4g}" for v in values.reshape(-1)[:most]]
    more = ", …" if values.size > most else ""
    return f"[{', '.join(flat)}{more}]" if values.ndim else flat[0]


def _partial(call, i: int, names: list, roots, seeds) -> str:
    """sympy's derivative of a forward that is one pointwise op of the inputs, with respect to
    input i, in the inputs' names (`a` for a * b and b), where the seed is all ones."""
    if len(roots) != 1 or not np.all(np.asarray(seeds[0]) == 1):
        return ""
    symbols = [sp().Symbol(n, real=True) for n in names]
    form = _pointwise_form(call, roots[0], symbols)
    d = None if form is None else derivative(form, symbols[i])
    return "" if d is None or d.has(sp().Derivative) else str(d)


def _pointwise_derivative(call, roots, seeds, flat: int) -> str:
    """`d/dx exp(x)` where the forward is one pointwise op of one input (`3·d/dx exp(x)`
    where the backward received 3 there); else nothing."""
    if len(roots) != 1 or len(call.inputs) != 1 or np.shape(seeds[0]) != call.values[0].shape:
        return ""
    x = sp().Symbol("x", real=True)
    form = _pointwise_form(call, roots[0], [x])
    if form is None or derivative(form, x).has(sp().Derivative):
        return ""
    received = float(np.asarray(seeds[0]).flat[flat])
    return f"d/dx {form}" if received == 1 else f"{received:.4g}·d/dx {form}"


def _pointwise_form(call, root, symbols: list):
    """The forward as sympy: one pointwise op whose arguments are all the Function's inputs
    (`symbols`, one per input; x * x reads one twice), or None."""
    op = getattr(root, "op", None)
    if op is None or not op.pointwise:
        return None
    where = [next((k for k, r in enumerate(call.inputs) if r is a), None) for a in root.args]
    if None in where:
        return None
    try:
        form = np.asarray((op.sym or op.forward)(
            *[np.asarray(symbols[k], dtype=object) for k in where], **root.params),
            dtype=object).item()
    except (TypeError, ValueError, AttributeError):
        return None
    return form if isinstance(form, sp().Basic) else None
