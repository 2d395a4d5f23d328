"""torch's max_unpool1d/2d/3d over Tensors (F's functions and the nn layers'): each element
put back at the flat position in its plane that max pooling's indices give, zeros elsewhere;
F's output size (torch's _unpool_output_size), then the builtin's checks in its order and
words, before the op runs (ops_conv.py)."""
from __future__ import annotations

import math

from gradcli.engine.convkit import unpool_held
from gradcli.engine.errors import TorchError, runtime_error, value_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import shape
from gradcli.torch.nn.functional._common import check_nn, tensor_size

F = "torch.nn.functional"
_COUNTS = {2: "two elements (height, width)", 3: "three elements (depth, height, width)"}


def _ntuple(value, n: int) -> tuple:
    """torch's _single/_pair/_triple: an iterable (a str too) as a tuple."""
    return tuple(value) if isinstance(value, (tuple, list, str)) else (value,) * n


def _output_size(input, kernel, stride, padding, output_size) -> list[int]:
    """torch's _unpool_output_size: the pooled input's size before pooling, or output_size
    (with or without its batch and channel dims) if it is within a stride of that."""
    n, sizes = len(kernel), tensor_size(input)
    try:  # (Python's errors, as torch's Python code meets them)
        default = [(sizes[d - n] - 1) * stride[d] + kernel[d] - 2 * padding[d]
                   for d in range(n)]
    except (IndexError, TypeError) as error:
        raise TorchError(type(error).__name__, str(error)) from None
    if output_size is None:
        chosen = default
    else:
        if len(output_size) == n + 2:
            output_size = output_size[2:]
        if len(output_size) != n:
            raise value_error(f"output_size should be a sequence containing {n} or {n + 2} "
                              f"elements, but it has a length of '{len(output_size)}'")
        for d in range(n):
            low, high = default[d] - stride[d], default[d] + stride[d]
            if not low < output_size[d] < high:
                raise value_error(f'invalid output_size "{output_size}" (dim {d} must be '
                                  f"between {low} and {high})")
        chosen = output_size
    for d in range(n):
        if chosen[d] < 0:
            raise value_error("max_unpooling: output_size must contain non-negative spatial "
                              f"dimensions, but got output_size[{d}]={chosen[d]}")
    return list(chosen)


def _check_input(n: int, input, indices, size) -> None:
    """The builtin's checks of the input and indices, after their dims' count."""
    if input.shape != indices.shape:
        raise runtime_error("Expected shape of indices to be same as that of the input tensor "
                            f"({list(input.shape)}) but got indices tensor with shape: "
                            f"{list(indices.shape)}")
    for d in range(1, input.ndim):
        if input.shape[d] == 0:
            raise runtime_error(f"max_unpooling{n}d_forward_out_cpu(): Expected input to have "
                                "non-zero size for non-batch dimensions, but got "
                                f"{list(input.shape)} with dimension {d} being empty.")


def _unpooled(n: int, input, indices, size: list[int]) -> Tensor:
    """The kernel: every index within its plane (torch's error names the last one that is
    not: its loop records each and goes on), then each element put at its index."""
    out_shape = (*input.shape[:-n], *size)
    if math.prod(out_shape) and not input.dtype.is_floating_point:
        raise TorchError("NotImplementedError",
                         f'"max_unpool{n}d" not implemented for \'{input.dtype.cpp}\'')
    plane = math.prod(size)
    bad = indices.data[(indices.data < 0) | (indices.data >= plane)]
    if math.prod(out_shape) and bad.size:
        raise runtime_error(f"Found an invalid max index: {bad[-1]} (output volumes are of size "
                            f"{'x'.join(map(str, size))})")
    return apply(f"max_unpool{n}d", (input,), index=indices.data, size=tuple(size),
                 held=unpool_held(input.data, indices.data, size)
                 if input.requires_grad else None)  # (the check's: see the op's row)


def _max_unpool2d(input, indices, output_size: list[int]) -> Tensor:
    """torch._C._nn.max_unpool2d."""
    check_nn("max_unpool2d", input, indices, output_size)
    if indices.dtype.cpp != "Long":
        raise runtime_error(f"elements in indices should be type int64 but got: "
                            f"{indices.dtype.cpp}")
    if len(output_size) != 2:
        raise runtime_error(f"There should be exactly {_COUNTS[2]} in output_size, but got "
                            f"{len(output_size)} elements.")
    if input.ndim not in (3, 4):
        raise runtime_error("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a "
                            f"tensor with {input.ndim} dimensions.")
    _check_input(2, input, indices, output_size)
    return _unpooled(2, input, indices, output_size)


def _params(n: int, kernel_size, stride, padding) -> tuple:
    kernel = _ntuple(kernel_size, n)
    return kernel, kernel if stride is None else _ntuple(stride, n), _ntuple(padding, n)


@torch_function(name="max_unpool1d", namespace=F)
def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_unpool2d over a width of 1 (Unsqueeze, then Squeeze), as torch's."""
    kernel, stride, padding = _params(1, kernel_size, stride, padding)
    size = _output_size(input, kernel, stride, padding, output_size)
    out = _max_unpool2d(shape.unsqueeze(input, -1), shape.unsqueeze(indices, -1), size + [1])
    return shape.squeeze(out, -1)


@torch_function(name="max_unpool2d", namespace=F)
def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel, stride, padding = _params(2, kernel_size, stride, padding)
    size = _output_size(input, kernel, stride, padding, output_size)
    return _max_unpool2d(input, indices, size)


@torch_function(name="max_unpool3d", namespace=F)
def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel, stride, padding = _params(3, kernel_size, stride, padding)
    size = _output_size(input, kernel, stride, padding, output_size)
    check_nn("max_unpool3d", input, indices, size, stride, padding)
    if indices.dtype.cpp != "Long":
        raise runtime_error("elements in indices should be type int64")
    if input.ndim not in (4, 5):
        raise runtime_error("Input to max_unpooling3d should be a 4d or 5d Tensor, but got a "
                            f"tensor with {input.ndim} dimensions.")
    for what, values in (("output_size", size), ("stride", stride), ("padding", padding)):
        if len(values) != 3:
            got = "" if what == "output_size" else ":"
            raise runtime_error(f"There should be exactly {_COUNTS[3]} in {what}, but got{got} "
                                f"{len(values)} elements.")
    _check_input(3, input, indices, size)
    if min(stride) <= 0:
        raise runtime_error(f"strides should be greater than zero, but got stride: "
                            f"{list(stride)}")
    return _unpooled(3, input, indices, size)
