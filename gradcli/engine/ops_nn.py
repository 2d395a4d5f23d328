"""More rows of the op table (ops.py loads them): torch.nn's normalisations, embedding, the smooth
activations (gelu, elu, softplus, silu, hardswish) and the Huber-style losses.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check, a VJP written with
`xp` so that create_graph differentiates it again. float32 forwards are computed in float64
and rounded once (torch's kernels round per step; the values agree to an ulp or so).
"""
from __future__ import annotations

import math

import numpy as np

from . import opkit as K
from . import symforms as S
from .errors import TorchError
from .first_order import defop_first_order, through_row
from .optable import POINTWISE, defop

SQRT_2_OVER_PI, GELU_CUBIC = K.SQRT_2_OVER_PI, K.GELU_CUBIC


def _in_dtype(fn):
    """fn computed in float64, the result in the first input's dtype."""
    def wrapped(a, *rest, **params):
        wide = [np.asarray(r, np.float64) if isinstance(r, np.ndarray) else r for r in rest]
        return np.asarray(fn(a.astype(np.float64), *wide, **params)).astype(a.dtype)
    return wrapped


def _sym_backward_of(form):
    """g times the slope of an elementwise `form` at a: the forward of a backward op."""
    def sym(g, a, **params):
        x = S.sp().Symbol("x", real=True)
        slope = S.sp().diff(form(np.asarray(x, dtype=object), **params).item(), x)
        return S.elementwise(lambda gv, av: gv * slope.subs(x, av), *np.broadcast_arrays(g, a))
    return sym


# ---- threshold --------------------------------------------------------------------------
def _threshold(a, threshold, value):
    # torch's kernel: x <= threshold ? value : x, the scalars in x's dtype
    return np.where(a <= threshold, np.asarray(value).astype(a.dtype), a)


def _sym_threshold(a, threshold, value):
    # slope 0 where x <= threshold (threshold_backward), 1 elsewhere and at nan
    t, v = S.number(threshold), S.number(value)
    return S.elementwise(lambda e: S.sp().Piecewise((v, e <= t), (e, True)), a)


defop("threshold", "ThresholdBackward0", _threshold,
      lambda xp, g, o, a, threshold, value: (xp.threshold_backward(g, a, threshold),), "a",
      _sym_threshold, **POINTWISE, zeroed=lambda i, a, threshold, value: a <= threshold)
# threshold_ (in place) saves its result: the same slope while value <= threshold (the only
# in-place form gradcli takes; beyond that torch's slope at the replaced elements is 1)
defop("threshold_result", "ThresholdBackward1", _threshold,
      lambda xp, g, o, a, threshold, value: (xp.threshold_backward(g, o, threshold),), "o",
      _sym_threshold, **POINTWISE, zeroed=lambda i, a, threshold, value: a <= threshold)


# ---- smooth activations -----------------------------------------------------------------
def _gelu(x, approximate):
    """In x's dtype, step by step as torch's kernel, erf and tanh rounded once from double."""
    t = x.dtype.type
    if approximate == "tanh":
        inner = t(SQRT_2_OVER_PI) * (x + t(GELU_CUBIC) * x * x * x)
        return t(0.5) * x * (t(1) + np.tanh(inner.astype(np.float64)).astype(x.dtype))
    erf = K.erf((x * t(math.sqrt(0.5))).astype(np.float64)).astype(x.dtype)
    return (x * t(0.5)) * (t(1) + erf)


def _tanh_of(xp, u):
    # tanh from exp (the one xp has): 1 - 2 / (exp(2u) + 1), exact at both saturations
    return 1 - 2 / (xp.exp(u * 2) + 1)


def _gelu_curvature(xp, x, approximate):
    """d^2 gelu / dx^2, for gelu_backward's own gradient."""
    if approximate == "tanh":
        k, c = SQRT_2_OVER_PI, GELU_CUBIC
        t = _tanh_of(xp, (x + x * x * x * c) * k)
        du = (x * x * (3 * c) + 1) * k
        sech2 = 1 - t * t
        return sech2 * du + x * 0.5 * (sech2 * (x * (6 * c * k)) - t * sech2 * du * du * 2)
    pdf = xp.exp(x * x * -0.5) * (1 / math.sqrt(2 * math.pi))
    return pdf * (2 - x * x)


