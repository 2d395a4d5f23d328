"""The accumulation ledger: each tensor's .grad as a sum of contributions, from the events alone."""
from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gradcli.events.encode import data_of, listed_array
from gradcli.events.events import BackwardEvent, Event

ZEROED = ".grad was zeroed"
SET_BY_HAND = "set by hand"
# Rows that are no part of a .grad: autograd.grad's results, what a hook received.
NOT_ACCUMULATED = ("returned by autograd.grad", ".grad is not touched")
# How close .grad must be to (total so far + this call's part) to continue the same ledger:
# the engine adds in the tensor's dtype, float32 at worst.
RTOL, ATOL = 1e-4, 1e-6


@dataclass(frozen=True)
class Contribution:
    """What one backward()/autograd.grad() call added to a tensor's .grad."""

    call: int  # as the gradient tables number calls
    line: int
    source: str
    added: Any  # nested lists, JSON numbers
    formula: list[str] | None  # sympy's form of each element of `added`
    grad: Any  # .grad after the call
    terms: tuple[Any, ...]  # every part of `grad` since the ledger (re)started, in order


@dataclass(frozen=True)
class Restart:
    """The ledger starts again before a call: .grad was zeroed, set, or started afresh."""

    reason: str
    start: Any  # the value .grad held before the call (None: it was None)


@dataclass
class Ledger:
    name: str
    shape: tuple[int, ...]
    entries: list[Contribution | Restart] = field(default_factory=list)

    def contributions(self) -> list[Contribution]:
        return [e for e in self.entries if isinstance(e, Contribution)]


@dataclass(frozen=True)
class AccumulationHint:
    """Several calls at one line added into the same .grad with no reset between them."""

    name: str
    line: int
    source: str
    calls: int

    @property
    def message(self) -> str:
        return (f"{self.name}.grad accumulated over {self.calls} calls at line {self.line} "
                f"(`{self.source}`) with no reset in between: if each call should start "
                f"afresh, as a training step should, call {self.name}.grad.zero_() (or set "
                f"{self.name}.grad = None) before it")


def build_ledgers(events: Iterable[Event]) -> list[Ledger]:
    """One ledger per tensor name, in the order the tensors first received a gradient."""
    ledgers: dict[str, Ledger] = {}
    number = 0
    for event in events:
        if not isinstance(event, BackwardEvent):
            continue
        number += 1
        for row in event.grads:
            if any(phrase in row.note for phrase in NOT_ACCUMULATED):
                continue
            ledger = ledgers.setdefault(row.name, Ledger(row.name, row.shape))
            _enter(ledger, event, event.call or number, row)
    return list(ledgers.values())


def _enter(ledger: Ledger, event: BackwardEvent, call: int, row: Any) -> None:
    previous = ledger.entries[-1] if ledger.entries else None  # always a Contribution
    restart = _restart(previous, row)
    if restart is not None:
        ledger.entries.append(restart)
    terms: tuple = (row.added,)
    if restart is None and previous is not None:
        terms = previous.terms + terms
    elif restart is not None and restart.start is not None and ZEROED not in restart.reason \
            and any_nonzero(restart.start):
        terms = (restart.start, row.added)
    ledger.entries.append(Contribution(call, event.line, event.source, row.added,
                                       row.added_formula, row.grad, terms))


def _restart(previous: Contribution | None, row: Any) -> Restart | None:
    """Why this call does not continue the previous total, or None when it does."""
    if ZEROED in row.note:  # the check saw it all zeros: no need to subtract the lists
        return Restart(".grad was zeroed before this call", _zeros(row))
    if SET_BY_HAND in row.note:
        return Restart(".grad was set by hand before this call", _before(row))
    if previous is None:
        return None
    # .grad == what this call added: it started afresh, unless the total before was ~0 and
    # .grad is also total + added; then which is moot, and reading it as a restart keeps a
    # loop that zeroes .grad from being taken for one that forgets to (a bias before a
    # BatchNorm, whose gradient is 0; a fit near its minimum, whose gradient is ~1e-7)
    if _continues(None, row.added, row.grad):
        return Restart(".grad was None or zero before this call (zero_(), = None, or a new "
                       "tensor under this name)", None)
    if _continues(previous.grad, row.added, row.grad):
        return None
    return Restart(".grad was changed outside backward() before this call", _before(row))


