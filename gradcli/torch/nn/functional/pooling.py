"""torch's max_pool1d/max_pool2d, avg_pool2d and adaptive_avg_pool1d/2d over Tensors (F's
functions and the nn pooling layers'), with torch's checks, in its order and words, before the
op runs (ops_conv.py)."""
from __future__ import annotations

import math

from gradcli.engine import convkit, runtime
from gradcli.engine.errors import TorchError, runtime_error, type_error, value_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch import _arguments as arguments
from gradcli.torch import _nn_signatures as signatures
from gradcli.torch._declare import tensor_argument, torch_function
from gradcli.torch._tensor import reductions, shape
from gradcli.torch.nn.functional._common import ints

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


def _pool_pairs(name: str, kernel_size, stride, padding, dilation=1, n: int = 2) -> tuple:
    """torch's pooling parameters as tuples of n values (n = 2: (height, width)); stride
    defaults to the kernel."""
    pairs = []
    for what, value, omitted in (("kernel_size", kernel_size, False), ("stride", stride, True),
                                 ("padding", padding, False), ("dilation", dilation, False)):
        if omitted and (value is None or isinstance(value, (tuple, list)) and not value):
            pairs.append(pairs[0])
            continue
        values = ints(value)
        if len(values) not in (1, n):
            raise runtime_error(f"{name}: {_must(name, what)}, or a tuple of "
                                f"{('two', 'three')[n - 2]} ints")
        pairs.append(tuple(values * n if len(values) == 1 else values))
    return tuple(pairs)


def _must(name: str, what: str) -> str:
    """The start of torch's message for a window parameter of the wrong length."""
    if name == "avg_pool3d":  # (its kernel's words differ from the others')
        return {"kernel_size": "kernel_size must be a single int",
                "stride": "stride must be omitted, a single int",
                "padding": "padding must be a single int"}[what]
    return {"kernel_size": "kernel_size must either be a single int",
            "stride": "stride must either be omitted, a single int",
            "padding": "padding must either be a single int",
            "dilation": "dilation must be either a single int"}[what]


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
    (k,), (p,) = ints(kernel_size), ints(padding)
    if 2 * p > k:
        raise runtime_error(f"max_pool1d() padding should be at most half of kernel size, but "
                            f"got padding={p} and kernel_size={k}")
    s = k if stride is None or stride == [] else ints(stride)[0]
    d = ints(dilation)[0]
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
    sizes = ints(output_size) * (2 if isinstance(output_size, int) else 1)
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
    foresee_adaptive(input, out)
    extents = convkit.adaptive_windows(input.shape[-2:], out)[1]
    return apply("adaptive_avg_pool2d", (input,), out=out, extents=extents)


def foresee_adaptive(input, out: tuple) -> None:
    """An adaptive pooling's result (with a window's int64 positions or its maximum's index
    per element) refused before its tables are made: output_size can be any size."""
    planes = math.prod(input.shape[:-len(out)])
    runtime.current.foresee(planes * math.prod(out), 8, "the adaptive pooling's result")


def _with_input_sizes(output_size, sizes: tuple):
    """F's _list_with_default: a None in output_size is the input's size there."""
    if isinstance(output_size, int):
        return output_size
    if not hasattr(output_size, "__len__"):
        raise type_error(f"object of type '{type(output_size).__name__}' has no len()")
    if len(sizes) <= len(output_size):
        raise value_error(f"Input dimension should be at least {len(output_size) + 1}")
    return [d if v is None else v for v, d in zip(output_size, sizes[-len(output_size):])]


@torch_function("adaptive_avg_pool1d(Tensor input, IntArrayRef[1] output_size)",
                namespace=("torch", F))
def adaptive_avg_pool1d(input, output_size) -> Tensor:
    """torch's adaptive_avg_pool1d: adaptive_avg_pool2d over a height of 1 (Unsqueeze, then
    Squeeze)."""
    if input.ndim not in (2, 3):
        raise runtime_error(f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional "
                            "tensor for argument #1 'self' (while checking arguments for "
                            "adaptive_avg_pool1d)")
    (size,) = ints(output_size)
    pooled = adaptive_avg_pool2d(shape.unsqueeze(input, -2), (1, size))
    return shape.squeeze(pooled, -2)


def _one_int(name: str, what: str, value) -> int:
    values = ints(value)
    if len(values) != 1:
        raise runtime_error(f"{name}() argument '{what}' should contain one int (got "
                            f"{len(values)})")
    return values[0]


def _input_1d(name: str, input) -> None:
    if input.ndim not in (2, 3):
        raise runtime_error(f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional "
                            f"tensor for argument #1 'self' (while checking arguments for "
                            f"{name})")


@torch_function("avg_pool1d(Tensor input, IntArrayRef[1] kernel_size, IntArrayRef[1] "
                "stride=[], IntArrayRef[1] padding=0, bool ceil_mode=False, bool "
                "count_include_pad=True)", namespace=("torch", F))
def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False,
               count_include_pad=True) -> Tensor:
    """torch's avg_pool1d: avg_pool2d over a height of 1 (Unsqueeze, then Squeeze)."""
    _input_1d("avg_pool1d", input)
    k = _one_int("avg_pool1d", "kernel_size", kernel_size)
    s = k if stride is None or stride in ((), []) else _one_int("avg_pool1d", "stride", stride)
    p = _one_int("avg_pool1d", "padding", padding)
    if 2 * p > k:
        raise runtime_error(f"pad should be at most half of effective kernel size, but got "
                            f"pad={p}, kernel_size={k} and dilation=1")
    pooled = avg_pool2d(shape.unsqueeze(input, -2), (1, k), (1, s), (0, p), ceil_mode,
                        count_include_pad)
    return shape.squeeze(pooled, -2)


@torch_function(name="adaptive_max_pool1d", namespace=F)
def adaptive_max_pool1d(input, output_size, return_indices=False):
    """torch's adaptive_max_pool1d: adaptive_max_pool2d over a height of 1 (Unsqueeze, then
    Squeeze), each window's first maximum."""
    tensor_argument("adaptive_max_pool1d", input)
    sizes = output_size if isinstance(output_size, (tuple, list)) else (output_size,)
    if not all(isinstance(n, int) for n in sizes):
        raise type_error("adaptive_max_pool1d(): argument 'output_size' (position 2) must be "
                         f"tuple of ints, not {type_name(output_size)}")
    _input_1d("adaptive_max_pool1d", input)
    size = _one_int("adaptive_max_pool1d", "output_size", output_size)
    if size < 0:
        raise runtime_error(f"Trying to create tensor with negative dimension {size}: "
                            f"{[*input.shape[:-1], 1, size]}")
    planes = shape.unsqueeze(input, -2)
    foresee_adaptive(planes, (1, size))
    index = convkit.adaptive_max_index(planes.data, (1, size))
    values = shape.squeeze(apply("adaptive_max_pool2d", (planes,), index=index), -2)
    return (values, Tensor(index[..., 0, :])) if return_indices else values