def _sym_gelu(a, approximate):
    sp = S.sp()
    if approximate == "tanh":
        k, c = sp.sqrt(2 / sp.pi), S.number(GELU_CUBIC)
        return S.elementwise(lambda x: x / 2 * (1 + sp.tanh(k * (x + c * x ** 3))), a)
    return S.elementwise(lambda x: x / 2 * (1 + sp.erf(x / sp.sqrt(2))), a)


defop("gelu", "GeluBackward0", _gelu,
      lambda xp, g, o, a, approximate: (xp.gelu_backward(g, a, approximate),), "a",
      _sym_gelu, **POINTWISE)
# torch's GeluBackward0 calls gelu_backward, itself differentiable (GeluBackwardBackward0)
defop("gelu_backward", "GeluBackwardBackward0", K.gelu_backward,
      lambda xp, gg, o, g, a, approximate: (
          xp.gelu_backward(gg, a, approximate), gg * g * _gelu_curvature(xp, a, approximate)),
      ("b", "ab"), _sym_backward_of(_sym_gelu), layout="elementwise")


def _elu(x, alpha):
    return np.where(x > 0, x, alpha * np.expm1(x))


def _sym_elu(a, alpha):
    # NOTE: torch's slope at 0 is alpha (the x <= 0 side), and its second derivative there is
    # 0 (elu_double_backward's x < 0): at 0 the form is the line alpha * x
    k = S.number(alpha)
    return S.elementwise(lambda x: S.sp().Piecewise(
        (k * (S.sp().exp(x) - 1), x < 0), (k * x, S.sp().Eq(x, 0)), (x, True)), a)


# EluBackward0 and SoftplusBackward0 call torch's elu_backward / softplus_backward, themselves
# differentiable (EluBackwardBackward0, SoftplusBackwardBackward0)
defop("elu", "EluBackward0", _in_dtype(_elu),
      lambda xp, g, o, a, alpha: (xp.elu_backward(g, a, alpha),), "a", _sym_elu, **POINTWISE)
defop("elu_backward", "EluBackwardBackward0", K.elu_backward,
      lambda xp, gg, o, g, a, alpha: (
          xp.elu_backward(gg, a, alpha),
          xp.where(K._values(a) < 0, gg * g * (xp.exp(a) * alpha), xp.zeros_like(gg))),
      ("b", "ab"), _sym_backward_of(_sym_elu), layout="elementwise")


# elu_ (in place) saves its result instead: where it is <= 0, the slope is result + alpha
defop("elu_result", "EluBackward1", _in_dtype(_elu),
      lambda xp, g, o, a, alpha: (xp.where(K._values(o) <= 0, g * (o + alpha), g),), "o",
      _sym_elu, **POINTWISE)


def _softplus(x, beta, threshold):
    with np.errstate(over="ignore"):
        return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)


def _sym_softplus(a, beta, threshold):
    b = S.number(beta)
    return S.elementwise(lambda x: S.sp().Piecewise(
        (x, S.exceeds(x * b, S.number(threshold))),
        (S.sp().log(1 + S.sp().exp(b * x)) / b, True)), a)


def _softplus_curvature(xp, a, beta, threshold):
    z = xp.exp(a * beta)
    inside = z / ((z + 1) * (z + 1)) * beta
    # (torch's softplus_double_backward: none from x * beta = threshold on)
    return xp.where(K._values(a) * beta < threshold, inside, xp.zeros_like(inside))


defop("softplus", "SoftplusBackward0", _in_dtype(_softplus),
      lambda xp, g, o, a, beta, threshold: (xp.softplus_backward(g, a, beta, threshold),), "a",
      _sym_softplus, **POINTWISE)
defop("softplus_backward", "SoftplusBackwardBackward0", K.softplus_backward,
      lambda xp, gg, o, g, a, beta, threshold: (
          xp.softplus_backward(gg, a, beta, threshold),
          gg * g * _softplus_curvature(xp, a, beta, threshold)),
      ("b", "ab"), _sym_backward_of(_sym_softplus), layout="elementwise")


