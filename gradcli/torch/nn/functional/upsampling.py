"""F.interpolate and its older names F.upsample, F.upsample_nearest and F.upsample_bilinear
(torch keeps them in torch/nn/functional.py): torch's Python checks, in its order and words,
then the upsample op of the mode (ops_upsample.py), or adaptive average pooling for "area"."""
from __future__ import annotations

import math

from gradcli.engine import ops_upsample, runtime
from gradcli.engine.errors import TorchError, runtime_error, type_error, value_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import torch_function
from gradcli.torch.nn.functional import pooling
from gradcli.torch.nn.functional._common import python_name

F = "torch.nn.functional"
_MODES = "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact"
# the mode each number of spatial dims needs, for torch's "needs 4D input" errors
_NEEDS = {"linear": 1, "bilinear": 2, "trilinear": 3}


@torch_function(name="interpolate", namespace=F)
@python_name("interpolate")
def interpolate(input: Tensor, size=None, scale_factor=None, mode: str = "nearest",
                align_corners=None, recompute_scale_factor=None,
                antialias: bool = False) -> Tensor:
    if not isinstance(input, Tensor):  # torch's Python reads input.dim() first
        raise TorchError("AttributeError",
                         f"'{type_name(input)}' object has no attribute 'dim'")
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise value_error("align_corners option can only be set with the interpolating "
                              "modes: linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dims = input.ndim - 2
    output_size, scales = _output_size(input, dims, size, scale_factor)
    if recompute_scale_factor and size is not None:
        raise value_error("recompute_scale_factor is not meaningful with an explicit size.")
    if output_size is None and (mode == "area" or recompute_scale_factor):
        output_size = [math.floor(n * s) for n, s in zip(input.shape[2:], scales)]
        scales = None
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise value_error("Anti-alias option is restricted to bilinear, bicubic, and lanczos "
                          "modes and requires a 4-D tensor as input")
    if antialias:
        raise runtime_error(f"gradcli does not support antialias=True for mode '{mode}' yet")
    if dims not in (1, 2, 3):
        raise TorchError("NotImplementedError", f"Input Error: Only 3D, 4D and 5D input "
                         f"Tensors supported (got {input.ndim}D) for the modes: {_MODES} "
                         f"(got {mode})")
    if mode == "area":
        return _area(input, dims, output_size)
    needed = _NEEDS.get(mode, 2 if mode in ("bicubic", "lanczos") else dims)
    if mode not in ops_upsample.GRAD_FN_STEMS or needed != dims:
        raise TorchError("NotImplementedError", _refusal(mode, dims, needed))
    return _upsample(input, mode, output_size, scales, align_corners)


def _output_size(input: Tensor, dims: int, size, scale_factor) -> tuple:
    """(output_size, None) from `size`, or (None, scale_factors) from `scale_factor`."""
    spatial = list(input.shape[2:])
    if size is not None and scale_factor is not None:
        raise value_error("only one of size or scale_factor should be defined")
    if size is not None:
        if not isinstance(size, (list, tuple)):
            return [size] * dims, None
        if len(size) != dims:
            raise value_error(f"Input and output must have the same number of spatial "
                              f"dimensions, but got input with spatial dimensions of {spatial} "
                              f"and output size of {_shown(size)}. Please provide input tensor "
                              "in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, "
                              "...,oK) format.")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in size):
            types = ", ".join(f"<class '{type(n).__name__}'>" for n in size)
            raise type_error("expected size to be one of int or Tuple[int] or Tuple[int, int] "
                             f"or Tuple[int, int, int], but got size with types [{types}]")
        return list(size), None
    if scale_factor is None:
        raise value_error("either size or scale_factor should be defined")
    if not isinstance(scale_factor, (list, tuple)):
        return None, [scale_factor] * dims
    if len(scale_factor) != dims:
        raise value_error(f"Input and scale_factor must have the same number of spatial "
                          f"dimensions, but got input with spatial dimensions of {spatial} and "
                          f"scale_factor of shape {_shown(scale_factor)}. Please provide input "
                          "tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, "
                          "s2, ...,sK) format.")
    return None, list(scale_factor)


def _shown(value) -> str:
    """A size as Python prints it (a tuple, a list)."""
    return str(tuple(value)) if isinstance(value, tuple) else str(list(value))


def _refusal(mode: str, dims: int, needed: int) -> str:
    if mode in _NEEDS:
        return f"Got {dims + 2}D input, but {mode} mode needs {needed + 2}D input"
    return (f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {dims + 2}D) for "
            f"the modes: {_MODES} (got {mode})")


def _upsample(input: Tensor, mode: str, output_size, scales, align_corners) -> Tensor:
    """torch's upsample_<mode><d>d: the output's size from the scales where none was given,
    then one matrix per spatial dim."""
    sizes = input.shape[2:]
    if output_size is None:
        output_size = [int(n * s) for n, s in zip(sizes, scales)]
    if scales is None:
        scales = [None] * len(sizes)
    if min(*sizes, *output_size) <= 0:
        raise runtime_error(f"Input and output sizes should be greater than 0, but got input "
                            f"({_named(sizes)}) output ({_named(output_size)})")
    _foresee(input, [int(o) for o in output_size])
    matrices = tuple(ops_upsample.resample_matrix(mode, n, int(o), bool(align_corners), s)
                     for n, o, s in zip(sizes, output_size, scales))
    return apply(ops_upsample.op_name(mode, len(sizes)), (input,), matrices=matrices)


def _foresee(input: Tensor, output_size: list[int]) -> None:
    """The result, resampled in float64, and each dim's (out, in) matrix, refused before
    they are made: a size of 10**10 is one allocation no limit would see until it is filled."""
    for size, out in zip(input.shape[2:], output_size):
        runtime.current.foresee(size * out, 8, "the interpolation's matrix")
    runtime.current.foresee(math.prod(input.shape[:2]) * math.prod(output_size), 8,
                            "the interpolated result")


def _named(sizes) -> str:
    names = "DHW"[-len(sizes):]
    return ", ".join(f"{n}: {s}" for n, s in zip(names, sizes))


def _area(input: Tensor, dims: int, output_size) -> Tensor:
    if dims == 1:
        return pooling.adaptive_avg_pool1d(input, output_size)
    if dims == 2:
        return pooling.adaptive_avg_pool2d(input, output_size)
    raise runtime_error("gradcli does not support mode='area' over 3 spatial dims "
                        "(adaptive_avg_pool3d) yet")


def _deprecated(name: str) -> None:
    warn(f"`nn.functional.{name}` is deprecated. Use `nn.functional.interpolate` instead.")


@torch_function(name="upsample", namespace=F)
@python_name("upsample")
def upsample(input: Tensor, size=None, scale_factor=None, mode: str = "nearest",
             align_corners=None) -> Tensor:
    _deprecated("upsample")
    return interpolate(input, size, scale_factor, mode, align_corners)


@torch_function(name="upsample_nearest", namespace=F)
@python_name("upsample_nearest")
def upsample_nearest(input: Tensor, size=None, scale_factor=None) -> Tensor:
    _deprecated("upsample_nearest")
    return interpolate(input, size, scale_factor, mode="nearest")


@torch_function(name="upsample_bilinear", namespace=F)
@python_name("upsample_bilinear")
def upsample_bilinear(input: Tensor, size=None, scale_factor=None) -> Tensor:
    _deprecated("upsample_bilinear")
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)
