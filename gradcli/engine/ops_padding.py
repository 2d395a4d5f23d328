"""More rows of the op table (ops.py loads them): F.pad's modes. constant_pad_nd puts the input in
a frame of a constant (negative pads crop); reflection, replication and circular padding pick,
for each output element, one input element, whose flat index `padded_positions` computes as
torch's kernels do (ATen's ReflectionPad/ReplicationPad index, and _pad_circular's copies).
Their gradient sums each output's gradient into the input element it came from.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from .optable import defop


def _regions(shape, pads) -> tuple[tuple, tuple]:
    """(the output's slots that hold input, the input's elements they hold), per dim; `pads` is
    F.pad's (last dim's left, right, then the dim before's, ...)."""
    out_key, in_key = [slice(None)] * len(shape), [slice(None)] * len(shape)
    for k in range(len(pads) // 2):
        dim = len(shape) - 1 - k
        left, right, size = pads[2 * k], pads[2 * k + 1], shape[dim]
        kept = size - max(-left, 0) - max(-right, 0)
        out_key[dim] = slice(max(left, 0), max(left, 0) + kept)
        in_key[dim] = slice(max(-left, 0), max(-left, 0) + kept)
    return tuple(out_key), tuple(in_key)


def padded_shape(shape, pads) -> tuple[int, ...]:
    out = list(shape)
    for k in range(len(pads) // 2):
        out[len(shape) - 1 - k] += pads[2 * k] + pads[2 * k + 1]
    return tuple(out)


def constant_pad(a, pad, value):
    out = np.full(padded_shape(a.shape, pad), value, dtype=a.dtype)
    out_key, in_key = _regions(a.shape, pad)
    out[out_key] = a[in_key]
    return out


def _constant_pad_vjp(xp, g, o, a, pad, value):
    # torch's backward: constant_pad_nd(grad, -pad), which crops the frame (and pads back with
    # zeros what the forward cropped)
    return (xp.op("constant_pad_nd", g, pad=tuple(-p for p in pad), value=0),)


defop("constant_pad_nd", "ConstantPadNdBackward0", constant_pad, _constant_pad_vjp, linear=True)


def _source(j: np.ndarray, size: int, left: int, right: int, mode: str) -> np.ndarray:
    """The input index each output index j of one dim reads."""
    if mode == "circular":  # the negative pads crop first, then the copies wrap around
        start = max(-left, 0)
        kept = size - start - max(-right, 0)
        return start + (j - max(left, 0)) % kept
    if mode == "reflect":
        i = np.where(j < left, 2 * left - j, np.where(j < size + left, j,
                                                      2 * (size + left - 1) - j))
    else:  # replicate
        i = np.clip(j, left, size + left - 1)
    return i - left


def padded_positions(shape, pads, mode: str) -> np.ndarray:
    """The flat index, in an input of `shape`, of each element of its padding by `mode`."""
    positions = np.arange(K.numel(shape)).reshape(shape)
    for k in range(len(pads) // 2):
        dim = len(shape) - 1 - k
        left, right, size = pads[2 * k], pads[2 * k + 1], shape[dim]
        source = _source(np.arange(size + left + right), size, left, right, mode)
        positions = np.take(positions, source, axis=dim)
    return positions


def _gathered_vjp(xp, g, o, a, positions):
    return (K.scatter_flat(xp, g, a.shape, positions),)


# torch's grad_fn is the kernel's (one per number of padded dims); circular padding is a chain
# of in-place copies into slices of the output, its grad_fn their last CopySlices
for _d in (1, 2, 3):
    for _kernel in ("Reflection", "Replication"):
        defop(f"{_kernel.lower()}_pad{_d}d", f"{_kernel}Pad{_d}DBackward0", K.take_flat,
              _gathered_vjp, elements_read="selection")
defop("circular_pad", "CopySlices", K.take_flat, _gathered_vjp, elements_read="selection")
