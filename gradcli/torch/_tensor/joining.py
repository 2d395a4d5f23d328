"""torch's joining and splitting functions composed of views, cat and stack, as ATen composes
them (so their grad_fns are torch's): atleast_Nd, h/v/d/column_stack, tensor_split and
h/v/dsplit, meshgrid, broadcast_tensors, cartesian_prod, combinations, block_diag."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import runtime_error, warn
from gradcli.engine.tensor import Tensor, apply, broadcast_shape, normalize_dim
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import tensor_items, torch_function
from gradcli.torch._tensor.selecting import masked_select
from gradcli.torch._tensor.shape import _pieces, cat, expand, reshape, split, stack, unsqueeze, view


# ---- atleast_Nd: a view with dims of size 1 added, or the tensor itself -----------------------
def _at_least(rank: int, grow):
    def one(t: Tensor) -> Tensor:
        return grow(t) if t.ndim < rank else t

    builtin = arguments.Parser((f"atleast_{rank}d(Tensor input)",
                                f"atleast_{rank}d(TensorList tensors)"))

    def fn(*tensors):
        if len(tensors) == 1:  # torch.atleast_1d(x) or torch.atleast_1d([x, y])
            tensors = tensors[0]
        builtin.parse((tensors,), {})  # torch's check of its call of the builtin
        if isinstance(tensors, Tensor):
            return one(tensors)
        return tuple(one(t) for t in tensors)
    fn.__name__ = f"atleast_{rank}d"
    return fn


def _grow_2d(t):
    return reshape(t, 1, 1) if t.ndim == 0 else unsqueeze(t, 0)


def _grow_3d(t):
    if t.ndim == 0:
        return reshape(t, 1, 1, 1)
    return unsqueeze(unsqueeze(t, 0), -1) if t.ndim == 1 else unsqueeze(t, -1)


atleast_1d = torch_function(name="atleast_1d")(_at_least(1, lambda t: reshape(t, 1)))
atleast_2d = torch_function(name="atleast_2d")(_at_least(2, _grow_2d))
atleast_3d = torch_function(name="atleast_3d")(_at_least(3, _grow_3d))


# ---- stacking: cat of the tensors made at least N-d -----------------------------------------
def _non_empty(tensors, name: str) -> list:
    tensors = list(tensors)
    if not tensors:
        raise runtime_error(f"{name} expects a non-empty TensorList")
    return tensors


@torch_function("hstack(TensorList tensors, *, Tensor out=None)")
def hstack(tensors) -> Tensor:
    pieces = atleast_1d(_non_empty(tensors, "hstack"))
    return cat(pieces, 0 if pieces[0].ndim == 1 else 1)


@torch_function("vstack(TensorList tensors, *, Tensor out=None)")
def vstack(tensors) -> Tensor:
    return cat(atleast_2d(_non_empty(tensors, "vstack")), 0)


@torch_function("row_stack(TensorList tensors, *, Tensor out=None)")
def row_stack(tensors) -> Tensor:
    return cat(atleast_2d(_non_empty(tensors, "row_stack")), 0)


@torch_function("dstack(TensorList tensors, *, Tensor out=None)")
def dstack(tensors) -> Tensor:
    return cat(atleast_3d(_non_empty(tensors, "dstack")), 2)


@torch_function("column_stack(TensorList tensors, *, Tensor out=None)")
def column_stack(tensors) -> Tensor:
    columns = [reshape(t, t.numel(), 1) if t.ndim <= 1 else t
               for t in _non_empty(tensors, "column_stack")]
    return hstack(columns)


# ---- tensor_split and h/v/dsplit: slices of the input ----------------------------------------
@torch_function(
    "tensor_split(Tensor input, SymIntArrayRef indices, int64_t dim=0)",
    "tensor_split(Tensor input, Tensor tensor_indices_or_sections, int64_t dim=0)",
    "tensor_split(Tensor input, SymInt sections, int64_t dim=0)",
    method=True,
)
def tensor_split(input, indices_or_sections, dim=0) -> tuple:
    if input.ndim == 0:
        raise runtime_error("tensor_split expected at least a 1-dimensional tensor, but got a "
                            f"tensor with {input.ndim} dims")
    sections = indices_or_sections
    if isinstance(sections, Tensor):
        sections = _sections_tensor(sections)
    d = normalize_dim(dim, input.ndim)
    n = input.data.shape[d]
    if isinstance(sections, int):
        if sections <= 0:
            raise runtime_error(f"number of sections must be larger than 0, got {sections}")
        sizes = [n // sections + (i < n % sections) for i in range(sections)]
        bounds = list(np.cumsum([0, *sizes]))
    else:
        bounds = [0, *sections, n]
    return _pieces([_slice(input, d, int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:])])


def _sections_tensor(t: Tensor):
    if t.dtype is not dtypes.int64:
        raise runtime_error("tensor_split expected tensor_indices_or_sections to have dtype of "
                            f"long, but got {t.dtype.cpp}")
    if t.ndim > 1:
        raise runtime_error("tensor_split expected tensor_indices_or_sections to be a "
                            "zero-dimensional or one-dimensional tensor, but got a tensor with "
                            f"{t.ndim} dims")
    return int(t.data) if t.ndim == 0 else [int(i) for i in t.data]


def _slice(input, dim: int, start: int, end: int) -> Tensor:
    """at::slice: bounds wrapped once if negative, then clamped into the dim."""
    n = input.data.shape[dim]
    start, end = (min(max(b + n if b < 0 else b, 0), n) for b in (start, end))
    return apply("slice", (input,), dim=dim, key=slice(start, max(start, end)))


def _directional_split(name: str, rank: int, dim_of):
    def fn(input, indices_or_sections) -> tuple:
        if input.ndim < rank:
            raise runtime_error(f"torch.{name} requires a tensor with at least {rank} dimension, "
                                f"but got a tensor with {input.ndim} dimensions!")
        d = dim_of(input.ndim)
        sections = indices_or_sections
        if isinstance(sections, int) and (sections == 0 or input.data.shape[d] % sections):
            raise runtime_error(f"torch.{name} attempted to split along dimension {d}, but the "
                                f"size of the dimension {input.data.shape[d]} is not divisible "
                                f"by the split_size {sections}!")
        return tensor_split(input, sections, d)
    fn.__name__ = name
    return torch_function(f"{name}(Tensor input, int64_t sections)",
                          f"{name}(Tensor input, IntArrayRef indices)", method=True)(fn)


hsplit = _directional_split("hsplit", 1, lambda ndim: 0 if ndim == 1 else 1)
vsplit = _directional_split("vsplit", 2, lambda ndim: 0)
dsplit = _directional_split("dsplit", 3, lambda ndim: 2)


@torch_function("split_with_sizes(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)",
                method=True)
def split_with_sizes(input, split_sizes, dim=0) -> tuple:
    return split(input, list(split_sizes), dim)


# ---- meshgrid, broadcast_tensors --------------------------------------------------------------
@torch_function(name="meshgrid")
def meshgrid(*tensors, indexing=None) -> tuple:
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    tensor_items(tensors)
    if indexing is None:
        warn("torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
             "argument.", once_per_process=True)
        indexing = "ij"
    if not tensors:
        raise runtime_error("meshgrid expects a non-empty TensorList")
    for t in tensors[1:]:
        if t.dtype is not tensors[0].dtype:
            raise runtime_error("meshgrid expects all tensors to have the same dtype")
    if indexing not in ("xy", "ij"):
        raise runtime_error('torch.meshgrid: indexing must be one of "xy" or "ij", but '
                            f"received: {indexing}")
    swap = indexing == "xy" and len(tensors) >= 2  # xy: ij of the first two swapped
    order = [1, 0, *range(2, len(tensors))] if swap else list(range(len(tensors)))
    ordered = [tensors[i] for i in order]
    for t in ordered:
        if t.ndim > 1:
            raise runtime_error("torch.meshgrid: Expected 0D or 1D tensor in the tensor list "
                                f"but got a tensor of shape {list(t.data.shape)}")
    shape = tuple(t.numel() for t in ordered)
    grids = [expand(view(t, *(-1 if k == i else 1 for k in range(len(shape)))), *shape)
             for i, t in enumerate(ordered)]
    return tuple(grids[i] for i in order)


@torch_function(name="broadcast_tensors")
def broadcast_tensors(*tensors) -> tuple:
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    tensor_items(tensors)
    shape: tuple = ()
    for t in tensors:
        shape = broadcast_shape(shape, t.data.shape)
    return tuple(t if t.data.shape == shape else expand(t, *shape) for t in tensors)


@torch_function("broadcast_to(Tensor input, SymIntArrayRef size)", method=True)
def broadcast_to(input, size) -> Tensor:
    return expand(input, (size,) if isinstance(size, int) else tuple(size))  # (an int is a size)


# ---- cartesian_prod, combinations: meshgrid, then the grids stacked as columns -------------------
def _vectors(tensors) -> None:
    for t in tensors:
        if t.ndim != 1:
            raise runtime_error(f"Expect a 1D vector, but got shape {list(t.data.shape)}")


@torch_function(name="cartesian_prod")
def cartesian_prod(*tensors) -> Tensor:
    tensor_items(tensors)
    _vectors(tensors)
    if len(tensors) == 1:
        return tensors[0]
    runtime.current.foresee(math.prod(t.numel() for t in tensors) * len(tensors),
                            tensors[0].data.itemsize, "cartesian_prod's result")
    return stack([reshape(g, -1) for g in meshgrid(*tensors, indexing="ij")], 1)


@torch_function("combinations(Tensor input, int64_t r=2, bool with_replacement=False)")
def combinations(input, r=2, with_replacement=False) -> Tensor:
    _vectors([input])
    if r < 0:
        raise runtime_error(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return Tensor(np.empty(0, input.data.dtype))
    n = input.numel()
    runtime.current.foresee(n**r, 1, "combinations' mask of index tuples")
    mask = _ordered_mask(n, r, np.less_equal if with_replacement else np.less)
    grids = meshgrid(*[input] * r, indexing="ij")
    return stack([masked_select(g, Tensor(mask)) for g in grids], 1)


def _ordered_mask(n: int, r: int, before) -> np.ndarray:
    """torch's _triu_mask over r dims of n: i < j < k... (<= with replacement), one dim's
    positions against the next's, broadcast (no table of every index tuple)."""
    mask = np.ones((n,) * r, bool)
    for i in range(r - 1):
        positions = [np.arange(n).reshape([n if d == k else 1 for d in range(r)])
                     for k in (i, i + 1)]
        mask &= before(*positions)
    return mask


# ---- block_diag: its own node --------------------------------------------------------------------
@torch_function(name="block_diag")
def block_diag(*tensors) -> Tensor:
    tensor_items(tensors)
    for i, t in enumerate(tensors):
        if t.ndim > 2:
            raise runtime_error("torch.block_diag: Input tensors must have 2 or fewer dimensions. "
                                f"Input {i} has {t.ndim} dimensions")
    if not tensors:
        return Tensor(np.empty((1, 0), runtime.default_dtype().np))
    dtype = tensors[0].dtype
    for t in tensors[1:]:
        dtype = dtypes.promote(dtype, t.dtype)
    blocks = [t.data.shape if t.ndim == 2 else (1, t.data.size) for t in tensors]
    runtime.current.foresee(sum(r for r, _ in blocks) * sum(c for _, c in blocks),
                            dtype.itemsize, "block_diag's result")
    return apply("block_diag", tuple(tensors), dtype)
