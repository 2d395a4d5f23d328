"""torch's writes into a copy of a tensor: select_scatter, slice_scatter, diagonal_scatter,
index_copy, index_fill, masked_scatter, put, index_put, and diag_embed (a diagonal written
into zeros). Each is one node whose `key` (or mask) names the slots written (what select, a
slice, diagonal or index_select would read)."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import index_error, runtime_error, type_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.pointwise import foresee_broadcast
from gradcli.torch._tensor.selecting import selected_index
from gradcli.torch._tensor.shape import _index_bounds, _index_dtype, foresee_indexed


def _written(row: str, input: Tensor, src: Tensor, key: tuple) -> Tensor:
    """input with src at [key]; torch's check that src has the slots' shape."""
    want = np.empty(input.data.shape, np.int8)[key].shape
    if src.data.shape != want:
        raise runtime_error(f"expected src to have a size equal to the slice of self. src size "
                            f"= {list(src.data.shape)}, slice size = {list(want)}")
    return apply(row, (input, src), input.dtype, key=key)


@torch_function("select_scatter(Tensor input, Tensor src, int64_t dim, SymInt index)",
                method=True)
def select_scatter(input, src, dim, index) -> Tensor:
    d, i = selected_index(input, dim, index)
    return _written("select_scatter", input, src, (slice(None),) * d + (i,))


@torch_function(
    "slice_scatter(Tensor input, Tensor src, int64_t dim=0, SymInt? start=None, "
    "SymInt? end=None, SymInt step=1)",
    method=True,
)
def slice_scatter(input, src, dim=0, start=None, end=None, step=1) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    if step <= 0:
        raise runtime_error("slice step must be positive")
    return _written("slice_scatter", input, src, (slice(None),) * d + (slice(start, end, step),))


def diagonal_key(shape: tuple, offset: int, d1: int, d2: int) -> tuple:
    """The advanced index of the diagonal's elements, which reads them in diagonal()'s order
    (the other dims first, the diagonal last)."""
    n = max(0, min(shape[d1] + min(offset, 0), shape[d2] - max(offset, 0)))
    rest = [s for i, s in enumerate(shape) if i not in (d1, d2)]
    grids = np.indices(rest + [n], sparse=True)
    others, steps = iter(grids[:-1]), grids[-1]
    return tuple(steps + max(-offset, 0) if i == d1 else steps + max(offset, 0) if i == d2
                 else next(others) for i in range(len(shape)))


def _diagonal_dims(ndim: int, dim1: int, dim2: int) -> tuple[int, int]:
    d1, d2 = normalize_dim(dim1, ndim), normalize_dim(dim2, ndim)
    if d1 == d2:
        raise runtime_error(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return d1, d2


@torch_function(
    "diagonal_scatter(Tensor input, Tensor src, int64_t offset=0, int64_t dim1=0, "
    "int64_t dim2=1)",
    method=True,
)
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1) -> Tensor:
    d1, d2 = _diagonal_dims(input.ndim, dim1, dim2)
    return _written("diagonal_scatter", input, src, diagonal_key(input.data.shape, offset, d1, d2))


@torch_function("diag_embed(Tensor input, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)",
                method=True)
def diag_embed(input, offset=0, dim1=-2, dim2=-1) -> Tensor:
    d1, d2 = _diagonal_dims(input.ndim + 1, dim1, dim2)
    batch = iter(input.data.shape[:-1])
    size = (input.data.shape or (1,))[-1] + abs(offset)
    shape = tuple(size if i in (d1, d2) else next(batch) for i in range(input.ndim + 1))
    runtime.current.foresee(math.prod(shape), input.data.itemsize, "diag_embed's result")
    key = diagonal_key(shape, offset, d1, d2)
    return apply("diag_embed", (input,), shape=shape, key=key)


def _dim_index(input: Tensor, dim: int, index: Tensor, bounds: str) -> tuple:
    """dim and the key of its slices `index` names (`bounds`: what torch's message of an
    index out of bounds starts with)."""
    d = normalize_dim(dim, input.ndim)
    size = (input.data.shape or (1,))[d]
    _index_bounds(index.data, size, lambda v: index_error(
        f"{bounds}index {v} is out of bounds for dimension {d} with size {size}"))
    flat = index.data.reshape(-1).astype(np.int64)
    return d, (slice(None),) * d + (flat,) if input.ndim else ()


@torch_function("index_copy(Tensor input, int64_t dim, Tensor index, Tensor source, *, "
                "Tensor out=None)", method=True, inplace=True)
def index_copy(input, dim, index, source) -> Tensor:
    _index_dtype(index, f"index_copy_(): Expected a long tensor for index, but got "
                        f"{index.dtype.cpp}")
    if index.ndim > 1:
        raise index_error(f"index_copy_(): Index should have dimension 1 or 0 (got {index.ndim})")
    if source.ndim and input.ndim and source.ndim != input.ndim:
        raise index_error("index_copy_(): When source and destination are not scalars, their "
                          f"dimensionality must match. Source dimensionality ({source.ndim}), "
                          f"destination dimensionality ({input.ndim})")
    d, key = _dim_index(input, dim, index, "index_copy_(): ")
    if source.dtype is not input.dtype:
        raise runtime_error("index_copy_(): self and source expected to have the same dtype, "
                            f"but got (self) {input.dtype.cpp} and (source) {source.dtype.cpp}")
    given = (source.data.shape or (1,))[d] if source.ndim or not input.ndim else 1
    if index.data.size != given:
        raise index_error(f"index_copy_(): Number of indices ({index.data.size}) should be "
                          f"equal to source.size(dim) ({given})")
    return _written("index_copy", input, source, key)


@torch_function(
    "index_fill(Tensor input, int64_t dim, Tensor index, Tensor value)",
    "index_fill(Tensor input, int64_t dim, Tensor index, Scalar value)",
    method=True, inplace=True,
)
def index_fill(input, dim, index, value) -> Tensor:
    if isinstance(value, Tensor) and value.ndim:
        raise runtime_error("index_fill_ only supports a 0-dimensional value tensor, but got "
                            f"tensor with {value.ndim} dimension(s).")
    if index.dtype is not dtypes.int64:
        raise index_error("index_fill_(): Expected dtype int64 for index.")
    if index.ndim > 1:
        raise runtime_error("Index has to be a vector/scalar")
    _, key = _dim_index(input, dim, index, "")
    # (each slot once: torch's value gradient sums grad.index_select(dim, unique(index)))
    key = key[:-1] + (np.unique(key[-1]),) if key else key
    if isinstance(value, Tensor):
        return apply("index_fill_tensor", (input, value), input.dtype, key=key)
    return apply("index_fill", (input,), key=key, value=value)


@torch_function("masked_scatter(Tensor input, Tensor mask, Tensor source)", method=True,
                inplace=True)
def masked_scatter(input, mask, source) -> Tensor:
    if mask.dtype is not dtypes.bool_:
        raise runtime_error("masked_scatter_ only supports boolean masks, but got mask with "
                            f"dtype {mask.dtype.cpp}")
    if source.dtype is not input.dtype:
        raise runtime_error("masked_scatter: expected self and source to have same dtypes but "
                            f"got{input.dtype.cpp} and {source.dtype.cpp}")
    where = np.broadcast_to(mask.data, foresee_broadcast((mask, input), input.data.itemsize))
    if np.count_nonzero(where) > source.data.size:
        raise runtime_error("Number of elements of source < number of ones in mask")
    return apply("masked_scatter", (input, source), mask=where)


@torch_function("put(Tensor input, Tensor index, Tensor source, bool accumulate=False)",
                method=True, inplace=True)
def put(input, index, source, accumulate=False) -> Tensor:
    _index_dtype(index, f"put_(): Expected a long tensor for index, but got {index.dtype.cpp}")
    if source.dtype is not input.dtype:
        raise runtime_error("put_(): self and source expected to have the same dtype, but got "
                            f"self.dtype = {input.dtype.cpp} and source.dtype = "
                            f"{source.dtype.cpp}")
    if source.data.size != index.data.size:
        raise index_error("put_(): Expected source and index to have the same number of "
                          f"elements, but got source.numel() = {source.data.size}, "
                          f"index.numel() = {index.data.size}")
    n = input.data.size
    if n == 0 and index.data.size:
        raise index_error("put_(): Tried to put elements into an empty tensor")
    _index_bounds(index.data, n, lambda v: index_error(
        f"out of range: tried to access index {v} on a tensor of {n} elements."), wraps=True)
    flat = index.data.reshape(-1).astype(np.int64) % max(n, 1)
    key = np.unravel_index(flat, input.data.shape) if input.ndim else ()
    return apply("put_accumulate" if accumulate else "put", (input, source), key=key,
                 accumulate=bool(accumulate))


def _check_bounds(index: Tensor, dim: int, size: int) -> None:
    _index_bounds(index.data, size, lambda v: index_error(
        f"index {v} is out of bounds for dimension {dim} with size {size}"), wraps=True)


_MISSING = object()


@torch_function(name="index_put", method=True, inplace=True)
def index_put(input, indices=_MISSING, values=_MISSING, accumulate=False) -> Tensor:
    """torch.index_put(input, (index tensors or None...), values): input[indices] = values on
    a copy (IndexPutBackward0), or += with accumulate."""
    missing = [f'"{name}"' for name, given in (("indices", indices), ("values", values))
               if given is _MISSING]
    if missing:  # (torch's parser's words)
        raise type_error(f"index_put() missing {len(missing)} required positional argument: "
                         f"{', '.join(missing)}")
    key = []
    for t in indices:
        if t is None:
            key.append(slice(None))
        elif t.dtype is dtypes.bool_:
            key.extend(np.nonzero(t.data))
        else:
            _index_dtype(t, "tensors used as indices must be long, int, byte or bool tensors")
            _check_bounds(t, len(key), input.data.shape[len(key)])
            key.append(t.data.astype(np.int64))
    if values.dtype is not input.dtype:
        raise runtime_error("Index put requires the source and destination dtypes match, got "
                            f"{input.dtype.cpp} for the destination and {values.dtype.cpp} for "
                            "the source.")
    foresee_indexed([k for k in key if isinstance(k, np.ndarray)], 8, "index_put's positions")
    return apply("index_put_accumulate" if accumulate else "index_put", (input, values),
                 key=tuple(key))
