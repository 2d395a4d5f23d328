"""torch's sort, argsort, msort and topk: the order of the elements along a dim, as torch's
CPU kernels give it (equal values keep their order; nan sorts as the largest value)."""
from __future__ import annotations

import numpy as np

from .. import dtypes
from ..errors import runtime_error
from ..tensor import Tensor, apply, normalize_dim
from .reductions import ReturnTypes


def _order(data: np.ndarray, dim: int, descending: bool) -> np.ndarray:
    """The stable sorting permutation along `dim` (int64)."""
    if not data.ndim:
        return np.zeros((), np.int64)
    moved = np.moveaxis(data, dim, -1)
    if not descending:
        order = np.argsort(moved, axis=-1, kind="stable")  # (numpy puts nan last, as torch)
    elif moved.dtype.kind == "f":  # nan first, then the values from the largest
        order = np.lexsort((-moved, ~np.isnan(moved)), axis=-1)
    else:  # (~ reverses the order of ints and bools without overflow)
        order = np.argsort(~moved, axis=-1, kind="stable")
    return np.moveaxis(order, -1, dim).astype(np.int64)


def sort(input, dim=-1, descending=False, stable=False) -> ReturnTypes:
    d = normalize_dim(dim, input.ndim)
    index = _order(input.data, d, descending)
    return ReturnTypes("sort", apply("sort", (input,), dim=d, index=index), Tensor(index))


def argsort(input, dim=-1, descending=False, stable=False) -> Tensor:
    return Tensor(_order(input.data, normalize_dim(dim, input.ndim), descending))


def msort(input) -> Tensor:
    return sort(input, 0).values


def topk(input, k, dim=-1, largest=True, sorted=True) -> ReturnTypes:
    """NOTE: torch's topk orders equal values as its partial sort leaves them; gradcli keeps
    them in input order (the values agree; the indices of ties may not)."""
    d = normalize_dim(dim, input.ndim)
    size = input.data.shape[d] if input.ndim else 1
    if not 0 <= k <= size:
        raise runtime_error("selected index k out of range")
    if input.dtype is dtypes.bool_:
        raise runtime_error("topk does not support bool dtypes on CPU")
    index = _order(input.data, d, largest)
    if input.ndim:
        index = np.ascontiguousarray(np.take(index, np.arange(k), axis=d))
    return ReturnTypes("topk", apply("topk", (input,), dim=d, index=index), Tensor(index))
