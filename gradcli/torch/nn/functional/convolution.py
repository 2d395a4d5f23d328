"""torch.conv1d/conv2d and max/avg pooling over Tensors (F's functions and the nn layers'),
with torch's checks, in its order and words, before the op runs (ops_conv.py)."""
from __future__ import annotations

import math

from gradcli.engine import convkit, runtime
from gradcli.engine.errors import TorchError, runtime_error, type_error, value_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch import _arguments as arguments
from gradcli.torch import _nn_signatures as signatures
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import reductions, shape

F = "torch.nn.functional"
_MAX_POOL = {d: (f"max_pool{d}d(Tensor input, IntArrayRef[{d}] kernel_size, IntArrayRef[{d}] "
                 f"stride=[], IntArrayRef[{d}] padding=0, IntArrayRef[{d}] dilation=1, "
                 "bool ceil_mode=False)") for d in (1, 2)}
_PARSERS = {f"max_pool{d}d": arguments.Parser((text,)) for d, text in _MAX_POOL.items()}
_PARSERS.update({name: arguments.Parser(signatures.NN[name]) for name in (
    "avg_pool2d", "max_pool2d_with_indices", "adaptive_avg_pool2d")})


def _checked(name: str, *args) -> None:
    """torch's argument checks of F's call of the builtin `name`."""
    _PARSERS[name].arguments(args, {}, None)


def _ints(value) -> list[int]:
    return [int(v) for v in value] if isinstance(value, (tuple, list)) else [int(value)]


# ---- convolution ------------------------------------------------------------------------


