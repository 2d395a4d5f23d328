"""The op table's pointwise rows beyond arithmetic (ops.py loads them): erf, erfc, atan2,
hypot, lerp, addcmul, addcdiv, nan_to_num, logit, xlogy.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import math

import numpy as np

from . import opkit as K
from . import special_math as M
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


# ---- torch's special functions and the rest of its elementwise math (issue #33) -------------
# Forwards in float64 (special_math), rounded once to the tensor's dtype; VJPs as
# derivatives.yaml writes them, calling the family's own rows (xp.op) where torch does, so
# that create_graph builds torch's nodes (lgamma's gradient is a DigammaBackward0).
def _rounded(fn):
    return lambda a, **params: np.asarray(fn(a, **params)).astype(a.dtype, copy=False)


def _unary(name, grad_fn, forward, vjp, needs="a", **facts):
    defop(name, grad_fn, _rounded(forward), vjp, needs, S.unary(name), **POINTWISE, **facts)


def _zeros(xp, g, o, a):
    return (xp.zeros_like(g),)


_unary("trunc", "TruncBackward0", np.trunc, _zeros, "", elements_read="nothing")
_unary("frac", "FracBackward0", lambda a: a - np.trunc(a), lambda xp, g, o, a: (g,), "")
defop("sgn", "SgnBackward0", K.sign, _zeros, "", S.unary("sign"), **POINTWISE,
      elements_read="nothing")
_unary("lgamma", "LgammaBackward0", M.lgamma, lambda xp, g, o, a: (g * xp.op("digamma", a),))
_unary("digamma", "DigammaBackward0", M.digamma,
       lambda xp, g, o, a: (g * xp.op("polygamma", a, n=1),))
defop("polygamma", "PolygammaBackward0",
      _rounded(lambda a, n: M.trigamma(a) if n == 1 else M.polygamma(n, a)),
      lambda xp, g, o, a, n: (g * xp.op("polygamma", a, n=n + 1),), "a",
      lambda a, n: S.elementwise(lambda e: S.sp().polygamma(n, e), a), **POINTWISE)


def _mvlgamma_sym(a, p):
    constant = S.sp().Rational(p * (p - 1), 4) * S.sp().log(S.sp().pi)
    return S.elementwise(lambda e: constant + sum(S.sp().loggamma(e - S.sp().Rational(i, 2))
                                                  for i in range(p)), a)


# torch's mvlgamma_backward: grad times Σ_i digamma(x - i/2)
defop("mvlgamma", "MvlgammaBackward0", _rounded(lambda a, p: M.mvlgamma(a, p)),
      lambda xp, g, o, a, p: (g * sum(xp.op("digamma", a - i / 2) for i in range(p)),), "a",
      _mvlgamma_sym, **POINTWISE)
# 0.5 * sqrt(M_PI) * exp(self.erfinv().pow(2)) * grad
_unary("erfinv", "ErfinvBackward0", M.erfinv, lambda xp, g, o, a: (
    xp.mul_scalar(xp.exp(xp.pow_scalar(xp.op("erfinv", a), 2)), 0.5 * M.SQRT_PI) * g,))
_unary("i0", "I0Backward0", lambda a: M.besseli(0, a), lambda xp, g, o, a: (g * xp.op("i1", a),))
_unary("i0e", "SpecialI0EBackward0", lambda a: M.besseli_scaled(0, a),
       lambda xp, g, o, a: (g * (xp.op("i1e", a) - xp.sign(a) * o),), "ao")


def _i1_vjp(scaled):
    """torch's i1_backward / i1e_backward: i0(x) - i1(x)/x (i1e: i0e(x) - i1e(x)(sgn x + 1/x)),
    0.5 where |x| is at most the dtype's epsilon."""
    def vjp(xp, g, o, a):
        values = K._values(a)
        eps = np.finfo(values.dtype).eps
        tiny = np.abs(values) <= eps
        safe = xp.masked_fill(a, tiny, eps)
        if scaled:
            slope = xp.op("i0e", safe) - o * (xp.sign(safe) + xp.reciprocal(safe))
        else:
            slope = xp.op("i0", safe) - o * xp.reciprocal(safe)
        return (g * xp.masked_fill(slope, tiny, 0.5),)
    return vjp


