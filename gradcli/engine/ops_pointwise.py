"""The op table's pointwise rows beyond arithmetic (ops.py loads them): erf, erfc, atan2,
hypot, lerp, addcmul, addcdiv, nan_to_num, logit, xlogy.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .bitexact import BIT_EXACT_SIZE
from .optable import POINTWISE, defop

# ---- pointwise: erf, atan2, lerp, addcmul, addcdiv -------------------------------------
TWO_OVER_SQRT_PI = 1.1283791670955126  # torch's 2.0 / sqrt(M_PI)


def _erf_vjp(scale):
    """torch's `±2.0 / sqrt(M_PI) * exp(-(self.pow(2))) * grad`, step by step."""
    return lambda xp, g, o, a: (xp.mul_scalar(xp.exp(-xp.pow_scalar(a, 2)), scale) * g,)


defop("erf", "ErfBackward0", lambda a: S.erf(a).astype(a.dtype, copy=False),
      _erf_vjp(TWO_OVER_SQRT_PI), "a", S.unary("erf"), **POINTWISE)
defop("erfc", "ErfcBackward0", lambda a: S.erfc(a).astype(a.dtype, copy=False),
      _erf_vjp(-TWO_OVER_SQRT_PI), "a", S.unary("erfc"), **POINTWISE)


def _atan2_vjp(xp, g, o, a, b):
    # torch's atan2_backward: recip = (self * self + other * other).reciprocal()
    recip = xp.reciprocal(a * a + b * b)
    return g * b * recip, g * -a * recip


def _atan2(a, b):
    if (a.dtype == np.float32 or a.dtype == np.float16) and a.size <= BIT_EXACT_SIZE:
        return np.arctan2(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype)
    return np.arctan2(a, b)


defop("atan2", "Atan2Backward0", _atan2, _atan2_vjp, ("ab", "ab"), S.atan2, **POINTWISE)


def fma(x, y, z):
    """x * y + z rounded once, as torch's vectorised float32 kernels (lerp, addcmul) compute
    it: exact in float64 for float32 operands. (float64: x * y + z, off by an ulp at most.)"""
    if x.dtype.kind == "f" and x.dtype.itemsize < 8:
        wide = np.float64
        return (x.astype(wide) * y.astype(wide) + z.astype(wide)).astype(x.dtype)
    return x * y + z


def _lerp(a, b, w):
    """torch's lerp_vec: weight (or weight - 1) times (end - self), plus self (or end)."""
    w = np.asarray(w, a.dtype)
    small = np.abs(w) < 0.5
    coeff = np.where(small, w, w - np.asarray(1, a.dtype)).astype(a.dtype)
    return fma(*np.broadcast_arrays(coeff, b - a, np.where(small, a, b)))


defop("lerp_scalar", "LerpBackward0", lambda a, b, weight: _lerp(a, b, weight),
      lambda xp, g, o, a, b, weight: (xp.mul_scalar(g, 1 - weight), xp.mul_scalar(g, weight)),
      ("", ""), S.lerp_scalar, **POINTWISE)
defop("lerp_tensor", "LerpBackward1", _lerp,
      lambda xp, g, o, a, b, w: (g * (1 - w), g * w, g * (b - a)), ("c", "c", "ab"),
      S.lerp_tensor, **POINTWISE)


def _addcmul(a, b, c, value):
    if a.dtype.kind == "f":
        return fma(b * np.asarray(value, a.dtype), c, a)
    return a + b * np.asarray(value).astype(a.dtype) * c


defop("addcmul", "AddcmulBackward0", _addcmul,
      lambda xp, g, o, a, b, c, value: (
          g, g * xp.mul_scalar(c, value), g * xp.mul_scalar(b, value)),
      ("", "c", "b"), S.addcmul, **POINTWISE)
defop("addcdiv", "AddcdivBackward0",
      lambda a, b, c, value: a + b * np.asarray(value, a.dtype) / c,
      lambda xp, g, o, a, b, c, value: (
          g, g * xp.rdiv_scalar(c, value), -g * (xp.mul_scalar(b, value) / (c * c))),
      ("", "c", "bc"), S.addcdiv, **POINTWISE)



