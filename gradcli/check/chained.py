"""Second derivatives through a large first one (a gradient penalty: the norm of a network's
gradient with respect to its input, then backward): sympy's first derivative is an expression
per element of hundreds of operations, and differentiating the objective built on them element
by element takes sympy tens of seconds. Here each element of that first derivative stands as a
symbol g_i in the objective L, and the chain rule joins sympy's two derivatives:
dL/dw = ∂L/∂w + Σ_i ∂L/∂g_i · ∂g_i/∂w, each g_i valued by sympy's own first derivative.
All three derivatives are sympy's; the engine's rules are read nowhere."""
from __future__ import annotations

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import sp

from .derive import differentiate
from .ieee import evaluate, point_of
from .records import Derived

CHAIN_OPERATIONS = 400  # first derivatives larger than this (all elements) go through symbols


class StandIn:
    """A first derivative (a Derived record) seen as an independent variable: one symbol per
    element, valued as sympy's first derivative at the point."""

    def __init__(self, derived: Derived, values: np.ndarray):
        self.derived, self.version, self.tensor = derived, 0, None
        self.value = trace.Snapshot(values)


def derived_under(roots) -> list[Derived]:
    found, seen, stack = [], set(), list(roots)
    while stack:
        r = stack.pop()
        if r is None or id(r) in seen:
            continue
        seen.add(id(r))
        if isinstance(r, Derived):
            found.append(r)
            continue
        stack.extend(getattr(r, "args", ()))
    return found


def worth_chaining(derived: list[Derived]) -> bool:
    """Whether sympy's first derivatives are large enough that differentiating through them
    element by element would cost more than the chain rule's two smaller derivatives."""
    total = 0
    for d in derived:
        if d.cut is not None or d.through is not None:
            return False  # (gradients of intermediates: kept on the plain path)
        total += sum(sp().count_ops(e) for e in np.asarray(d.exprs, dtype=object).reshape(-1)
                     if hasattr(e, "free_symbols"))
    return total > CHAIN_OPERATIONS


def stand_in(derived: Derived, leaf_entries: list) -> StandIn:
    """A stand-in valued by sympy's first derivative at the leaves' values (not the engine's)."""
    point = point_of([e.symbols for e in leaf_entries], [e.values for e in leaf_entries])
    return StandIn(derived, evaluate(np.asarray(derived.exprs, dtype=object), point))


def add_chain_terms(total: np.ndarray, objective, cut_entries: list, entries: list, sample,
                    work) -> None:
    """Adds to `total` (d L / d w holding the stand-ins) Σ_i ∂L/∂g_i · ∂g_i/∂w over the
    stand-ins' elements, for each element w of `entries` (or the sampled flat indices)."""
    flat = total.reshape(-1)
    indices = range(flat.size) if sample is None else sample
    for cut in cut_entries:
        outer = differentiate(objective, cut.symbols, None, work).reshape(-1)
        inner_exprs = np.asarray(cut.record.derived.exprs, dtype=object).reshape(-1)
        for d_outer, g in zip(outer, inner_exprs, strict=True):
            if d_outer == 0 or not hasattr(g, "free_symbols"):
                continue
            for e in entries:
                inner = differentiate(g, e.symbols, sample, work).reshape(-1)
                for i in indices:
                    if inner[i] != 0:
                        flat[i] = flat[i] + d_outer * inner[i]