def _silu_vjp(xp, g, o, a):
    s = 1 / (xp.exp(-a) + 1)
    return (g * (s * (1 + a * (1 - s))),)


defop("silu", "SiluBackward0", _in_dtype(lambda x: x / (1 + np.exp(-x))), _silu_vjp, "a",
      lambda a: S.elementwise(lambda x: x / (1 + S.sp().exp(-x)), a), **POINTWISE)



def _hardswish(x):
    # torch's kernel: x * min(max(x + 3, 0), 6) / 6, in the input's dtype
    three, six = x.dtype.type(3), x.dtype.type(6)
    return x * np.minimum(np.maximum(x + three, 0), six) / six


def _hardswish_vjp(xp, g, o, a):
    """torch's hardswish_backward: 0 where x <= -3, g * (x / 3 + 0.5) below 3, g from 3 on."""
    x = K._values(a)
    return (xp.where(x <= -3, xp.zeros_like(g), xp.where(x < 3, g * (a / 3 + 0.5), g)),)


defop("hardswish", "HardswishBackward0", _hardswish, _hardswish_vjp, "a",
      lambda a: S.elementwise(lambda x: S.sp().Piecewise(
          (0 * x, x <= -3), (x * (x + 3) / 6, x < 3), (x, True)), a), **POINTWISE)

# ---- Huber and smooth L1 ----------------------------------------------------------------
def _huber(a, b, reduction, delta):
    d = a - b
    z = np.abs(d)
    return K._reduce(np.where(z < delta, 0.5 * d * d, delta * (z - 0.5 * delta)).astype(a.dtype),
                     reduction)


def _smooth_l1(a, b, reduction, beta):
    z = np.abs(a - b)
    return K._reduce(np.where(z < beta, 0.5 * z * z / beta, z - 0.5 * beta).astype(a.dtype),
                     reduction)


def _norm(values, reduction) -> float:
    return 1 / K.numel(np.shape(values)) if reduction == "mean" else 1.0


def _huber_vjp(xp, g, o, a, b, reduction, delta):
    # torch's kernel: -norm*g*delta below -delta, norm*g*delta above delta, norm*x*g between
    d = a - b
    v, norm = K._values(d), _norm(K._values(d), reduction)
    grad = xp.where(v <= -delta, xp.mul_scalar(xp.mul_scalar(g, -norm), delta),
                    xp.where(v >= delta, xp.mul_scalar(xp.mul_scalar(g, norm), delta),
                             xp.mul_scalar(d, norm) * g))
    return grad, -grad


def _smooth_l1_vjp(xp, g, o, a, b, reduction, beta):
    # torch's kernel: -norm*g below -beta, norm*g above beta, norm*x*g/beta between
    d = a - b
    v, norm = K._values(d), _norm(K._values(d), reduction)
    grad = xp.where(v < -beta, xp.mul_scalar(g, -norm),
                    xp.where(v > beta, xp.mul_scalar(g, norm),
                             xp.div_scalar(xp.mul_scalar(d, norm) * g, beta)))
    return grad, -grad


def _sym_loss(piece):
    def form(a, b, reduction, **params):
        d = np.asarray(a - b, dtype=object)
        return S._reduced(S.elementwise(lambda e: piece(e, **params), d), reduction)
    return form


def _huber_piece(d, delta):
    k = S.number(delta)
    return S.sp().Piecewise((d * d / 2, S.sp().Abs(d) < k), (k * (S.sp().Abs(d) - k / 2), True))


def _smooth_l1_piece(d, beta):
    k = S.number(beta)
    return S.sp().Piecewise((d * d / (2 * k), S.sp().Abs(d) < k), (S.sp().Abs(d) - k / 2, True))


defop("huber_loss", "HuberLossBackward0", _huber, _huber_vjp, ("ab", "ab"),
      _sym_loss(_huber_piece), self_first=True, reduces=True)
defop("smooth_l1_loss", "SmoothL1LossBackward0", _smooth_l1, _smooth_l1_vjp, ("ab", "ab"),
      _sym_loss(_smooth_l1_piece), self_first=True, reduces=True)



