"""What the check expects of a gradient, and how close the engine's must be: per-dtype
tolerances (--rtol/--atol override them), comparisons where nan matches nan."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

TOLERANCES = {"float16": (1e-2, 1e-3), "float32": (1e-4, 1e-5), "float64": (1e-7, 1e-9)}
# the float64 magnitude from which a value rounds to inf in each narrower dtype: its largest
# number plus half a unit in the last place (that tie rounds to even, which is the overflow)
def _overflow_limit(name: str) -> float:
    top = np.finfo(name).max
    return float(top) + (float(top) - float(np.nextafter(top, np.zeros((), name)))) / 2


OVERFLOW = {name: _overflow_limit(name) for name in ("float16", "float32")}
EPS = {name: float(np.finfo(name).eps) for name in TOLERANCES}


@dataclass
class Expectation:
    added: np.ndarray  # float64, what this pass should add
    formulas: np.ndarray | None  # object array of sympy expressions, same shape
    method: str
    note: str
    mask: np.ndarray | None = None  # the elements checked, when not all of them
    point: dict | None = None  # symbol -> value where each formula is one element's (display)
    # how far float32 rounding may move each element (a float32 sum of many terms rounds by
    # up to about eps·Σ|terms|, however small the sum itself; structured.py spreads that
    # through the graph), computed when a comparison fails: right at least on the elements
    # given (a mask, the failing ones), which may be all that is worked out
    rounding: Callable[[np.ndarray | None], np.ndarray] | None = None
    matrix: object = None  # matrix_form.MatrixForm: the structured path's gradient as text
    # the formulas' texts where they were kept from an earlier run (formulas is None then)
    texts: list[str] | None = None
    # method "none": why (events.UNCHECKED_REASONS), the note says it in words
    why: str = ""
    # sympy's derivative simplifies (sqrt(x*x)' = sign(x), log(exp(x))' = 1) where torch
    # follows the chain rule op by op in IEEE arithmetic (nan at 0, nan where exp overflows),
    # and its exact value has no float32 rounding bound: the chain's expectation (structured
    # path, with eps·Σ|terms|), asked for only when a comparison fails; None where it has none
    chain: Callable[[], Expectation | None] | None = None


def in_dtype(values, dtype_name: str) -> np.ndarray:
    """Float64 expectations as the tensor's dtype can hold them: past its range torch's
    arithmetic gives +-inf (exp(100) in float32), not the float64 number. Values within the
    range are kept as they are: the tolerance covers their rounding."""
    values = np.asarray(values, dtype=np.float64)
    limit = OVERFLOW.get(dtype_name)
    # the common case, one pass: nothing reaches the limit (a nan peak goes the long way)
    if limit is None or not values.size or np.abs(values).max() < limit:
        return values
    with np.errstate(over="ignore"):
        narrow = values.astype(dtype_name)
    if np.isfinite(narrow).all():
        return values
    overflow = np.isfinite(values) & np.isinf(narrow)
    return np.where(overflow, np.copysign(np.inf, values), values)


def tolerance(dtype_name: str, rtol: float | None, atol: float | None) -> tuple[float, float]:
    r, a = TOLERANCES.get(dtype_name, (1e-4, 1e-5))
    return (r if rtol is None else rtol, a if atol is None else atol)


def matches(actual: np.ndarray, expected: np.ndarray, rtol: float, atol: float,
            mask: np.ndarray | None = None, rounding=0.0) -> tuple[bool, float]:
    """Whether each element is within atol + rtol·|expected| (+ `rounding`, an allowance per
    element, or a function of the elements outside the rest that gives it, at least there),
    and the largest error."""
    return judged(actual, expected, rtol, atol, mask, rounding)[:2]


def judged(actual: np.ndarray, expected: np.ndarray, rtol: float, atol: float,
           mask: np.ndarray | None = None, rounding=0.0) -> tuple[bool, float, bool]:
    """`matches`, and whether the rounding allowance was needed: it is only looked at (and a
    function giving it only called) where an element is outside the tolerance without it."""
    a, e = _array(actual), _array(expected)
    if a.shape != e.shape:
        a, e = np.broadcast_arrays(a, e)
    with np.errstate(all="ignore"):  # (in place: the arrays may be the size of a layer)
        err = np.subtract(a, e)
        np.abs(err, out=err)
        bound = np.abs(e)
        bound *= rtol
        bound += atol
        within = err <= bound
    if mask is not None:
        within |= ~mask  # (where the check did not look, nothing is outside)
    # (count_nonzero rather than .all(): a row's arrays are often a handful of elements,
    # where the method call's own cost is most of the work)
    if np.count_nonzero(within) == within.size:  # the common case
        checked = err if mask is None else err[mask]
        return True, float(checked.max()) if checked.size else 0.0, False
    return _outside(a, e, err, bound, np.nonzero(~within), mask, rounding)


def _outside(a, e, err, bound, at: tuple, mask, rounding) -> tuple[bool, float, bool]:
    """judged, where the elements `at` (index arrays) are outside rtol/atol: a few of a
    layer's, so that only they are looked at again. A nan matches a nan, an inf the same inf
    (no distance); the rest is outside unless within the rounding allowance."""
    av, ev = a[at], e[at]
    special = (np.isnan(av) & np.isnan(ev)) | (np.isinf(av) & (av == ev))
    err[tuple(i[special] for i in at)] = 0.0
    far = tuple(i[~special] for i in at)
    needed = far[0].size > 0
    if needed and (callable(rounding) or np.any(rounding)):
        where = np.zeros(err.shape, dtype=bool)  # (a function of the elements gets a mask)
        where[far] = True
        allowance = rounding(where) if callable(rounding) else rounding
        with np.errstate(invalid="ignore"):
            still = ~(err[far] <= bound[far] + np.broadcast_to(allowance, err.shape)[far])
        far = tuple(i[still] for i in far)
    checked = err if mask is None else err[mask]
    if not far[0].size and not special.any():
        return True, float(checked.max()) if checked.size else 0.0, needed  # as in one pass
    if not np.isfinite(err[far]).all():
        return False, float("inf"), needed  # nan or inf against a number: no finite distance
    finite = checked[np.isfinite(checked)]
    return not far[0].size, float(finite.max()) if finite.size else 0.0, needed


def close_elements(actual, expected, rtol: float, atol: float) -> np.ndarray:
    """Per element, whether `actual` is within atol + rtol·|expected| (nan matching nan, an
    inf the same inf)."""
    a, e = np.broadcast_arrays(_array(actual), _array(expected))
    with np.errstate(all="ignore"):
        near = np.abs(a - e) <= atol + rtol * np.abs(e)
    return near | (np.isnan(a) & np.isnan(e)) | (np.isinf(a) & (a == e))


def _array(values) -> np.ndarray:
    """`values` as a float64 array of at least one dimension (arrays, not numbers)."""
    array = np.asarray(values, dtype=np.float64)
    return array.reshape(1) if array.ndim == 0 else array


def same_values(a, b) -> bool:
    """np.array_equal(a, b, equal_nan=True), in one comparison when no nan is in the way
    (its own way masks the nans out of both arrays first, which costs more than the test)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if np.count_nonzero(a == b) == a.size:
        return True
    if a.dtype.kind not in "fc" or not np.count_nonzero(np.isnan(a)):  # unequal, not nan
        return False
    return bool(np.array_equal(a, b, equal_nan=True))


ROUNDING_EPS = 16  # a sum of n float32 terms is off by up to ~log2(n)·eps·Σ|terms|, pairwise


def rounding_allowance(exp: Expectation, dtype_name: str):
    """The float rounding the engine's sums of many terms are entitled to, per element: a
    function of the elements it is asked for (right at least there), or 0.0."""
    rounding = exp.rounding
    if rounding is None or dtype_name not in TOLERANCES:
        return 0.0
    eps = ROUNDING_EPS * EPS[dtype_name]
    return lambda where: eps * np.asarray(rounding(where))
