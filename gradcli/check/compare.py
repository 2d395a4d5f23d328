"""What the check expects of a gradient, and how close the engine's must be: per-dtype
tolerances (--rtol/--atol override them), comparisons where nan matches nan."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

TOLERANCES = {"float16": (1e-2, 1e-3), "float32": (1e-4, 1e-5), "float64": (1e-7, 1e-9)}


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
    # through the graph), computed when a comparison fails
    rounding: Callable[[], np.ndarray] | None = None
    matrix: object = None  # matrix_form.MatrixForm: the structured path's gradient as text
    # the formulas' texts where they were kept from an earlier run (formulas is None then)
    texts: list[str] | None = None



def in_dtype(values, dtype_name: str) -> np.ndarray:
    """Float64 expectations as the tensor's dtype can hold them: past its range torch's
    arithmetic gives +-inf (exp(100) in float32), not the float64 number. Values within the
    range are kept as they are: the tolerance covers their rounding."""
    values = np.asarray(values, dtype=np.float64)
    if dtype_name not in TOLERANCES or dtype_name == "float64":
        return values
    with np.errstate(over="ignore"):
        narrow = values.astype(dtype_name)
    if np.isfinite(narrow).all():  # the common case: nothing overflows
        return values
    overflow = np.isfinite(values) & np.isinf(narrow)
    return np.where(overflow, np.copysign(np.inf, values), values)


def tolerance(dtype_name: str, rtol: float | None, atol: float | None) -> tuple[float, float]:
    r, a = TOLERANCES.get(dtype_name, (1e-4, 1e-5))
    return (r if rtol is None else rtol, a if atol is None else atol)


def matches(actual: np.ndarray, expected: np.ndarray, rtol: float, atol: float,
            mask: np.ndarray | None = None, rounding: np.ndarray | float = 0.0,
            ) -> tuple[bool, float]:
    """Whether each element is within atol + rtol·|expected| (+ `rounding`, an allowance per
    element), and the largest error."""
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    rounding = np.broadcast_to(rounding, e.shape)
    if mask is not None:
        a, e, rounding = a[mask], e[mask], rounding[mask]
    with np.errstate(all="ignore"):
        err = np.abs(a - e)
        if (err <= atol + rtol * np.abs(e) + rounding).all():  # the common case
            return True, float(err.max()) if err.size else 0.0
    same_special = (np.isnan(a) & np.isnan(e)) | (np.isinf(a) & (a == e))
    with np.errstate(all="ignore"):
        err = np.where(same_special, 0.0, np.abs(a - e))
        ok = same_special | (err <= atol + rtol * np.abs(e) + rounding)
    if not np.isfinite(err[~ok]).all():
        return False, float("inf")  # nan or inf against a number: no finite distance
    finite = err[np.isfinite(err)]
    return bool(ok.all()), float(finite.max()) if finite.size else 0.0


ROUNDING_EPS = 16  # a sum of n float32 terms is off by up to ~log2(n)·eps·Σ|terms|, pairwise


def rounding_allowance(exp: Expectation, dtype_name: str) -> np.ndarray | float:
    """The float rounding the engine's sums of many terms are entitled to, per element."""
    if exp.rounding is None or dtype_name not in TOLERANCES:
        return 0.0
    return ROUNDING_EPS * float(np.finfo(dtype_name).eps) * np.asarray(exp.rounding())
