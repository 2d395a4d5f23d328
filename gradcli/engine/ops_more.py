"""More rows of the op table (ops.py loads them): sorting (sort, topk) and the pointwise and
selecting ops scripts reach for next (erf, atan2, lerp, addcmul, masked_select, trace...).

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import numpy as np

from . import symforms as S
from .bitexact import BIT_EXACT_SIZE
from .optable import POINTWISE, defop


# ---- sorting: the values are the input's elements at `index` along `dim` ---------------
def _take_sorted(a, dim, index):
    return np.take_along_axis(a, index, axis=dim) if a.ndim else a.copy()


def _put_sorted(xp, g, a, dim, index):
    """torch's value_selecting_reduction_backward: zeros shaped as the input, g scattered at
    the indices (under create_graph, ScatterBackward0)."""
    return (xp.scatter_src(g, a.shape, dim, index) if a.ndim else g,)


for _name, _grad_fn in (("sort", "SortBackward0"), ("topk", "TopkBackward0")):
    defop(_name, _grad_fn, _take_sorted,
          lambda xp, g, o, a, dim, index: _put_sorted(xp, g, a, dim, index), "k",
          elements_read="selection")


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
