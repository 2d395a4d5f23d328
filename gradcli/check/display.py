"""Formulas as a person reads them: `3*x**2`, not a page of sympy.

Display only: the check's values are computed from sympy's derivative as it was derived,
never from the text made here. Piecewise branches are resolved at the point the check
evaluated (as the where/masked_fill masks already are), floats lose their 17-digit noise,
and short formulas are offered to factor_terms. Each step is linear in the size of the
formula sympy already built, except factor_terms, which only sees formulas up to
MAX_FACTOR_CHARS: bounded by size, not by a clock, so the same script reads the same.
"""
from __future__ import annotations

import contextlib
import functools
from fractions import Fraction

import numpy as np

from gradcli.engine.symforms import sp

from .dropped import DROPPED, dropped_zero
from .ieee import numeric_value
from .records import TooLarge

MAX_FACTOR_CHARS = 300  # longer formulas skip factor_terms (it took up to 23 ms at 300)
DIGITS = 8  # significant digits of a float constant (float32 holds about 7)


def texts(exprs, point: dict | None = None) -> list[str]:
    """One text per element ("" where there is none). `point` maps each symbol to its
    float64 value where every formula is one element's (not one formula for all)."""
    with _printer().remembering():  # a tensor's elements share their subformulas
        return ["" if e is None else text(e, point) for e in np.asarray(exprs).reshape(-1)]


def text(expr, point: dict | None = None) -> str:
    if not isinstance(expr, sp().Basic):
        return str(expr)
    return _text_everywhere(expr) if point is None else _text(expr, point)


@functools.lru_cache(maxsize=1024)
def _text_everywhere(expr) -> str:
    """A formula that holds at every point (no Piecewise to resolve): a loop shows the same
    one at every step, made once."""
    return _text(expr, None)


def _text(expr, point: dict | None) -> str:
    if point is not None and expr.has(sp().Piecewise):
        expr = at_point(expr, point)
    if expr.has(dropped_zero()):
        expr = without_zero_terms(expr, point)
    expr = tidy_numbers(expr)
    shown = _printer().doprint(expr)
    if len(shown) <= MAX_FACTOR_CHARS:
        shown = min(shown, _folded(expr), key=len)  # equal lengths keep sympy's own form
    return shown


def at_point(expr, point: dict):
    """Each Piecewise replaced by the branch its conditions pick at `point`, as the numeric
    evaluator picks it: a relu's derivative reads `1` or `0`, not its whole definition."""
    cache: dict = {}

    def chosen(*pairs):
        for value, condition in pairs:
            held = True if condition == sp().true else numeric_value(condition, point, cache)
            if np.ndim(held):
                raise TooLarge("a condition over many elements")  # not one element's formula
            if held:
                return value
        return sp().nan

    try:
        return expr.replace(sp().Piecewise, chosen)
    except (TooLarge, KeyError):  # a symbol the point does not value: leave it as derived
        return expr


def without_zero_terms(expr, point: dict | None):
    """The terms torch adds as 0 * a slope, for elements no op read (dropped.Dropped), only
    where they are what makes the value nan: `1 + 0/x` at x = 0, plain `1` elsewhere. (One
    formula for all elements, without a point, keeps them: `0/x` is nan where x = 0.)"""
    zero = dropped_zero()

    def shown(term) -> bool:
        if not term.has(zero) or point is None:
            return True
        try:
            return not np.isfinite(numeric_value(term, point))
        except (TooLarge, KeyError, TypeError):  # not one element's formula: leave it out
            return False

    return expr.func(*filter(shown, expr.args)) if expr.is_Add else \
        (expr if shown(expr) else sp().Integer(0))


def tidy_numbers(expr):
    """Floats as a person writes them: 1.0 -> 1, 0.0833333333333333 -> 1/12. Floats with a
    short decimal (0.1, 0.25) stay, and print with at most DIGITS digits."""
    swaps = {f: _nicer(f) for f in expr.atoms(sp().Float)}
    return expr.xreplace({f: n for f, n in swaps.items() if n is not f})


def _nicer(f):
    v = float(f)
    if not np.isfinite(v):
        return f
    if v.is_integer() and abs(v) < 2**53:
        return sp().Integer(int(v))
    if len(repr(abs(v)).split("e")[0].replace(".", "").strip("0")) <= DIGITS:
        return f  # a short decimal: what the script wrote, most likely
    q = Fraction(v).limit_denominator(1000)
    if abs(q.numerator / q.denominator - v) <= 1e-12 * abs(v):
        return sp().Rational(q.numerator, q.denominator)  # a mean's 1/12, printed long
    return f


def _folded(expr) -> str:
    """factor_terms pulls out common factors without expanding anything: `(x + 1)*exp(x)`,
    `(2*a - b)/3`. (cancel and piecewise_fold were tried: the one can take 100 ms on a short
    formula, the other writes conditions longer than what it saves.)"""
    return _printer().doprint(sp().factor_terms(expr))


@functools.cache
def _printer():
    """Made on first use: sympy is imported only when the check runs (see symforms)."""
    from sympy.printing.str import StrPrinter

    class _Readable(StrPrinter):
        """sympy's printer, with Python's words where sympy has its own: a Piecewise reads as
        `(1 if x > 0 else 0)`, Abs as abs, and floats without their 17-digit tails."""

        _memo: dict | None = None

        @contextlib.contextmanager
        def remembering(self):
            """Each subformula printed once while inside: a group norm's elements each hold
            its mean and variance, which sympy's printer would otherwise print (and sort the
            terms of) once per occurrence. Equal sympy expressions print the same text."""
            outer, self._memo = self._memo, self._memo if self._memo is not None else {}
            try:
                yield
            finally:
                self._memo = outer

        def _print(self, expr, **kwargs):
            memo = self._memo
            if memo is None or kwargs or not isinstance(expr, sp().Basic):
                return super()._print(expr, **kwargs)
            shown = memo.get(expr)
            if shown is None:
                shown = memo[expr] = super()._print(expr)
            return shown

        def _print_Symbol(self, expr):
            return "0" if expr.name == DROPPED else expr.name

        def parenthesize(self, item, level, strict=False):
            if level and isinstance(item, sp().Symbol) and item.name.startswith("-"):
                return f"({item.name})"  # a constant such as -2 (symforms.constant): (-2)**b
            return super().parenthesize(item, level, strict)

        def _print_Float(self, expr):
            return f"{float(expr):.{DIGITS}g}"

        def _print_Piecewise(self, expr):
            parts = []
            for value, condition in expr.args:
                if condition == sp().true:
                    parts.append(self._print(value))
                    break
                parts.append(f"{self._print(value)} if {self._print(condition)} else")
            else:
                parts.append("nan")  # no branch holds: the evaluator's value too
            return "(" + " ".join(parts) + ")"

        def _print_Or(self, expr):
            return " or ".join(map(self._print, expr.args))

        def _print_And(self, expr):
            return " and ".join(map(self._print, expr.args))

        def _print_Not(self, expr):
            return f"not {self._print(expr.args[0])}"

        def _print_Abs(self, expr):
            return f"abs({self._print(expr.args[0])})"

        def _print_Unequality(self, expr):
            return f"{self._print(expr.lhs)} != {self._print(expr.rhs)}"

        def _print_Equality(self, expr):
            return f"{self._print(expr.lhs)} == {self._print(expr.rhs)}"

    return _Readable()
