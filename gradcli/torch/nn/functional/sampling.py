"""F.grid_sample and F.affine_grid (torch/nn/functional.py's Python checks, in its order and
words), and the ATen functions they call: torch.grid_sampler, grid_sampler_2d/3d (ATen's
GridSamplerUtils checks) and affine_grid_generator; the rows are in ops_grid.py."""
from __future__ import annotations

import math

from gradcli.engine import ops_grid, runtime
from gradcli.engine.errors import TorchError, runtime_error, value_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import torch_function
from gradcli.torch.nn.functional._common import python_name

F = "torch.nn.functional"
_MODES = ("bilinear", "nearest", "bicubic")
_PADDINGS = ("zeros", "border", "reflection")
_SAMPLER = ("grid_sampler(Tensor input, Tensor grid, int64_t interpolation_mode, "
            "int64_t padding_mode, bool align_corners)")
_GENERATOR = "affine_grid_generator(Tensor theta, SymIntArrayRef size, bool align_corners)"
# F's calls of these torch functions, checked as torch's parser checks them
_PARSERS = {text: arguments.Parser((text,)) for text in (_SAMPLER, _GENERATOR)}
_ALIGN_WARNING = ("Default grid_sample and affine_grid behavior has changed to "
                  "align_corners=False since 1.3.0. Please specify align_corners=True if the old "
                  "behavior is desired. See the documentation of grid_sample for details.")


def _sizes(t: Tensor) -> str:
    return str(list(t.shape))


def _check_common(input: Tensor, grid: Tensor) -> None:
    """ATen's check_grid_sampler_common."""
    if input.shape[0] != grid.shape[0]:
        raise runtime_error(f"grid_sampler(): expected grid and input to have same batch size, "
                            f"but got input with sizes {_sizes(input)} and grid with sizes "
                            f"{_sizes(grid)}")
    if grid.shape[-1] != input.ndim - 2:
        raise runtime_error(f"grid_sampler(): expected grid to have size {input.ndim - 2} in "
                            f"last dimension, but got grid with sizes {_sizes(grid)}")
    for i in range(2, input.ndim):
        if input.shape[i] <= 0:
            raise runtime_error(f"grid_sampler(): expected input to have non-empty spatial "
                                f"dimensions, but input has sizes {_sizes(input)} with "
                                f"dimension {i} being empty")


def _sample(dims: int, input: Tensor, grid: Tensor, mode, padding_mode, align_corners):
    if input.ndim < 1 or grid.ndim < 1:  # no batch or last dim to compare
        raise runtime_error(f"grid_sampler(): expected {dims + 2}D input and grid with same "
                            f"number of dimensions, but got input with sizes {_sizes(input)} "
                            f"and grid with sizes {_sizes(grid)}")
    _check_common(input, grid)
    if input.ndim != dims + 2 or grid.ndim != input.ndim:
        raise runtime_error(f"grid_sampler(): expected {dims + 2}D input and grid with same "
                            f"number of dimensions, but got input with sizes {_sizes(input)} "
                            f"and grid with sizes {_sizes(grid)}")
    if input.ndim == 5 and mode == ops_grid.BICUBIC:
        raise runtime_error("grid_sampler(): bicubic interpolation only supports 4D input")
    if not input.dtype.is_floating_point:
        raise TorchError("NotImplementedError", f"\"grid_sampler_{dims}d_cpu"
                         f"{'_kernel_impl' if dims == 2 else ''}\" not implemented for "
                         f"'{input.dtype.cpp}'")
    if grid.dtype != input.dtype:
        raise runtime_error(f"expected scalar type {input.dtype.cpp} but found {grid.dtype.cpp}")
    if mode not in (0, 1, 2) or padding_mode not in (0, 1, 2):
        # torch reads past its enums (undefined behaviour): no result to match
        raise runtime_error(f"gradcli does not support grid_sampler's interpolation_mode "
                            f"{mode} or padding_mode {padding_mode} (torch's are 0, 1, 2)")
    # each channel sampled at every point of the grid, in float64
    runtime.current.foresee(math.prod(input.shape[:2]) * math.prod(grid.shape[1:-1]), 8,
                            "grid_sample's result")
    plans = ops_grid.plan(grid.data, input.shape[2:], mode, padding_mode,
                          bool(align_corners))
    return apply(f"grid_sampler_{dims}d", (input, grid), mode=mode, plans=plans)


@torch_function("grid_sampler_2d(Tensor input, Tensor grid, int64_t interpolation_mode, "
                "int64_t padding_mode, bool align_corners)")