# soft margin: log(1 + exp(-y * x)); torch differentiates the input only
def _soft_margin(a, b, reduction):
    loss = np.log1p(np.exp(-b.astype(np.float64) * a.astype(np.float64))).astype(a.dtype)
    return K._reduce(loss, reduction)


def _soft_margin_vjp(xp, g, o, a, b, reduction):
    # torch's soft_margin_loss_backward: -y * z / (1 + z) * norm * grad, z = exp(-y * x)
    z = xp.exp(-b * a)
    norm = _norm(K._values(a * b), reduction)
    return xp.mul_scalar(-b * z / (z + 1), norm) * g, None


def _sym_soft_margin(a, b, reduction):
    pairs = np.broadcast_arrays(np.asarray(a, dtype=object), np.asarray(b, dtype=object))
    return S._reduced(S.elementwise(lambda x, y: S.sp().log(1 + S.sp().exp(-y * x)), *pairs),
                      reduction)


defop("soft_margin_loss", "SoftMarginLossBackward0", _soft_margin, _soft_margin_vjp,
      ("ab", ""), _sym_soft_margin, self_first=True, reduces=True)

# ---- layer norm and batch norm ----------------------------------------------------------
# Both normalise over `axes` and then scale and shift: (x - mean) / sqrt(var + eps) * w + b,
# with w and b broadcast (a missing one is a constant 1 or 0, whose gradient nobody asks).
def _normalized(x, axes, eps):
    mean = x.mean(axis=axes, keepdims=True)
    centered = x - mean
    return centered / np.sqrt((centered * centered).mean(axis=axes, keepdims=True) + eps)


def _norm_axes(ndim: int, shape) -> tuple[int, ...]:
    return tuple(range(ndim - len(shape), ndim))


def _channel_shape(ndim: int) -> tuple[int, ...]:
    return (1, -1) + (1,) * (ndim - 2)


def _channel(w, ndim):
    """batch_norm's per-channel (dim 1) vector, shaped to broadcast."""
    return np.reshape(w, _channel_shape(ndim))


def _layer_norm(a, w, b, shape, eps):
    return _normalized(a, _norm_axes(a.ndim, shape), eps) * w + b


def _batch_axes(ndim: int) -> tuple[int, ...]:
    return (0, *range(2, ndim))


def _batch_norm(a, w, b, training, mean, var, eps):
    if training:
        x = _normalized(a, _batch_axes(a.ndim), eps)
    else:
        x = (a - _channel(mean, a.ndim)) / np.sqrt(_channel(var, a.ndim) + eps)
    return x * _channel(w, a.ndim) + _channel(b, a.ndim)


def _stats_grads(xp, g, a, w_full, axes, eps):
    """The gradients of (a - mean) / sqrt(var + eps) * w + b with batch statistics over
    `axes`: to a (torch's formula: rstd * (gw - mean(gw) - xhat * mean(gw * xhat))), and
    xhat for the weight's."""
    n = K.numel([a.shape[i] for i in axes])
    mean = xp.sum(a, axes, True) * (1 / n)
    centered = a - mean
    rstd = xp.pow_scalar(xp.sum(centered * centered, axes, True) * (1 / n) + eps, -0.5)
    xhat = centered * rstd
    gw = g * w_full
    grad = rstd * (gw - xp.sum(gw, axes, True) * (1 / n)
                   - xhat * (xp.sum(gw * xhat, axes, True) * (1 / n)))
    return grad, xhat


def _layer_norm_vjp(xp, g, o, a, w, b, shape, eps):
    axes = _norm_axes(a.ndim, shape)
    grad, xhat = _stats_grads(xp, g, a, w, axes, eps)
    lead = tuple(range(a.ndim - len(shape)))
    if not lead:  # nothing to sum over
        return grad, g * xhat, g
    return grad, xp.sum(g * xhat, lead), xp.sum(g, lead)


