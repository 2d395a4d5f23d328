"""Exact gradients of graphs too large for per-element sympy: reverse accumulation over the
recorded forward, in float64, on every element. Each op's part comes from its forward, never
from the engine's VJP rules:

- a pointwise op: sympy differentiates its sym form once per op kind and input (on scalar
  symbols), and the derivative is evaluated on the replayed values of all elements;
- a contraction (mm, bmm, mv, dot, sums, means; addmm's plus its bias): its `Op.contraction`
  einsum, transposed mechanically (the gradient of one operand is the einsum of the others
  with the output's; an added input's is the output's, summed back to its shape);
- a rearrangement (views, selections, cat, stack): its forward run on element tags says where
  each output element came from, and the gradient is added back there.

Anything else raises TooLarge, and the check falls back to finite differences as before.
"""
from __future__ import annotations

import functools

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import sp

from .compare import Expectation
from .dropped import reduce_to
from .ieee import numeric_value
from .numeric import replay
from .records import Derived, Opaque, TooLarge, leaf_records
from .vectorized import derivative

NOTE = ("structured: every element exact in float64: sympy's derivative of each pointwise op, "
        "contractions transposed from their einsum form, rearrangements traced on element tags")
REARRANGES = ("view", "selection")  # layout or elements_read of an op that only moves elements


def expect(record, roots, targets) -> dict:
    """{id(target tensor): Expectation} for every target, or TooLarge when an op under the
    roots is none of the three kinds."""
    values: dict = {}
    for root in roots:
        values.update(replay(root, {}))
    order = _reverse_topological(roots)
    grads: dict = {}
    for root, seed in zip(roots, record.grad_outputs, strict=True):
        _add(grads, root, np.broadcast_to(np.asarray(seed, np.float64), values[id(root)].shape))
    for r in order:
        g = grads.get(id(r))
        if g is None or not isinstance(r, trace.OpRecord):
            continue
        args = [values[id(a)] for a in r.args]
        for a, part in zip(r.args, _input_grads(r, g, args), strict=True):
            if part is not None and not isinstance(a, trace.Const):
                _add(grads, a, part)
    return {id(t.tensor): _expectation(t, roots, grads, values) for t in targets}


def _reverse_topological(roots) -> list:
    """The records under the roots, each after every record that reads it."""
    order, seen = [], set()
    for root in roots:
        stack = [(root, False)]
        while stack:
            r, expanded = stack.pop()
            if expanded:
                order.append(r)
                continue
            if id(r) in seen:
                continue
            if isinstance(r, (Derived, Opaque)):
                raise TooLarge("a create_graph gradient in the graph")
            seen.add(id(r))
            stack.append((r, True))
            stack.extend((a, False) for a in getattr(r, "args", ()) if id(a) not in seen)
    return order[::-1]


def _add(grads: dict, r, g: np.ndarray) -> None:
    grads[id(r)] = g if id(r) not in grads else grads[id(r)] + g


def _input_grads(r, g: np.ndarray, args: list) -> list:
    op = r.op
    if op.pointwise and op.condition is None:
        return [None if not _differentiable(a) else
                reduce_to(np.add, np.broadcast_to(g * _partial(r, i, args), g.shape), a.shape)
                for i, a in enumerate(args)]
    if op.contraction is not None:
        contraction = op.contraction(*[a.shape for a in args], **r.params)
        k = op.added_input
        if k is None:
            return _transposed(contraction, g, args)
        grads = _transposed(contraction, g, args[:k] + args[k + 1:])
        added = reduce_to(np.add, g, args[k].shape) if _differentiable(args[k]) else None
        return grads[:k] + [added] + grads[k:]
    if op.layout == "view" or op.elements_read == "selection" or op.rearranges:
        return _traced_back(r, g, args)
    raise TooLarge(f"{op.grad_fn} has no structured form")


def _differentiable(a) -> bool:
    return isinstance(a, np.ndarray) and a.dtype.kind == "f"