def _continues(total: Any, added: Any, grad: Any) -> bool:
    """Whether grad == total + added (total None: grad == added). A large tensor comes
    summarised; its mean is linear, so the means must add up."""
    if all(map(listed, (total if total is not None else 0.0, added, grad))):
        expected = _array(added)  # (each list made an array once: loops make many calls)
        if total is not None:
            start = _array(total)
            if start.shape != expected.shape:
                return False  # another tensor under the same name
            with np.errstate(all="ignore"):  # inf and nan are gradients' values here
                expected = start + expected
        return _close(expected, grad)
    if total is not None and _shape(total) != _shape(added):
        return False
    if total is None:  # grad == added: every statistic the same, not the mean alone
        return all(_close_stat(added.get(key), grad.get(key)) for key in ("mean", "min", "max"))
    return _close_stat(total.get("mean") + added.get("mean")
                       if _numbers(total.get("mean"), added.get("mean")) else "nan",
                       grad.get("mean"))


def _numbers(*stats: Any) -> bool:
    return not any(isinstance(s, str) for s in stats)


def _close_stat(a: Any, b: Any) -> bool:
    """Two statistics of a summary agree; "nan"/"inf" cannot tell: assume they do."""
    if not _numbers(a, b):
        return True
    return math.isclose(a, b, rel_tol=RTOL, abs_tol=ATOL)


def accumulation_hints(ledgers: Iterable[Ledger]) -> list[AccumulationHint]:
    """Ledgers where one line added into .grad several times in a row without a reset: the
    classic loop that forgets zero_()."""
    hints = []
    for ledger in ledgers:
        run: list[Contribution] = []
        for entry in [*ledger.entries, None]:
            if isinstance(entry, Contribution) and run and entry.line == run[0].line:
                run.append(entry)
                continue
            if len(run) >= 2:
                hints.append(AccumulationHint(ledger.name, run[0].line, run[0].source,
                                              len(run)))
            run = [entry] if isinstance(entry, Contribution) else []
    return hints


# ---- numbers in nested lists -----------------------------------------------------------


def listed(data: Any) -> bool:
    """Numbers or nested lists of them; not the summary events give for a large tensor."""
    return not isinstance(data, dict)


def _shape(data: Any) -> tuple:
    return tuple(data["shape"]) if not listed(data) else np.shape(_array(data))


def _array(data: Any) -> np.ndarray:
    array = listed_array(data)  # (read only here: a fresh array below is never shared)
    if array is not None:
        return array
    return np.array(data, dtype=np.float64)  # "nan", "inf" and "-inf" come as strings


def _before(row: Any) -> Any:
    """.grad before the call: after minus added (exact for the zeroed and set-by-hand cases
    up to rounding, which display precision hides); None for a summarised tensor."""
    if not (listed(row.grad) and listed(row.added)):
        return None
    with np.errstate(all="ignore"):  # inf - inf: nan, as torch's own subtraction
        return data_of(_array(row.grad) - _array(row.added))


def _zeros(row: Any) -> Any:
    """A zeroed .grad as _before gives it: zeros in the row's shape; None when summarised."""
    return _zero_lists(tuple(row.shape)) if listed(row.grad) else None


@functools.lru_cache(maxsize=64)
def _zero_lists(shape: tuple) -> list:
    """Zeros as nested lists, one list per shape for all the restarts of a training loop
    (800 of the MLP's 200 steps): ledgers are read, never written."""
    return np.zeros(shape).tolist()


def _close(a: Any, b: Any) -> bool:
    x, y = _array(a), _array(b)
    return x.shape == y.shape and bool(np.all(
        np.isclose(x, y, rtol=RTOL, atol=ATOL, equal_nan=True) | (x == y)))


def any_nonzero(data: Any) -> bool:
    return not listed(data) or bool(np.any(_array(data) != 0))