def _batch_norm_vjp(xp, g, o, a, w, b, training, mean, var, eps):
    axes = _batch_axes(a.ndim)
    w_full = xp.reshape(w, _channel_shape(a.ndim))
    if training:
        grad, xhat = _stats_grads(xp, g, a, w_full, axes, eps)
    else:  # the running statistics are constants
        dtype = K._values(a).dtype
        rstd = xp.asarray((1 / np.sqrt(_channel(var, a.ndim) + eps)).astype(dtype))
        grad = g * w_full * rstd
        xhat = (a - xp.asarray(_channel(mean, a.ndim).astype(dtype))) * rstd
    return grad, xp.sum(g * xhat, axes), xp.sum(g, axes)


def _sym_normalized(x, axes, eps):
    n = K.numel([x.shape[i] for i in axes])
    centered = x - S.add_all(x, axes, True) / n
    var = S.add_all(centered * centered, axes, True) / n
    return centered * S.elementwise(lambda v: 1 / S.sp().sqrt(v + S.number(eps)), var)


def _sym_batch_norm(a, w, b, training, mean, var, eps):
    if training:
        x = _sym_normalized(a, _batch_axes(a.ndim), eps)
    else:
        scale = S.elementwise(lambda v: 1 / S.sp().sqrt(S.number(v) + S.number(eps)),
                              _channel(var, a.ndim))
        x = (a - S.elementwise(S.number, _channel(mean, a.ndim))) * scale
    return x * _channel(w, a.ndim) + _channel(b, a.ndim)


defop("layer_norm", "NativeLayerNormBackward0", _in_dtype(_layer_norm), _layer_norm_vjp,
      ("ab", "a", ""),
      lambda a, w, b, shape, eps: _sym_normalized(a, _norm_axes(a.ndim, shape), eps) * w + b)
# training: batch statistics; else the running ones (`mean`, `var`), constants
defop("batch_norm", "NativeBatchNormBackward0", _in_dtype(_batch_norm), _batch_norm_vjp,
      ("ab", "a", ""), _sym_batch_norm)



# group norm: each sample's channels in `groups` groups, each normalised over its channels and
# their positions, then scaled and shifted per channel
def _grouped(a, groups):
    return np.reshape(a, (a.shape[0], groups, -1))


def _group_norm(a, w, b, groups, eps):
    x = np.reshape(_normalized(_grouped(a, groups), (2,), eps), a.shape)
    return x * _channel(w, a.ndim) + _channel(b, a.ndim)


def _group_norm_vjp(xp, g, o, a, w, b, groups, eps):
    w_full = xp.broadcast_to(xp.reshape(w, _channel_shape(a.ndim)), a.shape)
    grad, xhat = _stats_grads(xp, xp.reshape(g, (a.shape[0], groups, -1)),
                              xp.reshape(a, (a.shape[0], groups, -1)),
                              xp.reshape(w_full, (a.shape[0], groups, -1)), (2,), eps)
    axes = _batch_axes(a.ndim)
    return (xp.reshape(grad, a.shape), xp.sum(g * xp.reshape(xhat, a.shape), axes),
            xp.sum(g, axes))


def _sym_group_norm(a, w, b, groups, eps):
    x = np.reshape(_sym_normalized(_grouped(a, groups), (2,), eps), a.shape)
    return x * _channel(w, a.ndim) + _channel(b, a.ndim)


defop("group_norm", "NativeGroupNormBackward0", _in_dtype(_group_norm), _group_norm_vjp,
      ("ab", "a", ""), _sym_group_norm)



# torch.native_group_norm's other outputs, each group's mean and rstd (N, groups): outputs of
# the same node in torch, differentiable as the first
def _group_mean_vjp(xp, g, o, a, groups):
    n = K.numel(a.shape[1:]) // groups
    per_element = xp.broadcast_to(xp.unsqueeze(xp.mul_scalar(g, 1 / n), 2),
                                  (a.shape[0], groups, n))
    return (xp.reshape(per_element, a.shape),)


def _group_rstd_vjp(xp, g, o, a, groups, eps):
    """d rstd / d x = -rstd³ (x - mean) / n, for each x of the group."""
    grouped = xp.reshape(a, (a.shape[0], groups, -1))
    n = grouped.shape[2]
    centered = grouped - xp.sum(grouped, 2, True) * (1 / n)
    scale = xp.unsqueeze(g * o * o * o, 2) * (-1 / n)
    return (xp.reshape(centered * scale, a.shape),)


