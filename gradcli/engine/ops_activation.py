"""More rows of the op table (ops.py loads them): torch.nn's piecewise and smooth activations
with kernels of their own (hardtanh, hardsigmoid, softshrink, hardshrink, logsigmoid, mish,
celu, selu). softsign, tanhshrink and softmin are compositions in torch, and in gradcli.

Same contract as ops.py. Each backward passes the gradient where torch's backward kernel does:
the Piecewise of each `sym` switches at the same points, with the same side taking the tie.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .optable import POINTWISE, defop

# torch's SELU constants (torch/nn/functional.py's selu calls elu with them)
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _masked(xp, g, keep, scale=1.0):
    """g (times scale) where `keep`, 0 elsewhere: the backward of a piecewise-linear kernel."""
    kept = g if scale == 1.0 else xp.mul_scalar(g, scale)
    return xp.where(keep, kept, xp.zeros_like(g))


def _in_dtype(fn):
    """fn computed in float64, rounded once to the input's dtype."""
    return lambda a, **params: np.asarray(fn(a.astype(np.float64), **params)).astype(a.dtype)


# ---- hardtanh (relu6), hardsigmoid, softshrink, hardshrink ------------------------------
def _hardtanh(a, min_val, max_val):
    lo, hi = np.asarray(min_val).astype(a.dtype), np.asarray(max_val).astype(a.dtype)
    return np.where(a < lo, lo, np.where(a > hi, hi, a)).astype(a.dtype)


def _hardtanh_inside(a, min_val, max_val):
    # torch's hardtanh_backward: the gradient passes strictly between the bounds
    x = K._values(a)
    return (x > min_val) & (x < max_val)


def _sym_hardtanh(a, min_val, max_val):
    lo, hi = S.number(min_val), S.number(max_val)
    return S.elementwise(lambda x: S.sp().Piecewise((lo + 0 * x, x <= lo), (hi + 0 * x, x >= hi),
                                                    (x, True)), a)


def _hardtanh_zeroed(i, a, min_val, max_val):
    return (a <= min_val) | (a >= max_val)


defop("hardtanh", "HardtanhBackward0", _hardtanh,
      lambda xp, g, o, a, min_val, max_val: (_masked(xp, g, _hardtanh_inside(a, min_val,
                                                                             max_val)),),
      "a", _sym_hardtanh, **POINTWISE, zeroed=_hardtanh_zeroed)
# hardtanh_ (in place) saves its result, which is inside the bounds exactly where its input is
defop("hardtanh_result", "HardtanhBackward0", _hardtanh,
      lambda xp, g, o, a, min_val, max_val: (_masked(xp, g, _hardtanh_inside(o, min_val,
                                                                             max_val)),),
      "o", _sym_hardtanh, **POINTWISE, zeroed=_hardtanh_zeroed)


def _hardsigmoid(a):
    three, six = a.dtype.type(3), a.dtype.type(6)
    return (np.minimum(np.maximum(a + three, 0), six) / six).astype(a.dtype)


def _hardsigmoid_vjp(xp, g, o, a):
    x = K._values(a)  # torch: grad / 6 strictly between -3 and 3
    return (_masked(xp, g, (x > -3) & (x < 3), 1 / 6),)


defop("hardsigmoid", "HardsigmoidBackward0", _hardsigmoid, _hardsigmoid_vjp, "a",
      lambda a: S.elementwise(lambda x: S.sp().Piecewise(
          (0 * x, x <= -3), (1 + 0 * x, x >= 3), (x / 6 + S.sp().Rational(1, 2), True)), a),
      **POINTWISE, zeroed=lambda i, a: (a <= -3) | (a >= 3))


def _softshrink(a, lambd):
    t = a.dtype.type(lambd)
    return np.where(a > t, a - t, np.where(a < -t, a + t, a * 0)).astype(a.dtype)


def _hardshrink(a, lambd):
    t = a.dtype.type(lambd)
    return np.where((a >= -t) & (a <= t), a * 0, a).astype(a.dtype)


def _shrink_vjp(xp, g, o, a, lambd):
    x = K._values(a)  # torch: 0 where -lambd <= x <= lambd, the gradient elsewhere
    return (_masked(xp, g, ~((x >= -lambd) & (x <= lambd))),)