def grid_sampler_2d(input: Tensor, grid: Tensor, interpolation_mode, padding_mode,
                    align_corners) -> Tensor:
    return _sample(2, input, grid, interpolation_mode, padding_mode, align_corners)


@torch_function("grid_sampler_3d(Tensor input, Tensor grid, int64_t interpolation_mode, "
                "int64_t padding_mode, bool align_corners)")
def grid_sampler_3d(input: Tensor, grid: Tensor, interpolation_mode, padding_mode,
                    align_corners) -> Tensor:
    return _sample(3, input, grid, interpolation_mode, padding_mode, align_corners)


@torch_function(_SAMPLER)
def grid_sampler(input: Tensor, grid: Tensor, interpolation_mode, padding_mode,
                 align_corners) -> Tensor:
    dims = 2 if input.ndim == 4 else 3
    return _sample(dims, input, grid, interpolation_mode, padding_mode, align_corners)


@torch_function(name="grid_sample", namespace=F)
@python_name("grid_sample")
def grid_sample(input: Tensor, grid: Tensor, mode: str = "bilinear",
                padding_mode: str = "zeros", align_corners=None) -> Tensor:
    if mode not in _MODES:
        raise value_error(f"nn.functional.grid_sample(): expected mode to be 'bilinear', "
                          f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in _PADDINGS:
        raise value_error("nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                          f"'border', or 'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warn(_ALIGN_WARNING)
        align_corners = False
    args = (input, grid, _MODES.index(mode), _PADDINGS.index(padding_mode), align_corners)
    _PARSERS[_SAMPLER].arguments(args, {}, None)
    return grid_sampler(*args)


@torch_function(_GENERATOR)
def affine_grid_generator(theta: Tensor, size, align_corners) -> Tensor:
    size = [int(n) for n in size]
    if len(size) not in (4, 5):
        raise runtime_error("AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.")
    dims = len(size) - 2
    expected = [size[0], dims + 1]
    if theta.ndim != 3 or list(theta.shape[:1]) + [theta.shape[2]] != expected:
        found = list(theta.shape[:1]) + [theta.shape[-1]] if theta.ndim == 3 else None
        raise runtime_error(f"Expected size for first two dimensions of batch2 tensor to be: "
                            f"{expected} but got: {found}.")
    points = math.prod(size[2:])  # the base grid's (x, y[, z], 1), and each batch's points
    runtime.current.foresee(points * (dims + 1), theta.data.itemsize, "affine_grid's base grid")
    runtime.current.foresee(size[0] * points * dims, theta.data.itemsize, "affine_grid's result")
    base = ops_grid.base_grid(tuple(size[2:]), bool(align_corners), theta.dtype.np)
    return apply("affine_grid_generator", (theta,), base=base)


@torch_function(name="affine_grid", namespace=F)
@python_name("affine_grid")
def affine_grid(theta: Tensor, size, align_corners=None) -> Tensor:
    if align_corners is None:
        warn(_ALIGN_WARNING)
        align_corners = False
    if not isinstance(theta, Tensor):
        raise TorchError("AttributeError", f"'{type_name(theta)}' object has no attribute "
                         "'is_floating_point'")
    if not theta.is_floating_point():
        raise value_error(f"Expected theta to have floating point type, but got {theta.dtype}")
    if not hasattr(size, "__len__"):
        raise TorchError("TypeError", f"object of type '{type_name(size)}' has no len()")
    if len(size) == 4:
        if theta.ndim != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise value_error(f"Expected a batch of 2D affine matrices of shape Nx2x3 for size "
                              f"{size}. Got {theta.shape}.")
        spatial = size[-2:]
    elif len(size) == 5:
        if theta.ndim != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise value_error(f"Expected a batch of 3D affine matrices of shape Nx3x4 for size "
                              f"{size}. Got {theta.shape}.")
        spatial = size[-3:]
    else:
        raise TorchError("NotImplementedError", "affine_grid only supports 4D and 5D sizes, for "
                         "2D and 3D affine transforms, respectively. Got size "
                         f"{size}.")
    if align_corners and min(spatial) == 1:
        warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
             "align_corners=True. This is not an intended use case of affine_grid. See the "
             "documentation of affine_grid for details.")
    elif min(size) <= 0:
        raise value_error(f"Expected non-zero, positive output size. Got {size}")
    _PARSERS[_GENERATOR].arguments((theta, size, align_corners), {}, None)
    return affine_grid_generator(theta, size, align_corners)
