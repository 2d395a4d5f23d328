"""Memory layout as torch lays it out: contiguity, overlap, an elementwise result's strides,
memory formats (channels last)."""
from __future__ import annotations

import numpy as np

from .errors import runtime_error


class MemoryFormat:
    """torch.contiguous_format, preserve_format, channels_last (rank 4) and channels_last_3d
    (rank 5): channels last keeps the shape and lays dim 1 innermost in memory (NHWC)."""

    __slots__ = ("name", "rank")

    def __init__(self, name: str, rank: int | None = None):
        self.name, self.rank = name, rank

    def __repr__(self) -> str:
        return f"torch.{self.name}"


CONTIGUOUS_FORMAT, PRESERVE_FORMAT = MemoryFormat("contiguous_format"), \
    MemoryFormat("preserve_format")
MEMORY_FORMATS = {f.name: f for f in (CONTIGUOUS_FORMAT, PRESERVE_FORMAT,
                                      MemoryFormat("channels_last", 4),
                                      MemoryFormat("channels_last_3d", 5))}


def laid_out(a: np.ndarray, memory_format: MemoryFormat) -> np.ndarray:
    """`a` as a tensor of that memory format holds it (itself where it already does; for
    preserve_format, as it is); torch's error for a channels-last format of another rank."""
    if memory_format is PRESERVE_FORMAT or in_format(a, memory_format):
        return a
    if memory_format.rank is not None and a.ndim != memory_format.rank:
        raise runtime_error(f"required rank {memory_format.rank} tensor to use "
                            f"{memory_format.name} format")
    if memory_format.rank is None:
        return np.array(a, order="C")
    order = _channels_last_order(a.ndim)
    laid = np.empty([a.shape[d] for d in order], a.dtype)
    laid[...] = a.transpose(order)
    return laid.transpose(np.argsort(order))


def in_format(a: np.ndarray, memory_format: MemoryFormat) -> bool:
    """Tensor.is_contiguous(memory_format=...): whether `a` is laid out so."""
    if memory_format.rank is None:
        return bool(a.flags.c_contiguous)
    if a.ndim != memory_format.rank:
        return False
    order = _channels_last_order(a.ndim)
    return bool(np.transpose(a, order).flags.c_contiguous)


def _channels_last_order(ndim: int) -> list[int]:
    return [0, *range(2, ndim), 1]


def column_major(a) -> bool:
    """torch's test for a matrix laid out by columns (a transposed one; or 1x1)."""
    item = a.itemsize
    return a.ndim == 2 and a.strides[0] == item and a.strides[1] == a.shape[0] * item


def overlaps(a) -> bool:
    """Whether several elements of `a` share memory (an expanded tensor; an empty one has no
    elements to share it)."""
    return a.size > 0 and any(st == 0 and n > 1 for n, st in zip(a.shape, a.strides))


def contiguous(a):
    return a if a.flags.c_contiguous else np.array(a, order="C")


def elementwise_layout(out, arrays):
    """`out` laid out as torch's TensorIterator lays out an elementwise result: dims ordered
    by the inputs' strides, the first input that orders a pair of dims deciding."""
    if out.ndim < 2 or all(a.flags.c_contiguous for a in arrays) or \
            _row_major(arrays[0], out.shape):
        return contiguous(out)
    strides = [_broadcast_strides(a, out.shape) for a in arrays]
    perm = list(reversed(range(out.ndim)))  # innermost dim first, as TensorIterator
    for i in range(1, out.ndim):
        j = i
        for k in range(i - 1, -1, -1):
            order = _should_swap(strides, out.shape, perm[k], perm[j])
            if order > 0:
                perm[k], perm[j] = perm[j], perm[k]
                j = k
            elif order < 0:
                break
    outer_first = perm[::-1]
    if outer_first == sorted(outer_first):
        return contiguous(out)
    laid = np.empty([out.shape[d] for d in outer_first], out.dtype)
    laid[...] = out.transpose(outer_first)
    return laid.transpose(np.argsort(outer_first))


def _row_major(a, shape) -> bool:
    """Whether `a` has the output's shape and strides that fall from each dim to the next (a
    slice of columns: an RNN cell's gate): then it settles every pair of dims, in C order,
    before any other input is asked (see _should_swap)."""
    strides = a.strides
    return a.shape == shape and strides[-1] > 0 and \
        all(strides[i] > strides[i + 1] for i in range(a.ndim - 1))


def _broadcast_strides(a, shape):
    lead = len(shape) - a.ndim
    return [0 if i < lead or a.shape[i - lead] == 1 and n != 1 else a.strides[i - lead]
            for i, n in enumerate(shape)]


def _should_swap(strides, shape, d0, d1) -> int:
    for st in strides:
        s0, s1 = st[d0], st[d1]
        if s0 == 0 or s1 == 0:
            continue  # a broadcast dim says nothing about the order
        if s0 != s1:
            return -1 if s0 < s1 else 1
        if shape[d0] > shape[d1]:
            return 1
    return 0
