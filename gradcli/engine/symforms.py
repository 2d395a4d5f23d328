"""Sympy forms of the ops whose numpy forward cannot run on object arrays of expressions,
and the numeric twin of every sympy function they produce.

Only forwards live here: the cross-check differentiates them with sympy itself. Kinks are
written so that sympy's own derivative gives PyTorch's convention (strict inequalities, Abs
whose derivative sign(0) is 0, ties split in half). sympy is imported on first use, so a run
without the check never pays for it. The check evaluates the forms' expressions in float64
with NUMERIC (each sympy function's numpy twin) and CONSTANTS (the symbols standing for
constants sympy must not fold): a form that emits a new function adds its twin there.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np

from . import special_math as M


@functools.cache
def sp():
    import sympy

    return sympy


def add_all(a, axis=None, keepdims=False):
    """np.sum of an array of sympy forms, each slice's terms added in one sympy Add: numpy
    adds them one at a time, and sympy sorts the growing sum again at every step (a sum of
    500 Piecewise terms took seconds)."""
    a, basic = np.asarray(a, dtype=object), sp().Basic
    if a.size == 0 or not any(isinstance(e, basic) for e in a.flat):
        return np.sum(a, axis=axis, keepdims=keepdims)
    axes = tuple(range(a.ndim)) if axis is None else \
        tuple(int(d) % a.ndim for d in np.atleast_1d(axis))
    kept = [d for d in range(a.ndim) if d not in axes]
    slices = np.transpose(a, kept + list(axes)).reshape([a.shape[d] for d in kept] + [-1])
    out = np.empty(slices.shape[:-1], dtype=object)
    add = sp().Add
    for index in np.ndindex(out.shape):
        out[index] = add(*slices[index])
    if keepdims:
        out = out.reshape([1 if d in axes else n for d, n in enumerate(a.shape)])
    return out if out.ndim else out[()]


def number(v):
    """A Python/numpy number as an exact-looking sympy number: 2.0 -> 2, 0.1 -> 0.1."""
    v = v.item() if hasattr(v, "item") else v
    if isinstance(v, (bool, int)) or (isinstance(v, float) and v.is_integer() and abs(v) < 2**53):
        return sp().Integer(int(v))
    if isinstance(v, float) and not np.isfinite(v):
        return sp().nan if np.isnan(v) else (sp().oo if v > 0 else -sp().oo)
    return sp().Float(repr(float(v)), 17)


# Constants sympy must not fold, by symbol name: a zero divisor keeps its IEEE sign (1/-0 is
# -inf, where sympy has zoo), a zero or negative base of a power keeps log(0) = -inf and
# log(-2) = nan (sympy: zoo, log(2) + I*pi). Names start with a digit, "-" or another mark no
# script variable can have.
CONSTANTS: dict[str, float] = {"0": 0.0, "-0": -0.0}


def constant(value, name: str | None = None):
    """A constant as a real symbol (named `name`, else by its value) that the numeric
    evaluator values as `value`."""
    value = float(value)
    if name is None and value == 0:
        name = "-0" if np.signbit(value) else "0"
    elif name is None:
        name = str(int(value)) if value.is_integer() else repr(value)
    CONSTANTS.setdefault(name, value)
    return sp().Symbol(name, real=True)


def changes(x, x0) -> np.ndarray:
    """x - x0 element by element, `x0` float64 values that torch's rule holds (see
    Op.differentiated): 0 at the point, with x's derivative. On the check's symbols a
    constant element (a number, which does not move) is 0, and a value that is not finite a
    `constant`, which sympy does not fold into the other terms (x - nan would be nan)."""
    x, x0 = np.asarray(x), np.asarray(x0, dtype=np.float64)
    if x.dtype != object:
        return x - x0
    return np.vectorize(_change, otypes=[object])(x, x0)


def unfolded(out: np.ndarray) -> np.ndarray:
    """On the check's symbols, `out` with each number that is not finite (a constant inf
    written into it) a `constant`, in place: sympy folds inf + x into inf, and terms about to
    be added to it must keep their derivatives."""
    if out.dtype == object:
        flat = out.reshape(-1)
        for i, v in enumerate(flat):
            if getattr(v, "is_number", False) and not v.is_finite:
                flat[i] = constant(float(v))
    return out


def _change(x, x0: float):
    if getattr(x, "is_number", False):
        return 0
    return x - (x0 if np.isfinite(x0) else constant(x0))


def _torch_sign(x):
    return np.where(np.isnan(x), 0.0, np.sign(x))[()]  # torch.sign(nan) is 0


def erf(x) -> np.ndarray:
    """math.erf (the C library's) of each element, as float64: one map over a list costs a
    third less than np.vectorize's call per element (GELU's forward and backward; the
    check's evaluator takes special_math.erf_rational, three times faster)."""
    a = np.asarray(x, dtype=np.float64)
    return np.fromiter(map(math.erf, a.ravel().tolist()), np.float64, a.size).reshape(a.shape)


def erfc(x) -> np.ndarray:
    """math.erfc of each element, as float64 (as erf)."""
    a = np.asarray(x, dtype=np.float64)
    return np.fromiter(map(math.erfc, a.ravel().tolist()), np.float64, a.size).reshape(a.shape)


# Each sympy function the forms (and sympy's derivatives of them) contain, by name: its numpy
# twin for the check's float64 evaluator.
NUMERIC: dict[str, Callable] = {
    "exp": np.exp, "log": np.log, "sin": np.sin, "cos": np.cos, "tan": np.tan,
    "tanh": np.tanh, "sinh": np.sinh, "cosh": np.cosh, "atan": np.arctan, "Abs": np.abs,
    "asin": np.arcsin, "acos": np.arccos, "asinh": np.arcsinh, "acosh": np.arccosh,
    "atanh": np.arctanh,
    "sign": _torch_sign, "floor": np.floor, "ceiling": np.ceil, "round": np.round,
    "erf": M.erf_rational, "erfc": erfc, "atan2": np.arctan2, "Pi": lambda: np.float64(np.pi),
    "logsumexp": lambda *xs: _logsumexp(*xs),
    "loggamma": M.lgamma, "polygamma": M.polygamma, "erfinv": M.erfinv, "besseli": M.besseli,
    "erfcx": M.erfcx, "log_ndtr": M.log_ndtr, "xlogy": lambda x, y: _xlogy(x, y),
}


def elementwise(fn, *arrays):
    out = np.frompyfunc(fn, len(arrays), 1)(*arrays)
    return np.asarray(out, dtype=object)


_UNARY = {
    "exp": lambda e: sp().exp(e),
    "log": lambda e: sp().log(e),
    "sin": lambda e: sp().sin(e),
    "cos": lambda e: sp().cos(e),
    "tan": lambda e: sp().tan(e),
    "tanh": lambda e: sp().tanh(e),
    "sinh": lambda e: sp().sinh(e),
    "cosh": lambda e: sp().cosh(e),
    "atan": lambda e: sp().atan(e),
    "asin": lambda e: sp().asin(e),
    "acos": lambda e: sp().acos(e),
    "asinh": lambda e: sp().asinh(e),
    "acosh": lambda e: sp().acosh(e),
    "atanh": lambda e: sp().atanh(e),
    "erf": lambda e: sp().erf(e),
    "erfc": lambda e: sp().erfc(e),
    "sigmoid": lambda e: 1 / (1 + sp().exp(-e)),
    "sqrt": lambda e: sp().sqrt(e),
    "rsqrt": lambda e: 1 / sp().sqrt(e),
    "reciprocal": lambda e: 1 / e,
    "sign": lambda e: sp().sign(e),
    "log1p": lambda e: sp().log(1 + e),
    "expm1": lambda e: sp().exp(e) - 1,
    "log2": lambda e: sp().log(e, 2),
    "log10": lambda e: sp().log(e, 10),
    "floor": lambda e: sp().floor(e),
    "ceil": lambda e: sp().ceiling(e),
    "round_": lambda e: sp().Function("round")(e) if not e.is_number else sp().Integer(round(e)),
    # torch's special functions (trunc with floor and ceiling, step functions the check knows)
    "trunc": lambda e: _trunc(e),
    "frac": lambda e: e - _trunc(e),
    "lgamma": lambda e: sp().loggamma(e),
    "digamma": lambda e: sp().polygamma(0, e),
    "erfinv": lambda e: sp().erfinv(e),
    "i0": lambda e: sp().besseli(0, e),
    "i1": lambda e: sp().besseli(1, e),
    "i0e": lambda e: sp().exp(-sp().Abs(e)) * sp().besseli(0, e),
    "i1e": lambda e: sp().exp(-sp().Abs(e)) * sp().besseli(1, e),
    "erfcx": lambda e: kept_whole("erfcx")(e),
    "ndtri": lambda e: sp().sqrt(2) * sp().erfinv(2 * e - 1),
    "log_ndtr": lambda e: kept_whole("log_ndtr")(e),
    # sin(πx)/(πx), 1 at 0 (sympy's slope there, 0, is torch's)
    "sinc": lambda e: sp().Piecewise((1, sp().Eq(e, 0)), (sp().sin(sp().pi * e) / (sp().pi * e),
                                                           True)),
    # -x log(x), -inf below 0; at 0 the value 0 with torch's slope -(1 + log 0) = inf: sqrt's
    "entr": lambda e: sp().Piecewise((-e * sp().log(e), e > 0), (sp().sqrt(e), sp().Eq(e, 0)),
                                     (-sp().oo, True)),
}


def unary(name: str):
    fn = _UNARY[name]
    return lambda a: elementwise(fn, a)


def atan2(a, b):
    return elementwise(sp().atan2, *np.broadcast_arrays(a, b))


def xlogy(a, b):
    return elementwise(xlogy_function(), *np.broadcast_arrays(a, b))


def _xlogy_value(x, y):
    """x log(y), 0 where x is 0 (whatever log(y) is) unless y is nan: torch's value."""
    return sp().Piecewise((0, sp().Eq(x, 0) & (y <= 0)), (x * sp().log(y), True))


@functools.cache
def xlogy_function():
    """sympy's function xlogy(x, y), kept whole with torch's partials: d/dx is log(y), 0 where
    x is 0 and y <= 0 (XlogyBackward0's masked xlogy(grad, other)), and d/dy is x / y on
    every element, nan at x = y = 0 (grad * self / other). A Piecewise form's derivative
    takes its 0 branch there: sympy's d/dt xlogy(t, t) at 0 would be 1 where torch's is 0/0."""
    sp_ = sp()

    def fdiff(self, argindex=1):
        x, y = self.args
        return sp_.Piecewise((0, sp_.Eq(x, 0) & (y <= 0)), (sp_.log(y), True)) \
            if argindex == 1 else x / y

    return type("xlogy", (sp_.Function,), {
        "fdiff": fdiff, "nargs": 2,
        "_eval_evalf": lambda self, prec: _xlogy_value(*self.args)._eval_evalf(prec),
        "_eval_is_extended_real": lambda self: all(
            a.is_extended_real for a in self.args) or None})


def _xlogy(x, y):
    """xlogy's numeric twin, on float64 values (torch's own: opkit.xlogy)."""
    product = np.multiply(x, np.log(y))
    return np.where((np.equal(x, 0)) & ~np.isnan(y), 0.0, product)[()]


def lerp_scalar(a, b, weight):
    w = number(weight)
    return elementwise(lambda x, y: x + w * (y - x), *np.broadcast_arrays(a, b))


def lerp_tensor(a, b, w):
    return elementwise(lambda x, y, t: x + t * (y - x), *np.broadcast_arrays(a, b, w))


def addcmul(a, b, c, value):
    v = number(value)
    return elementwise(lambda x, y, z: x + v * y * z, *np.broadcast_arrays(a, b, c))


def addcdiv(a, b, c, value):
    v = number(value)
    return elementwise(lambda x, y, z: x + v * y / z, *np.broadcast_arrays(a, b, c))


def logit(a, eps):
    if eps is None:  # nan outside [0, 1], as torch's value and slope
        return elementwise(lambda e: sp().Piecewise(
            (sp().log(e / (1 - e)), (e >= 0) & (e <= 1)), (sp().nan, True)), a)
    lo, hi = number(eps), 1 - number(eps)
    return elementwise(lambda e: sp().Piecewise(
        (sp().log(lo / (1 - lo)), e < lo), (sp().log(hi / (1 - hi)), e > hi),
        (sp().log(e / (1 - e)), True)), a)


def leaky_relu(a, slope):
    k = number(slope)
    # NOTE: at 0 torch gives the slope: the Piecewise takes the negative branch there.
    return elementwise(lambda e: sp().Piecewise((e, e > 0), (k * e, True)), a)


def pow_scalar(a, exponent):
    n = number(exponent)
    return elementwise(lambda e: e**n, a)


def clamp(a, min=None, max=None):
    lo = None if min is None else number(min)
    hi = None if max is None else number(max)

    def one(e):
        # torch's slope: 1 within the bounds (both included), 0 outside and at nan
        inside = sp().And(*(c for c in (lo is not None and e >= lo, hi is not None and e <= hi)
                            if c is not False))
        pieces = [(e, inside)]
        if lo is not None:
            pieces.append((lo, e < lo))
        if hi is not None:
            pieces.append((hi, e > hi))
        return sp().Piecewise(*pieces, (sp().nan, True))

    return elementwise(one, a)


def exceeds(e, bound):
    """The condition e > bound, where e may hold a Piecewise with a nan branch (clamp's, at a
    nan input): sympy folds the comparison into each branch and refuses nan > bound, which
    IEEE says is false. Here each branch compares on its own, nan's as false."""
    e = sp().piecewise_fold(e)
    if not isinstance(e, sp().Piecewise) or not e.has(sp().nan):
        return e > bound
    taken, earlier = [], []
    for expr, cond in e.args:
        if expr is not sp().nan:
            taken.append(sp().And(cond, *(sp().Not(c) for c in earlier), expr > bound))
        earlier.append(cond)
    return sp().Or(*taken)


def clamp_tensor(a, lo, hi):
    # min(max(a, lo), hi), with torch's gradient at the bounds (to a; none to lo or hi)
    def one(x, low, high):
        return sp().Piecewise((high, (x > high) | (low > high)), (low, x < low), (x, True))
    return elementwise(one, *np.broadcast_arrays(a, lo, hi))


def _tie_halves(x, y):
    return sp().Piecewise((x, x > y), (y, x < y), ((x + y) / 2, True))


def maximum(a, b):
    return elementwise(_tie_halves, *np.broadcast_arrays(a, b))


class TooIntricate(Exception):
    """A form sympy would take minutes to build (it folds nested Piecewise into one, in time
    that doubles with each), or has none (singular values): the check falls back, as for its
    own counted budgets."""


# Elements one output of a pairwise Piecewise reduction (the inf-norms) may fold together. From
# three on, sympy folds the nested Piecewise into an ITE condition, which has no numeric form:
# the check ended in central differences anyway, after seconds (3 elements) to minutes (5).
MAX_PAIRWISE_PIECEWISE = 2


def _tie_halves_min(x, y):
    return sp().Piecewise((x, x < y), (y, x > y), ((x + y) / 2, True))


def minimum(a, b):
    return elementwise(_tie_halves_min, *np.broadcast_arrays(a, b))


def remainder(a, b):
    # Python's/torch's modulo, whose derivative in a is 1 (floor's is 0, as torch)
    return elementwise(lambda x, y: x - y * sp().floor(x / y), *np.broadcast_arrays(a, b))


def fmod(a, b):
    # C's fmod: the quotient truncated, derivative 1 in a
    return elementwise(lambda x, y: x - y * _trunc(x / y), *np.broadcast_arrays(a, b))


def _trunc(q):
    return sp().Piecewise((sp().floor(q), q >= 0), (sp().ceiling(q), True))


def round_decimals(a, decimals):
    scale = sp().Integer(10) ** decimals
    return elementwise(lambda e: _UNARY["round_"](e * scale) / scale, a)


def div_rounding(a, b, mode):
    def one(x, y):
        q = x / y
        return sp().floor(q) if mode == "floor" else _trunc(q)
    return elementwise(one, *np.broadcast_arrays(a, b))


def _reduced(x, reduction):
    if reduction == "mean":
        return np.asarray(add_all(x) / x.size, dtype=object)
    return np.asarray(add_all(x), dtype=object) if reduction == "sum" else x


def bce_logits(x, y, w, pw, reduction, weighted, weight_given=True):
    def one(a, b, c, p):
        loss = sp().log(1 + sp().exp(a)) - a * b
        loss = loss + (p - 1) * b * sp().log(1 + sp().exp(-a)) if weighted else loss
        return loss * c if weight_given else loss
    return _reduced(elementwise(one, *np.broadcast_arrays(x, y, w, pw)), reduction)


def bce(x, y, w, reduction, weight_given=True):
    def one(a, b, c):
        loss = -(b * sp().log(a) + (1 - b) * sp().log(1 - a))
        return loss * c if weight_given else loss
    loss = elementwise(one, *np.broadcast_arrays(x, y, w))
    return _reduced(loss, reduction)


def var(a, dim, correction, keepdim):
    n = a.size if dim is None else int(np.prod([a.shape[d] for d in np.atleast_1d(dim)]))
    mean = add_all(a, dim, True) / n
    return add_all((a - mean) ** 2, dim, keepdim) / (n - correction)


def std(a, dim, correction, keepdim):
    # NOTE: torch's std_backward is 0 where the std is (masked_fill(result == 0, 0)), where
    # sqrt's slope at 0 makes sympy's inf * 0 = nan
    return elementwise(lambda v: sp().Piecewise((sp().sqrt(v), sp().Ne(v, 0)), (0, True)),
                       np.asarray(var(a, dim, correction, keepdim), dtype=object))


def logsumexp(a, dim, keepdim):
    """log Σ exp over `dim`: one logsumexp(…) of each slice's elements (logsumexp_function),
    never exp of an element alone, which leaves float64's range at ~710."""
    axes = tuple(range(a.ndim)) if dim is None else \
        tuple(d % max(a.ndim, 1) for d in ((dim,) if isinstance(dim, int) else dim))
    kept = [d for d in range(a.ndim) if d not in axes]
    slices = np.transpose(a, kept + [d for d in range(a.ndim) if d in axes]).reshape(
        [a.shape[d] for d in kept] + [math.prod(a.shape[d] for d in axes)])
    f = logsumexp_function()
    out = np.empty(slices.shape[:-1], dtype=object)
    for at in np.ndindex(out.shape):
        out[at] = f(*slices[at]) if slices.shape[-1] else -sp().oo
    return out.reshape([1 if d in axes else n for d, n in enumerate(a.shape)]) if keepdim \
        else out


@functools.cache
def logsumexp_function():
    """sympy's function logsumexp(x1, x2, …) = log(exp(x1) + exp(x2) + …), kept whole: its
    partials are exp(xi − logsumexp(…)) and its numeric twin (_logsumexp) shifts by the
    largest, as torch does, so neither overflows where the xi are ~1000 (the expanded form's
    exp(xi) / Σ exp(xj) is inf / inf there)."""
    class logsumexp(sp().Function):
        def fdiff(self, argindex=1):
            return sp().exp(self.args[argindex - 1] - self)

        def _eval_is_extended_real(self):
            return all(x.is_extended_real for x in self.args) or None  # (else: not known)

        def _eval_evalf(self, prec):
            return sp().log(sp().Add(*map(sp().exp, self.args)))._eval_evalf(prec)

    return logsumexp


@functools.cache
def kept_whole(name: str):
    """torch's erfcx(x) = exp(x²) erfc(x) and log_ndtr(x) = log(erfc(-x/√2) / 2) as sympy
    functions of their own, with torch's derivatives: their numeric twins (special_math)
    stay accurate where the expanded forms overflow (exp(x²) past x = 27) or cancel (sympy
    writes erfc(-y) as 2 - erfc(y), 0 for y below -6)."""
    sp_ = sp()
    derivatives = {  # of f(x), torch's formulas
        "erfcx": lambda f, x: 2 * x * f - 2 / sp_.sqrt(sp_.pi),
        "log_ndtr": lambda f, x: sp_.exp(-x * x / 2 - f) / sp_.sqrt(2 * sp_.pi)}
    expanded = {"erfcx": lambda x: sp_.exp(x * x) * sp_.erfc(x),
                "log_ndtr": lambda x: sp_.log(sp_.erfc(-x / sp_.sqrt(2)) / 2)}

    def fdiff(self, argindex=1):
        return derivatives[name](self, self.args[0])

    def _eval_evalf(self, prec):
        return expanded[name](self.args[0])._eval_evalf(prec)

    return type(name, (sp_.Function,), {
        "fdiff": fdiff, "_eval_evalf": _eval_evalf,
        "_eval_is_extended_real": lambda self: self.args[0].is_extended_real or None})


def _logsumexp(*xs):
    """logsumexp(x1, x2, …) of values (arrays broadcast), as torch's: shifted by the largest,
    0 where that is infinite."""
    top = functools.reduce(np.maximum, xs)
    top = np.where(np.isinf(top), 0.0, top)
    return (np.log(sum(np.exp(x - top) for x in xs)) + top)[()]


def where(cond, a, b):
    return np.where(cond, a, b)


def masked_fill(a, mask, value):
    return np.where(mask, number(value), a)


def _mean_of_ties(a, ties):
    # NOTE: the value is the extremum; the form is the mean of the tied elements, so that
    # sympy's derivative splits the gradient evenly among ties, as torch does.
    picked = a[ties]
    return np.asarray(add_all(picked) / picked.size, dtype=object)


def max_all(a, ties):
    return _mean_of_ties(a, ties)


def min_all(a, ties):
    return _mean_of_ties(a, ties)


def _mean_of_ties_dim(a, ties, dim, keepdim):
    picked = add_all(np.where(ties, a, 0), dim, keepdim)
    return picked / ties.sum(axis=dim, keepdims=keepdim)


def amax(a, dim, keepdim, ties):
    return _mean_of_ties_dim(a, ties, dim, keepdim)


def amin(a, dim, keepdim, ties):
    return _mean_of_ties_dim(a, ties, dim, keepdim)


def norm(a, p, dim, keepdim):
    absolute = elementwise(sp().Abs, a)
    if p == 2:
        # NOTE: torch's gradient at the zero vector is 0, not sympy's 0/0
        total = add_all(a * a, dim, keepdim)
        return elementwise(lambda s: sp().Piecewise((sp().sqrt(s), sp().Ne(s, 0)), (0, True)),
                           np.asarray(total, dtype=object))
    if p == 1:
        return np.asarray(add_all(absolute, dim, keepdim), dtype=object)
    if p == 0:  # the count of nonzero elements: flat, as torch differentiates it (not at all)
        nonzero = elementwise(lambda e: sp().Piecewise((1, sp().Ne(e, 0)), (0, True)), a)
        return np.asarray(add_all(nonzero, dim, keepdim), dtype=object)
    if abs(p) == float("inf"):  # (pairwise Piecewise: sympy cannot order symbolic |x|)
        pick = np.frompyfunc(_tie_halves if p > 0 else _tie_halves_min, 2, 1)
        axes = range(absolute.ndim) if dim is None else np.atleast_1d(dim)
        folded = math.prod(absolute.shape[int(d) % max(absolute.ndim, 1)] for d in axes
                           if absolute.ndim)
        if absolute.size and folded > MAX_PAIRWISE_PIECEWISE:  # (no element: nothing nests)
            raise TooIntricate(f"an inf-norm of {folded:,} elements, a Piecewise of as many "
                               f"nested ones")
        out = absolute
        for d in sorted((int(d) % max(absolute.ndim, 1) for d in axes), reverse=True):
            out = pick.reduce(out, axis=d, keepdims=True) if absolute.ndim else out
        if not keepdim:
            out = out.reshape([n for i, n in enumerate(out.shape)
                               if i not in {int(d) % max(absolute.ndim, 1) for d in axes}])
        return np.asarray(out, dtype=object)
    if p < 1:
        # NOTE: torch's subgradients: an element at 0 adds none, |x|^p having no slope there
        # (for p < 0 its term is inf: the norm is 0)
        at_zero = 0 if p > 0 else sp().oo
        powers = elementwise(lambda e: sp().Piecewise((e ** number(p), sp().Ne(e, 0)),
                                                      (at_zero, True)), absolute)
        total = np.asarray(add_all(powers, dim, keepdim), dtype=object)
        return elementwise(lambda s: s ** (1 / number(p)), total)
    total = np.asarray(add_all(absolute ** number(p), dim, keepdim), dtype=object)
    # NOTE: torch's subgradient at the zero vector is 0, not sympy's 0/0
    return elementwise(lambda s: sp().Piecewise((s ** (1 / number(p)), sp().Ne(s, 0)), (0, True)),
                       total)


def sym_softmax(a, dim):
    """exp(x − logsumexp(slice)): in float64's range where exp(x) / Σ exp is inf / inf."""
    return elementwise(_UNARY["exp"], a - logsumexp(a, dim, True))


def sym_log_softmax(a, dim):
    return a - logsumexp(a, dim, True)


def pow_tensor(a, b):
    return elementwise(_pow, *np.broadcast_arrays(a, b))


def rpow(a, base):
    return elementwise(lambda e: _pow(number(base), e), a)


def _pow(a, b):
    """a**b, with torch's derivative where the base is 0 (derivatives.yaml: pow_backward_self
    is 0 where the exponent is 0; pow_backward_exponent is 0 where the base is 0 and the
    exponent >= 0). sympy's a**b*b/a and a**b*log(a) are nan or -inf there, so at a zero base
    each exponent range gets a form with torch's slope: b*0**(b-1) in a, none in b."""
    a, b = sp().sympify(a), sp().sympify(b)
    if a.is_Number and not a.is_positive:
        a = constant(a)  # log(0) = -inf, log(-2) = nan, as torch
    if a.is_positive:
        return a**b
    return sp().Piecewise(
        (a**b, sp().Ne(a, 0) | (b < 0)),
        (1, sp().Eq(b, 0)),  # 0**0: no slope in either
        (sp().sqrt(a), b < 1),  # 0**b, 0 < b < 1: slope inf in a
        (a, sp().Eq(b, 1)),  # slope 1
        (a**2, b > 1),  # slope 0
        (a**b, True))  # a nan exponent


def abs_(a):
    return elementwise(_abs, a)


def _abs(u):
    # NOTE: |u| = u*sign(u) over the reals. Where sympy cannot tell that u is real (sqrt(x - 1),
    # log(x)), its Abs differentiates as of a complex number (re, im, atan2); torch's abs of a
    # real tensor has the slope sign(u) (and sign(nan) = 0) everywhere.
    u = sp().sympify(u)
    return sp().Abs(u) if u.is_extended_real else u * sp().sign(u)


def relu(a):
    # NOTE: torch's relu' is threshold_backward: 0 where the result is <= 0, else 1, so at
    # nan it is 1 (nan <= 0 is false), where `e if e > 0 else 0` would say 0.
    return elementwise(lambda e: sp().Piecewise((0, e <= 0), (e, True)), a)
