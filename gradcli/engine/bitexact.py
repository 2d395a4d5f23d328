"""Float kernels that round as torch's CPU ones: float32 math via double, torch's sum order."""
from __future__ import annotations

import numpy as np

# Up to this many elements, results agree with torch's to the last bit where we know how
# (sums in torch's order, float32 math via double); above it torch's own sums depend on its
# thread count, and numpy's float32 kernels (within an ulp of torch's) give the speed.
BIT_EXACT_SIZE = 32768


def via_double(fn):
    """A float32 math function computed in float64 and rounded once: torch's float32 kernels
    (vectorised, or MKL's) give the correctly rounded value far more often than numpy's own
    float32 ones (exp: 99% against 61% of arguments); float64 goes straight through."""
    def wrapped(a):
        if (a.dtype == np.float32 or a.dtype == np.float16) and a.size <= BIT_EXACT_SIZE:
            return fn(a.astype(np.float64)).astype(a.dtype)
        return fn(a)
    return wrapped


# ---- torch's CPU sum --------------------------------------------------------------------
# aten/native/cpu/SumKernel.cpp, step by step, so that float sums round exactly as torch's
# do (numpy's pairwise sum differs in the last bits for half of all sums, which print(loss.item())
# shows): a cascade of sequential partial sums over vectors of 8 float32 / 4 float64 lanes
# (torch 2.13 runs this kernel at AVX2 width), 4 vectors in flight; up to BIT_EXACT_SIZE.
_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


_ILP = 4


def _sequential(x, axis):
    """x summed left to right along `axis`, from 0, as a C `+=` loop."""
    if x.shape[axis] == 0:
        return np.zeros(x.shape[:axis] + x.shape[axis + 1:], x.dtype)
    return np.cumsum(x, axis=axis, dtype=x.dtype).take(-1, axis=axis) + x.dtype.type(0)


def _grouped(x, step):
    """Sequential sums of consecutive groups of `step` along axis 0, and the leftover's."""
    full = x.shape[0] // step
    groups = _sequential(x[:full * step].reshape((full, step) + x.shape[1:]), 1)
    return groups, _sequential(x[full * step:], 0)


def _multi_row_sum(x):
    """multi_row_sum: the cascade along axis 0 (4 levels of groups of 2**level_power)."""
    size = x.shape[0]
    ceil_log2 = (size - 1).bit_length() if size > 1 else 0
    step = 1 << max(4, ceil_log2 // 4)
    if size < step:  # no block: the cascade's levels all add zeros to the tail's sum
        return _sequential(x, 0)
    blocks, tail = _grouped(x, step)
    groups, acc1 = _grouped(blocks, step)
    supergroups, acc2 = _grouped(groups, step)
    acc3 = _sequential(supergroups, 0)
    return ((tail + acc1) + acc2) + acc3


def _row_sum(x):
    """row_sum: 4 interleaved cascades along axis 0, then the leftover and the 4 partials."""
    size = x.shape[0]
    n = size // _ILP
    inner = x[:n * _ILP].reshape((n, _ILP) + x.shape[1:])
    partial = _multi_row_sum(inner)  # shape (_ILP, ...)
    total = partial[0]
    for i in range(n * _ILP, size):
        total = total + x[i]
    for k in range(1, _ILP):
        total = total + partial[k]
    return total


def _inner_sum(rows):
    """The sum of each row of a 2-D array whose rows are contiguous (reduce the last dim)."""
    lanes = _LANES[rows.dtype]
    n = rows.shape[1]
    if n < lanes:
        return _row_sum(rows.T)
    vectors = n // lanes
    vec = _row_sum(rows[:, :vectors * lanes].reshape(rows.shape[0], vectors, lanes)
                   .transpose(1, 0, 2))  # (rows, lanes)
    total = np.zeros(rows.shape[0], rows.dtype)
    for k in range(vectors * lanes, n):
        total = total + rows[:, k]
    for k in range(lanes):
        total = total + vec[:, k]
    return total


def _outer_sum(x):
    """The sum over axis 0 of a C-contiguous (m, n) array (reduce a dim that is not the last).
    torch runs its kernel on blocks of columns; each column's sum depends only on the width of
    the block it falls in, so all blocks of one width are summed in one call."""
    lanes = _LANES[x.dtype]
    n = x.shape[1]
    out = np.empty(n, x.dtype)
    wide = n // (_ILP * lanes) * (_ILP * lanes) if n >= lanes else n // _ILP * _ILP
    if wide:
        out[:wide] = _multi_row_sum(x[:, :wide])
    narrow = wide + (n - wide) // lanes * lanes if n >= lanes else wide
    if narrow > wide:
        out[wide:narrow] = _row_sum(x[:, wide:narrow])
    if narrow < n:
        out[narrow:] = _row_sum(x[:, narrow:])
    return out + x.dtype.type(0)


def torch_sum(a, axis=None, keepdims=False):
    """np.sum(a, axis, keepdims=keepdims), added up in torch's order where it is known: all
    elements, or one dim of a C-contiguous array."""
    if a.dtype == object:  # the check's sympy forms
        from .symforms import add_all
        return add_all(a, axis, keepdims)
    if a.dtype not in _LANES or a.size > BIT_EXACT_SIZE or a.size == 0:
        # an empty array's sums are exact zeros whatever the order (and no block to stack)
        return np.sum(a, axis=axis, keepdims=keepdims)
    if axis is None:
        flat = np.ravel(a, order="K")
        out = _inner_sum(flat.reshape(1, -1))[0]
        return np.asarray(out).reshape((1,) * a.ndim) if keepdims else np.asarray(out)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if len(axes) != 1 or not a.flags.c_contiguous:
        return np.sum(a, axis=axis, keepdims=keepdims)
    d = axes[0] % a.ndim
    outer = int(np.prod(a.shape[:d])) if d else 1
    m, inner = a.shape[d], int(np.prod(a.shape[d + 1:]))
    x = a.reshape(outer, m, inner)
    if inner == 1:
        out = _inner_sum(x[:, :, 0])
    else:
        out = np.stack([_outer_sum(x[o]) for o in range(outer)])
    shape = a.shape[:d] + ((1,) if keepdims else ()) + a.shape[d + 1:]
    return out.reshape(shape)