@torch_function(
    "conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
    "SymIntArrayRef[1] padding=0, SymIntArrayRef[1] dilation=1, SymInt groups=1)",
    "conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
    'c10::string_view padding="valid", SymIntArrayRef[1] dilation=1, SymInt groups=1)',
    namespace=("torch", F),
)
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor:
    return _convolution("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


@torch_function(
    "conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
    "SymIntArrayRef[2] padding=0, SymIntArrayRef[2] dilation=1, SymInt groups=1)",
    "conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
    'c10::string_view padding="valid", SymIntArrayRef[2] dilation=1, SymInt groups=1)',
    namespace=("torch", F),
)
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor:
    return _convolution("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


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
    return apply("convolution", (input, weight) + (() if bias is None else (bias,)), **params)


def _check_cost(input, weight, params: dict) -> None:
    """Before computing: the convolution's patches (one column per output position, as long
    as a kernel over every input channel) are a tensor under the elements limit, and its
    floating-point operations (two per patch value and output channel) fit the time left."""
    spatial = weight.ndim - 2
    geometry = {k: params[k] for k in ("stride", "padding", "dilation")}
    out = convkit.conv_shape(input.data.shape, weight.data.shape, **geometry)
    batch = convkit.planar(input.data.shape, spatial)[0]
    positions = math.prod(out[-spatial:])
    patch = math.prod(weight.data.shape[1:])  # in channels of a group, times the kernel
    limits, patches = runtime.current.limits, batch * patch * params["groups"] * positions
    if patches > limits.max_elements:
        raise TorchError("LimitExceeded", f"the convolution's patches (its input unfolded: "
                         f"{patches:,} elements) exceed the limit of {limits.max_elements:,} "
                         "elements per tensor (raise it with --max-elements)")
    runtime.current.check_flops(2 * batch * positions * patch * weight.data.shape[0],
                                "a convolution")


def _expanded(name: str, value, spatial: int, k: int) -> list[int]:
    """torch's expand_param_if_needed: one value for every spatial dim of the weight."""
    values = _ints(value) * (spatial if not isinstance(value, (tuple, list)) else 1)
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
    if groups <= 0:
        raise runtime_error("non-positive groups is not supported")
    if any(p < 0 for p in padding):
        raise runtime_error("negative padding is not supported")
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


# ---- pooling ------------------------------------------------------------------------------


def _pool_pairs(name: str, kernel_size, stride, padding, dilation=1) -> tuple:
    """torch's pooling parameters as (height, width) pairs; stride defaults to the kernel."""
    pairs = []
    for what, value, omitted in (("kernel_size", kernel_size, False), ("stride", stride, True),
                                 ("padding", padding, False), ("dilation", dilation, False)):
        if omitted and (value is None or isinstance(value, (tuple, list)) and not value):
            pairs.append(pairs[0])
            continue
        values = _ints(value)
        if len(values) not in (1, 2):
            must = {"kernel_size": "kernel_size must either be a single int",
                    "stride": "stride must either be omitted, a single int",
                    "padding": "padding must either be a single int",
                    "dilation": "dilation must be either a single int"}[what]
            raise runtime_error(f"{name}: {must}, or a tuple of two ints")
        pairs.append((values[0], values[-1]))
    return tuple(pairs)


def _pool_geometry(input, kernel, stride, padding, dilation, ceil_mode) -> tuple:
    """The output's (Ho, Wo), after torch's pool2d_shape_check."""
    if any(s == 0 for s in stride):
        raise runtime_error("stride should not be zero")
    if any(2 * p > (k - 1) * d + 1 for p, k, d in zip(padding, kernel, dilation)):
        raise runtime_error(f"pad should be at most half of effective kernel size, but got "
                            f"pad={padding[0]}, kernel_size={kernel[0]} and "
                            f"dilation={dilation[0]}")
    size = input.shape[-2:]
    out = tuple(convkit.pooled_size(n, k, s, p, d, ceil_mode)
                for n, k, s, p, d in zip(size, kernel, stride, padding, dilation))
    if any(o < 1 for o in out):
        planes = input.shape[-3]
        raise runtime_error(f"Given input size: ({planes}x{size[0]}x{size[1]}). Calculated "
                            f"output size: ({planes}x{out[0]}x{out[1]}). Output size is too "
                            "small")
    return out


def _pool_input(input) -> None:
    if input.ndim not in (3, 4):
        raise runtime_error("non-empty 3D or 4D (batch mode) tensor expected for input")


@torch_function(name="max_pool2d_with_indices", namespace=F)
def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False) -> tuple:
    _pool_input(input)
    kernel, stride, padding, dilation = _pool_pairs("max_pool2d", kernel_size, stride, padding,
                                                    dilation)
    out = _pool_geometry(input, kernel, stride, padding, dilation, ceil_mode)
    index = convkit.max_pool_index(input.data, kernel, stride, padding, dilation, out)
    return apply("max_pool2d", (input,), index=index), Tensor(index)


@torch_function(_MAX_POOL[2])
@torch_function(name="max_pool2d", namespace=F)
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """F.max_pool2d (with return_indices, F.max_pool2d_with_indices)."""
    _checked("max_pool2d_with_indices" if return_indices else "max_pool2d", input, kernel_size,
             [] if stride is None else stride, padding, dilation, ceil_mode)
    values, indices = max_pool2d_with_indices(input, kernel_size, stride, padding, dilation,
                                              ceil_mode)
    return (values, indices) if return_indices else values


@torch_function(_MAX_POOL[1])
@torch_function(name="max_pool1d", namespace=F)
def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """torch's max_pool1d: max_pool2d over a height of 1 (Unsqueeze, then Squeeze)."""
    _checked("max_pool1d", input, kernel_size, [] if stride is None else stride, padding,
             dilation, ceil_mode)
    if input.ndim not in (2, 3):
        raise runtime_error("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 "
                            f"dim batch size for input, but got:{list(input.shape)}")
    (k,), (p,) = _ints(kernel_size), _ints(padding)
    if 2 * p > k:
        raise runtime_error(f"max_pool1d() padding should be at most half of kernel size, but "
                            f"got padding={p} and kernel_size={k}")
    s = k if stride is None or stride == [] else _ints(stride)[0]
    d = _ints(dilation)[0]
    size = convkit.pooled_size(input.shape[-1], k, s, p, d, ceil_mode)
    if size < 1:
        raise runtime_error(f"max_pool1d() Invalid computed output size: {size}")
    values, indices = max_pool2d_with_indices(shape.unsqueeze(input, -2), (1, k), (1, s),
                                              (0, p), (1, d), ceil_mode)
    values = shape.squeeze(values, -2)
    return (values, shape.squeeze(indices, -2)) if return_indices else values


@torch_function(name="avg_pool2d", namespace=F)
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None) -> Tensor:
    _checked("avg_pool2d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
             divisor_override)
    if input.ndim < 3:
        raise TorchError("IndexError", f"Dimension out of range (expected to be in range of "
                                       f"[{-input.ndim}, {input.ndim - 1}], but got -3)")
    _pool_input(input)
    if divisor_override is not None and divisor_override == 0:
        raise runtime_error("divisor must be not zero")
    kernel, stride, padding, _ = _pool_pairs("avg_pool2d", kernel_size, stride, padding)
    out = _pool_geometry(input, kernel, stride, padding, (1, 1), ceil_mode)
    divisors = convkit.avg_divisors(input.shape[-2:], kernel, stride, padding, out,
                                    count_include_pad, divisor_override)
    return apply("avg_pool2d", (input,), kernel=kernel, stride=stride, padding=padding,
                 out=out, divisors=divisors)