def _shrink_zeroed(i, a, lambd):
    return (a >= -lambd) & (a <= lambd)


def _sym_shrink(shift):
    def form(a, lambd):
        t = S.number(lambd)
        return S.elementwise(lambda x: S.sp().Piecewise(
            (x - shift * t, x > t), (x + shift * t, x < -t), (0 * x, True)), a)
    return form


defop("softshrink", "SoftshrinkBackward0", _softshrink, _shrink_vjp, "a", _sym_shrink(1),
      **POINTWISE, zeroed=_shrink_zeroed)
defop("hardshrink", "HardshrinkBackward0", _hardshrink, _shrink_vjp, "a", _sym_shrink(0),
      **POINTWISE, zeroed=_shrink_zeroed)


# ---- logsigmoid, mish ---------------------------------------------------------------------
def _logsigmoid(x):
    return np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x)))


def _logsigmoid_vjp(xp, g, o, a):
    # torch's log_sigmoid_backward: g * sigmoid(-x)
    return (g / (xp.exp(a) + 1),)


defop("log_sigmoid", "LogSigmoidBackward0", _in_dtype(_logsigmoid), _logsigmoid_vjp, "a",
      lambda a: S.elementwise(lambda x: -S.sp().log(1 + S.sp().exp(-x)), a), **POINTWISE)


def _mish(x):
    return x * np.tanh(np.log1p(np.exp(x)))


def _mish_vjp(xp, g, o, a):
    # torch's mish_backward: g * (tanh(softplus(x)) + x * sigmoid(x) * (1 - tanh(softplus)^2))
    e = xp.exp(a)
    tanh_sp = 1 - 2 / ((e + 1) * (e + 1) + 1)  # tanh(log(1 + e)) = ((1+e)^2 - 1) / ((1+e)^2 + 1)
    return (g * (tanh_sp + a * (1 - tanh_sp * tanh_sp) / (xp.exp(-a) + 1)),)


defop("mish", "MishBackward0", _in_dtype(_mish), _mish_vjp, "a",
      lambda a: S.elementwise(lambda x: x * S.sp().tanh(S.sp().log(1 + S.sp().exp(x))), a),
      **POINTWISE)


# ---- celu, selu: torch's elu with a scale and an input scale ---------------------------------
def _scaled_elu(x, alpha, scale, input_scale):
    return np.where(x > 0, scale * x, alpha * scale * np.expm1(x * input_scale))


def _scaled_elu_vjp(xp, g, o, a, alpha, scale, input_scale):
    # torch's elu_backward (is_result=False): x <= 0 takes the exponential side
    negative = xp.mul_scalar(xp.exp(xp.mul_scalar(a, input_scale)), alpha * scale * input_scale)
    return (xp.where(K._values(a) <= 0, g * negative, xp.mul_scalar(g, scale)),)


def _sym_scaled_elu(a, alpha, scale, input_scale):
    k, s, i = S.number(alpha), S.number(scale), S.number(input_scale)
    # at 0 torch's slope is the exponential side's (alpha * scale * input_scale)
    return S.elementwise(lambda x: S.sp().Piecewise(
        (k * s * (S.sp().exp(i * x) - 1), x < 0), (k * s * i * x, S.sp().Eq(x, 0)),
        (s * x, True)), a)


def _celu(x, alpha):
    return _scaled_elu(x, alpha, 1.0, 1.0 / alpha)


def _selu(x):
    return _scaled_elu(x, SELU_ALPHA, SELU_SCALE, 1.0)


defop("celu", "CeluBackward0", _in_dtype(_celu),
      lambda xp, g, o, a, alpha: _scaled_elu_vjp(xp, g, o, a, alpha, 1.0, 1.0 / alpha), "a",
      lambda a, alpha: _sym_scaled_elu(a, alpha, 1.0, 1.0 / alpha), **POINTWISE)
defop("selu", "EluBackward0", _in_dtype(_selu),
      lambda xp, g, o, a: _scaled_elu_vjp(xp, g, o, a, SELU_ALPHA, SELU_SCALE, 1.0), "a",
      lambda a: _sym_scaled_elu(a, SELU_ALPHA, SELU_SCALE, 1.0), **POINTWISE)