_unary("i1", "SpecialI1Backward0", lambda a: M.besseli(1, a), _i1_vjp(False), "ao")
_unary("i1e", "SpecialI1EBackward0", lambda a: M.besseli_scaled(1, a), _i1_vjp(True), "ao")
# (2.0 * self * result - 2.0 / sqrt(M_PI)) * grad
_unary("erfcx", "SpecialErfcxBackward0", M.erfcx,
       lambda xp, g, o, a: ((xp.mul_scalar(a * o, 2.0) - 2.0 / M.SQRT_PI) * g,), "ao")
# grad * std::sqrt(2 * M_PI) * (result.square() / 2).exp()
_unary("ndtri", "SpecialNdtriBackward0", M.ndtri, lambda xp, g, o, a: (
    g * xp.mul_scalar(xp.exp(xp.div_scalar(xp.pow_scalar(o, 2), 2)), math.sqrt(2 * math.pi)),),
    "o")
# grad / std::sqrt(2 * M_PI) * (result + self.pow(2) / 2).neg().exp()
_unary("log_ndtr", "SpecialLogNdtrBackward0", M.log_ndtr, lambda xp, g, o, a: (
    xp.div_scalar(g, math.sqrt(2 * math.pi)) * xp.exp(-(o + xp.div_scalar(
        xp.pow_scalar(a, 2), 2))),), "ao")
# grad * (-(1 + self.log()))
_unary("entr", "SpecialEntrBackward0",
       lambda a: np.select([a > 0, a == 0, a < 0], [-a * np.log(np.where(a > 0, a, 1)), 0, -np.inf],
                           np.nan),
       lambda xp, g, o, a: (g * -(xp.log(a) + 1),))


def _sinc_vjp(xp, g, o, a):
    # torch's sinc_backward: (πx cos(πx) - sin(πx)) / (πx²), 0 where πx² is 0
    pi_x = xp.mul_scalar(a, math.pi)
    pi_x2 = xp.mul_scalar(a * a, math.pi)
    return (xp.masked_fill(g * (pi_x * xp.cos(pi_x) - xp.sin(pi_x)) / pi_x2,
                           K._values(a) == 0, 0),)


def _sinc(a):
    """torch's kernel: sin(πx) / (πx) with πx rounded to the dtype (so sinc(1) is float32's
    -2.8e-8, not 0), 1 at 0."""
    pi_x = (np.asarray(math.pi, a.dtype) * a).astype(np.float64)
    with np.errstate(invalid="ignore"):
        return np.where(a == 0, 1.0, np.sin(pi_x) / pi_x)


_unary("sinc", "SincBackward0", _sinc, _sinc_vjp)


def _times(name, grad_fn, factor):
    """x times a constant of torch's (deg2rad's M_PI_180), in the tensor's dtype."""
    defop(name, grad_fn, lambda a: a * np.asarray(factor, a.dtype),
          lambda xp, g, o, a: (xp.mul_scalar(g, factor),), "",
          lambda a: a * S.number(factor), **POINTWISE, linear=True)


_times("deg2rad", "Deg2RadBackward0", math.pi / 180)
_times("rad2deg", "Rad2DegBackward0", 180 / math.pi)
# torch's `1 + x` inside its own formulas (ndtr's (1 + erf(x / sqrt 2)) / 2): add.Scalar
defop("add_scalar", "AddBackward1", lambda a, other: a + np.asarray(other, a.dtype),
      lambda xp, g, o, a, other: (g,), "", **POINTWISE)
# rsub(self, other, alpha) = other - alpha * self
defop("rsub_tensor", "RsubBackward0", lambda a, b, alpha: b - a * alpha,
      lambda xp, g, o, a, b, alpha: (xp.mul_scalar(-g, alpha), g), ("", ""), **POINTWISE)


# ---- copysign, fmax, fmin, logaddexp, ldexp, nextafter, xlog1py ---------------------
def _copysign_self_grad(xp, g, o, a):
    """torch's copysign_tensor_self_backward: grad * result / self, 0 where self is 0. No
    gradient for `other`: its sign is data (`negative`, read off it by the call)."""
    return g * xp.masked_fill(o / a, K._values(a) == 0, 0)


