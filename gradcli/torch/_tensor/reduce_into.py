"""torch's scatter_reduce and index_reduce (and their in-place methods): src's elements
reduced into the slots of the input that index sends them to (engine/ops_reduce_into.py),
with torch's checks."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import index_error, runtime_error, warn
from gradcli.engine.ops_reduce_into import reduce_into
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.rearrange import _check_scatter
from gradcli.torch._tensor.shape import _index_bounds, _index_dtype


def _reduced(row: str, input: Tensor, src: Tensor, coords: list, reduce: str,
             include_self: bool) -> Tensor:
    """The op, sending src's elements at `coords` (in src's shape, over index's) to the
    input's slots at coords with dim's replaced."""
    shape, src_shape = input.data.shape or (1,), src.data.shape or (1,)
    target, slots = coords
    target = np.ravel_multi_index(target, shape).reshape(-1)
    taken = np.ravel_multi_index(slots, src_shape)  # (index's shape: src's gradient's)
    ties = None
    if reduce in ("amax", "amin"):  # which contributions reach the extremum, for the check
        result = reduce_into(input.data, src.data, target, taken, reduce, include_self)
        flat = np.reshape(input.data, -1)
        ties = (flat == np.reshape(result, -1),
                np.reshape(src.data, -1)[taken.reshape(-1)] == np.reshape(result, -1)[target],
                None if include_self else flat.copy())
    return apply(row, (input, src), target=target, taken=taken, reduce=reduce,
                 include_self=bool(include_self), ties=ties, src_grad=src.requires_grad)


@torch_function("scatter_reduce(Tensor input, int64_t dim, Tensor index, Tensor src, "
                "c10::string_view reduce, *, bool include_self=True, Tensor out=None)",
                method=True, inplace=True)
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "scatter(): Expected dtype int32/int64 for index")
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise runtime_error("reduce argument must be either sum, prod, mean, amax or amin, got "
                            f"{reduce}")
    _check_scatter(input, d, index, src, "no larger")
    slots = list(np.indices(index.data.shape or (1,)))
    target = list(slots)
    target[d] = np.reshape(index.data, slots[0].shape).astype(np.int64)
    return _reduced("scatter_reduce", input, src, [target, slots], reduce, include_self)


@torch_function("index_reduce(Tensor input, int64_t dim, Tensor index, Tensor source, "
                "c10::string_view reduce, *, bool include_self=True, Tensor out=None)",
                method=True, inplace=True)
def index_reduce(input, dim, index, source, reduce, *, include_self=True) -> Tensor:
    warn("index_reduce() is in beta and the API may change at any time.", once_per_process=True)
    d = normalize_dim(dim, input.ndim)
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise runtime_error("index_reduce(): Expected reduce to be one of prod, mean, amax or "
                            f"amin but got {reduce}.")
    if index.ndim > 1:
        raise index_error(f"index_reduce_(): Index is supposed to be a vector, but got dim: "
                          f"{index.ndim} with type: {index.dtype.cpp} and size: "
                          f"{list(index.data.shape)}")
    _index_dtype(index, "index_reduce_(): Expected dtype int32/int64 for index but got: "
                        f"{index.dtype.cpp}")
    if source.dtype is not input.dtype:
        raise runtime_error(f"index_reduce_(): self ({input.dtype.cpp}) and source "
                            f"({source.dtype.cpp}) must have the same scalar type")
    _check_source(input, d, index, source)
    _index_bounds(index.data, (input.data.shape or (1,))[d], lambda v: index_error(
        "index out of range in self"))
    slots = list(np.indices(source.data.shape or (1,)))
    target = list(slots)
    target[d] = np.reshape(index.data, -1).astype(np.int64)[slots[d]]
    return _reduced("index_reduce", input, source, [target, slots], reduce, include_self)


def _check_source(input: Tensor, d: int, index: Tensor, source: Tensor) -> None:
    """torch's index_reduce_ checks of the source's shape against the input's."""
    own, given = list(input.data.shape), list(source.data.shape)
    if len(own) != len(given) or any(m != n for i, (m, n) in enumerate(zip(own, given))
                                     if i != d):
        raise runtime_error("source tensor shape must match self tensor shape, excluding the "
                            f"specified dimension. Got self.shape = {own} source.shape = "
                            f"{given}")
    if index.data.size != (source.data.shape or (1,))[d]:
        raise runtime_error(f"index_reduce_(): Number of indices ({index.data.size}) should be "
                            f"equal to source.size(dim): ({(source.data.shape or (1,))[d]}), "
                            f"for dim: {d}")