def _sym_group_stats(a, groups, eps=None):
    x = _grouped(a, groups)
    n = x.shape[2]
    mean = S.add_all(x, 2) / n
    if eps is None:
        return mean
    centered = x - mean[..., None]
    var = S.add_all(centered * centered, 2) / n
    return S.elementwise(lambda v: 1 / S.sp().sqrt(v + S.number(eps)), var)


def _group_stats(a, groups, eps):
    """(mean, 1 / sqrt(biased var + eps)) of each group, in double."""
    wide = _grouped(a, groups).astype(np.float64)
    with np.errstate(all="ignore"):
        return wide.mean(axis=2), 1 / np.sqrt(wide.var(axis=2) + eps)


defop("group_norm_mean", "NativeGroupNormBackward0",
      lambda a, groups: _group_stats(a, groups, 0)[0].astype(a.dtype),
      _group_mean_vjp, "", _sym_group_stats)
defop("group_norm_rstd", "NativeGroupNormBackward0",
      lambda a, groups, eps: _group_stats(a, groups, eps)[1].astype(a.dtype),
      _group_rstd_vjp, "ao", _sym_group_stats)

# ---- embedding --------------------------------------------------------------------------
# weight[indices]; torch passes no gradient to the padding row, which the forward reads as
# the constant `padding_row` (its values when the op ran), so the check sees it as torch does.
def _embedding(w, indices, padding_idx, padding_row):
    out = w[indices]
    if padding_row is None:
        return out
    return np.where((indices == padding_idx)[..., None], padding_row, out)


def _embedding_vjp(xp, g, o, w, indices, padding_idx, padding_row):
    if padding_row is not None:
        g = xp.masked_fill(g, (indices == padding_idx)[..., None], 0)
    return (xp.scatter(g, w.shape, indices),)


defop("embedding", "EmbeddingBackward0", _embedding, _embedding_vjp, "k",
      elements_read="selection")
# (with a padding row the output is no mere selection: the check's element tags must not
# meet the row's values; it is affine in the weight, the row a constant)
defop("embedding_padding", "EmbeddingBackward0", _embedding, _embedding_vjp, "k", linear=True)


# ---- F.bilinear's _trilinear ----------------------------------------------------------------
def _trilinear_contraction(a, b, c, expand1, expand2, expand3, sumdim) -> tuple[str, float]:
    """_trilinear as an einsum: one letter per dim of the common (expanded) shape; each input
    has the dims it was not expanded at, the output those not summed."""
    ndim = len(a) + len(expand1)
    letters = "abcdefghijklmnopqrstuvwxyz"[:ndim]

    def kept(dropped) -> str:
        return "".join(c for d, c in enumerate(letters) if d not in dropped)
    return f"{kept(expand1)},{kept(expand2)},{kept(expand3)}->{kept(sumdim)}", 1.0


defop("trilinear", "TrilinearBackward0", K.trilinear,
      lambda xp, g, o, a, b, c, expand1, expand2, expand3, sumdim: K.trilinear_backward(
          xp, g, a, b, c, expand1, expand2, expand3, sumdim),
      ("bc", "ac", "ab"), contraction=_trilinear_contraction)


# ---- packed sequences -------------------------------------------------------------------------
def _pack_padded(a, batch_sizes):
    """(steps, batch, *) -> the running sequences' rows of each step, one step after another."""
    return np.concatenate([a[t, :size] for t, size in enumerate(batch_sizes)], 0)


def _pack_padded_vjp(xp, g, o, a, batch_sizes):
    """Each step's rows back in place, zeros for the padding (and the steps past the longest)."""
    rows, offset = [], 0
    for size in batch_sizes:
        part = g[offset:offset + size]
        offset += size
        missing = a.shape[1] - size
        pad = [xp.zeros_shaped((missing, *a.shape[2:]), g)] if missing else []
        rows.append(xp.cat([part, *pad], 0) if pad else part)
    missing = a.shape[0] - len(batch_sizes)
    if missing:
        rows += [xp.zeros_shaped(tuple(a.shape[1:]), g)] * missing
    return (xp.stack(rows, 0),)


