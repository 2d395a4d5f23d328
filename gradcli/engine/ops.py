"""The op table: each op's forward (numpy), symbolic forward (sympy) and VJP, side by side.

This is the only place that knows a derivative. A VJP is `vjp(xp, g, out, *inputs, **params)`
and returns one gradient per input (None where there is none). `xp` is the array namespace:
numpy normally, the differentiable tensor namespace under create_graph=True, so the same rule
builds the graph of the gradient. The engine, not the VJP, sums gradients back over broadcast
axes and casts them to each input's dtype.

`needs` lists, per input, what that input's gradient formula reads ("a", "b", "c" = inputs,
"o" = output, "k" = an index or mask tensor among the params, which torch saves too). The
engine saves exactly what the inputs that require grad need; a node that saved something
cannot run twice without retain_graph, as in PyTorch.

`sym` is the forward over numpy object arrays of sympy expressions, for the cross-check; None
means `forward` itself works on object arrays (structural ops). The check differentiates
with sympy; it never sees a VJP. The other fields of an op's row are the facts the engine
and the check need about it (see optable.Op): each is set where the op is defined, nowhere
else.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import opkit as K
from . import ops_conv
from . import symforms as S
from .errors import runtime_error
from .optable import OPS, POINTWISE, Op, defop, defop_like

__all__ = ["OPS", "Op", "KEEPS_LAYOUT", "VIEWS"]

# ---- elementwise unary ---------------------------------------------------------------
# NOTE: kinks follow PyTorch: relu'(0) = 0, abs'(0) = 0, sqrt'(0) = inf; the sympy forms
# encode the same conventions (Piecewise with strict inequalities, Abs whose sign(0) = 0).
defop("neg", "NegBackward0", np.negative, lambda xp, g, o, a: (-g,), **POINTWISE)
defop("exp", "ExpBackward0", K.via_double(np.exp), lambda xp, g, o, a: (g * o,), "o",
      S.unary("exp"), **POINTWISE)
defop("log", "LogBackward0", K.via_double(np.log), lambda xp, g, o, a: (g / a,), "a",
      S.unary("log"), **POINTWISE)
defop("sin", "SinBackward0", K.via_double(np.sin), lambda xp, g, o, a: (g * xp.cos(a),), "a",
      S.unary("sin"), **POINTWISE)
defop("cos", "CosBackward0", K.via_double(np.cos), lambda xp, g, o, a: (-g * xp.sin(a),), "a",
      S.unary("cos"), **POINTWISE)
defop("tan", "TanBackward0", K.via_double(np.tan), lambda xp, g, o, a: (g * (1 + o * o),), "o",
      S.unary("tan"), **POINTWISE)
# tanh, sigmoid and relu call fused backward ops (below), as torch does: under create_graph
# their gradients have grad_fn TanhBackwardBackward0 & co.
defop("tanh", "TanhBackward0", K.via_double(np.tanh),
      lambda xp, g, o, a: (xp.tanh_backward(g, o),), "o",
      S.unary("tanh"), **POINTWISE)
defop("sigmoid", "SigmoidBackward0", K.sigmoid,
      lambda xp, g, o, a: (xp.sigmoid_backward(g, o),), "o", S.unary("sigmoid"), **POINTWISE)
defop("relu", "ReluBackward0", lambda a: np.maximum(a, 0).astype(a.dtype),
      lambda xp, g, o, a: (xp.threshold_backward(g, o, 0),), "o", S.relu, **POINTWISE,
      zeroed=lambda i, a: a <= 0)
defop("sqrt", "SqrtBackward0", np.sqrt, lambda xp, g, o, a: (g / (2 * o),), "o",
      S.unary("sqrt"), **POINTWISE)
defop("rsqrt", "RsqrtBackward0", lambda a: 1 / np.sqrt(a),
      lambda xp, g, o, a: (-0.5 * g * o * o * o,), "o", S.unary("rsqrt"), **POINTWISE)
defop("reciprocal", "ReciprocalBackward0", np.reciprocal,
      lambda xp, g, o, a: (-g * o * o,), "o", S.unary("reciprocal"), **POINTWISE)
defop("abs", "AbsBackward0", np.abs, lambda xp, g, o, a: (g * xp.sign(a),), "a", S.abs_,
      **POINTWISE)
defop("sign", "SignBackward0", K.sign, lambda xp, g, o, a: (xp.zeros_like(g),), "",
      S.unary("sign"), **POINTWISE, elements_read="nothing")
defop("log1p", "Log1PBackward0", K.via_double(np.log1p), lambda xp, g, o, a: (g / (a + 1),), "a",
      S.unary("log1p"), **POINTWISE)
defop("expm1", "Expm1Backward0", K.via_double(np.expm1), lambda xp, g, o, a: (g * (o + 1),), "o",
      S.unary("expm1"), **POINTWISE)
defop("log2", "Log2Backward0", K.via_double(np.log2),
      lambda xp, g, o, a: (g / (a * 0.6931471805599453),), "a", S.unary("log2"), **POINTWISE)
defop("log10", "Log10Backward0", K.via_double(np.log10),
      lambda xp, g, o, a: (g / (a * 2.302585092994046),), "a", S.unary("log10"), **POINTWISE)
defop("sinh", "SinhBackward0", K.via_double(np.sinh), lambda xp, g, o, a: (g * xp.cosh(a),), "a",
      S.unary("sinh"), **POINTWISE)
defop("cosh", "CoshBackward0", K.via_double(np.cosh), lambda xp, g, o, a: (g * xp.sinh(a),), "a",
      S.unary("cosh"), **POINTWISE)
defop("atan", "AtanBackward0", K.via_double(np.arctan), lambda xp, g, o, a: (g / (a * a + 1),), "a",
      S.unary("atan"), **POINTWISE)
# The inverse trig/hyperbolic functions: derivatives.yaml's formulas, step by step.
defop("asin", "AsinBackward0", K.via_double(np.arcsin),
      lambda xp, g, o, a: (g * xp.op("rsqrt", -a * a + 1),), "a", S.unary("asin"), **POINTWISE)
defop("acos", "AcosBackward0", K.via_double(np.arccos),
      lambda xp, g, o, a: (g * -xp.op("rsqrt", -a * a + 1),), "a", S.unary("acos"), **POINTWISE)
defop("asinh", "AsinhBackward0", K.via_double(np.arcsinh),
      lambda xp, g, o, a: (g * xp.op("rsqrt", xp.pow_scalar(a, 2) + 1),), "a",
      S.unary("asinh"), **POINTWISE)
defop("acosh", "AcoshBackward0", K.via_double(np.arccosh),
      lambda xp, g, o, a: (g * xp.op("rsqrt", xp.pow_scalar(a, 2) - 1),), "a",
      S.unary("acosh"), **POINTWISE)
defop("atanh", "AtanhBackward0", K.via_double(np.arctanh),
      lambda xp, g, o, a: (g * xp.reciprocal(1 - xp.pow_scalar(a, 2)),), "a",
      S.unary("atanh"), **POINTWISE)
# Rounding steps have zero derivative everywhere torch defines one.
defop("floor", "FloorBackward0", np.floor, lambda xp, g, o, a: (xp.zeros_like(g),), "",
      S.unary("floor"), **POINTWISE, elements_read="nothing")
defop("ceil", "CeilBackward0", np.ceil, lambda xp, g, o, a: (xp.zeros_like(g),), "",
      S.unary("ceil"), **POINTWISE, elements_read="nothing")
defop("round", "RoundBackward0", np.round, lambda xp, g, o, a: (xp.zeros_like(g),), "",
      S.unary("round_"), **POINTWISE, elements_read="nothing")
defop("round_decimals", "RoundBackward1", lambda a, decimals: np.round(a, decimals),
      lambda xp, g, o, a, decimals: (xp.zeros_like(g),), "", S.round_decimals,
      layout="elementwise", elements_read="nothing")
def _leaky_relu(a, slope):
    return np.where(a > 0, a, a * np.asarray(slope, a.dtype))


defop("leaky_relu", "LeakyReluBackward0", _leaky_relu,
      lambda xp, g, o, a, slope: (xp.leaky_relu_backward(g, a, slope),), "a", S.leaky_relu,
      **POINTWISE)


def _leaky_relu_result_vjp(xp, g, o, a, slope):
    """torch's LeakyReluBackward1 (leaky_relu_): the result's sign is the input's, but for a
    negative slope, which torch refuses here."""
    if slope < 0:
        raise runtime_error(
            "In-place leakyReLu backward calculation is triggered with a negative slope which "
            "is not supported. This is caused by calling in-place forward function with a "
            "negative slope, please call out-of-place version instead. File an issue at "
            "https://github.com/pytorch/pytorch if you do require supporting in-place leakRelu "
            "backward calculation with negative slope")
    return (xp.leaky_relu_backward(g, o, slope),)


defop("leaky_relu_result", "LeakyReluBackward1", _leaky_relu, _leaky_relu_result_vjp, "o",
      S.leaky_relu, **POINTWISE)
defop("clone", "CloneBackward0", np.copy, lambda xp, g, o, a: (g,), **POINTWISE)
# x.contiguous() on a transposed x: a clone laid out row-major (clone keeps the layout).
defop("contiguous", "CloneBackward0", lambda a: np.array(a, order="C"), lambda xp, g, o, a: (g,),
      rearranges=True, matrix_form="same")
defop("to_copy", "ToCopyBackward0", lambda a, to: a.astype(to),
      lambda xp, g, o, a, to: (g,), sym=lambda a, to: a.copy(), **POINTWISE)
# x.grad after backward(create_graph=True): a differentiable copy of the incoming gradient.
defop("copy_grad", "CopyBackwards", np.copy, lambda xp, g, o, a: (g,), pointwise=True)


def _pow_vjp(xp, g, o, a, exponent):
    if exponent == 0:  # NOTE: d/dx x**0 = 0 even at x = 0, as torch
        return (xp.zeros_like(g),)
    return (g * (exponent * xp.pow_scalar(a, exponent - 1)),)


defop("pow", "PowBackward0", K.pow_scalar,
      _pow_vjp, "a", S.pow_scalar, **POINTWISE)
defop("clamp", "ClampBackward1", lambda a, min, max: np.clip(a, min, max).astype(a.dtype),
      lambda xp, g, o, a, min, max: (xp.where(K.in_bounds(a, min, max), g, 0),), "a", S.clamp,
      **POINTWISE, zeroed=lambda i, a, min, max: ~K.in_bounds(a, min, max))
# clamp with tensor bounds: at a bound the gradient goes to the input, as torch.
defop("clamp_tensor", "ClampBackward0", lambda a, lo, hi: np.minimum(np.maximum(a, lo), hi),
      lambda xp, g, o, a, lo, hi: K.clamp_tensor_grads(xp, g, a, lo, hi),
      ("abc", "abc", "abc"), S.clamp_tensor, layout="elementwise")
# clamp_min/clamp_max with a tensor bound; at the bound the gradient goes to the input
defop("clamp_min_tensor", "ClampMinBackward1", np.maximum,
      lambda xp, g, o, a, lo: (xp.where(K._values(a) >= K._values(lo), g, 0),
                               xp.where(K._values(a) < K._values(lo), g, 0)), ("ab", "ab"),
      lambda a, lo: S.clamp_tensor(a, lo, np.array(S.sp().oo, dtype=object)), layout="elementwise")
defop("clamp_max_tensor", "ClampMaxBackward1", np.minimum,
      lambda xp, g, o, a, hi: (xp.where(K._values(a) <= K._values(hi), g, 0),
                               xp.where(K._values(a) > K._values(hi), g, 0)), ("ab", "ab"),
      lambda a, hi: S.clamp_tensor(a, np.array(-S.sp().oo, dtype=object), hi), layout="elementwise")
defop("clamp_min", "ClampMinBackward0", lambda a, min: np.maximum(a, min).astype(a.dtype),
      lambda xp, g, o, a, min: (xp.where(K.in_bounds(a, min, None), g, 0),), "a",
      lambda a, min: S.clamp(a, min, None), **POINTWISE,
      zeroed=lambda i, a, min: ~K.in_bounds(a, min, None))
defop("clamp_max", "ClampMaxBackward0", lambda a, max: np.minimum(a, max).astype(a.dtype),
      lambda xp, g, o, a, max: (xp.where(K.in_bounds(a, None, max), g, 0),), "a",
      lambda a, max: S.clamp(a, None, max), **POINTWISE,
      zeroed=lambda i, a, max: ~K.in_bounds(a, None, max))

# ---- elementwise binary (inputs already promoted to one dtype; broadcasting allowed) ----
defop("add", "AddBackward0", lambda a, b, alpha=1: a + b * alpha if alpha != 1 else a + b,
      lambda xp, g, o, a, b, alpha=1: (g, xp.mul_scalar(g, alpha) if alpha != 1 else g),
      **POINTWISE)
defop("sub", "SubBackward0", lambda a, b, alpha=1: a - b * alpha if alpha != 1 else a - b,
      lambda xp, g, o, a, b, alpha=1: (g, xp.mul_scalar(-g, alpha) if alpha != 1 else -g),
      **POINTWISE)
# The Scalar overloads torch's own formulas call (`grad * alpha`, `grad / numel`): under
# create_graph they are the gradient's grad_fn (a script's `x * 2` is MulBackward0).
defop("mul_scalar", "MulBackward1", lambda a, other: a * other,
      lambda xp, g, o, a, other: (xp.mul_scalar(g, other),), layout="elementwise", linear=True)
defop("div_scalar", "DivBackward1", lambda a, other: a / other,
      lambda xp, g, o, a, other: (xp.div_scalar(g, other),), layout="elementwise", linear=True)
# `1 - x`: PyTorch's rsub with the Python scalar as `other`.
defop("rsub", "RsubBackward1", lambda a, other, alpha=1: other - (a * alpha if alpha != 1 else a),
      lambda xp, g, o, a, other, alpha=1: (xp.mul_scalar(-g, alpha) if alpha != 1 else -g,),
      **POINTWISE)
defop("mul", "MulBackward0", np.multiply, lambda xp, g, o, a, b: (g * b, g * a), ("b", "a"),
      **POINTWISE)
defop("div", "DivBackward0", np.true_divide,
      lambda xp, g, o, a, b: (g / b, -g * ((a / b) / b)), ("b", "ab"), **POINTWISE)
def _pow_tensor_vjp(xp, g, o, a, b):
    # torch's pow_backward_exponent takes the log of the base cast to the result's dtype
    # (under create_graph the saved base is the input itself, maybe of a narrower dtype)
    base = a if a.dtype == o.dtype else xp.cast(a, o.dtype.np)
    return K.pow_base_grad(xp, g, a, b), K.pow_exponent_grad(xp, g, o, base, b)


# NOTE: torch saves (and version-checks) the result even when only the base requires grad
defop("pow_tensor", "PowBackward1", K.power, _pow_tensor_vjp, ("abo", "abo"), S.pow_tensor,
      **POINTWISE)
defop("rpow", "PowBackward2", lambda a, base: K.power(base, a).astype(a.dtype),
      lambda xp, g, o, a, base: (K.pow_exponent_grad(xp, g, o, base, a),), "ao",
      S.rpow, **POINTWISE)


def _tie_split(xp, g, a, b):
    # NOTE: torch splits the gradient of maximum/minimum evenly at ties.
    shared = xp.where(a == b, g / 2, g)
    return xp.masked_fill(shared, a < b, 0), xp.masked_fill(shared, a > b, 0)


defop("maximum", "MaximumBackward0", np.maximum, lambda xp, g, o, a, b: _tie_split(xp, g, a, b),
      ("ab", "ab"), S.maximum, **POINTWISE,
      zeroed=lambda i, a, b: a < b if i == 0 else a > b)
defop("minimum", "MinimumBackward0", np.minimum, lambda xp, g, o, a, b: _tie_split(xp, g, b, a),
      ("ab", "ab"), S.minimum, **POINTWISE,
      zeroed=lambda i, a, b: a > b if i == 0 else a < b)
defop("where", "WhereBackward0", lambda cond, a, b: np.where(cond, a, b),
      lambda xp, g, o, cond, a, b: (None, xp.where(cond, g, 0), xp.where(cond, 0, g)),
      ("", "a", "a"), S.where, **POINTWISE,
      zeroed=lambda i, cond, a, b: cond == 0 if i == 1 else cond != 0,
      condition=0, branches=lambda cond, a, b: (a, b))

# ---- reductions -----------------------------------------------------------------------


def _values_eq(x, value):
    return K._values(x) == value


def _expand_back(xp, g, shape, dim, keepdim):
    """Undo a reduction over `dim` (None = all) on `g`, then broadcast it to `shape`."""
    if dim is not None and not keepdim:
        g = xp.reshape(g, K.kept_shape(shape, dim))
    elif dim is None:
        g = xp.reshape(g, (1,) * len(shape))
    return xp.broadcast_to(g, shape)


INDICES = "abcdefghijklmnopqrstuvwxyz"


def _reduction(scaled: bool) -> Callable[..., tuple[str, float]]:
    """sum or mean over `dim` (None: all) as an einsum (the keepdim ones are the check's to
    restore): `abc->ac`, scaled by 1/count for a mean."""
    def contraction(shape, dim=None, keepdim=False):
        n = len(shape)
        dims = set(range(n)) if dim is None else \
            {d % max(n, 1) for d in (dim if isinstance(dim, (tuple, list)) else (dim,))}
        count = int(np.prod([shape[d] for d in dims])) if n else 1
        spec = INDICES[:n] + "->" + "".join(INDICES[d] for d in range(n) if d not in dims)
        return spec, (1 / count if scaled and count else 1.0)
    return contraction


defop("sum", "SumBackward0", lambda a: np.asarray(K.torch_sum(a), a.dtype),
      lambda xp, g, o, a: (xp.broadcast_to(g, a.shape),), sym=lambda a: np.array(S.add_all(a)),
      contraction=_reduction(False))
defop("sum_dim", "SumBackward1", lambda a, dim, keepdim: K.torch_sum(a, dim, keepdim),
      lambda xp, g, o, a, dim, keepdim: (_expand_back(xp, g, a.shape, dim, keepdim),),
      contraction=_reduction(False))
defop("mean", "MeanBackward0", lambda a: np.asarray(K.torch_sum(a) / a.size, dtype=a.dtype),
      lambda xp, g, o, a: (xp.div_scalar(xp.broadcast_to(g, a.shape), K.numel(a.shape)),),
      sym=lambda a: np.array(S.add_all(a) / a.size),
      contraction=_reduction(True))
defop("mean_dim", "MeanBackward1",
      lambda a, dim, keepdim: np.asarray(K.torch_sum(a, dim, keepdim) /
                                         K.count(a.shape, dim), a.dtype),
      lambda xp, g, o, a, dim, keepdim: (
          xp.div_scalar(_expand_back(xp, g, a.shape, dim, keepdim), K.count(a.shape, dim)),),
      sym=lambda a, dim, keepdim: np.sum(a, axis=dim, keepdims=keepdim) / K.count(a.shape, dim),
      contraction=_reduction(True))
defop("prod", "ProdBackward0", lambda a: np.asarray(np.prod(a), dtype=a.dtype),
      lambda xp, g, o, a: (K.prod_grad(xp, g, a, o),), "ao", sym=lambda a: np.array(np.prod(a)))
# `ties` (where the extremum is reached) is decided on the concrete values at forward time;
# the numeric side ignores it, the symbolic side uses it to encode torch's even split.
defop("prod_dim", "ProdBackward1",
      lambda a, dim, keepdim: np.prod(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim: (
          K.prod_dim_grad(xp, _expand_back(xp, g, a.shape, dim, keepdim),
                          _expand_back(xp, o, a.shape, dim, keepdim), a, dim),), "ao")
defop("max", "MaxBackward1", lambda a, ties: np.asarray(np.max(a)),
      lambda xp, g, o, a, ties: (K.even_split(xp, g, a, o),), "ao", S.max_all, elements_read="ties")
defop("min", "MinBackward1", lambda a, ties: np.asarray(np.min(a)),
      lambda xp, g, o, a, ties: (K.even_split(xp, g, a, o),), "ao", S.min_all, elements_read="ties")
defop("amax", "AmaxBackward0",
      lambda a, dim, keepdim, ties: np.amax(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim, ties: (K.even_split_dim(xp, g, a, o, dim, keepdim),),
      "ao", S.amax, elements_read="ties")
defop("amin", "AminBackward0",
      lambda a, dim, keepdim, ties: np.amin(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim, ties: (K.even_split_dim(xp, g, a, o, dim, keepdim),),
      "ao", S.amin, elements_read="ties")
# max(dim) / min(dim): the gradient goes to the first index of each extremum only.
defop("max_dim", "MaxBackward0", lambda a, dim, keepdim, index: K.take_dim(a, index, dim, keepdim),
      lambda xp, g, o, a, dim, keepdim, index: (K.put_dim(xp, g, a.shape, index, dim, keepdim),),
      "k", elements_read="selection")
defop("min_dim", "MinBackward0", lambda a, dim, keepdim, index: K.take_dim(a, index, dim, keepdim),
      lambda xp, g, o, a, dim, keepdim, index: (K.put_dim(xp, g, a.shape, index, dim, keepdim),),
      "k", elements_read="selection")
# mode(dim): the gradient goes to the index torch's kernel picked (torch/_tensor/sorting.py)
defop("mode", "ModeBackward0",
      lambda a, dim, keepdim, index: K.take_dim(a, index, dim, keepdim) if a.ndim else a.copy(),
      lambda xp, g, o, a, dim, keepdim, index: (
          K.put_dim(xp, g, a.shape, index, dim, keepdim) if a.ndim else g,),
      "k", elements_read="selection")
defop("var", "VarBackward0", K.var,
      lambda xp, g, o, a, dim, correction, keepdim: (
          K.var_grad(xp, g, a, dim, correction, keepdim),), "a", S.var)
defop("std", "StdBackward0", lambda a, dim, correction, keepdim: np.sqrt(
          K.var(a, dim, correction, keepdim)),
      lambda xp, g, o, a, dim, correction, keepdim: (K.var_grad(
          xp, xp.masked_fill(g / (o * 2), _values_eq(o, 0), 0), a, dim, correction, keepdim),),
      "ao", S.std)
defop("logsumexp", "LogsumexpBackward0", K.logsumexp,
      lambda xp, g, o, a, dim, keepdim: (
          _expand_back(xp, g, a.shape, dim, keepdim) * xp.exp(
              a - _expand_back(xp, o, a.shape, dim, keepdim)),), "ao", S.logsumexp)
defop("norm", "LinalgVectorNormBackward0", K.vector_norm,
      lambda xp, g, o, a, p, dim, keepdim: (K.norm_grad(xp, g, a, o, p, dim, keepdim),), "ao",
      S.norm)
# at::norm(x, p, dim) (pairwise_distance, the triplet loss): the same norm, torch's other node
defop("norm_aten", "NormBackward1", K.vector_norm,
      lambda xp, g, o, a, p, dim, keepdim: (K.norm_grad(xp, g, a, o, p, dim, keepdim),), "ao",
      S.norm)
# (a 0-d tensor's cumsum and cumprod are itself, still 0-d: numpy's would be 1-d)
defop("cumsum", "CumsumBackward0",
      lambda a, dim: np.cumsum(a, axis=dim, dtype=a.dtype).reshape(a.shape),
      lambda xp, g, o, a, dim: (K.reverse_cumsum(xp, g, dim) if g.ndim else g,),
      sym=lambda a, dim: np.cumsum(a, dim).reshape(a.shape), linear=True)
defop("softmax", "SoftmaxBackward0", K.softmax,
      lambda xp, g, o, a, dim: (xp.softmax_backward(g, o, dim),), "o", S.sym_softmax,
      along_dim=True)
defop("log_softmax", "LogSoftmaxBackward0", K.log_softmax,
      lambda xp, g, o, a, dim: (xp.log_softmax_backward(g, o, dim),), "o", S.sym_log_softmax,
      along_dim=True)

# ---- linear algebra -------------------------------------------------------------------
# `columns`: which operands were column-major, for which torch computes the gradient
# transposed (same values; under create_graph its grad_fn is then TBackward0).
def _plus_zero(product):
    """A matrix-vector or dot product as BLAS sums it, from +0.0: never -0.0 (numpy's
    one-term sums can be)."""
    return lambda *args, **params: product(*args, **params) + 0


def _mm(a, b, columns):
    # torch's gemm keeps the -0.0 of one-term products where both result dims exceed 1; its
    # gemv (a dim of 1) and longer sums start from +0.0
    out = K.mm(a, b)
    return out if a.shape[1] == 1 and a.shape[0] > 1 and b.shape[1] > 1 else out + 0


defop("mm", "MmBackward0", _mm,
      lambda xp, g, o, a, b, columns: K.mm_grads(xp, g, a, b, columns), ("b", "a"),
      contraction=lambda a, b, columns: ("ij,jk->ik", 1.0), matrix_form="product")
defop("mv", "MvBackward0", _plus_zero(np.matmul),
      lambda xp, g, o, a, b: (K.outer(xp, g, b), xp.matmul(K.mT(xp, a), g)), ("b", "a"),
      self_first=True,
      contraction=lambda a, b: ("ij,j->i", 1.0), matrix_form="product")
defop("dot", "DotBackward0", _plus_zero(lambda a, b: np.asarray(np.dot(a, b))),
      lambda xp, g, o, a, b: (g * b, g * a), ("b", "a"), self_first=True,
      contraction=lambda a, b: ("i,i->", 1.0), matrix_form="product")
defop("bmm", "BmmBackward0", _plus_zero(np.matmul),
      lambda xp, g, o, a, b: (xp.matmul(g, K.mT(xp, b)), xp.matmul(K.mT(xp, a), g)), ("b", "a"),
      contraction=lambda a, b: ("bij,bjk->bik", 1.0), matrix_form="product")

# F.linear with a bias: bias + input @ weight.t(), as one node.
def _bias_term(bias: tuple, a: tuple, b: tuple, columns) -> tuple[str, float]:
    """addmm as `bias + mat1 @ mat2`."""
    return f"{K.bias_letters(bias, (a[0], b[1]), 'ik')}+ij,jk->ik", 1.0


defop("addmm", "AddmmBackward0", lambda bias, a, b, columns: bias + np.matmul(a, b),
      lambda xp, g, o, bias, a, b, columns: (g, *K.mm_grads(xp, g, a, b, columns)),
      ("", "c", "b"), contraction=_bias_term)

# ---- shape and indexing (views in PyTorch: no saved tensors) ---------------------------
defop("view", "ViewBackward0", lambda a, shape: np.reshape(a, shape),
      lambda xp, g, o, a, shape: (xp.reshape(g, a.shape),), layout="view", matrix_form="reshape")
defop("reshape_alias", "ReshapeAliasBackward0", lambda a, shape: np.reshape(a, shape),
      lambda xp, g, o, a, shape: (xp.reshape(g, a.shape),), layout="view", matrix_form="reshape")
defop("alias", "AliasBackward0", lambda a: a.view(), lambda xp, g, o, a: (g,), layout="view",
      matrix_form="same")
# forward_ad.unpack_dual's primal: a view of the dual tensor without its tangent
defop("dual_primal", "Identity", lambda a: a.view(), lambda xp, g, o, a: (g,), layout="view")
# torch's BackwardHookFunction around one tensor going in or out of an nn.Module with backward
# hooks: an identity whose gradient those hooks watch, as hooks of its output
# (torch/nn/modules/_hooks.py)
defop("backward_hook", "BackwardHookFunctionBackward", lambda a: a.view(),
      lambda xp, g, o, a: (g,), layout="view")
defop("unsafe_view", "UnsafeViewBackward0", lambda a, shape: np.reshape(a, shape),
      lambda xp, g, o, a, shape: (xp.reshape(g, a.shape),), rearranges=True,
      matrix_form="reshape")
# Squeezes are undone by unsqueezes and the other way round, as torch (under create_graph the
# gradient's grad_fn shows it).
defop("squeeze", "SqueezeBackward0", lambda a: np.squeeze(a),
      lambda xp, g, o, a: (K.unsqueeze_to(xp, g, a.shape, range(a.ndim)),), layout="view",
      matrix_form="inverse")
defop("squeeze_dim", "SqueezeBackward1", lambda a, dim: K.squeeze_dim(a, dim),
      lambda xp, g, o, a, dim: (K.unsqueeze_to(xp, g, a.shape, dim),), layout="view",
      matrix_form="inverse")
# (squeeze_last is matmul's in-place squeeze_ of a fresh result: no view.)
defop("squeeze_last", "SqueezeBackward4", lambda a, dim: K.squeeze_dim(a, dim),
      lambda xp, g, o, a, dim: (K.unsqueeze_to(xp, g, a.shape, dim),), rearranges=True)
defop("unsqueeze", "UnsqueezeBackward0", lambda a, dim: np.expand_dims(a, dim),
      lambda xp, g, o, a, dim: (xp.squeeze(g, dim),), layout="view", matrix_form="inverse")
# (an in-place unsqueeze_ of a fresh result: torch.quantile's)
defop_like("unsqueeze_", "UnsqueezeBackward1", "unsqueeze", layout="fresh", matrix_form=None,
           rearranges=True)
defop("t", "TBackward0", lambda a: np.transpose(a), lambda xp, g, o, a: (xp.t(g),), layout="view",
      matrix_form="transpose")
defop("permute", "PermuteBackward0", lambda a, dims: np.transpose(a, dims),
      lambda xp, g, o, a, dims: (xp.transpose(g, tuple(int(d) for d in np.argsort(dims))),),
      layout="view", matrix_form="transpose")
# (a 0-dim tensor's transpose(0, 0) is itself)
defop("transpose", "TransposeBackward0",
      lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1) if a.ndim else a.view(),
      lambda xp, g, o, a, dim0, dim1: (xp.swapaxes(g, dim0, dim1) if a.ndim else g,), layout="view",
      matrix_form="transpose")
# x.transpose_(0, 1) (ATen's RNNs transpose their batch_first output in place)
defop("transpose_", "TransposeBackward1", OPS["transpose"].forward, OPS["transpose"].vjp,
      layout="view", matrix_form="transpose")
defop("repeat", "RepeatBackward0", lambda a, repeats: np.tile(a, repeats),
      lambda xp, g, o, a, repeats: (K.repeat_grad(xp, g, a.shape, repeats),),
      rearranges=True)
defop("expand", "ExpandBackward0", K.expand,
      lambda xp, g, o, a, shape: (g,), layout="view",  # the engine sums g back to a's shape
      matrix_form="broadcast")
defop("select", "SelectBackward0", lambda a, dim, index: K.select(a, dim, index),
      lambda xp, g, o, a, dim, index: (xp.select_backward(g, a.shape, dim, index),),
      layout="view", elements_read="selection")
defop("slice", "SliceBackward0", lambda a, dim, key: a[K.dim_key(dim, key)],
      lambda xp, g, o, a, dim, key: (xp.slice_backward(g, a.shape, dim, key),),
      layout="view", elements_read="selection")
defop("index", "IndexBackward0", lambda a, key: a[key],
      lambda xp, g, o, a, key: (xp.scatter(g, a.shape, key),), "k", elements_read="selection")
defop("index_select", "IndexSelectBackward0", lambda a, dim, index: np.take(a, index, axis=dim),
      lambda xp, g, o, a, dim, index: (xp.index_add_src(g, a.shape, dim, index),), "k",
      elements_read="selection")
# (an index smaller than the input in the other dims reads their first rows, as torch's)
defop("gather", "GatherBackward0", K.gather,
      lambda xp, g, o, a, dim, index: (xp.zeros_shaped(a.shape, g) if not index.size else
                                       xp.scatter_add_src(g, a.shape, dim, index),), "k",
      elements_read="selection")
# masked_fill with a 0-dim tensor value: the value gets the masked slots' gradient.
defop("masked_fill_tensor", "MaskedFillBackward1", lambda a, value, mask: np.where(mask, value, a),
      lambda xp, g, o, a, value, mask: (xp.masked_fill(g, mask, 0), xp.sum(xp.where(mask, g, 0))),
      ("k", "k"), lambda a, value, mask: np.where(mask, value, a), layout="elementwise",
      elements_read="selection")
defop("masked_fill", "MaskedFillBackward0", K.masked_fill,
      lambda xp, g, o, a, mask, value: (xp.masked_fill(g, mask, 0),), "k", S.masked_fill,
      pointwise=True, zeroed=lambda i, a, mask, value: np.asarray(mask, dtype=bool),
      condition="mask", branches=lambda a, mask, value: (S.number(value), a))
# y[index_tensors] = value on y itself (not a view of it).
defop("index_put", "IndexPutBackward0", K.put,
      lambda xp, g, o, base, value, key: (xp.unscatter(g, key), g[key]), ("k", "k"),
      elements_read="selection")
# An in-place write through a view: PyTorch's CopySlices, the base with the view's elements
# (`positions`: their flat indices in the base) replaced. Gradient: the rest of the base, and
# the new values' slots.
defop("copy_slices", "CopySlices", K.put_flat,
      lambda xp, g, o, base, value, positions: (
          K.unscatter_flat(xp, g, positions), xp.reshape(g, (-1,))[positions]),
      ("k", "k"), elements_read="selection")  # torch's CopySlices always releases its op: once
# What a view of a base modified in place becomes: the view's positions, read from the base.
def _as_strided_vjp(xp, g, o, a, positions):
    # torch's as_strided_backward: g put into a zero storage, which is then seen with the
    # input's geometry by as_strided (so, under create_graph, AsStridedBackward0)
    storage = xp.scatter(g, (K.numel(a.shape),), positions)
    if xp is K.NUMPY:
        return (np.reshape(storage, a.shape),)
    return (xp.as_strided(storage, np.arange(K.numel(a.shape)).reshape(a.shape)),)


defop("as_strided", "AsStridedBackward0", K.take_flat, _as_strided_vjp, elements_read="selection")
defop("cat", "CatBackward0", K.cat, lambda xp, g, o, *ts, dim: K.cat_back(xp, g, ts, dim),
      rearranges=True)
defop("stack", "StackBackward0", lambda *ts, dim: np.stack(ts, axis=dim),
      lambda xp, g, o, *ts, dim: tuple(xp.select(g, dim, i) for i in range(len(ts))),
      rearranges=True)
# Iterating / unbind / chunk give views of one node in torch; here one node per piece.
# torch's VJPs stack/cat the pieces' gradients, zeros for the pieces not used.
defop("unbind", "UnbindBackward0", lambda a, dim, index: K.select(a, dim, index),
      lambda xp, g, o, a, dim, index: (xp.unbind_backward(g, a.shape, dim, index),),
      layout="view", elements_read="selection")
for _name, _grad_fn in (("split", "SplitBackward0"),  # split(x, 2)
                        ("split_with_sizes", "SplitWithSizesBackward0")):  # split(x, [1, 2])
    defop(_name, _grad_fn, lambda a, dim, key: a[K.dim_key(dim, key)],
          lambda xp, g, o, a, dim, key: (K.split_back_one(xp, g, a.shape, dim, key),),
          layout="view", elements_read="selection")
# unsafe_chunk: split's pieces as torch's RNN cells take them, not views (written in place)
defop("unsafe_split", "UnsafeSplitBackward0", OPS["split"].forward, OPS["split"].vjp,
      elements_read="selection")
# NOTE: torch runs a float32 LSTM layer on CPU as one fused mkldnn node; gradcli computes the
# layer from its composite ops (so the check sees each), then passes the layer's output
# through this op, the top of the layer's record. Where the layer records a graph, its output
# is a node of its own (ops_recurrent.py), so that this op's VJP never runs there.
defop("mkldnn_rnn_layer", "MkldnnRnnLayerBackward0", np.copy, lambda xp, g, o, a: (g,),
      **POINTWISE)

# In-place fills: the old values get no gradient.
defop("fill", "FillBackward2", lambda a, value: np.full(a.shape, value, a.dtype),
      lambda xp, g, o, a, value: (xp.zeros_like(g),),
      sym=lambda a, value: np.full(a.shape, S.number(value)), elements_read="selection")
defop("fill_tensor", "FillBackward3", lambda a, value: np.full(a.shape, value, a.dtype),
      lambda xp, g, o, a, value: (xp.zeros_like(g), xp.sum(g)),
      sym=lambda a, value: np.broadcast_to(value, a.shape).copy(), elements_read="selection")
# torch.fill: the same, out of place
defop_like("fill_new", "FillBackward0", "fill")
defop_like("fill_tensor_new", "FillBackward1", "fill_tensor")
# x.uniform_() / x.normal_() / x.exponential_() / x.cauchy_() / x.random_(): the generator's draws
# (`values`) written over every element (random_'s node is named by its overload)
for _name, _grad_fn in (("uniform", "UniformBackward0"), ("normal", "NormalBackward0"),
                        ("exponential", "ExponentialBackward0"), ("cauchy", "CauchyBackward0"),
                        ("random_from_to", "RandomBackward0"), ("random_to", "RandomBackward1"),
                        ("random", "RandomBackward2"), ("bernoulli", "BernoulliBackward0"),
                        ("bernoulli_scalar", "BernoulliBackward2")):
    defop(_name, _grad_fn, lambda a, values: values.reshape(a.shape).astype(a.dtype),
          lambda xp, g, o, a, values: (xp.zeros_like(g),),
          sym=lambda a, values: np.array([S.number(v) for v in values.reshape(-1).tolist()],
                                         dtype=object).reshape(a.shape),
          elements_read="selection")
# torch.bernoulli(x, p): a node whose backward torch has not written
defop("bernoulli_p", "NotImplemented", OPS["bernoulli"].forward,
      lambda xp, g, o, a, values: K.not_implemented("aten::bernoulli"), sym=OPS["bernoulli"].sym)
# x.bernoulli_(probs): no gradient to x nor to the probabilities
defop("bernoulli_tensor", "BernoulliBackward1",
      lambda a, p, values: values.reshape(a.shape).astype(a.dtype),
      lambda xp, g, o, a, p, values: (xp.zeros_like(g), xp.zeros_like(g)),
      sym=lambda a, p, values: OPS["bernoulli"].sym(a, values), elements_read="selection")
# torch.normal(mean, std) with a tensor mean and/or std: the draws (`values`, already scaled
# and shifted), whose derivative torch defines as zero for each tensor given
for _name, _grad_fn, _n in (("normal_tensor_float", "NormalBackward1", 1),
                            ("normal_float_tensor", "NormalBackward2", 1),
                            ("normal_tensor_tensor", "NormalBackward3", 2)):
    defop(_name, _grad_fn, lambda *ts, values: values,
          lambda xp, g, o, *ts, values: tuple(xp.zeros_like(g) for _ in ts), ("",) * _n,
          sym=lambda *ts, values: np.array(
              [S.number(v) for v in values.reshape(-1).tolist()], dtype=object
          ).reshape(values.shape), elements_read="nothing")
defop("zero", "ZeroBackward0", np.zeros_like, lambda xp, g, o, a: (xp.zeros_like(g),),
      sym=lambda a: np.full(a.shape, 0, dtype=object), elements_read="selection")
defop("copy", "CopyBackwards", lambda a, src: np.broadcast_to(src, a.shape).copy(),
      lambda xp, g, o, a, src: (xp.zeros_like(g), g),
      sym=lambda a, src: np.broadcast_to(src, a.shape).copy(), elements_read="selection")
# The indexing VJPs as ops of their own, so that create_graph can differentiate them again.
defop("index_backward", "IndexPutImplBackward0",
      lambda g, shape, key: K.scatter_array(g, shape, key),
      lambda xp, gg, o, g, shape, key: (gg[key],))
defop("masked_slots", "IndexPutBackward0", lambda g, key: K.unscatter_array(g, key),
      lambda xp, gg, o, g, key: (xp.unscatter(gg, key),))

# ---- losses ---------------------------------------------------------------------------
defop("mse_loss", "MseLossBackward0", K.mse_loss,
      lambda xp, g, o, a, b, reduction: (xp.mse_loss_backward(g, a, b, reduction),
                                         xp.mse_loss_backward(g, b, a, reduction)), ("ab", "ab"),
      self_first=True, reduces=True)
# nll_loss2d: torch's kernel for (N, C, H, W) log-probs, which nll_loss_nd calls for those
# and for (N, C, d1) or more dims viewed as (N, C, 1, d1*d2...)
for _name, _node, _spatial in (("nll_loss", "NllLoss", False), ("nll_loss2d", "NllLoss2D", True)):
    defop(_name, f"{_node}Backward0", K.nll_loss,
          lambda xp, g, o, logp, target, reduction, weight, ignore_index, _s=_spatial: (
              xp.nll_loss_backward(g, target, logp.shape, reduction, weight, ignore_index, _s),
              None), ("b", ""), linear=True)
    defop(f"{_name}_backward", f"{_node}BackwardBackward0", K.nll_loss_backward,
          lambda xp, gg, o, g, target, shape, reduction, weight, ignore_index, _s=_spatial: (
              xp.nll_loss(gg, target, reduction, weight, ignore_index, _s), None), ("b", ""))
defop("bce_logits", "BinaryCrossEntropyWithLogitsBackward0", K.bce_logits,
      lambda xp, g, o, x, y, w, pw, reduction, weighted, weight_given: (
          *K.bce_logits_grads(xp, g, x, y, w, pw, reduction, weighted, weight_given), None,
          None),
      ("abcd", "acd", "", ""), S.bce_logits, self_first=True, reduces=True)
defop("bce", "BinaryCrossEntropyBackward0", K.bce,
      lambda xp, g, o, x, y, w, reduction, weight_given: (
          *K.bce_grads(xp, g, x, y, w, reduction, weight_given), None),
      ("abc", "ac", ""), S.bce, self_first=True, reduces=True)
defop("floor_divide", "NotImplemented", np.floor_divide, lambda xp, g, o, a, b: K.not_implemented(
    "aten::floor_divide"), layout="elementwise")
# torch.div(..., rounding_mode=): a step function, whose derivative torch defines as zero.
defop("div_rounding", "DivBackward2", K.div_rounding,
      lambda xp, g, o, a, b, mode: (xp.zeros_like(g), xp.zeros_like(g)), ("b", "ab"),
      S.div_rounding, layout="elementwise", elements_read="nothing")
# a - floor(a / b) * b (fmod: trunc), whose derivative in b torch takes with the quotient's
# own derivative zero: -(a / b rounded). The *Backward0 rows are x % number; a number % x is
# not differentiable in torch.
defop("remainder", "RemainderBackward0", K.remainder, lambda xp, g, o, a, b: (g, None),
      ("", ""), S.remainder, **POINTWISE)
defop("remainder_tensor", "RemainderBackward1", K.remainder,
      lambda xp, g, o, a, b: (g, -g * xp.div_rounding(a, b, "floor")), ("", "ab"),
      S.remainder, **POINTWISE)
defop("rremainder", "NotImplemented", K.remainder, lambda xp, g, o, a, b: K.not_implemented(
    "aten::remainder"), sym=S.remainder, layout="elementwise")
defop("fmod", "FmodBackward0", np.fmod, lambda xp, g, o, a, b: (g, None), ("", ""), S.fmod,
      **POINTWISE)
defop("fmod_tensor", "FmodBackward1", np.fmod,
      lambda xp, g, o, a, b: (g, -g * xp.div_rounding(a, b, "trunc")), ("", "ab"), S.fmod,
      **POINTWISE)

# ---- the backward ops torch's VJPs call, differentiable again under create_graph --------
# Their forwards are what the VJPs above compute (K.NUMPY holds the same functions); their
# own VJPs are torch's double-backward formulas.
defop("tanh_backward", "TanhBackwardBackward0", K.tanh_backward,
      lambda xp, gg, o, g, out: (xp.tanh_backward(gg, out), gg * (-2 * out * g)), ("b", "ab"),
      layout="elementwise")
defop("sigmoid_backward", "SigmoidBackwardBackward0", K.sigmoid_backward,
      lambda xp, gg, o, g, out: (xp.sigmoid_backward(gg, out), gg * g * (1 - 2 * out)),
      ("b", "ab"), layout="elementwise")
defop("threshold_backward", "ThresholdBackwardBackward0", K.threshold_backward,
      lambda xp, gg, o, g, a, threshold: (xp.threshold_backward(gg, a, threshold),
                                          xp.zeros_like(gg)), ("b", ""), layout="elementwise")
defop("leaky_relu_backward", "LeakyReluBackwardBackward0", K.leaky_relu_backward,
      lambda xp, gg, o, g, a, slope: (xp.leaky_relu_backward(gg, a, slope), xp.zeros_like(gg)),
      ("b", ""), layout="elementwise")
defop("softmax_backward", "SoftmaxBackwardDataBackward0", K.softmax_backward,
      lambda xp, gg, o, g, out, dim: (
          xp.softmax_backward(gg, out, dim),
          g * gg - xp.sum(out * g, axis=dim, keepdims=True) * gg
          - g * xp.sum(out * gg, axis=dim, keepdims=True)), ("b", "ab"))
defop("log_softmax_backward", "LogSoftmaxBackwardDataBackward0", K.log_softmax_backward,
      lambda xp, gg, o, g, out, dim: (
          gg - xp.sum(gg * xp.exp(out), axis=dim, keepdims=True),
          -xp.sum(g, axis=dim, keepdims=True) * xp.exp(out) * gg), ("b", "ab"))
# torch's mse_loss_backward gives its `self`'s dtype (no cast node when dtypes are mixed)
defop("mse_loss_backward", "MseLossBackwardBackward0",
      lambda g, a, b, reduction: K.mse_loss_backward(g, a, b, reduction).astype(a.dtype,
                                                                                copy=False),
      lambda xp, gg, o, g, a, b, reduction: (
          K.mse_grad_output_grad(xp, gg, g, a, b, reduction),
          K.mse_double(gg * g, a, reduction), -K.mse_double(gg * g, a, reduction)),
      ("bc", "a", "a"), layout="elementwise")
defop("select_backward", "SelectBackwardBackward0", K.select_backward,
      lambda xp, gg, o, g, shape, dim, index: (xp.select(gg, dim, index),))
defop("slice_backward", "SliceBackwardBackward0", K.slice_backward,
      lambda xp, gg, o, g, shape, dim, key: (gg[K.dim_key(dim, key)],))
# zeros(shape) with g put (or added) at `index` along `dim`: the VJPs of max(dim), gather and
# index_select, as torch computes them.
defop("scatter_src", "ScatterBackward0", K.scatter_src,
      lambda xp, gg, o, g, shape, dim, index: (xp.gather(gg, dim, index),))
defop("scatter_add_src", "ScatterAddBackward0", K.scatter_add_src,
      lambda xp, gg, o, g, shape, dim, index: (xp.gather(gg, dim, index),))
defop("index_add_src", "IndexAddBackward0", K.index_add_src,
      lambda xp, gg, o, g, shape, dim, index: (xp.index_select(gg, dim, index),))
# torch.diag: a vector put on a matrix's diagonal (offset by `diagonal`), or that diagonal
# read back; `key` holds the (rows, columns) of the diagonal's elements
defop("diag_embed", "DiagEmbedBackward0", lambda a, shape, key: K.scatter_array(a, shape, key),
      lambda xp, g, o, a, shape, key: (g[key],))
defop("diagonal_copy", "DiagonalBackward0_copy", lambda a, key: a[key],
      lambda xp, g, o, a, key: (xp.scatter(g, a.shape, key),), elements_read="selection")
# x.diagonal(offset, dim1, dim2) (and einsum's repeated subscripts): a view, its diagonal
# moved last
defop("diagonal", "DiagonalBackward0", K.diagonal,
      lambda xp, g, o, a, dim1, dim2, offset: (
          xp.diagonal_backward(g, a.shape, dim1, dim2, offset),),
      layout="view", elements_read="selection")
defop("diagonal_backward", "DiagonalBackwardBackward0", K.diagonal_backward,
      lambda xp, gg, o, g, shape, dim1, dim2, offset: (xp.diagonal(gg, dim1, dim2, offset),))
# x.unfold(dim, size, step): a view of dim's windows, each along a new last dim
defop("unfold", "UnfoldBackward0", K.convkit.tensor_unfold,
      lambda xp, g, o, a, dim, size, step: (xp.unfold_backward(g, a.shape, dim, size, step),),
      layout="view", elements_read="selection")
defop("unfold_backward", "UnfoldBackwardBackward0", K.convkit.tensor_unfold_backward,
      lambda xp, gg, o, g, shape, dim, size, step: (xp.unfold(gg, dim, size, step),))
defop("flip", "FlipBackward0", lambda a, dim: np.flip(a, dim), lambda xp, g, o, a, dim: (
    xp.flip(g, dim),), rearranges=True)
defop("roll", "RollBackward0", lambda a, shifts, dims: np.roll(a, shifts, dims),
      lambda xp, g, o, a, shifts, dims: (xp.roll(g, tuple(-s for s in shifts), dims),),
      rearranges=True)
# x.scatter(dim, index, src): x with src's elements written at index (the written slots of x
# get no gradient; src's elements, the gradient of the slot each went to)
defop("scatter", "ScatterBackward0", K.scatter_into,
      lambda xp, g, o, a, src, dim, index, src_grad=True: (
          xp.masked_fill(g, K.scatter_mask(a.shape, dim, index), 0),
          K.scatter_src_grad(xp, g, src.shape, dim, index, src_grad)), ("k", "k"),
      rearranges=True)
# x.index_add(dim, index, source, alpha): source's slices (times alpha) added to x's at index
defop("index_add", "IndexAddBackward0", K.index_add,
      lambda xp, g, o, a, source, dim, index, alpha: (
          g, K.index_add_source_grad(xp, g, source.shape, dim, index, alpha)), ("", "k"))
# (torch's cumprod_backward passes the grad on as it is for at most one element, empty too,
# or one along dim)
defop("cumprod", "CumprodBackward0",
      lambda a, dim: np.cumprod(a, axis=dim, dtype=a.dtype).reshape(a.shape),
      lambda xp, g, o, a, dim: (
          K.cumprod_grad(xp, g, a, dim) if K.numel(a.shape) > 1 and a.shape[dim] > 1 else g,),
      "a",
      sym=lambda a, dim: np.cumprod(a, axis=dim).reshape(a.shape), along_dim=True)

# more rows, by topic: pointwise (erf, lerp, xlogy...), selection (sort, trace...), linalg
# (svdvals), shape (block_diag, rot90...), reductions (var_mean, nansum...); torch.nn's
# (ops_nn.py)
from . import (  # noqa: E402, F401
    ops_activation,
    ops_attention,
    ops_ctc,
    ops_decomp,
    ops_embedding_bag,
    ops_grid,
    ops_householder,
    ops_linalg,
    ops_lu,
    ops_margin,
    ops_nn,
    ops_padding,
    ops_pointwise,
    ops_reduce_into,
    ops_reductions,
    ops_selection,
    ops_shape,
    ops_shuffle,
    ops_upsample,
)

ops_conv.define(defop)  # convolution and pooling: rows of their own module

# The engine reads these on every op: sets made once, from the rows.
VIEWS = frozenset(n for n, op in OPS.items() if op.layout == "view")
KEEPS_LAYOUT = frozenset(n for n, op in OPS.items() if op.layout == "elementwise")
