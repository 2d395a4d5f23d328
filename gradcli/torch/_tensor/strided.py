"""torch.as_strided and as_strided_scatter: a tensor's storage read (or written) at the places
`size`, `stride` and `storage_offset` name, with torch's checks of them. gradcli's storage is
what the tensor's elements are: the input must be laid out contiguously, the places among its
own elements."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import runtime_error
from gradcli.engine.ops_shape import strided_positions, strided_scatter_held
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function


def _storage_offset(input: Tensor) -> int | None:
    """The storage offset of a contiguous input (a view's first element, in its base); None
    for one laid out otherwise."""
    if input._base is None:
        return 0
    positions = np.arange(input._base.data.size).reshape(input._base.data.shape)
    for op, params in input._view_path:
        positions = op.forward(positions, **params)
    flat = np.ravel(positions)
    first = int(flat[0]) if flat.size else 0
    return first if np.array_equal(flat, first + np.arange(flat.size)) else None


def _checked(input: Tensor, size, stride, storage_offset) -> tuple[tuple, tuple, int]:
    """(size, stride, offset in the input's elements), refused where torch refuses them."""
    size, stride = tuple(size), tuple(stride)
    if len(size) != len(stride):
        raise runtime_error("mismatch in length of strides and shape")
    if any(s < 0 for s in stride):
        raise runtime_error("as_strided: Negative strides are not supported at the moment, got "
                            f"strides: {list(stride)}")
    if any(n < 0 for n in size):
        raise runtime_error(f"Storage size calculation overflowed with sizes={list(size)} and "
                            f"strides={list(stride)}")
    start = _storage_offset(input)
    offset = (start or 0) if storage_offset is None else storage_offset
    if offset < 0:
        raise runtime_error(f"Tensor: invalid storage offset {offset}")
    storage = (input._base if input._base is not None else input).data
    need = offset + 1 + sum((n - 1) * s for n, s in zip(size, stride)) if all(size) else 0
    if need > storage.size:
        item = storage.itemsize
        raise runtime_error(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage "
                            f"offset {offset}, and itemsize {item} requiring a storage size of "
                            f"{need * item} are out of bounds for storage of size "
                            f"{storage.size * item}")
    if start is None or offset < start or need - start > input.data.size:
        raise runtime_error("as_strided: gradcli reads the elements of a contiguous tensor only "
                            "(this input is laid out otherwise, or the places reach beyond its "
                            "elements into its base's storage)")
    return size, stride, offset - start


@torch_function(
    "as_strided(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, "
    "SymInt? storage_offset=None)",
    method=True,
)
def as_strided(input, size, stride, storage_offset=None) -> Tensor:
    size, stride, offset = _checked(input, size, stride, storage_offset)
    return apply("as_strided_view", (input,), size=size, stride=stride, offset=offset)


@torch_function(
    "as_strided_scatter(Tensor input, Tensor src, SymIntArrayRef size, SymIntArrayRef stride, "
    "SymInt? storage_offset=None)",
    method=True,
)
def as_strided_scatter(input, src, size, stride, storage_offset=None) -> Tensor:
    size, stride, offset = _checked(input, size, stride, storage_offset)
    if src.data.shape != size:
        raise runtime_error(f"expected src to have a size equal to the slice of self. src size "
                            f"= {list(src.data.shape)}, slice size = {list(size)}")
    if any(n > 1 and s == 0 for n, s in zip(size, stride)):  # (copy_'s internal overlap)
        raise runtime_error("unsupported operation: more than one element of the written-to "
                            "tensor refers to a single memory location. Please clone() the "
                            "tensor before performing the operation.")
    positions = strided_positions(size, stride, offset)
    held = strided_scatter_held(input.data, src.data) \
        if input.requires_grad or src.requires_grad else None  # (the check's: see the row)
    return apply("as_strided_scatter", (input, src), input.dtype, positions=positions, held=held)

