"""torch.nn.init: in-place initialisers drawing from the session's generator, bound for bound
and draw for draw as torch/nn/init.py (so `torch.manual_seed(0); nn.Linear(3, 1)` is torch's)."""
from __future__ import annotations

import functools
import math

import numpy as np

from gradcli.engine.errors import TorchError, warn
from gradcli.engine.tensor import Tensor
from gradcli.torch._arguments import _numpy_scalar
from gradcli.torch._tensor.creation import stream
from gradcli.torch.autograd.grad import no_grad

_LINEAR_GAIN = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                "conv_transpose3d", "sigmoid")


def _written(tensor: Tensor, values) -> Tensor:
    """tensor's elements replaced under no_grad, as torch's in-place init (a version bump)."""
    with no_grad():
        tensor.copy_(Tensor(np.asarray(values, dtype=tensor.data.dtype).reshape(tensor.shape)))
    return tensor


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator=None) -> Tensor:
    draws = stream(generator, "uniform_").uniform(tensor.numel(), a, b, tensor.dtype.name)
    return _written(tensor, draws)


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator=None) -> Tensor:
    draws = stream(generator, "normal_").normal(tensor.numel(), mean, std, tensor.dtype.name)
    return _written(tensor, draws)


def trunc_normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, a: float = -2.0,
                  b: float = 2.0, generator=None) -> Tensor:
    draws = stream(generator, "normal_").trunc_normal(tensor.numel(), mean, std, a, b,
                                                      tensor.dtype.name)
    return _written(tensor, draws)


def constant_(tensor: Tensor, val: float) -> Tensor:
    return _written(tensor, np.full(tensor.shape, val))


def zeros_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 0.0)


def ones_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 1.0)


def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    if nonlinearity in _LINEAR_GAIN:
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif isinstance(param, (int, float)) and not isinstance(param, bool):
            slope = param
        else:
            raise TorchError("ValueError", f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise TorchError("ValueError", f"Unsupported nonlinearity {nonlinearity}")


def fans(tensor: Tensor) -> tuple[int, int]:
    """torch's _calculate_fan_in_and_fan_out: (fan_in, fan_out)."""
    shape = tensor.shape
    if len(shape) < 2:
        raise TorchError("ValueError", "Fan in and fan out can not be computed for tensor with "
                                       "fewer than 2 dimensions")
    receptive = math.prod(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


def _fan(tensor: Tensor, mode: str) -> int:
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise TorchError("ValueError", f"Mode {mode} not supported, please use one of "
                                       "['fan_in', 'fan_out']")
    return fans(tensor)[0 if mode == "fan_in" else 1]


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    fan_in, fan_out = fans(tensor)
    bound = math.sqrt(3.0) * (gain * math.sqrt(2.0 / float(fan_in + fan_out)))
    return uniform_(tensor, -bound, bound, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    fan_in, fan_out = fans(tensor)
    return normal_(tensor, 0.0, gain * math.sqrt(2.0 / float(fan_in + fan_out)), generator)


def kaiming_uniform_(tensor: Tensor, a: float = 0, mode: str = "fan_in",
                     nonlinearity: str = "leaky_relu", generator=None) -> Tensor:
    if 0 in tensor.shape:  # torch's: no fan to divide by (nn.Conv2d(1, 1, 0))
        warn("Initializing zero-element tensors is a no-op")
        return tensor
    bound = math.sqrt(3.0) * (calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode)))
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor: Tensor, a: float = 0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", generator=None) -> Tensor:
    return normal_(tensor, 0, calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode)),
                   generator)


def orthogonal_(tensor: Tensor, gain: float = 1, generator=None) -> Tensor:
    """torch's: the QR factorisation of a (rows, cols) normal draw (transposed when wider than
    tall), Q's columns signed by R's diagonal, scaled by gain. The draws are torch's; the QR
    is numpy's LAPACK, so the values agree with torch's within rounding."""
    if tensor.ndim < 2:
        raise TorchError("ValueError", "Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.shape[0]
    cols = tensor.numel() // rows
    draws = stream(generator, "normal_").normal(rows * cols, 0.0, 1.0, tensor.dtype.name)
    flattened = np.asarray(draws, tensor.data.dtype).reshape(rows, cols)
    wide = rows < cols
    q, r = np.linalg.qr(flattened.T if wide else flattened)
    q = q * np.sign(np.diagonal(r))
    _written(tensor, q.T if wide else q)
    with no_grad():  # (torch's second write: a second version bump)
        tensor.mul_(gain)
    return tensor


def _numpy_scalars_read(fn):
    """A script's call: numpy scalars taken as the Python numbers they hold, as torch's Python
    init functions take them (PPO's `orthogonal_(layer.weight, np.sqrt(2))`)."""
    def call(*args, **kwargs):
        def read(value):
            number = _numpy_scalar(value)
            return value if number is None else number
        return fn(*map(read, args), **{k: read(v) for k, v in kwargs.items()})
    return functools.update_wrapper(call, fn)


INIT = {fn.__name__: _numpy_scalars_read(fn) for fn in (
    uniform_, normal_, trunc_normal_, constant_, zeros_, ones_, calculate_gain, xavier_uniform_,
    xavier_normal_, kaiming_uniform_, kaiming_normal_, orthogonal_)}