defop("pack_padded_sequence", "PackPaddedSequenceBackward0", _pack_padded, _pack_padded_vjp,
      rearranges=True)


# ---- triu / tril: each element kept or zeroed by its position (causal attention masks) --------
def _outside_triangle(shape, diagonal, upper: bool) -> np.ndarray:
    """Where triu (upper) or tril zeroes: True off the kept triangle of the last two dims."""
    keep = (np.triu if upper else np.tril)(np.ones(shape[-2:], dtype=bool), diagonal)
    return np.broadcast_to(~keep, shape)


for _name, _grad_fn, _upper in (("triu", "TriuBackward0", True), ("tril", "TrilBackward0", False)):
    defop(_name, _grad_fn,
          lambda a, diagonal, upper=_upper: K.masked_fill(
              a, _outside_triangle(a.shape, diagonal, upper), 0),
          lambda xp, g, o, a, diagonal, upper=_upper: (
              xp.masked_fill(g, _outside_triangle(a.shape, diagonal, upper), 0),),
          sym=lambda a, diagonal, upper=_upper: S.masked_fill(
              a, _outside_triangle(a.shape, diagonal, upper), 0),
          # (linear, not pointwise: which elements it keeps depends on their position, which
          # one formula for every element cannot say)
          linear=True,
          zeroed=lambda i, a, diagonal, upper=_upper: _outside_triangle(a.shape, diagonal, upper))


# ---- pdist: the p-norm distance of each pair of rows i < j, in row-major pair order ---------
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    return np.triu_indices(n, k=1)


def _pdist(a, p):
    i, j = _pairs(a.shape[0])
    diff = np.abs(a[i].astype(np.float64) - a[j].astype(np.float64))
    if p == 0:
        dist = np.count_nonzero(diff, axis=1).astype(np.float64)
    elif p == np.inf:
        dist = diff.max(axis=1, initial=0.0)
    else:
        dist = np.sum(diff ** p, axis=1) ** (1 / p)
    return dist.astype(a.dtype)


def _pdist_local(x, dist, p):
    """torch's _pdist_backward's per pair and column slope of the distance in x_i (x_j's is
    its negative), 0 where the distance is 0."""
    i, j = _pairs(x.shape[0])
    diff = x[i].astype(np.float64) - x[j].astype(np.float64)
    d = dist.astype(np.float64)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        if p == 0:
            slope = np.zeros_like(diff)
        elif p == 1:
            slope = np.sign(diff)
        elif p == np.inf:
            slope = np.sign(diff) * (np.abs(diff) == d)
        elif p < 2:
            slope = np.where((diff == 0) & (p < 1), 0,
                             np.sign(diff) * np.abs(diff) ** (p - 1) / d ** (p - 1))
        else:
            slope = diff * np.abs(diff) ** (p - 2) / d ** (p - 1)
    return np.where(d == 0, 0, slope), i, j


def _pdist_vjp(xp, g, o, a, p):
    x = K._values(a)
    slope, i, j = _pdist_local(x, K._values(o), p)
    weighted = xp.reshape(g, (-1, 1)) * xp.asarray(slope.astype(x.dtype))
    # each pair's term added into its row i, less into its row j (not a rows-by-pairs
    # incidence matrix: that is n times the pairs' table)
    return (xp.index_add_src(weighted, x.shape, 0, i) - xp.index_add_src(weighted, x.shape, 0, j),)


def _sym_pdist(a, p):
    # the norm of each pair's difference, with the norm's slopes at zero (torch's pdist's)
    i, j = _pairs(a.shape[0])
    return S.norm(np.asarray(a[i] - a[j], dtype=object), p, 1, False)


def _pdist_backward_refused():
    raise TorchError("NotImplementedError",
                     "the derivative for '_pdist_backward' is not implemented.")


defop_first_order("pdist_backward", "PdistBackwardBackward0", _pdist_vjp,
                  _pdist_backward_refused, reads_output=True)
defop("pdist", "PdistBackward0", _pdist, through_row("pdist_backward", True), "ao",
      _sym_pdist)
