"""torch's sort, argsort, msort, topk, mode, median, nanmedian and kthvalue: the order of the
elements along a dim, as torch's CPU kernels give it (nan sorts as the largest value; equal
values come in input order with stable=True, else in the order std::sort, topk's partial sort,
nth_element or TH's quick select leaves them)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, stl_order
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.stl_order import sort_indices, topk_indices
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.reductions import ReturnTypes

RADIX_SORT_SIZE = 32768  # at::internal::GRAIN_SIZE


def _order(data: np.ndarray, dim: int, descending: bool, stable: bool = True) -> np.ndarray:
    """The sorting permutation along `dim` (int64): stable, or as torch's std::sort leaves
    equal values (rows of more than 16, where it is not an insertion sort)."""
    if not data.ndim:
        return np.zeros((), np.int64)
    moved = np.moveaxis(data, dim, -1)
    if not stable and moved.shape[-1] > 16 and not _radix(data, descending) \
            and _has_ties(moved):
        order = np.array([sort_indices(row, descending) for row in
                          moved.reshape(-1, moved.shape[-1]).tolist()], np.int64)
        return np.moveaxis(order.reshape(moved.shape), -1, dim)
    if not descending:
        order = np.argsort(moved, axis=-1, kind="stable")  # (numpy puts nan last, as torch)
    elif moved.dtype.kind == "f":  # nan first, then the values from the largest
        order = np.lexsort((-moved, ~np.isnan(moved)), axis=-1)
    else:  # (~ reverses the order of ints and bools without overflow)
        order = np.argsort(~moved, axis=-1, kind="stable")
    return np.moveaxis(order, -1, dim).astype(np.int64)


def _radix(data: np.ndarray, descending: bool) -> bool:
    """Whether torch sorts with its (stable) radix sort: a long 1-d integer ascending sort."""
    return data.ndim == 1 and not descending and data.dtype.kind in "iu" \
        and data.size >= RADIX_SORT_SIZE


@torch_function(
    "sort(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, "
    "TensorList[2] out=None)",
    "sort(Tensor input, int64_t dim=-1, bool descending=False, *, TensorList[2] out=None)",
    method=True,
)
def sort(input, dim=-1, descending=False, stable=False) -> ReturnTypes:
    d = normalize_dim(dim, input.ndim)
    index = _order(input.data, d, descending, bool(stable))
    return ReturnTypes("sort", apply("sort", (input,), dim=d, index=index), Tensor(index))


@torch_function(
    "argsort(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False, "
    "Tensor out=None)",
    "argsort(Tensor input, int64_t dim=-1, bool descending=False)",
    method=True,
)
def argsort(input, dim=-1, descending=False, stable=False) -> Tensor:
    return Tensor(_order(input.data, normalize_dim(dim, input.ndim), descending, stable))


@torch_function("msort(Tensor input, *, Tensor out=None)", method=True)
def msort(input) -> Tensor:
    return sort(input, 0).values


@torch_function(
    "topk(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, *, "
    "TensorList[2] out=None)",
    method=True,
)
def topk(input, k, dim=-1, largest=True, sorted=True) -> ReturnTypes:
    d = normalize_dim(dim, input.ndim)
    size = input.data.shape[d] if input.ndim else 1
    if not 0 <= k <= size:
        raise runtime_error("selected index k out of range")
    if input.dtype is dtypes.bool_:
        raise runtime_error("topk does not support bool dtypes on CPU")
    index = _topk_order(input.data, k, d, largest, sorted) if input.ndim else \
        np.zeros((), np.int64)
    return ReturnTypes("topk", apply("topk", (input,), dim=d, index=index), Tensor(index))


def _topk_order(data: np.ndarray, k: int, dim: int, largest: bool, sorted: bool) -> np.ndarray:
    """torch's topk indices along `dim`: with sorted=True and no equal values in a row the
    order is the sorted one; else the order torch's partial sort leaves (stl_order.py)."""
    rows = np.moveaxis(data, dim, -1)
    if sorted and not _has_ties(rows):
        return np.ascontiguousarray(np.take(_order(data, dim, largest), np.arange(k), axis=dim))
    flat = rows.reshape(-1, rows.shape[-1]).tolist()
    picked = np.array([topk_indices(row, k, largest, sorted) for row in flat], np.int64)
    return np.ascontiguousarray(np.moveaxis(picked.reshape(rows.shape[:-1] + (k,)), -1, dim))