@torch_function(name="adaptive_avg_pool2d", namespace=F)
def adaptive_avg_pool2d(input, output_size) -> Tensor:
    """Windows from floor(i*in/out) to ceil((i+1)*in/out); output size 1 is the mean over
    them, as torch computes it."""
    output_size = _with_input_sizes(output_size, input.shape)
    _checked("adaptive_avg_pool2d", input, output_size)
    sizes = _ints(output_size) * (2 if isinstance(output_size, int) else 1)
    if len(sizes) != 2:
        raise runtime_error("adaptive_avg_pool2d: output_size must be 2")
    if min(sizes) < 0:
        raise runtime_error("adaptive_avg_pool2d: elements of output_size must be greater "
                            f"than or equal to 0 but received {{{sizes[0]}, {sizes[1]}}}")
    if sizes == [1, 1]:
        return reductions.mean(input, dim=(-1, -2), keepdim=True)
    if input.ndim not in (3, 4):
        raise runtime_error("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                            f"{list(input.shape)}")
    for d in (-2, -1):
        if input.shape[d] == 0:
            raise runtime_error("adaptive_avg_pool2d(): Expected input to have non-zero size "
                                f"for non-batch dimensions, but input has sizes "
                                f"{list(input.shape)} with dimension {d + input.ndim} being "
                                "empty")
    if not input.dtype.is_floating_point:
        raise TorchError("NotImplementedError", "\"adaptive_avg_pool2d\" not implemented for "
                                                f"'{input.dtype.cpp}'")
    out = tuple(sizes)
    extents = convkit.adaptive_windows(input.shape[-2:], out)[1]
    return apply("adaptive_avg_pool2d", (input,), out=out, extents=extents)


def _with_input_sizes(output_size, sizes: tuple):
    """F's _list_with_default: a None in output_size is the input's size there."""
    if isinstance(output_size, int):
        return output_size
    if not hasattr(output_size, "__len__"):
        raise type_error(f"object of type '{type(output_size).__name__}' has no len()")
    if len(sizes) <= len(output_size):
        raise value_error(f"Input dimension should be at least {len(output_size) + 1}")
    return [d if v is None else v for v, d in zip(output_size, sizes[-len(output_size):])]


# ---- F.unfold, F.fold ---------------------------------------------------------------------


def _window_pairs(kernel_size, dilation, padding, stride) -> tuple:
    return tuple((v[0], v[-1]) for v in map(_ints, (kernel_size, dilation, padding, stride)))


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
    return apply("im2col", (input,), kernel=kernel, dilation=dilation, padding=padding,
                 stride=stride, out=out)


@torch_function(name="fold", namespace=F)
def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """F.fold: columns of window elements added back into planes (torch's col2im)."""
    if input.ndim not in (2, 3):
        raise runtime_error("Expected 2D or 3D (batch mode) tensor for input with possibly 0 "
                            "batch size and non-zero dimensions for input, but got: "
                            f"{list(input.shape)}")
    size = tuple(_ints(output_size) * (2 if isinstance(output_size, int) else 1))
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
    return apply("col2im", (input,), size=size, kernel=kernel, dilation=dilation,
                 padding=padding, stride=stride, out=out)
