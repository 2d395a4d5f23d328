"""A checked gradient's numbers and formulas as its row holds them: JSON values (a summary
for large tensors), and each element's formula text, accumulated over calls."""
from __future__ import annotations

import numpy as np

from gradcli.events.encode import data_of, summarise

from . import display
from .compare import Expectation


def formula_texts(exp: Expectation) -> list[str] | None:
    """Each element's formula as a person reads it (display only: values come from sympy's
    derivative as derived)."""
    if exp.texts is not None:
        return exp.texts
    if exp.formulas is None:
        return None
    return display.texts(exp.formulas, exp.point)


def sum_text(terms: list[str]) -> str:
    """`2*x + 3*x**2`; a run of equal terms reads `10*(...)` instead of ten copies."""
    if not any(terms):
        return ""  # an element the check did not sample has no formula
    text, i = "", 0
    while i < len(terms):
        j = i
        while j < len(terms) and terms[j] == terms[i]:
            j += 1
        term = terms[i] if j - i == 1 else f"{j - i}*({terms[i]})"
        text = _join(text, term)
        i = j
    return text or "0"


def _join(a: str, b: str) -> str:
    if not a or a == "0":
        return b
    if not b or b == "0":
        return a
    return f"{a} - {b[1:]}" if b.startswith("-") else f"{a} + {b}"


def number_text(v) -> str:
    v = float(v)
    return str(int(v)) if v.is_integer() else f"{v:.6g}"


MAX_LISTED = 10_000  # elements listed in an event; a larger tensor is summarised


def as_json(array, checked: np.ndarray | None = None):
    """Nested lists of JSON numbers; with `checked`, the elements the check did not evaluate
    (sampled, numeric) are None (JSON null): never a number, nor "nan", a real gradient's value."""
    a = np.asarray(array, dtype=np.float64)
    if checked is not None and np.count_nonzero(checked) == checked.size:
        checked = None
    if a.ndim == 0:
        return _num(float(a)) if checked is None else None
    if a.size > MAX_LISTED:
        return summarise(a, checked)
    return data_of(a, None if checked is None else ~checked)


def same_bits(a, b) -> bool:
    """Whether two arrays hold the same elements bit for bit (-0.0 is not 0.0): one's JSON
    is then the other's (a first gradient is what the pass added, every step of a loop that
    zeroes it)."""
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def _num(v: float):
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    return v
