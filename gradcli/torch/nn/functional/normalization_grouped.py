"""torch.nn.functional's group_norm, instance_norm and rms_norm over Tensors: F's and ATen's
checks, in torch's order and words, then group_norm's row (ops_nn.py), or torch's own
compositions: instance_norm is batch_norm over the batch's channels as one sample's (each
weight, bias and running statistic repeated per sample); rms_norm is
x * rsqrt(mean(x^2) + eps) * weight."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Size, Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch._tensor import pointwise, reductions, shape
from gradcli.torch._tensor.pointwise import float_kernel
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn.functional._common import check_nn, python_name, tensor_size
from gradcli.torch.nn.functional.normalization import (
    _affine,
    _same_dtypes,
    _shape_text,
    batch_norm,
)

F = "torch.nn.functional"


@torch_function(name="group_norm", namespace=F)
@python_name("group_norm")
def group_norm(input: Tensor, num_groups: int, weight: Tensor | None = None,
               bias: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    if attribute_of_tensor(input, "dim").ndim < 2:
        raise runtime_error(f"Expected at least 2 dimensions for input tensor but received "
                            f"{input.ndim}")
    if not isinstance(num_groups, (int, float)):  # torch's Python code divides by it first
        raise TorchError("TypeError", "unsupported operand type(s) for //: 'int' and "
                                      f"'{type_name(num_groups)}'")
    if num_groups == 0:
        raise TorchError("ZeroDivisionError", "integer division or modulo by zero")
    grouped = [input.shape[0] * input.shape[1] // num_groups, num_groups, *input.shape[2:]]
    if grouped[0] * int(np.prod(grouped[2:])) == 1:
        raise TorchError("ValueError", "Expected more than 1 value per channel when training, "
                                       f"got input size {grouped}")
    check_nn("group_norm", input, num_groups, weight, bias, eps, True)
    if num_groups < 0:
        raise runtime_error(f"Expected num groups to be greater than 0, got {num_groups}")
    channels = input.shape[1]
    if channels % num_groups:
        raise runtime_error("Expected number of channels in input to be divisible by num_groups,"
                            f" but got input of shape {_shape_text(input.shape)} and num_groups="
                            f"{num_groups}")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and (t.ndim != 1 or t.numel() != channels):
            # (torch's message shows the weight's shape, [0] when there is none)
            shown = weight.shape if weight is not None else (0,)
            raise runtime_error(f"Expected {name} to be a vector of size equal to the number of "
                                f"channels in input, but got {name} of shape "
                                f"{_shape_text(shown)} and input of shape "
                                f"{_shape_text(input.shape)}")
    float_kernel(input, "GroupNormKernelImpl")
    _same_dtypes(input, weight, bias)
    return apply("group_norm", (input, _affine(weight, (channels,), 1, input),
                                _affine(bias, (channels,), 0, input)),
                 groups=num_groups, eps=eps)


@torch_function(name="rms_norm", namespace=F)
@python_name("rms_norm")
def rms_norm(input: Tensor, normalized_shape, weight: Tensor | None = None,
             eps: float | None = None) -> Tensor:
    check_nn("rms_norm", input, normalized_shape, weight, eps)
    norm_shape = (normalized_shape,) if isinstance(normalized_shape, int) else \
        tuple(normalized_shape)
    if weight is not None and weight.shape != norm_shape:
        raise runtime_error(f"Expected weight to be of same shape as normalized_shape, but got "
                            f"weight of shape {_shape_text(weight.shape)} and normalized_shape = "
                            f"{_shape_text(norm_shape)}")
    k = len(norm_shape)
    if input.ndim < k or input.shape[input.ndim - k:] != norm_shape:
        raise runtime_error(f"Given normalized_shape={_shape_text(norm_shape)}, expected input "
                            f"with shape [*{', '.join(map(str, norm_shape))}], but got input of "
                            f"size{_shape_text(input.shape)}")
    float_kernel(input, "rms_norm")
    if eps is None:
        eps = float(np.finfo(input.data.dtype).eps)
    dims = list(range(input.ndim - k, input.ndim))
    mean_square = reductions.mean(pointwise.pow(input, 2), dims, True)
    out = pointwise.mul(input, pointwise.rsqrt(pointwise.add(mean_square, eps)))
    return out if weight is None else pointwise.mul(out, weight)


@torch_function(name="instance_norm", namespace=F)
@python_name("instance_norm")
def instance_norm(input: Tensor, running_mean: Tensor | None = None,
                  running_var: Tensor | None = None, weight: Tensor | None = None,
                  bias: Tensor | None = None, use_input_stats: bool = True,
                  momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    if use_input_stats and int(np.prod(tensor_size(input)[2:])) == 1:
        raise TorchError("ValueError", "Expected more than 1 spatial element when training, got "
                                       f"input size {Size(input.shape)!r}")
    check_nn("instance_norm", input, weight, bias, running_mean, running_var, use_input_stats,
             momentum, eps, True)
    if not use_input_stats and (running_mean is None or running_var is None):
        raise runtime_error("Expected running_mean and running_var to be defined when "
                            "use_input_stats is false")
    b, c = input.shape[0], input.shape[1]
    repeated = [None if t is None else shape.repeat(t, b)
                for t in (weight, bias, running_mean, running_var)]
    flat = shape.view(shape.contiguous(input), 1, b * c, *input.shape[2:])
    out = batch_norm(flat, repeated[2], repeated[3], repeated[0], repeated[1],
                     use_input_stats, momentum, eps)
    with no_grad():  # torch copies the samples' mean back into the running statistics
        for stat, new in ((running_mean, repeated[2]), (running_var, repeated[3])):
            if stat is not None:
                stat.copy_(reductions.mean(shape.view(new, b, c), 0))
    return shape.view(out, *input.shape)


