"""torch's flip (fliplr, flipud), rot90, roll, scatter, scatter_add, index_add and cumprod."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, index_error, runtime_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import shape
from gradcli.torch._tensor.reductions import integers_as_long
from gradcli.torch._tensor.shape import _index_bounds, _index_dtype


def _dim_list(dims, ndim: int, name: str) -> tuple[int, ...]:
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    out = tuple(normalize_dim(d, max(ndim, 1)) for d in dims)
    if len(set(out)) != len(out):
        raise runtime_error(f"dims has duplicates, original flip dims size={len(dims)}, but "
                            f"unique flip dims size={len(set(out))}" if name == "flip" else
                            f"{name}: dim appears multiple times in the list of dims")
    return out


@torch_function("flip(Tensor input, IntArrayRef dims)", method=True)
def flip(input, *dims, **kwargs) -> Tensor:
    if "dims" in kwargs and not dims:  # torch.flip(x, dims=(0,)), x.flip(dims=[1])
        dims = (kwargs.pop("dims"),)
    if kwargs:
        raise TypeError(f"flip() got an unexpected keyword argument '{next(iter(kwargs))}'")
    dims = dims[0] if len(dims) == 1 and not isinstance(dims[0], int) else dims
    if not input.ndim:
        return apply("flip", (input,), dim=())
    return apply("flip", (input,), dim=_dim_list(dims, input.ndim, "flip"))


@torch_function("fliplr(Tensor input)", method=True)
def fliplr(input) -> Tensor:
    if input.ndim < 2:
        raise runtime_error("Input must be >= 2-d.")
    return apply("flip", (input,), dim=(1,))


@torch_function("flipud(Tensor input)", method=True)
def flipud(input) -> Tensor:
    if input.ndim < 1:
        raise runtime_error("Input must be >= 1-d.")
    return apply("flip", (input,), dim=(0,))


@torch_function("rot90(Tensor input, int64_t k=1, IntArrayRef dims=[0,1])", method=True)
def rot90(input, k=1, dims=(0, 1)) -> Tensor:
    dims = list(dims)
    if len(dims) != 2:
        raise runtime_error(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if input.ndim < 2:
        raise runtime_error(f"expected total dims >= 2, but got total dims = {input.ndim}")
    if dims[0] == dims[1] or abs(dims[0] - dims[1]) == input.ndim:
        raise runtime_error(f"expected rotation dims to be different, but got dim0 = {dims[0]} "
                            f"and dim1 = {dims[1]}")
    return apply("rot90", (input,), k=k, dims=tuple(normalize_dim(d, input.ndim) for d in dims))


@torch_function("roll(Tensor input, SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)",
                method=True)
def roll(input, shifts, dims=None) -> Tensor:
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    if dims is None:
        if len(shifts) != 1:
            raise runtime_error(f"roll: shifts and dims must align. shifts: {len(shifts)}, "
                                "dims:0")
        return apply("roll", (input,), shifts=shifts, dims=None)
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    if len(shifts) != len(dims):
        raise runtime_error(f"shifts and dimensions must align. shifts: {len(shifts)}, "
                            f"dims:{len(dims)}")
    return apply("roll", (input,), shifts=shifts,
                 dims=tuple(normalize_dim(d, input.ndim) for d in dims))


@torch_function(name="scatter", method=True, inplace=True)
def scatter(input, dim, index, src=None, *, value=None, reduce=None) -> Tensor:
    if reduce is not None:
        raise runtime_error("scatter(..., reduce=...) is not supported by gradcli; "
                            "use scatter_add or index_add")
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "scatter(): Expected dtype int64 for index")
    if src is None or not isinstance(src, Tensor):  # x.scatter(dim, index, 2.0)
        fill = value if src is None else src
        src = Tensor(np.full(index.data.shape, fill, dtype=input.data.dtype))
    return _scattered("scatter", input, d, index, src, "smaller")


def _scattered(row: str, input, d: int, index, src, than: str) -> Tensor:
    """scatter's and scatter_add's checks, then the op."""
    _check_scatter(input, d, index, src, than)
    params = {} if src.data.shape == index.data.shape or src.requires_grad else \
        {"src_grad": False}  # (torch refuses src's gradient of another shape only if wanted)
    return apply(row, (input, src), dim=d, index=index.data.astype("int64"), **params)


def _check_scatter(input, d: int, index, src, than: str) -> None:
    """torch's scatter_gather_shape_check, the index bounds, the dtypes (`than`: the check's
    wording, "smaller" or "no larger")."""
    if not (input.ndim == index.ndim == src.ndim):
        raise runtime_error("Index tensor must have the same number of dimensions as self "
                            "tensor")
    for i, (m, n, k) in enumerate(zip(index.data.shape, input.data.shape, src.data.shape)):
        if m > k or (i != d and m > n):
            raise runtime_error(f"Expected index {list(index.data.shape)} to be {than} than "
                                f"self {list(input.data.shape)} apart from dimension {d} and "
                                f"to be {than} size than src {list(src.data.shape)}")
    size = (input.data.shape or (1,))[d]  # (a 0-d tensor as torch takes it: one element)
    _index_bounds(index.data, size, lambda v: runtime_error(
        f"index {v} is out of bounds for dimension {d} with size {size}"))
    if src.dtype is not input.dtype:
        raise runtime_error("scatter(): Expected self.dtype to be equal to src.dtype")


@torch_function("scatter_add(Tensor input, int64_t dim, Tensor index, Tensor src)", method=True,
                inplace=True)
def scatter_add(input, dim, index, src) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "scatter(): Expected dtype int32/int64 for index")
    return _scattered("scatter_add", input, d, index, src, "no larger")


@torch_function(name="index_add", method=True, inplace=True)
def index_add(input, dim, index, source, *, alpha=1) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "index_add_(): Expected dtype int32/int64 for index")
    if index.ndim > 1:
        raise index_error("index_add_(): Index is supposed to be a vector")
    want = list(input.data.shape or (1,))  # (a 0-d tensor as torch takes it: one element)
    want[d] = index.data.size
    if list(source.data.shape or (1,)) != want or input.ndim != source.ndim:
        raise runtime_error(f"index_add_(): source shape {list(source.data.shape)} does not "
                            f"match self's with dim {d} of size {index.data.size}")
    _index_bounds(index.data, (input.data.shape or (1,))[d], lambda v: index_error(
        "index out of range in self"))
    return apply("index_add", (input, source), dim=d,
                 index=index.data.reshape(-1).astype("int64"), alpha=alpha)


@torch_function(name="cumprod", method=True)
def cumprod(input, dim, *, dtype=None) -> Tensor:
    return apply("cumprod", (integers_as_long(input),), dim=normalize_dim(dim, input.ndim))


# ---- repeat_interleave, composed as torch's Repeat.cpp ------------------------------------
@torch_function(
    "repeat_interleave(Tensor input, Tensor repeats, int64_t? dim=None, *, "
    "SymInt? output_size=None)",
    "repeat_interleave(Tensor repeats, *, SymInt? output_size=None)",
    "repeat_interleave(Tensor input, SymInt repeats, int64_t? dim=None, *, "
    "SymInt? output_size=None)",
    method=True,
)
def repeat_interleave(input, repeats=None, dim=None, *, output_size=None) -> Tensor:
    if repeats is None:  # torch.repeat_interleave(counts): 0 counts[0] times, 1 ...
        return Tensor(_repeated_indices(input, output_size))
    flat = shape.flatten(input) if dim is None else input
    d = 0 if dim is None else normalize_dim(dim, input.ndim)
    if isinstance(repeats, Tensor):  # the input's slices picked by index_select
        size = (flat.data.shape or (1,))[d]
        if repeats.ndim > 1:
            raise runtime_error("repeats must be 0-dim or 1-dim tensor")
        if repeats.data.size == 1:
            repeats = Tensor(np.broadcast_to(repeats.data.reshape(1), (size,)).copy())
        elif repeats.data.shape[0] != size:
            raise runtime_error("repeats must have the same size as input along dim, but got "
                                f"repeats.size(0) = {repeats.data.shape[0]} and "
                                f"input.size({d}) = {size}")
        index = _repeated_indices(repeats, output_size, flat.data.size // max(size, 1),
                                  flat.data.itemsize)
        return shape.index_select(flat, d, Tensor(index))
    if repeats < 0:
        raise runtime_error("Repeats must be non-negative")
    runtime.current.foresee(flat.data.size * repeats, flat.data.itemsize,
                            "repeat_interleave's result")
    wide = shape.unsqueeze(flat, d + 1)
    sizes = list(wide.data.shape)
    sizes[d + 1] = repeats
    return shape.flatten(shape.expand(wide, sizes).clone(), d, d + 1)


def _repeated_indices(counts: Tensor, output_size, slice_size: int = 1,
                      itemsize: int = 8) -> np.ndarray:
    """The index of each repeated slice (of `slice_size` elements of `itemsize` bytes, the
    result's): both foreseen before either is made, the counts' sum may be any size."""
    if counts.ndim != 1:
        raise runtime_error("repeat_interleave only accept 1D vector as repeat")
    if counts.dtype not in (dtypes.int64, dtypes.int32):
        raise TorchError("NotImplementedError",
                         f"\"repeat_interleave_cpu\" not implemented for '{counts.dtype.cpp}'")
    if counts.data.size and counts.data.min() < 0:
        raise runtime_error("repeats can not be negative")
    total = int(counts.data.sum(dtype=np.uint64))  # (each count is >= 0 here)
    runtime.current.foresee(total, 8, "repeat_interleave's indices")
    runtime.current.foresee(total * slice_size, itemsize, "repeat_interleave's result")
    index = np.repeat(np.arange(counts.data.size, dtype=np.int64), counts.data)
    if output_size is not None and output_size != index.size:
        raise runtime_error("allocated size does not match required size")
    return index
