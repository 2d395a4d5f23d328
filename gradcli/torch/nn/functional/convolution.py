"""torch.conv1d/2d/3d, conv_transpose1d/2d/3d and F.unfold/fold over Tensors (F's functions
and the nn layers'), with torch's checks, in its order and words, before the op runs
(ops_conv.py)."""
from __future__ import annotations

import math

from gradcli.engine import convkit, runtime
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import shape
from gradcli.torch.nn.functional._common import ints

F = "torch.nn.functional"


def _declare_conv(n: int):
    """torch.conv{n}d / F.conv{n}d, declared with torch's two signatures."""
    name = f"conv{n}d"
    head = f"{name}(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[{n}] stride=1, "
    tail = f"SymIntArrayRef[{n}] dilation=1, SymInt groups=1)"

    def conv(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor:
        return _convolution(name, n, input, weight, bias, stride, padding, dilation, groups)

    conv.__name__ = conv.__qualname__ = name
    return torch_function(f"{head}SymIntArrayRef[{n}] padding=0, {tail}",
                          f'{head}c10::string_view padding="valid", {tail}',
                          namespace=("torch", F))(conv)


conv1d, conv2d, conv3d = (_declare_conv(n) for n in (1, 2, 3))


def _convolution(name, spatial, input, weight, bias, stride, padding, dilation, groups):
    same = padding if isinstance(padding, str) else None
    if same is not None and same not in ("same", "valid"):
        raise runtime_error(f"Invalid padding string: '{same}'")
    if input.ndim not in (spatial + 1, spatial + 2):
        raise runtime_error(f"Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) "
                            f"input to {name}, but got input of size: {list(input.shape)}")
    if bias is not None and bias.dtype is not input.dtype:
        raise runtime_error(f"Input type ({input.dtype.c}) and bias type ({bias.dtype.c}) "
                            "should be the same")
    k = weight.ndim - 2
    stride, dilation = (_expanded(n, v, spatial, k) for n, v in
                        (("stride", stride), ("dilation", dilation)))
    if same is None:
        padding = _expanded("padding", padding, spatial, k)
    elif same == "valid":
        padding = [0] * k
    else:
        padding = _same_padding(stride, dilation, weight.shape[2:])
    _check_shapes(input, weight, bias, stride, padding, dilation, groups, k)
    _check_dtypes(input, weight)
    params = {"stride": tuple(stride), "padding": tuple(padding), "dilation": tuple(dilation),
              "groups": int(groups)}
    _check_cost(input, weight, params)
    if input.ndim == k + 1:  # unbatched: torch adds the batch dim and takes it out again
        return shape.squeeze(apply("convolution", (shape.unsqueeze(input, 0), weight) +
                                   (() if bias is None else (bias,)), **params), 0)
    return apply("convolution", (input, weight) + (() if bias is None else (bias,)), **params)


def _check_cost(input, weight, params: dict) -> None:
    """Before computing: the convolution's patches (one column per output position, as long
    as a kernel over every input channel) fit the elements and memory limits as a tensor, and
    its floating-point operations (two per patch value and output channel) fit the time left."""
    spatial = weight.ndim - 2
    geometry = {k: params[k] for k in ("stride", "padding", "dilation")}
    out = convkit.conv_shape(input.data.shape, weight.data.shape, **geometry)
    batch = convkit.planar(input.data.shape, spatial)[0]
    positions = math.prod(out[-spatial:])
    patch = math.prod(weight.data.shape[1:])  # in channels of a group, times the kernel
    patches = batch * patch * params["groups"] * positions
    runtime.current.foresee(patches, input.data.itemsize,
                            "the convolution's patches")
    runtime.current.check_flops(2 * batch * positions * patch * weight.data.shape[0],
                                "a convolution")


def _expanded(name: str, value, spatial: int, k: int) -> list[int]:
    """torch's expand_param_if_needed: one value for every spatial dim of the weight."""
    values = ints(value) * (spatial if not isinstance(value, (tuple, list)) else 1)
    if len(values) == 1:
        return values * k
    if len(values) != k:
        raise runtime_error(f"expected {name} to be a single integer value or a list of {k} "
                            f"values to match the convolution dimensions, but got "
                            f"{name}={values}")
    return values


def _same_padding(stride, dilation, kernel) -> list[int]:
    if any(s != 1 for s in stride):
        raise runtime_error("padding='same' is not supported for strided convolutions")
    total = [d * (n - 1) for d, n in zip(dilation, kernel)]
    if any(t % 2 for t in total):
        raise runtime_error("gradcli does not support padding='same' with an even kernel "
                            "length yet (torch pads the input unevenly, on a copy): give "
                            "explicit padding")
    return [t // 2 for t in total]


def _check_shapes(input, weight, bias, stride, padding, dilation, groups, k) -> None:
    """torch's check_shape_forward."""
    batched, w = _check_common(input, weight, stride, padding, (), dilation, groups, k)
    if batched[1] != w[1] * groups:
        raise runtime_error(f"Given groups={groups}, weight of size {w}, expected input"
                            f"{batched} to have {w[1] * groups} channels, but got "
                            f"{batched[1]} channels instead")
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != w[0]):
        raise runtime_error(f"Given weight of size {w}, expected bias to be 1-dimensional with "
                            f"{w[0]} elements, but got bias of size {list(bias.shape)} instead")
    padded = [n + 2 * p for n, p in zip(batched[2:], padding)]
    reach = [d * (n - 1) + 1 for d, n in zip(dilation, w[2:])]
    if any(r > n for r, n in zip(reach, padded)):
        raise runtime_error(f"Calculated padded input size per channel: ({_by(padded)}). "
                            f"Kernel size: ({_by(reach)}). Kernel size can't be greater than "
                            "actual input size")


def _check_common(input, weight, stride, padding, output_padding, dilation, groups,
                  k) -> tuple[list, list]:
    """The start of torch's check_shape_forward, transposed or not: the input's shape with
    its batch dim, and the weight's."""
    if groups <= 0:
        raise runtime_error("non-positive groups is not supported")
    if any(p < 0 for p in padding):
        raise runtime_error("negative padding is not supported")
    if any(p < 0 for p in output_padding):
        raise runtime_error("negative output_padding is not supported")
    if any(s <= 0 for s in stride):
        raise runtime_error("non-positive stride is not supported")
    if any(d <= 0 for d in dilation):
        raise runtime_error("non-positive dilation is not supported")
    batched = list(input.shape) if input.ndim == k + 2 else [1, *input.shape]
    w = list(weight.shape)
    if len(batched) != len(w):
        raise runtime_error(f"Expected {len(w)}-dimensional input for {len(w)}-dimensional "
                            f"weight {w}, but got {len(batched)}-dimensional input of size "
                            f"{batched} instead")
    if w[0] % groups:
        raise runtime_error(f"Given groups={groups}, expected weight to be divisible by "
                            f"{groups} at dimension 0, but got weight of size [{w}] instead")
    return batched, w


def _by(sizes: list[int]) -> str:
    return " x ".join(map(str, sizes))


def _check_dtypes(input, weight) -> None:
    if input.dtype is weight.dtype:
        return
    if input.dtype.is_floating_point and weight.dtype.itemsize > input.dtype.itemsize:
        raise runtime_error(f"Input type ({input.dtype.legacy}) and weight type "
                            f"({weight.dtype.legacy}) should be the same or input should be a "
                            "MKLDNN tensor and weight is a dense tensor")
    raise runtime_error(f"expected scalar type {input.dtype.cpp} but found {weight.dtype.cpp}")


# ---- F.unfold, F.fold ---------------------------------------------------------------------


def _window_pairs(kernel_size, dilation, padding, stride) -> tuple:
    return tuple((v[0], v[-1]) for v in map(ints, (kernel_size, dilation, padding, stride)))


def _text(pair: tuple) -> str:
    return f"({pair[0]}, {pair[1]})"


@torch_function(name="unfold", namespace=F)
def unfold(input, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """F.unfold: each sliding window's elements as a column (torch's im2col)."""
    if input.ndim not in (3, 4):
        raise TorchError("IndexError", f"Dimension out of range (expected to be in range of "
                                       f"[{-input.ndim}, {input.ndim - 1}], but got 2)")
    kernel, dilation, padding, stride = _window_pairs(kernel_size, dilation, padding, stride)
    size = input.shape[-2:]
    out = tuple(convkit.pooled_size(n, k, s, p, d)
                for n, k, s, p, d in zip(size, kernel, stride, padding, dilation))
    if min(out) < 1:
        raise runtime_error(f"Given input with spatial size {_text(size)}, kernel_size="
                            f"{_text(kernel)}, dilation={_text(dilation)}, padding="
                            f"{_text(padding)}, calculated shape of the array of sliding blocks "
                            f"as {_text(out)}, but its components must be at least one.")
    runtime.current.foresee(math.prod(input.shape[:-2]) * math.prod(kernel) * math.prod(out),
                            input.data.itemsize, "F.unfold's result")
    return apply("im2col", (input,), kernel=kernel, dilation=dilation, padding=padding,
                 stride=stride, out=out)


@torch_function(name="fold", namespace=F)
def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """F.fold: columns of window elements added back into planes (torch's col2im)."""
    if input.ndim not in (2, 3):
        raise runtime_error("Expected 2D or 3D (batch mode) tensor for input with possibly 0 "
                            "batch size and non-zero dimensions for input, but got: "
                            f"{list(input.shape)}")
    size = tuple(ints(output_size) * (2 if isinstance(output_size, int) else 1))
    kernel, dilation, padding, stride = _window_pairs(kernel_size, dilation, padding, stride)
    channels, blocks = input.shape[-2:]
    if channels % (kernel[0] * kernel[1]):
        raise runtime_error("Expected size of input's dimension 1 to be divisible by the product "
                            f"of kernel_size, but got input.size(1)={channels} and "
                            f"kernel_size={_text(kernel)}.")
    out = tuple(convkit.pooled_size(n, k, s, p, d)
                for n, k, s, p, d in zip(size, kernel, stride, padding, dilation))
    if out[0] * out[1] != blocks:
        raise runtime_error(f"Given output_size={_text(size)}, kernel_size={_text(kernel)}, "
                            f"dilation={_text(dilation)}, padding={_text(padding)}, stride="
                            f"{_text(stride)}, expected size of input's dimension 2 to match "
                            f"the calculated number of sliding blocks {out[0]} * {out[1]} = "
                            f"{out[0] * out[1]}, but got "
                            f"input.size(2)={blocks}.")
    planes = math.prod(input.shape[:-2]) // (kernel[0] * kernel[1])
    runtime.current.foresee(planes * math.prod(size), input.data.itemsize, "F.fold's result")
    return apply("col2im", (input,), size=size, kernel=kernel, dilation=dilation,
                 padding=padding, stride=stride, out=out)


# ---- F.conv_transpose1d/2d/3d -----------------------------------------------------------


def _declare_transposed(n: int):
    """torch.conv_transpose{n}d / F.conv_transpose{n}d."""
    name = f"conv_transpose{n}d"

    def conv_transpose(input, weight, bias=None, stride=1, padding=0, output_padding=0,
                       groups=1, dilation=1) -> Tensor:
        return _transposed(name, n, input, weight, bias, stride, padding, output_padding,
                           groups, dilation)

    conv_transpose.__name__ = conv_transpose.__qualname__ = name
    return torch_function(
        f"{name}(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[{n}] stride=1, "
        f"SymIntArrayRef[{n}] padding=0, SymIntArrayRef[{n}] output_padding=0, SymInt groups=1, "
        f"SymIntArrayRef[{n}] dilation=1)", namespace=("torch", F))(conv_transpose)


conv_transpose1d, conv_transpose2d, conv_transpose3d = (_declare_transposed(n)
                                                         for n in (1, 2, 3))


def _transposed(name, spatial, input, weight, bias, stride, padding, output_padding, groups,
                dilation) -> Tensor:
    """torch's convolution with transposed=True: its checks, in its order and words."""
    if input.ndim not in (spatial + 1, spatial + 2):
        raise runtime_error(f"Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) "
                            f"input to {name}, but got input of size: {list(input.shape)}")
    if bias is not None and bias.dtype is not input.dtype:
        raise runtime_error(f"Input type ({input.dtype.c}) and bias type ({bias.dtype.c}) "
                            "should be the same")
    k = weight.ndim - 2
    stride, padding, output_padding, dilation = (_expanded(n, v, spatial, k) for n, v in (
        ("stride", stride), ("padding", padding), ("output_padding", output_padding),
        ("dilation", dilation)))
    if any(op >= s and op >= d for op, s, d in zip(output_padding, stride, dilation)):
        raise runtime_error("output padding must be smaller than either stride or dilation, "
                            f"but got {_named_pairs(output_padding, stride, dilation)}")
    _check_transposed_shapes(input, weight, bias, stride, padding, output_padding, dilation,
                             groups, k)
    _check_dtypes(input, weight)
    _foresee_transposed(input, weight, stride, padding, output_padding, dilation, groups)
    if input.ndim == k + 1:  # unbatched: torch adds the batch dim and takes it out again
        return shape.squeeze(_transposed(name, spatial, shape.unsqueeze(input, 0), weight, bias,
                                         stride, padding, output_padding, groups, dilation), 0)
    return apply("convolution_transpose", (input, weight) + (() if bias is None else (bias,)),
                 stride=tuple(stride), padding=tuple(padding),
                 output_padding=tuple(output_padding), dilation=tuple(dilation),
                 groups=int(groups))


def _foresee_transposed(input, weight, stride, padding, output_padding, dilation,
                        groups) -> None:
    """The result, summed in float64, refused before it is made: a stride of 10**5 spreads
    a 3x3 input over 10**10 positions."""
    spatial = weight.ndim - 2
    sizes = convkit.conv_transpose_shape(tuple(input.shape), tuple(weight.shape), stride,
                                         padding, output_padding, dilation)
    batch = math.prod(input.shape[:-spatial - 1])
    runtime.current.foresee(batch * weight.shape[1] * groups * math.prod(sizes), 8,
                            "the transposed convolution's result")


def _named_pairs(output_padding, stride, dilation) -> str:
    dims = ("depth", "height", "width")[-len(stride):] if len(stride) > 1 else ("width",)
    return " ".join(f"{what}_{dim}: {v}" for what, values in (
        ("output_padding", output_padding), ("stride", stride), ("dilation", dilation))
        for dim, v in zip(dims, values))


def _check_transposed_shapes(input, weight, bias, stride, padding, output_padding, dilation,
                             groups, k) -> None:
    """torch's check_shape_forward with transposed=True."""
    batched, w = _check_common(input, weight, stride, padding, output_padding, dilation, groups,
                               k)
    if batched[1] != w[0]:
        raise runtime_error(f"Given transposed=1, weight of size {w}, expected input{batched} "
                            f"to have {w[0]} channels, but got {batched[1]} channels instead")
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != w[1] * groups):
        raise runtime_error(f"Given transposed=1, weight of size {w}, expected bias to be "
                            f"1-dimensional with {w[1] * groups} elements, but got bias of "
                            f"size {list(bias.shape)} instead")
    sizes = convkit.conv_transpose_shape(tuple(batched), tuple(w), stride, padding,
                                         output_padding, dilation)
    # (torch's grouped kernels sometimes make an empty output instead, by the backend it
    # picks: this is its shape check's rule)
    if min(sizes) < 1:
        planes = [1] * (2 - k)  # (a 1-D one is shown as planes of height 1)
        raise runtime_error(f"Given input size per channel: ({_by(planes + batched[2:])}). "
                            f"Calculated output size per channel: ({_by(planes + list(sizes))})"
                            ". Output size is too small")