def _scaled_elu_result_vjp(xp, g, o, alpha, scale, input_scale):
    # torch's elu_backward on the result (celu_, selu_): where it is <= 0, the slope is
    # input_scale * (result + alpha * scale)
    negative = xp.mul_scalar(o + alpha * scale, input_scale)
    return (xp.where(K._values(o) <= 0, g * negative, xp.mul_scalar(g, scale)),)


# celu_ and selu_ (in place) save their result instead
defop("celu_result", "CeluBackward1", _in_dtype(_celu),
      lambda xp, g, o, a, alpha: _scaled_elu_result_vjp(xp, g, o, alpha, 1.0, 1.0 / alpha), "o",
      lambda a, alpha: _sym_scaled_elu(a, alpha, 1.0, 1.0 / alpha), **POINTWISE)
defop("selu_result", "EluBackward1", _in_dtype(_selu),
      lambda xp, g, o, a: _scaled_elu_result_vjp(xp, g, o, SELU_ALPHA, SELU_SCALE, 1.0), "o",
      lambda a: _sym_scaled_elu(a, SELU_ALPHA, SELU_SCALE, 1.0), **POINTWISE)


# ---- glu: the first half of a dim times the sigmoid of the second -----------------------------
def _glu(x, dim):
    first, second = np.split(x, 2, axis=dim)
    return first / (1 + np.exp(-second))


def _glu_vjp(xp, g, o, a, dim):
    half = a.shape[dim] // 2
    first = xp.index_select(a, dim, np.arange(half))
    gate = 1 / (xp.exp(-xp.index_select(a, dim, np.arange(half, 2 * half))) + 1)
    return (xp.cat([g * gate, g * first * gate * (1 - gate)], dim),)


def _sym_glu(a, dim):
    first, second = np.split(a, 2, axis=dim)
    return S.elementwise(lambda u, v: u / (1 + S.sp().exp(-v)), first, second)


defop("glu", "GluBackward0", _in_dtype(_glu), _glu_vjp, "a", _sym_glu)


# ---- prelu: leaky relu with a learned slope per channel (weight already shaped to broadcast) --
def _prelu_vjp(xp, g, o, a, w):
    # torch's _prelu_kernel_backward: g or w * g for the input, 0 or x * g for the weight
    positive = K._values(a) > 0
    return xp.where(positive, g, g * w), xp.where(positive, xp.zeros_like(g), g * a)


def _sym_prelu(a, w):
    # NOTE: at 0 torch takes the weight's side, as leaky_relu's slope
    return S.elementwise(lambda x, k: S.sp().Piecewise((x, x > 0), (k * x, True)),
                         *np.broadcast_arrays(a, w))


defop("prelu", "PreluKernelBackward0", lambda a, w: np.where(a > 0, a, w * a).astype(a.dtype),
      _prelu_vjp, ("ab", "a"), _sym_prelu, **POINTWISE)


# ---- rrelu: a slope drawn per negative element in training (`noise`, 1 elsewhere), the mean
# slope in evaluation; torch's backward multiplies by the noise only when lower < upper
def _rrelu(a, noise, slope, noisy_backward):
    if noise is not None:
        return (a * noise).astype(a.dtype)
    return np.where(a > 0, a, a * np.asarray(slope, a.dtype))


def _rrelu_vjp(xp, g, o, a, noise, slope, noisy_backward):
    if noisy_backward:
        return (g * xp.asarray(noise),)
    return (xp.leaky_relu_backward(g, a, slope),)


def _sym_rrelu(a, noise, slope, noisy_backward):
    if not noisy_backward:
        return S.leaky_relu(a, slope)
    return S.elementwise(lambda x, k: x * S.number(k), *np.broadcast_arrays(a, noise))


defop("rrelu_with_noise", "RreluWithNoiseBackward0", _rrelu, _rrelu_vjp, "a", _sym_rrelu,
      **POINTWISE)
# rrelu_ (in place) saves its result: its sign is the input's, so the same backward
defop("rrelu_with_noise_result", "RreluWithNoiseBackward1", _rrelu,
      lambda xp, g, o, a, **params: _rrelu_vjp(xp, g, o, o, **params), "o", _sym_rrelu,
      **POINTWISE)