def _has_ties(rows: np.ndarray) -> bool:
    """Whether some row holds two equal values (0.0 and -0.0, or two nans, count)."""
    ordered = np.sort(rows, axis=-1)
    left, right = ordered[..., 1:], ordered[..., :-1]
    same = left == right
    if ordered.dtype.kind == "f":
        same |= np.isnan(left) & np.isnan(right)
    return bool(same.any())


@torch_function(
    "mode(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)",
    method=True,
)
def mode(input, dim=-1, keepdim=False) -> ReturnTypes:
    """torch.mode: the most frequent value along dim (the smallest of equally frequent ones)
    and an index of it, as torch's CPU kernel picks them (ModeBackward0: the gradient goes to
    that index)."""
    d = normalize_dim(dim, input.ndim)
    _check_reduced_dim("mode", input, d)
    index = _row_indices(input.data, d, _mode_index)
    return _selected("mode", "mode", input, d, keepdim, index)


def _row_indices(data: np.ndarray, dim: int, pick) -> np.ndarray:
    """pick(row as a list) for each row along `dim` (a 0-d tensor: its one element)."""
    if not data.ndim:
        return np.zeros((), np.int64)
    rows = np.moveaxis(data, dim, -1)
    picked = [pick(row) for row in rows.reshape(-1, rows.shape[-1]).tolist()]
    return np.array(picked, np.int64).reshape(rows.shape[:-1])


def _selected(name: str, row: str, input: Tensor, dim: int, keepdim: bool,
              index: np.ndarray) -> ReturnTypes:
    """torch.return_types.<name>(values at `index` along dim, the indices)."""
    values = apply(row, (input,), dim=dim, keepdim=keepdim, index=index)
    indices = np.expand_dims(index, dim) if keepdim and input.ndim else index
    return ReturnTypes(name, values, Tensor(indices))


def _check_reduced_dim(name: str, input: Tensor, dim: int) -> None:
    if input.ndim and input.data.shape[dim] == 0:
        raise TorchError("IndexError", f"{name}(): Expected reduction dim {dim} to have "
                                       "non-zero size.")


def _median(name: str):
    ignore_nan = name == "nanmedian"

    def fn(input, dim=None, keepdim=False):
        if input.dtype is dtypes.bool_:
            raise TorchError("NotImplementedError",
                             f"\"{name}_cpu\" not implemented for 'Bool'")
        if dim is None:
            data = input.data
            value = _median_of(data.ravel().tolist(), ignore_nan) if data.size else np.nan
            ties = np.isnan(data) if value != value else data == value
            return apply(name, (input,), ties=ties)
        d = normalize_dim(dim, input.ndim)
        _check_reduced_dim("median", input, d)
        index = _row_indices(input.data, d, lambda row: stl_order.median_index(row, ignore_nan))
        return _selected(name, f"{name}_dim", input, d, keepdim, index)
    fn.__name__ = name
    return fn


def _median_of(values: list, ignore_nan: bool) -> float:
    return values[stl_order.median_index(values, ignore_nan)]


median, nanmedian = _median("median"), _median("nanmedian")
for _f in (median, nanmedian):
    torch_function(
        f"{_f.__name__}(Tensor input)",
        f"{_f.__name__}(Tensor input, int64_t dim, bool keepdim=False, *, "
        "TensorList[2] out=None)",
        method=True,
    )(_f)


@torch_function(
    "kthvalue(Tensor input, SymInt k, int64_t dim=-1, bool keepdim=False, *, "
    "TensorList[2] out=None)",
    method=True,
)
def kthvalue(input, k, dim=-1, keepdim=False) -> ReturnTypes:
    d = normalize_dim(dim, input.ndim)
    _check_reduced_dim("kthvalue", input, d)
    size = input.data.shape[d] if input.ndim else 1
    if not 1 <= k <= size:
        raise runtime_error(f"kthvalue(): selected number k out of range for dimension {d}")
    index = _row_indices(input.data, d, lambda row: stl_order.kth_index(row, k))
    return _selected("kthvalue", "kthvalue", input, d, keepdim, index)


def _mode_index(values: list) -> int:
    """torch's mode_kernel on one row: std::sort of (value, index) pairs by value (plain <, so
    nan is never equal to anything), then the last pair of the first longest run of equal
    values."""
    pairs = [(v, j) for j, v in enumerate(values)]
    stl_order.sort(pairs, 0, len(pairs), lambda x, y: x[0] < y[0])
    best, index, run = 0, 0, 0
    for i, (v, j) in enumerate(pairs):
        run += 1
        if i == len(pairs) - 1 or v != pairs[i + 1][0]:
            if run > best:
                best, index = run, j
            run = 0
    return index
