"""Surrogate gradients: a custom Function's backward that is on purpose not the derivative of
its forward (a gradient reversal returns -g, a straight-through round returns g).

How the backward relates to sympy's d/dx of its forward is said either way: identity (the
gradient it received, unchanged), negated or scaled by a constant, clipped (the received
gradient with some elements zeroed), or unrelated. Undeclared, the mismatch stands and the row
names the directive that declares the intent. Declared (`# gradcli: surrogate Name`), the
backward's values are taken as given, and every gradient the pass carries on from them is
still checked exactly: the leaves under the Function's inputs are expected to get sympy's
gradient plus the chain, through the records below the Function, of what its backward
returned beyond sympy's values (the whole gradient is linear in what flows there)."""
from __future__ import annotations

import dataclasses

import numpy as np

from gradcli.engine import trace

from . import structured
from .compare import matches
from .numeric import replay
from .records import TooLarge


@dataclasses.dataclass
class Surrogate:
    """One apply of a declared surrogate in this pass: its call, and per tensor input what its
    backward returned minus sympy's values (None where nothing differs)."""

    call: trace.FunctionCall
    extra: list


def relation(got: np.ndarray, want: np.ndarray, received: np.ndarray | None, tol) -> str:
    """How `got` (what a backward returned) relates to `want` (sympy's derivative of the
    forward, chained with `received`, the gradient the backward was given; None where its
    shape is not the input's)."""
    def close(a, b) -> bool:
        return bool(matches(got if a is None else a, b, *tol)[0])

    if received is not None and close(None, received):
        return "returns the gradient it received unchanged (identity), not d/dx of its forward"
    scale = _scale(got, want)
    if scale is not None and close(None, scale * want):
        said = "negated" if scale == -1 else "scaled by a constant"
        return f"returns {scale:.4g} × d/dx of its forward ({said})"
    if received is not None:
        zeroed = np.isclose(got, 0) & ~np.isclose(received, 0)
        if zeroed.any() and close(np.where(zeroed, 0, got), np.where(zeroed, 0, received)):
            return (f"returns the gradient it received with {int(zeroed.sum())} of "
                    f"{got.size} elements zeroed (clipped identity), not d/dx of its forward")
    return "returns values unrelated to d/dx of its forward"


def _scale(got: np.ndarray, want: np.ndarray) -> float | None:
    """The constant c with got = c·want, read where want is largest (None where it is 0)."""
    if not want.size or not np.isfinite(want).all():
        return None
    peak = int(np.argmax(np.abs(want)))
    if want.flat[peak] == 0:
        return None
    scale = float(got.flat[peak] / want.flat[peak])
    return float(np.round(scale, 6)) if np.isfinite(scale) else None


def hint(function: str, said: str) -> str:
    """What an undeclared surrogate's mismatch row adds."""
    return (f"{function}.backward {said}; if that is intended (a surrogate gradient), declare "
            f"it: `# gradcli: surrogate {function}`")


def declared_note(function: str, said: str) -> str:
    """What a declared surrogate's rows say in place of the check of its backward."""
    return (f"{function}.backward (a declared surrogate) {said}; the gradients through it "
            "are checked against its values")


def through_backwards(surrogates: list[Surrogate], targets, expectations: dict) -> dict:
    """The expectations with each declared surrogate's backward taken as given: to each
    target under a surrogate's inputs, the chain of what the backward returned beyond sympy's
    values. A target whose chain has no structured form is left as it was (its mismatch
    stands, with the row's note)."""
    chains = [_chain(s) for s in surrogates]
    chains = [c for c in chains if c[0]]
    names = ", ".join(dict.fromkeys(s.call.function for s in surrogates))
    out = dict(expectations)
    for t in targets:
        exp = expectations.get(id(t.tensor))
        if exp is None or exp.method == "none":
            continue
        try:
            extra = _chained_extra(chains, t.tensor, np.shape(t.added))
        except TooLarge:
            continue
        if extra is not None:
            out[id(t.tensor)] = dataclasses.replace(
                exp, added=exp.added + extra, formulas=None, texts=None, matrix=None,
                chain=None, note=_joined(exp.note, f"expected: sympy's chain through "
                                                   f"{names}.backward's values"))
    return out


def _chain(surrogate: Surrogate) -> tuple[list, list, dict]:
    """The inputs where the backward returned something beyond sympy's, that extra, and the
    replayed values under them (once per pass)."""
    roots = [r for r, e in zip(surrogate.call.inputs, surrogate.extra, strict=True)
             if e is not None]
    values: dict = {}
    for root in roots:
        values.update(replay(root, {}))
    return roots, [e for e in surrogate.extra if e is not None], values


def _chained_extra(chains: list, tensor, shape: tuple) -> np.ndarray | None:
    """Σ over the surrogates whose inputs read `tensor` of the chain of their extra gradient
    down to it; None where none reads it."""
    total = None
    for roots, seeds, values in chains:
        stops = _records_of(roots, tensor)
        if not stops:
            continue
        for grad in structured.vector_jacobian(roots, seeds, stops, values):
            if grad is not None:
                part = np.reshape(np.broadcast_to(grad, shape), shape)
                total = part if total is None else total + part
    return total


def _records_of(roots: list, tensor) -> list:
    """The records under `roots` that stand for `tensor`: a retained non-leaf's own record,
    or a leaf's records (one per version the graph read)."""
    own = getattr(tensor, "_record", None) if tensor.grad_fn is not None else None
    seen, found, stack = set(), [], list(roots)
    while stack:
        r = stack.pop()
        if r is None or id(r) in seen:
            continue
        seen.add(id(r))
        if r is own or isinstance(r, trace.Leaf) and r.tensor is tensor:
            found.append(r)
            continue
        stack.extend(getattr(r, "args", ()))
    return found


def _joined(note: str, more: str) -> str:
    return f"{note}; {more}" if note else more