def _copysign_sym(a, negative):
    return np.where(negative, -1, 1) * S.abs_(a)


defop("copysign", "CopysignBackward0", lambda a, b, negative: np.copysign(a, b),
      lambda xp, g, o, a, b, negative: (_copysign_self_grad(xp, g, o, a), xp.zeros_like(g)),
      ("ao", ""), lambda a, b, negative: _copysign_sym(a, negative), **POINTWISE)
defop("copysign_scalar", "CopysignBackward1",
      lambda a, negative: np.copysign(a, np.asarray(-1 if negative else 1, a.dtype)),
      lambda xp, g, o, a, negative: (_copysign_self_grad(xp, g, o, a),), "ao", _copysign_sym,
      **POINTWISE)


def first_kept(a, b, first_wins):
    """Where fmax (fmin) passes the gradient to self: self >= other (<=), or other is nan."""
    a, b = K._values(a), K._values(b)
    with np.errstate(invalid="ignore"):
        return first_wins(a, b) | np.isnan(b)


def _fmaxmin(name, grad_fn, forward, first_wins):
    """`first`: first_kept of the values when the op ran, the check's condition."""
    def vjp(xp, g, o, a, b, first):
        kept = first_kept(a, b, first_wins)
        return xp.masked_fill(g, ~kept, 0), xp.masked_fill(g, kept, 0)
    defop(name, grad_fn, lambda a, b, first: forward(a, b), vjp, ("ab", "ab"),
          lambda a, b, first: np.where(first, *np.broadcast_arrays(a, b)), **POINTWISE,
          zeroed=lambda i, a, b, first: ~first if i == 0 else first,
          condition="first", branches=lambda a, b, first: (a, b))


_fmaxmin("fmax", "FmaxBackward0", np.fmax, np.greater_equal)
_fmaxmin("fmin", "FminBackward0", np.fmin, np.less_equal)


def _logaddexp(a, b, log1p_exp):
    """torch's kernel: the larger plus log1p(exp(-|a - b|)), or a where both are the same
    infinity."""
    with np.errstate(invalid="ignore"):
        top = np.maximum(a, b)
        out = top + log1p_exp(-np.abs(a - b))
    return np.where(np.isinf(a) & (a == b), a, out).astype(a.dtype, copy=False)


def _logaddexp_sym(a, b, base=None):
    """log(exp(x) + exp(y)) as the check's stable logsumexp(x, y) (base 2: of x ln 2, y ln 2,
    over ln 2)."""
    f, sp = S.logsumexp_function(), S.sp()
    scale = 1 if base is None else sp.log(base)
    return S.elementwise(lambda x, y: f(x * scale, y * scale) / scale,
                         *np.broadcast_arrays(a, b))


LN2 = math.log(2.0)
defop("logaddexp", "LogaddexpBackward0",
      lambda a, b: _logaddexp(a, b, lambda d: K.via_double(np.log1p)(np.exp(d))),
      lambda xp, g, o, a, b: (g / (xp.exp(b - a) + 1), g / (xp.exp(a - b) + 1)),
      ("ab", "ab"), _logaddexp_sym, **POINTWISE)
defop("logaddexp2", "Logaddexp2Backward0",
      lambda a, b: _logaddexp(a, b, lambda d: np.log1p(np.exp2(d)) / LN2),
      lambda xp, g, o, a, b: (g / (xp.op("rpow", b - a, base=2) + 1),
                              g / (xp.op("rpow", a - b, base=2) + 1)),
      ("ab", "ab"), lambda a, b: _logaddexp_sym(a, b, 2), **POINTWISE)
# self: grad * pow(2, other); other: grad * result * M_LN2
defop("ldexp", "LdexpBackward0", lambda a, b: a * np.exp2(b),
      lambda xp, g, o, a, b: (g * xp.op("rpow", b, base=2), xp.mul_scalar(g * o, LN2)),
      ("b", "o"), lambda a, b: S.elementwise(lambda x, y: x * 2 ** y, *np.broadcast_arrays(a, b)),
      **POINTWISE)
