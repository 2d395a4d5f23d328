"""The op table: each op's forward (numpy), symbolic forward (sympy) and VJP, side by side.

This is the only place that knows a derivative. A VJP is `vjp(xp, g, out, *inputs, **params)`
and returns one gradient per input (None where there is none). `xp` is the array namespace:
numpy normally, the differentiable tensor namespace under create_graph=True, so the same rule
builds the graph of the gradient. The engine, not the VJP, sums gradients back over broadcast
axes and casts them to each input's dtype.

`needs` lists, per input, what that input's gradient formula reads ("a", "b", "c" = inputs,
"o" = output). The engine saves exactly what the inputs that require grad need; a node that
saved something cannot run twice without retain_graph, as in PyTorch.

`sym` is the forward over numpy object arrays of sympy expressions, for the cross-check; None
means `forward` itself works on object arrays (structural ops). The check differentiates
with sympy; it never sees a VJP.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from . import opkit as K
from . import symforms as S


@dataclass(frozen=True, slots=True)
class Op:
    name: str
    grad_fn: str  # PyTorch's grad_fn class name
    forward: Callable[..., np.ndarray]
    vjp: Callable[..., tuple]
    needs: tuple[str, ...] = ()
    sym: Callable[..., np.ndarray] | None = None


OPS: dict[str, Op] = {}


def defop(name, grad_fn, forward, vjp, needs=(), sym=None) -> Op:
    if name in OPS:
        raise ValueError(f"op {name!r} defined twice")
    OPS[name] = op = Op(name, grad_fn, forward, vjp, tuple(needs), sym)
    return op


def _ignore_fp(fn):
    """numpy forward without floating-point warnings: inf and nan are values here, as in torch."""

    def wrapped(*args, **kw):
        with np.errstate(all="ignore"):
            return fn(*args, **kw)

    return wrapped


# ---- elementwise unary ---------------------------------------------------------------
# NOTE: kinks follow PyTorch: relu'(0) = 0, abs'(0) = 0, sqrt'(0) = inf; the sympy forms
# encode the same conventions (Piecewise with strict inequalities, Abs whose sign(0) = 0).
defop("neg", "NegBackward0", np.negative, lambda xp, g, o, a: (-g,))
defop("exp", "ExpBackward0", _ignore_fp(np.exp), lambda xp, g, o, a: (g * o,), "o", S.unary("exp"))
defop("log", "LogBackward0", _ignore_fp(np.log), lambda xp, g, o, a: (g / a,), "a", S.unary("log"))
defop("sin", "SinBackward0", np.sin, lambda xp, g, o, a: (g * xp.cos(a),), "a", S.unary("sin"))
defop("cos", "CosBackward0", np.cos, lambda xp, g, o, a: (-g * xp.sin(a),), "a", S.unary("cos"))
defop("tan", "TanBackward0", _ignore_fp(np.tan), lambda xp, g, o, a: (g * (1 + o * o),), "o",
      S.unary("tan"))
defop("tanh", "TanhBackward0", np.tanh, lambda xp, g, o, a: (g * (1 - o * o),), "o",
      S.unary("tanh"))
defop("sigmoid", "SigmoidBackward0", _ignore_fp(lambda a: 1 / (1 + np.exp(-a))),
      lambda xp, g, o, a: (g * (1 - o) * o,), "o", S.unary("sigmoid"))
defop("relu", "ReluBackward0", lambda a: np.maximum(a, 0).astype(a.dtype),
      lambda xp, g, o, a: (g * (o > 0),), "o", S.unary("relu"))
defop("sqrt", "SqrtBackward0", _ignore_fp(np.sqrt), lambda xp, g, o, a: (g / (2 * o),), "o",
      S.unary("sqrt"))
defop("rsqrt", "RsqrtBackward0", _ignore_fp(lambda a: 1 / np.sqrt(a)),
      lambda xp, g, o, a: (-0.5 * g * o * o * o,), "o", S.unary("rsqrt"))
defop("reciprocal", "ReciprocalBackward0", _ignore_fp(np.reciprocal),
      lambda xp, g, o, a: (-g * o * o,), "o", S.unary("reciprocal"))
defop("abs", "AbsBackward0", np.abs, lambda xp, g, o, a: (g * xp.sign(a),), "a", S.unary("Abs"))
defop("sign", "SignBackward0", np.sign, lambda xp, g, o, a: (g * 0,), "", S.unary("sign"))
defop("log1p", "Log1PBackward0", _ignore_fp(np.log1p), lambda xp, g, o, a: (g / (a + 1),), "a",
      S.unary("log1p"))
defop("expm1", "Expm1Backward0", _ignore_fp(np.expm1), lambda xp, g, o, a: (g * (o + 1),), "o",
      S.unary("expm1"))
defop("log2", "Log2Backward0", _ignore_fp(np.log2),
      lambda xp, g, o, a: (g / (a * 0.6931471805599453),), "a", S.unary("log2"))
defop("log10", "Log10Backward0", _ignore_fp(np.log10),
      lambda xp, g, o, a: (g / (a * 2.302585092994046),), "a", S.unary("log10"))
defop("sinh", "SinhBackward0", _ignore_fp(np.sinh), lambda xp, g, o, a: (g * xp.cosh(a),), "a",
      S.unary("sinh"))
defop("cosh", "CoshBackward0", _ignore_fp(np.cosh), lambda xp, g, o, a: (g * xp.sinh(a),), "a",
      S.unary("cosh"))
defop("atan", "AtanBackward0", np.arctan, lambda xp, g, o, a: (g / (a * a + 1),), "a",
      S.unary("atan"))
# Rounding steps have zero derivative everywhere torch defines one.
defop("floor", "FloorBackward0", np.floor, lambda xp, g, o, a: (g * 0,), "", S.unary("floor"))
defop("round", "RoundBackward0", np.round, lambda xp, g, o, a: (g * 0,), "", S.unary("round_"))
defop("leaky_relu", "LeakyReluBackward0",
      lambda a, slope: np.where(a > 0, a, a * np.asarray(slope, a.dtype)),
      lambda xp, g, o, a, slope: (g * ((a > 0) + (a <= 0) * slope),), "a", S.leaky_relu)
defop("clone", "CloneBackward0", lambda a: np.array(a, order="C"), lambda xp, g, o, a: (g,))
defop("to_copy", "ToCopyBackward0", lambda a, to: a.astype(to),
      lambda xp, g, o, a, to: (g,), sym=lambda a, to: a.copy())
# x.grad after backward(create_graph=True): a differentiable copy of the incoming gradient.
defop("copy_grad", "CopyBackwards", np.copy, lambda xp, g, o, a: (g,))


def _pow_vjp(xp, g, o, a, exponent):
    if exponent == 0:  # NOTE: d/dx x**0 = 0 even at x = 0, as torch
        return (g * 0,)
    return (g * exponent * a ** (exponent - 1),)


defop("pow", "PowBackward0", _ignore_fp(lambda a, exponent: np.power(a, exponent).astype(a.dtype)),
      _pow_vjp, "a", S.pow_scalar)
defop("clamp", "ClampBackward1", lambda a, min, max: np.clip(a, min, max).astype(a.dtype),
      lambda xp, g, o, a, min, max: (g * K.in_bounds(a, min, max),), "a", S.clamp)
defop("clamp_min", "ClampMinBackward0", lambda a, min: np.maximum(a, min).astype(a.dtype),
      lambda xp, g, o, a, min: (g * (a >= min),), "a", lambda a, min: S.clamp(a, min, None))
defop("clamp_max", "ClampMaxBackward0", lambda a, max: np.minimum(a, max).astype(a.dtype),
      lambda xp, g, o, a, max: (g * (a <= max),), "a", lambda a, max: S.clamp(a, None, max))

# ---- elementwise binary (inputs already promoted to one dtype; broadcasting allowed) ----
defop("add", "AddBackward0", lambda a, b, alpha=1: a + b * alpha if alpha != 1 else a + b,
      lambda xp, g, o, a, b, alpha=1: (g, g * alpha if alpha != 1 else g))
defop("sub", "SubBackward0", lambda a, b, alpha=1: a - b * alpha if alpha != 1 else a - b,
      lambda xp, g, o, a, b, alpha=1: (g, -g * alpha if alpha != 1 else -g))
# `1 - x`: PyTorch's rsub with the Python scalar as `other`.
defop("rsub", "RsubBackward1", lambda a, other: other - a, lambda xp, g, o, a, other: (-g,))
defop("mul", "MulBackward0", np.multiply, lambda xp, g, o, a, b: (g * b, g * a), ("b", "a"))
defop("div", "DivBackward0", _ignore_fp(np.true_divide),
      lambda xp, g, o, a, b: (g / b, -g * a / (b * b)), ("b", "ab"))
defop("pow_tensor", "PowBackward1", _ignore_fp(np.power),
      lambda xp, g, o, a, b: (K.pow_base_grad(xp, g, a, b), g * o * xp.log(a)), ("ab", "abo"))
defop("rpow", "PowBackward2", _ignore_fp(lambda a, base: np.power(base, a).astype(a.dtype)),
      lambda xp, g, o, a, base: (g * o * np.log(base),), "o",
      lambda a, base: S.rpow(a, base))


def _tie_split(xp, g, a, b):
    # NOTE: torch splits the gradient of maximum/minimum evenly at ties.
    same = a == b
    return g * ((a > b) + same * 0.5), g * ((a < b) + same * 0.5)


defop("maximum", "MaximumBackward0", np.maximum, lambda xp, g, o, a, b: _tie_split(xp, g, a, b),
      ("ab", "ab"), S.maximum)
defop("minimum", "MinimumBackward0", np.minimum, lambda xp, g, o, a, b: _tie_split(xp, g, b, a),
      ("ab", "ab"), S.minimum)
defop("where", "WhereBackward0", lambda cond, a, b: np.where(cond, a, b),
      lambda xp, g, o, cond, a, b: (None, xp.where(cond, g, 0 * g), xp.where(cond, 0 * g, g)),
      ("", "a", "a"), S.where)

# ---- reductions -----------------------------------------------------------------------


def _expand_back(xp, g, shape, dim, keepdim):
    """Undo a reduction over `dim` (None = all) on `g`, then broadcast it to `shape`."""
    if dim is not None and not keepdim:
        g = xp.reshape(g, K.kept_shape(shape, dim))
    elif dim is None:
        g = xp.reshape(g, (1,) * len(shape))
    return xp.broadcast_to(g, shape)


defop("sum", "SumBackward0", lambda a: np.sum(a, dtype=a.dtype if a.dtype != object else None),
      lambda xp, g, o, a: (xp.broadcast_to(g, a.shape),), sym=lambda a: np.array(a.sum()))
defop("sum_dim", "SumBackward1", lambda a, dim, keepdim: np.sum(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim: (_expand_back(xp, g, a.shape, dim, keepdim),))
defop("mean", "MeanBackward0", lambda a: np.asarray(np.mean(a), dtype=a.dtype),
      lambda xp, g, o, a: (xp.broadcast_to(g / K.numel(a.shape), a.shape),),
      sym=lambda a: np.array(a.sum() / a.size))
defop("mean_dim", "MeanBackward1",
      lambda a, dim, keepdim: np.mean(a, axis=dim, keepdims=keepdim).astype(a.dtype),
      lambda xp, g, o, a, dim, keepdim: (
          _expand_back(xp, g / K.count(a.shape, dim), a.shape, dim, keepdim),),
      sym=lambda a, dim, keepdim: np.sum(a, axis=dim, keepdims=keepdim) / K.count(a.shape, dim))
defop("prod", "ProdBackward0", lambda a: np.asarray(np.prod(a), dtype=a.dtype),
      lambda xp, g, o, a: (K.prod_grad(xp, g, a),), "a", sym=lambda a: np.array(np.prod(a)))
# `ties` (where the extremum is reached) is decided on the concrete values at forward time;
# the numeric side ignores it, the symbolic side uses it to encode torch's even split.
defop("prod_dim", "ProdBackward1",
      lambda a, dim, keepdim: np.prod(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim: (
          _expand_back(xp, g, a.shape, dim, keepdim) * K.prod_others(a, dim),), "a")
defop("max", "MaxBackward1", lambda a, ties: np.asarray(np.max(a)),
      lambda xp, g, o, a, ties: (K.even_split(xp, g, a, o),), "ao", S.max_all)
defop("min", "MinBackward1", lambda a, ties: np.asarray(np.min(a)),
      lambda xp, g, o, a, ties: (K.even_split(xp, g, a, o),), "ao", S.min_all)
defop("amax", "AmaxBackward0",
      lambda a, dim, keepdim, ties: np.amax(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim, ties: (K.even_split_dim(xp, g, a, o, dim, keepdim),),
      "ao", S.amax)
defop("amin", "AminBackward0",
      lambda a, dim, keepdim, ties: np.amin(a, axis=dim, keepdims=keepdim),
      lambda xp, g, o, a, dim, keepdim, ties: (K.even_split_dim(xp, g, a, o, dim, keepdim),),
      "ao", S.amin)
# max(dim) / min(dim): the gradient goes to the first index of each extremum only.
defop("max_dim", "MaxBackward0", lambda a, dim, keepdim, index: K.take_dim(a, index, dim, keepdim),
      lambda xp, g, o, a, dim, keepdim, index: (K.put_dim(xp, g, a.shape, index, dim, keepdim),))
defop("min_dim", "MinBackward0", lambda a, dim, keepdim, index: K.take_dim(a, index, dim, keepdim),
      lambda xp, g, o, a, dim, keepdim, index: (K.put_dim(xp, g, a.shape, index, dim, keepdim),))
defop("norm", "LinalgVectorNormBackward0", lambda a: np.asarray(np.sqrt(np.sum(a * a)), a.dtype),
      lambda xp, g, o, a: (K.norm_grad(xp, g, a, o),), "ao", S.norm)
defop("cumsum", "CumsumBackward0", lambda a, dim: np.cumsum(a, axis=dim, dtype=a.dtype),
      lambda xp, g, o, a, dim: (K.reverse_cumsum(xp, g, dim),), sym=lambda a, dim: np.cumsum(a, dim))
defop("softmax", "SoftmaxBackward0", K.softmax,
      lambda xp, g, o, a, dim: (o * (g - xp.sum(g * o, axis=dim, keepdims=True)),), "o",
      S.sym_softmax)
defop("log_softmax", "LogSoftmaxBackward0", K.log_softmax,
      lambda xp, g, o, a, dim: (g - xp.exp(o) * xp.sum(g, axis=dim, keepdims=True),), "o",
      S.sym_log_softmax)

# ---- linear algebra -------------------------------------------------------------------
defop("mm", "MmBackward0", np.matmul,
      lambda xp, g, o, a, b: (xp.matmul(g, K.mT(xp, b)), xp.matmul(K.mT(xp, a), g)), ("b", "a"))
defop("mv", "MvBackward0", np.matmul,
      lambda xp, g, o, a, b: (K.outer(xp, g, b), xp.matmul(K.mT(xp, a), g)), ("b", "a"))
defop("dot", "DotBackward0", lambda a, b: np.asarray(np.dot(a, b)),
      lambda xp, g, o, a, b: (g * b, g * a), ("b", "a"))
defop("bmm", "UnsafeViewBackward0", np.matmul,
      lambda xp, g, o, a, b: (xp.matmul(g, K.mT(xp, b)), xp.matmul(K.mT(xp, a), g)), ("b", "a"))

# F.linear with a bias: bias + input @ weight.t(), as one node.
defop("addmm", "AddmmBackward0", lambda bias, a, b: bias + np.matmul(a, b),
      lambda xp, g, o, bias, a, b: (g, xp.matmul(g, K.mT(xp, b)), xp.matmul(K.mT(xp, a), g)),
      ("", "c", "b"))

# ---- shape and indexing (views in PyTorch: no saved tensors) ---------------------------
defop("view", "ViewBackward0", lambda a, shape: np.reshape(a, shape),
      lambda xp, g, o, a, shape: (xp.reshape(g, a.shape),))
defop("unsafe_view", "UnsafeViewBackward0", lambda a, shape: np.reshape(a, shape),
      lambda xp, g, o, a, shape: (xp.reshape(g, a.shape),))
defop("squeeze", "SqueezeBackward0", lambda a: np.squeeze(a),
      lambda xp, g, o, a: (xp.reshape(g, a.shape),))
defop("squeeze_dim", "SqueezeBackward1", lambda a, dim: K.squeeze_dim(a, dim),
      lambda xp, g, o, a, dim: (xp.reshape(g, a.shape),))
defop("squeeze_last", "SqueezeBackward4", lambda a, dim: K.squeeze_dim(a, dim),
      lambda xp, g, o, a, dim: (xp.reshape(g, a.shape),))
defop("unsqueeze", "UnsqueezeBackward0", lambda a, dim: np.expand_dims(a, dim),
      lambda xp, g, o, a, dim: (xp.reshape(g, a.shape),))
defop("t", "TBackward0", lambda a: np.transpose(a), lambda xp, g, o, a: (xp.transpose(g),))
defop("permute", "PermuteBackward0", lambda a, dims: np.transpose(a, dims),
      lambda xp, g, o, a, dims: (xp.transpose(g, tuple(np.argsort(dims))),))
defop("transpose", "TransposeBackward0", lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1),
      lambda xp, g, o, a, dim0, dim1: (xp.swapaxes(g, dim0, dim1),))
defop("expand", "ExpandBackward0", lambda a, shape: np.broadcast_to(a, shape),
      lambda xp, g, o, a, shape: (g,))  # the engine sums g back to a's shape
defop("select", "SelectBackward0", lambda a, dim, index: K.select(a, dim, index),
      lambda xp, g, o, a, dim, index: (xp.scatter(g, a.shape, K.select_key(a.ndim, dim, index)),))
defop("slice", "SliceBackward0", lambda a, dim, key: a[K.dim_key(dim, key)],
      lambda xp, g, o, a, dim, key: (xp.scatter(g, a.shape, K.dim_key(dim, key)),))
defop("index", "IndexBackward0", lambda a, key: a[key],
      lambda xp, g, o, a, key: (xp.scatter(g, a.shape, key),), ("",))
defop("index_select", "IndexSelectBackward0", lambda a, dim, index: np.take(a, index, axis=dim),
      lambda xp, g, o, a, dim, index: (xp.scatter(g, a.shape, K.dim_key(dim, index)),))
defop("gather", "GatherBackward0", lambda a, dim, index: np.take_along_axis(a, index, axis=dim),
      lambda xp, g, o, a, dim, index: (xp.scatter(g, a.shape, K.along_key(index, dim)),))
defop("masked_fill", "MaskedFillBackward0", lambda a, mask, value: np.where(mask, value, a),
      lambda xp, g, o, a, mask, value: (xp.where(mask, 0 * g, g),), sym=S.masked_fill)
# y[key] = value on a tensor: PyTorch's CopySlices. Gradient: the rest of y, and value's slots.
defop("copy_slices", "CopySlices", K.put,
      lambda xp, g, o, base, value, key: (xp.unscatter(g, key), g[key]))
# What a view of a base modified in place becomes: the view's positions, read from the base.
defop("as_strided", "AsStridedBackward0", lambda a, key: a[key],
      lambda xp, g, o, a, key: (xp.scatter(g, a.shape, key),))
defop("cat", "CatBackward0", lambda *ts, dim: np.concatenate(ts, axis=dim),
      lambda xp, g, o, *ts, dim: K.split_back(g, [t.shape[dim] for t in ts], dim))
defop("stack", "StackBackward0", lambda *ts, dim: np.stack(ts, axis=dim),
      lambda xp, g, o, *ts, dim: tuple(K.select(g, dim, i) for i in range(len(ts))))
# Iterating / unbind / chunk give views of one node in torch; here one node per piece.
defop("unbind", "UnbindBackward0", lambda a, dim, index: K.select(a, dim, index),
      lambda xp, g, o, a, dim, index: (xp.scatter(g, a.shape, K.select_key(a.ndim, dim, index)),))
defop("split", "SplitBackward0", lambda a, dim, key: a[K.dim_key(dim, key)],
      lambda xp, g, o, a, dim, key: (xp.scatter(g, a.shape, K.dim_key(dim, key)),))

# In-place fills: the old values get no gradient.
defop("fill", "FillBackward2", lambda a, value: np.full(a.shape, value, a.dtype),
      lambda xp, g, o, a, value: (g * 0,), sym=lambda a, value: np.full(a.shape, S.number(value)))
defop("zero", "ZeroBackward0", np.zeros_like, lambda xp, g, o, a: (g * 0,),
      sym=lambda a: np.full(a.shape, 0, dtype=object))
defop("copy", "CopyBackwards", lambda a, src: np.broadcast_to(src, a.shape).copy(),
      lambda xp, g, o, a, src: (g * 0, g), sym=lambda a, src: np.broadcast_to(src, a.shape).copy())
# The indexing VJPs as ops of their own, so that create_graph can differentiate them again.
defop("index_backward", "IndexPutBackward0", lambda g, shape, key: K.scatter_array(g, shape, key),
      lambda xp, gg, o, g, shape, key: (gg[key],))
defop("masked_slots", "IndexPutBackward0", lambda g, key: K.unscatter_array(g, key),
      lambda xp, gg, o, g, key: (xp.unscatter(gg, key),))

# ---- losses ---------------------------------------------------------------------------
defop("mse_loss", "MseLossBackward0", K.mse_loss,
      lambda xp, g, o, a, b, reduction: K.mse_grads(g, a, b, reduction), ("ab", "ab"))
defop("nll_loss", "NllLossBackward0", K.nll_loss,
      lambda xp, g, o, logp, target, reduction: (K.nll_grad(xp, g, logp, target, reduction), None),
      ("b", ""))
defop("floor_divide", "NotImplemented", np.floor_divide, lambda xp, g, o, a, b: K.not_implemented(
    "aten::floor_divide"))
defop("remainder", "RemainderBackward0", np.remainder, lambda xp, g, o, a, b: (g, None),
      ("", ""), S.remainder)

# Ops whose result is a view in PyTorch: it shares memory and the version counter.
VIEWS = frozenset({"view", "squeeze", "squeeze_dim", "squeeze_last", "unsqueeze", "t", "permute",
                   "transpose", "expand", "select", "slice", "unbind", "split"})
