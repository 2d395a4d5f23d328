"""torch.nn.functional's leaky relus with a slope that is learned (prelu: a weight per
channel) or drawn (rrelu: a uniform slope per negative element in training, with torch's
draws)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch import _nn_signatures as signatures
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.creation import stream
from gradcli.torch._tensor.inplace import _inplace
from gradcli.torch._tensor.pointwise import float_kernel
from gradcli.torch.nn.functional._common import check_nn, python_name

_PRELU = "prelu(Tensor input, Tensor weight)"


@torch_function(_PRELU, method=True)
@torch_function(_PRELU, namespace="torch.nn.functional")
@python_name("prelu")
def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """ATen's prelu: the weight reshaped to broadcast along dim 1 (ViewBackward0), then
    _prelu_kernel (PreluKernelBackward0)."""
    if input.dtype is not weight.dtype:
        raise runtime_error(f"prelu: Type promoting not supported. Got {input.dtype.cpp} and "
                            f"{weight.dtype.cpp}")
    if weight.numel() != 1:
        if input.ndim == 0:
            raise runtime_error("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.ndim > 1 else 1
        if channels != weight.numel():
            raise runtime_error(f"Mismatch of parameter numbers and input channel size. Found "
                                f"parameter numbers = {weight.numel()} and channel size = "
                                f"{channels}.")
    if weight.ndim > 1:
        raise runtime_error(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: "
                            f"ndim = {weight.ndim}")
    if input.ndim != weight.ndim:
        shape = [1] * input.ndim
        if input.ndim > 1:
            shape[1] = weight.numel()
        weight = weight.reshape(tuple(shape))
    float_kernel(input, "prelu_cpu")
    return apply("prelu", (input, weight))


@torch_function(*signatures.NN["rrelu"])
def rrelu_builtin(input: Tensor, lower=0.125, upper=1 / 3, training=False,
                  generator=None) -> Tensor:
    return _rrelu(input, lower, upper, training, generator, inplace=False)


@torch_function(*signatures.NN["rrelu_"])
@torch_function(*signatures.NN["rrelu_"], namespace="torch.nn.functional")
def rrelu_builtin_(input: Tensor, lower=0.125, upper=1 / 3, training=False,
                   generator=None) -> Tensor:
    return _rrelu(input, lower, upper, training, generator, inplace=True)


@torch_function(name="rrelu", namespace="torch.nn.functional")
def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False) -> Tensor:
    name, builtin = ("rrelu_", rrelu_builtin_) if inplace else ("rrelu", rrelu_builtin)
    check_nn(name, input, lower, upper, training)
    return builtin(input, lower, upper, training)


_RRELU_INPLACE = _inplace(
    lambda t, **params: apply("rrelu_with_noise_result", (t,), **params), "rrelu_")


def _rrelu(input: Tensor, lower, upper, training: bool, generator, inplace: bool) -> Tensor:
    """ATen's rrelu_with_noise: in training each element <= 0 (in order) gets a slope drawn
    uniformly in [lower, upper] (the bounds rounded to the dtype's opmath first), the others
    a noise of 1; in evaluation leaky_relu with the mean slope."""
    if float(lower) > float(upper):
        raise runtime_error("Lower bound should be less than or equal to the upper bound")
    float_kernel(input, "rrelu_with_noise_out_cpu" if training else "leaky_relu_cpu")
    params = {"noise": None, "slope": (float(lower) + float(upper)) / 2,
              "noisy_backward": training and float(upper) - float(lower) > 1e-6}
    if training:
        params["noise"] = _noise(input, lower, upper, stream(generator))
    if inplace:
        return _RRELU_INPLACE(input, **params)
    return apply("rrelu_with_noise", (input,), **params)


def _noise(input: Tensor, lower, upper, generator) -> np.ndarray:
    x = input.data
    opmath = np.float64 if input.dtype is dtypes.float64 else np.float32
    low, high = float(opmath(lower)), float(opmath(upper))
    negative = (x <= 0).reshape(-1)  # in logical order: torch's loop runs over contiguous()
    noise = np.ones(x.size, opmath)
    drawn = generator.uniform_doubles(int(negative.sum()), low, high)
    noise[negative] = drawn.astype(opmath)
    return noise.reshape(x.shape).astype(x.dtype)
