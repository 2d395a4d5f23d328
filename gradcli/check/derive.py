"""sympy's derivatives of the replayed forward, with torch's conventions for step functions,
on every element of a tensor or on a deterministic sample."""
from __future__ import annotations

import functools
import random

import numpy as np

from gradcli.engine.symforms import sp

from .replay import DerivativeWork

MAX_EXACT_SYMBOLS = 48  # per tensor: differentiate every element up to this, else a sample
SAMPLE = 16
# The sympy functions of the step ops' forms (the rows whose elements_read is "nothing"), by
# name; sign too: sympy leaves sign(u)' unevaluated where it cannot tell that u is real
STEP_FUNCTIONS = frozenset({"floor", "ceiling", "round", "sign"})


def differentiate(objective, symbols: np.ndarray, sample: list | None,
                  work: DerivativeWork | None = None):
    """d objective / d s for each symbol s (or only the sampled flat indices), refused
    (OverBudget) before sympy starts where `work` has no room for them: deep graphs (a GRU's
    steps) take sympy minutes."""
    flat = symbols.reshape(-1)
    out = np.empty(flat.shape, dtype=object)
    indices = range(flat.size) if sample is None else sample
    terms = _terms_by_symbol(objective)
    if work is not None:
        work.spend([terms.get(flat[i], ()) for i in indices])
    for i in indices:
        relevant = terms.get(flat[i], ())
        # (each term's step functions flattened before the sum: sympy cannot order an Add of
        # two Subs of one step function's derivative at different points)
        out[i] = sp().Add(*(term_derivative(t, flat[i]) for t in relevant))
    return out.reshape(symbols.shape)


@functools.lru_cache(maxsize=4096)
def term_derivative(term, symbol):
    """d term / d symbol with torch's conventions. Kept (sympy's own cache is too small for
    them): gradcheck's passes, one per output element, and a loop's passes that leave the
    weights as they were differentiate the same terms again."""
    return torch_conventions(sp().diff(term, symbol))


def _terms_by_symbol(objective) -> dict:
    """The objective's terms, indexed by the symbols they contain: a derivative then visits
    only its own terms (each weight of a matmul appears in one row of a sum, not all)."""
    index: dict = {}
    for term in sp().Add.make_args(objective):
        for s in term.free_symbols:
            index.setdefault(s, []).append(term)
    return index


def torch_conventions(d):
    """Where sympy leaves a step function's derivative symbolic, torch's is 0: floor, round
    and sign are flat wherever torch differentiates them (sign'(0) = 0 too)."""
    if d.has(sp().DiracDelta):
        d = d.replace(sp().DiracDelta, lambda *args: sp().Integer(0))
    if d.has(sp().Derivative):
        d = d.replace(lambda e: isinstance(e, sp().Derivative) and
                      getattr(e.expr.func, "__name__", "") in STEP_FUNCTIONS,
                      lambda e: sp().Integer(0))
        if d.has(sp().Subs):
            d = d.doit()  # Subs(0, ...) left where the chain rule met a step function
    return d


def choose_sample(n: int) -> list | None:
    if n <= MAX_EXACT_SYMBOLS:
        return None
    rng = random.Random(n)  # deterministic: the same script samples the same elements
    return sorted(rng.sample(range(n), SAMPLE))


