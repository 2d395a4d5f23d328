"""IEEE-true expectations: where sympy's simplified derivative and a gradient disagree, the
chain rule through each op (the structured path, in IEEE float64 on the values as torch made
them, with the float rounding bound of its own sums) is a second opinion on those elements;
where the gradient is nan and sympy's derivative a number, the numeric replay decides whether
sympy's identities removed a nan torch's arithmetic keeps (issue #30)."""
from __future__ import annotations

from typing import Any

import numpy as np

from . import numeric, structured, vectorized
from .compare import Expectation, close_elements, in_dtype, judged, rounding_allowance
from .records import TooLarge


def expected_after(before, added, dtype: str) -> np.ndarray:
    """What `.grad` should hold after the pass: its value before plus sympy's, each as the
    dtype can hold it (a sum past its range is inf, as torch's own addition makes it)."""
    added = in_dtype(added, dtype)
    if before is None:  # (0.0 + x: -0.0 reads 0.0, as .grad = 0 + x has it; no new overflow)
        return np.asarray(0.0 + added)
    return in_dtype(before + added, dtype)  # (float64: added is)


LOST_NAN = ("sympy's derivative is finite where the gradient is nan and so is the forward "
            "around the point (an identity such as log(sqrt(x)) = log(x)/2 removed the nan)")


def with_chain(record, roots, targets, found: dict) -> dict:
    """Each expectation of sympy's simplified derivative gets the chain rule op by op as a
    second opinion (the structured path, worked out once for the pass, and only when a
    comparison fails). Not past a hook, whose cut the structured path does not make."""
    if record.hooks:
        return found
    done: list = []

    def chain() -> dict:
        if not done:
            try:
                done.append(structured.expect(record, roots, targets))
            except TooLarge:
                done.append({})
        return done[0]
    for t in targets:
        exp = found.get(id(t.tensor))
        if exp is not None and exp.method in ("symbolic", "sampled") and exp.rounding is None:
            exp.chain = lambda t=t: chain().get(id(t.tensor))
    return found


def second_opinion(t: Any, exp: Expectation, expected, dtype: str, rtol, atol):
    """Where sympy's simplified derivative and the gradient disagree, the chain rule through
    each op in IEEE float64, with the float rounding bound of its own sums, judges those
    elements: (match, max error, expected, its mask, a note) when it agrees, else None."""
    chain = exp.chain()
    if chain is None or chain.method == "none":
        return None
    agreed = close_elements(t.after, expected, rtol, atol).reshape(np.shape(expected))
    if exp.mask is not None:
        agreed &= exp.mask
    by_chain = expected_after(t.before, chain.added, dtype)
    combined = np.where(agreed, expected, by_chain)
    mask = None if chain.mask is None else chain.mask | agreed
    match, worst, _ = judged(t.after, combined, rtol, atol, mask,
                             rounding_allowance(chain, dtype))
    if not match:
        return None
    decided = ~agreed if mask is None else ~agreed & mask
    singular = ~(np.isfinite(by_chain) & np.isfinite(np.where(agreed, 0, expected)))
    n = int(np.count_nonzero(decided))
    where = f"at {n} element{'s' if n > 1 else ''}"
    if np.any(singular & decided):
        note = (f"{where} sympy's simplified derivative differs from the chain rule "
                "through each op in IEEE float64 (inf, nan, signed zero as torch computes "
                "them), which the gradient equals: a singular point the simplification removed")
    else:
        note = (f"{where} the gradient is within the float rounding bound of its own "
                "sums (eps·Σ|terms|, the chain rule through each op), not rtol")
    return match, worst, combined, mask, note


def nan_kept(record, roots, targets, found: dict) -> dict:
    """Where the engine's gradient is nan and sympy's is a number, the numeric replay (IEEE,
    as torch) decides: if it is nan there too, sympy's identities removed a nan torch's
    arithmetic keeps (log(sqrt(x)) at x < 0), and the row is checked numerically; if it is a
    number, the mismatch stands; where it cannot judge (the forward is not finite around the
    point), the element is unchecked. Only for elementwise graphs, which the replay differences
    element by element: elsewhere one nan term makes every difference nan, and proves nothing."""
    if record.hooks:
        return found
    suspects = [t for t in targets if id(t.tensor) in found
                and lost_elements(t, found[id(t.tensor)]).any()
                and not chain_keeps_nan(t, found[id(t.tensor)])]
    if not suspects or vectorized.elementwise_size(roots) < 0:
        return found
    try:
        numeric_found = numeric.expect(record, roots, suspects, reason=LOST_NAN)
    except TooLarge:
        return found
    for t in suspects:
        n = numeric_found[id(t.tensor)]
        # the replay's verdict where it judged (nan there too), and unchecked where it could
        # not (the forward is not finite around the point): no proof of a mismatch either way
        if n.method == "none":
            found[id(t.tensor)] = n
            continue
        lost = lost_elements(t, found[id(t.tensor)])
        checked = lost if n.mask is None else lost & n.mask
        if np.isnan(n.added[checked]).all():
            found[id(t.tensor)] = n
    return found


def chain_keeps_nan(target, exp: Expectation) -> bool:
    """Whether the chain rule through each op (IEEE, as torch) is nan wherever the gradient is
    and sympy's derivative is not: the row's second opinion then judges every element."""
    chain = exp.chain() if exp.chain is not None else None
    if chain is None or chain.method == "none":
        return False
    lost = lost_elements(target, exp)
    return bool(np.isnan(np.broadcast_to(chain.added, lost.shape)[lost]).all())


def lost_elements(target, exp: Expectation) -> np.ndarray:
    """The elements where the gradient is nan and the expectation a number it checked."""
    added = np.asarray(target.added)
    if exp.method == "none" or not np.count_nonzero(np.isnan(added)):  # (usual: no nan)
        return np.zeros(0, dtype=bool)
    lost = np.isnan(added) & np.isfinite(exp.added)
    return lost if exp.mask is None else lost & exp.mask