def _hypot_sym(a, b):
    return S.elementwise(lambda x, y: S.sp().sqrt(x * x + y * y), *np.broadcast_arrays(a, b))


# torch's hypot: grad * self / result, grad * other / result
defop("hypot", "HypotBackward0", np.hypot,
      lambda xp, g, o, a, b: (g * a / o, g * b / o), ("ao", "bo"), _hypot_sym, **POINTWISE)


# ---- nan_to_num, logit, xlogy ---------------------------------------------------------
def _nan_to_num(a, nan, posinf, neginf, kind):
    return np.nan_to_num(a, nan=nan, posinf=posinf, neginf=neginf)


def _sym_nan_to_num(a, nan, posinf, neginf, kind):
    """`kind`: 0 where the input is finite, 1 nan, 2 inf, 3 -inf (read off the values when
    the op ran): the finite elements pass, the others become constants."""
    constants = np.array([0, S.number(nan), S.number(posinf), S.number(neginf)], dtype=object)
    return np.where(kind == 0, a, constants[kind])


# torch's `grad * at::isfinite(self)`
defop("nan_to_num", "NanToNumBackward0", _nan_to_num,
      lambda xp, g, o, a, nan, posinf, neginf, kind: (g * xp.asarray(kind == 0),), "",
      _sym_nan_to_num, **POINTWISE, zeroed=lambda i, a, nan, posinf, neginf, kind: kind != 0)


def _logit(a, eps):
    """torch's kernel: log(z / (1 - z)), z the input clamped to [eps, 1 - eps] if eps given."""
    if eps is not None:
        lo = np.asarray(eps, a.dtype)
        a = np.clip(a, lo, np.asarray(1, a.dtype) - lo)
    return K.via_double(np.log)(a / (np.asarray(1, a.dtype) - a))


def _logit_outside(a, eps):
    """Where torch's logit_backward gives no slope: outside [eps, 1 - eps] (nan where eps is
    None and the input is outside [0, 1])."""
    values = K._values(a)
    lo = 0.0 if eps is None else np.asarray(eps, values.dtype)
    hi = np.asarray(1, values.dtype) - lo
    return (values < lo) | (values > hi)


def _logit_vjp(xp, g, o, a, eps):
    # torch's infinitely_differentiable_logit_backward (its values are logit_backward's)
    return (xp.where(_logit_outside(a, eps), float("nan") if eps is None else 0,
                     g / (a * (1 - a))),)


defop("logit", "LogitBackward0", _logit, _logit_vjp, "a", S.logit, **POINTWISE,
      zeroed=lambda i, a, eps: _logit_outside(a, eps) if eps is not None
      else np.zeros(np.shape(a), bool))


# ---- xlogy: x * log(y), 0 where x is 0; a number for x or y is a param --------------
def _xlogy_self_grad(xp, g, a, b):
    """torch's xlogy(grad, other), 0 where self is 0 and other <= 0 (log(other) is not a
    number there)."""
    flat = (K._values(a) == 0) & (K._values(b) <= 0)
    return xp.masked_fill(xp.xlogy(g, b), flat, 0)


def _xlogy_vjp(xp, g, o, a, b):
    return _xlogy_self_grad(xp, g, a, b), g * a / b


def _as_array(number, like):
    return np.asarray(number, K._values(like).dtype)


defop("xlogy", "XlogyBackward0", K.xlogy, _xlogy_vjp, ("ab", "ab"), S.xlogy, **POINTWISE)
defop("xlogy_scalar_self", "XlogyBackward1", lambda b, self: K.xlogy(_as_array(self, b), b),
      lambda xp, g, o, b, self: (xp.mul_scalar(g, self) / b,), "a",
      lambda b, self: S.xlogy(S.number(self), b), **POINTWISE)
defop("xlogy_scalar_other", "XlogyBackward2", lambda a, other: K.xlogy(a, _as_array(other, a)),
      lambda xp, g, o, a, other: (_xlogy_self_grad(xp, g, a, xp.asarray(_as_array(other, a))),),
      "a", lambda a, other: S.xlogy(a, S.number(other)), **POINTWISE)