def _partial(r, i: int, args: list) -> np.ndarray:
    """d out / d input i of a pointwise op, on every (broadcast) element."""
    symbols, d = _symbolic_partial(r.op, i, len(args), _hashable(r.params))
    if d.has(sp().Derivative, sp().Subs):
        raise TooLarge(f"sympy cannot differentiate {r.op.grad_fn}'s form")
    return np.asarray(numeric_value(d, dict(zip(symbols, args, strict=True))), np.float64)


@functools.lru_cache(maxsize=512)
def _symbolic_partial(op, i: int, n: int, params: tuple):
    symbols = [sp().Symbol(f"a{k}", real=True) for k in range(n)]
    inputs = [np.asarray(s, dtype=object) for s in symbols]
    with sp().evaluate(False):
        form = np.asarray((op.sym or op.forward)(*inputs, **dict(params)), dtype=object).item()
    return symbols, derivative(form, symbols[i])


def _hashable(params: dict) -> tuple:
    try:
        key = tuple(sorted(params.items()))
        hash(key)
        return key
    except TypeError:  # an array param: not a pointwise op sympy can take once per kind
        raise TooLarge("an op with array parameters") from None


def _transposed(contraction: tuple[str, float], g: np.ndarray, args: list) -> list:
    """The gradient of each operand of `scale * einsum(spec, *args)`: the einsum of the output's
    gradient with the other operands, into that operand's indices. An index found nowhere
    else was summed away by the forward: the gradient is the same all along it."""
    spec, scale = contraction
    inputs, output = spec.split("->")
    subscripts = inputs.split(",")
    sizes = {c: n for sub, a in zip(subscripts, args, strict=True) for c, n in zip(sub, a.shape)}
    g = g.reshape([sizes[c] for c in output])  # (a keepdim sum's kept dims are not in spec)
    out = []
    for i, (a, sub) in enumerate(zip(args, subscripts, strict=True)):
        if not _differentiable(a):
            out.append(None)
            continue
        others = [k for k in range(len(args)) if k != i]
        present = set(output).union(*[subscripts[k] for k in others])
        kept = "".join(c for c in sub if c in present)
        part = np.einsum(",".join([output, *[subscripts[k] for k in others]]) + "->" + kept,
                         g, *[args[k] for k in others], optimize=True)
        part = part.reshape([sizes[c] if c in present else 1 for c in sub])
        out.append(np.broadcast_to(part, a.shape) * scale)
    return out


def _traced_back(r, g: np.ndarray, args: list) -> list:
    """Run the forward on tags (each input element's flat position, the inputs numbered one
    after another), then add each output element's gradient to the element its tag names."""
    offsets = np.cumsum([0] + [a.size for a in args])
    tags = [np.arange(offsets[k], offsets[k + 1], dtype=np.float64).reshape(a.shape)
            if _differentiable(a) else a for k, a in enumerate(args)]
    moved = np.asarray(r.op.forward(*tags, **r.params))
    if moved.shape != g.shape:
        raise TooLarge(f"{r.op.grad_fn} does not only move elements")
    total = np.zeros(offsets[-1])
    np.add.at(total, moved.reshape(-1).astype(np.int64), g.reshape(-1))
    return [total[offsets[k]:offsets[k + 1]].reshape(a.shape) if _differentiable(a) else None
            for k, a in enumerate(args)]


def _expectation(target, roots, grads: dict, values: dict) -> Expectation:
    tensor = target.tensor
    if tensor.grad_fn is None:
        parts = [grads[id(r)] for root in roots for r in leaf_records(root)
                 if r.tensor is tensor and id(r) in grads]
    else:
        parts = [grads[id(tensor._record)]] if id(tensor._record) in grads else []
    shape = np.shape(target.added)
    total = np.zeros(shape)
    for part in parts:
        total = total + np.broadcast_to(part, shape)
    return Expectation(total, None, "symbolic", NOTE)