# self: where(self != other, grad, 0); other: none. Its value is self's give or take an ulp,
# and other's where they are equal: `fixed` holds those values (nan elsewhere), constants for
# the check.
def _nextafter_sym(a, b, fixed):
    constants = np.array([S.number(v) for v in fixed.ravel()], dtype=object).reshape(fixed.shape)
    return np.where(np.isnan(fixed), np.broadcast_arrays(a, b)[0], constants)


defop("nextafter", "NextafterBackward0", lambda a, b, fixed: np.nextafter(a, b),
      lambda xp, g, o, a, b, fixed: (xp.where(K._values(a) != K._values(b), g, 0),
                                     xp.zeros_like(g)),
      ("ab", ""), _nextafter_sym, **POINTWISE,
      zeroed=lambda i, a, b, fixed: ~np.isnan(fixed) if i == 0 else np.ones(fixed.shape, bool))
defop("heaviside", "NotImplemented",
      lambda a, values: np.where(a == 0, values, (a > 0).astype(a.dtype)),
      lambda xp, g, o, a, b: K.not_implemented("aten::heaviside"),
      sym=lambda a, values: S.elementwise(lambda x, v: S.sp().Piecewise(
          (v, S.sp().Eq(x, 0)), (1, x > 0), (0, True)), *np.broadcast_arrays(a, values)),
      layout="elementwise")


def xlog1py(a, b):
    """torch's xlog1py: a * log1p(b), 0 where a is 0 unless b is nan."""
    with np.errstate(divide="ignore", invalid="ignore"):
        product = a * K.via_double(np.log1p)(b)
    return np.where((a == 0) & ~np.isnan(b), 0, product).astype(product.dtype, copy=False)


def _xlog1py_self_grad(xp, g, a, b):
    flat = (K._values(a) == 0) & (K._values(b) <= -1)
    return xp.masked_fill(xp.op("xlog1py", g, b), flat, 0)


def _xlog1py_sym(a, b):
    return S.elementwise(lambda x, y: S.sp().Piecewise(
        (0, S.sp().Eq(x, 0) & (y <= -1)), (x * S.sp().log(1 + y), True)),
        *np.broadcast_arrays(a, b))


defop("xlog1py", "SpecialXlog1PyBackward0", xlog1py,
      lambda xp, g, o, a, b: (_xlog1py_self_grad(xp, g, a, b), g * a / (b + 1)), ("ab", "ab"),
      _xlog1py_sym, **POINTWISE)
defop("xlog1py_scalar_self", "SpecialXlog1PyBackward1",
      lambda b, self: xlog1py(_as_array(self, b), b),
      lambda xp, g, o, b, self: (xp.mul_scalar(g, self) / (b + 1),), "a",
      lambda b, self: _xlog1py_sym(np.array(S.number(self), dtype=object), b), **POINTWISE)
defop("xlog1py_scalar_other", "SpecialXlog1PyBackward2",
      lambda a, other: xlog1py(a, _as_array(other, a)),
      lambda xp, g, o, a, other: (_xlog1py_self_grad(xp, g, a, xp.asarray(_as_array(other, a))),),
      "a", lambda a, other: _xlog1py_sym(a, np.array(S.number(other), dtype=object)),
      **POINTWISE)


# torch's exp2: grad * result * ln 2
defop("exp2", "Exp2Backward0", K.via_double(np.exp2),
      lambda xp, g, o, a: (g * o * math.log(2.0),), "o",
      lambda a: S.elementwise(lambda x: S.sp().Integer(2) ** x, a), **POINTWISE)


# A write under no_grad that changed a tensor of the graph (trace.unseen_write_record): only
# the check reads it, as the tensor's old values plus the change, a constant that passes the
# gradient unchanged, as torch's graph does (its node stays the old one)
defop("written_unseen", "NoGradWrite", np.add, lambda xp, g, o, a, change: (g, None),
      **POINTWISE)


# torch.frexp's mantissa (the exponent, an int32 result without gradient, is its param):
# grad / exponent.exp2(), as torch
defop("frexp", "FrexpBackward0", lambda a, exponent: np.frexp(a)[0],
      lambda xp, g, o, a, exponent: (g / xp.asarray(np.exp2(exponent).astype(g.dtype)),), "",
      lambda a, exponent: a * np.vectorize(lambda e: S.sp().Integer(2) ** -int(e),
                                           otypes=[object])(exponent), **POINTWISE)
