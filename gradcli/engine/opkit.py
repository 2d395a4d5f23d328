"""The numpy helpers the op table's forwards and VJPs share, and the numpy array namespace.

VJP helpers take `xp` (numpy's namespace here, or the tensor namespace under create_graph)
and use only what both provide.
"""
from __future__ import annotations

import math

import numpy as np

from . import convkit
from .bitexact import torch_sum, via_double
from .errors import runtime_error
from .namespace import ArrayNamespace, build
from .optable import OPS
from .symforms import erf
from .trilinear import trilinear


def scatter_array(g, shape, key):
    """zeros(shape) with g added into [key]: the VJP of every indexing op."""
    out = np.zeros(shape, dtype=g.dtype)
    np.add.at(out, key, g)
    return out


def unscatter_array(g, key):
    """g with the slots [key] zeroed: what flows to the part of a tensor that was overwritten."""
    out = np.array(g)  # (a copy, and an array where g is a 0-d result's numpy scalar)
    out[key] = 0
    return out


def sigmoid(a):
    # torch: 1 / (1 + exp(-x)) in the tensor's dtype, with an exp as above
    return (1 / (1 + via_double(np.exp)(-a))).astype(a.dtype, copy=False)


def numel(shape) -> int:
    return math.prod(shape)


def _dims(dim, ndim) -> tuple[int, ...]:
    dims = dim if isinstance(dim, tuple) else (dim,)
    return tuple(d % ndim if ndim else 0 for d in dims)


def kept_shape(shape, dim) -> tuple[int, ...]:
    """The shape of a reduction over `dim` with keepdim=True."""
    dims = _dims(dim, len(shape))
    return tuple(1 if i in dims else s for i, s in enumerate(shape))


def count(shape, dim) -> int:
    """How many elements a reduction over `dim` (None = all) folds into one."""
    if dim is None:
        return numel(shape)
    return math.prod(shape[d] for d in _dims(dim, len(shape))) if shape else 1


def mm(a, b):
    # NOTE: with an inner size of 1 torch's gemm writes each product as it is (keeping -0.0),
    # where a sum from 0 would give +0.0
    return a * b if a.shape[1] == 1 and a.dtype != object else np.matmul(a, b)


def mm_grads(xp, g, a, b, columns):
    """torch's mm_mat1_backward / mm_mat2_backward."""
    grad_a = xp.t(xp.matmul(b, xp.t(g))) if columns[0] else xp.matmul(g, xp.t(b))
    grad_b = xp.t(xp.matmul(xp.t(g), a)) if columns[1] else xp.matmul(xp.t(a), g)
    return grad_a, grad_b


def mT(xp, a):
    return xp.swapaxes(a, -1, -2) if a.ndim >= 2 else a


def outer(xp, g, b):
    return xp.reshape(g, (-1, 1)) * xp.reshape(b, (1, -1))


def _values(x):
    """The numpy values of an array or of a tensor (under create_graph)."""
    return np.asarray(x) if isinstance(x, (np.ndarray, np.generic)) else x.data


def prod_grad(xp, g, a, o):
    """d prod(a) / d a_i, as torch: prod / a_i without zeros, else the product of the others."""
    if a.ndim == 0:
        return g
    if not (_values(a) == 0).any():
        return g * (o / a)  # NOTE: torch's formula, so inf and rounding come out as in torch
    flat = _values(a).reshape(-1)
    left = np.concatenate([[1], np.cumprod(flat[:-1])]).astype(flat.dtype)
    right = np.concatenate([np.cumprod(flat[::-1][:-1])[::-1], [1]]).astype(flat.dtype)
    return g * xp.asarray((left * right).reshape(a.shape))


def prod_dim_grad(xp, g, o, a, dim):
    """prod(dim)'s gradient, with g and o already expanded back to a's shape."""
    if a.ndim == 0:
        return g
    if not (_values(a) == 0).any():
        return g * (o / a)
    return g * xp.asarray(prod_others(_values(a), dim))


def pow_scalar(a, exponent):
    """x ** exponent with torch's kernels for the common exponents (x*x*x, not powf, for 3),
    so that float32 results round as torch's do."""
    if a.dtype == object or a.dtype.kind != "f":
        return np.power(a, exponent).astype(a.dtype)
    special = {0: lambda: np.ones_like(a), 1: lambda: a.copy(), 2: lambda: a * a,
               3: lambda: a * a * a, -2: lambda: 1 / (a * a), 0.5: lambda: np.sqrt(a),
               -0.5: lambda: 1 / np.sqrt(a), -1: lambda: 1 / a}
    make = special.get(exponent) if not isinstance(exponent, bool) else None
    return (make() if make else np.power(a, exponent)).astype(a.dtype, copy=False)


def power(a, b):
    """np.power, with C's integer powers for negative exponents (torch: 2 ** -1 == 0)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind not in "iub" or b.dtype.kind not in "iu" or not (b < 0).any():
        return np.power(a, b)
    whole = np.power(a, np.maximum(b, 0))
    odd = np.where(b % 2 == 0, 1, -1)
    negative = np.where(a == 1, 1, np.where(a == -1, odd, 0))
    return np.where(b < 0, negative, whole).astype(whole.dtype)


def prod_others(a, dim):
    """For each element, the product of the others along `dim`; exact with zeros."""
    a = np.moveaxis(np.asarray(a), dim, -1)
    ones = np.ones(a.shape[:-1] + (1,), a.dtype)
    left = np.concatenate([ones, np.cumprod(a[..., :-1], axis=-1)], axis=-1)
    right = np.flip(np.concatenate([ones, np.cumprod(np.flip(a, -1)[..., :-1], axis=-1)], -1), -1)
    return np.moveaxis(left * right, -1, dim)


def even_split(xp, g, a, o):
    # NOTE: torch splits a full max/min reduction's gradient evenly among ties (the nans, if
    # the result is nan).
    values, extremum = _values(a), _values(o)
    mask = np.isnan(values) if np.isnan(extremum) else values == extremum
    share = g / xp.asarray(mask.sum(dtype=_values(g).dtype))
    return xp.masked_fill_tensor(xp.zeros_like(a), mask, share)


def even_split_dim(xp, g, a, o, dim, keepdim):
    shape = kept_shape(a.shape, dim)
    mask = _values(a) == np.reshape(_values(o), shape)
    count = mask.sum(axis=dim, keepdims=True, dtype=_values(g).dtype)
    return xp.reshape(g, shape) / xp.asarray(count) * xp.asarray(mask)


def take_dim(a, index, dim, keepdim):
    if not a.ndim:  # (torch's max(dim=0) of a 0-d tensor: itself)
        return a.copy()
    out = np.take_along_axis(a, np.expand_dims(index, dim), axis=dim)
    return out if keepdim else np.squeeze(out, axis=dim)


def along_key(index, dim):
    """An advanced-index key k with a[k] == take_along_axis(a, index, dim) (a 0-d index, of a
    0-d tensor: its one element)."""
    if not index.ndim:
        return ()
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    return tuple(grids)


def gather(a, dim, index):
    """torch.gather: an empty index (of any shape: torch checks nothing then) gathers nothing."""
    if not index.size:
        return np.empty(index.shape, a.dtype)
    return a[along_key(index, dim)] if index.ndim else a.copy()


def put_dim(xp, g, shape, index, dim, keepdim):
    """`index` has the reduced shape (without `dim`), whatever keepdim was."""
    if not len(shape):
        return g
    return xp.scatter_src(g if keepdim else xp.unsqueeze(g, dim), shape, dim,
                          np.expand_dims(index, dim))


def scatter_src(g, shape, dim, index):
    out = np.zeros(shape, g.dtype)
    np.put_along_axis(out, index, g, dim)
    return out


def scatter_add_src(g, shape, dim, index):
    return scatter_array(g, shape, along_key(index, dim))


def index_add_src(g, shape, dim, index):
    return scatter_array(g, shape, dim_key(dim, index))


def scatter_into(a, src, dim, index, src_grad=True):
    """torch's scatter: a copy of `a` with src[i][j] written at a[index[i][j]][j] (dim 0)."""
    out = a.copy()  # (index may be smaller than `a` in every dim: not put_along_axis's)
    out[along_key(index, dim)] = src[tuple(slice(0, n) for n in index.shape)]
    return out


def scatter_mask(shape, dim, index) -> np.ndarray:
    """The slots of a tensor of `shape` that scatter writes."""
    mask = np.zeros(shape, dtype=bool)
    mask[along_key(index, dim)] = True
    return mask


def scatter_src_grad(xp, g, src_shape, dim, index, src_grad=True, node="ScatterBackward0"):
    """The gradient of scatter's src: each element read back from the slot it went to. As
    torch, only for a src shaped as index (its gradient has index's shape), where src requires
    grad (`src_grad`; else it is dropped)."""
    if not src_grad and tuple(src_shape) != tuple(index.shape):
        return None
    if tuple(src_shape) != tuple(index.shape):
        raise runtime_error(f"Function {node} returned an invalid gradient at index 1 "
                            f"- got {list(index.shape)} but expected shape compatible with "
                            f"{list(src_shape)}")
    return xp.gather(g, dim, index)


def index_add(a, source, dim, index, alpha):
    if not a.ndim:  # (0-d: one element along dim 0)
        return index_add(a.reshape(1), source.reshape(1), dim, index, alpha).reshape(())
    if alpha != 1:
        source = source * alpha
    return a + scatter_array(source.astype(a.dtype, copy=False), a.shape, dim_key(dim, index))


def index_add_source_grad(xp, g, shape, dim, index, alpha):
    picked = xp.index_select(g, dim, index) if g.ndim else g
    return picked if alpha == 1 else xp.mul_scalar(picked, alpha)


def cumprod_grad(xp, g, a, dim):
    """d/da_i of sum_j g_j * prod_{k<=j} a_k = sum_{j>=i} g_j * prod_{k<=j, k!=i} a_k, as
    products with a_i set to 1: exact where some a_k is 0 (no division by a_i)."""
    n = a.shape[dim]
    along = np.arange(n).reshape((n,) + (1,) * (a.ndim - dim - 1))
    pieces = []
    for i in range(n):
        without_i = xp.cumprod(xp.masked_fill(a, along == i, 1), dim)
        terms = xp.masked_fill(g * without_i, along < i, 0)
        pieces.append(xp.sum(terms, axis=dim, keepdims=True))
    return xp.cat(pieces, dim)


def vector_norm(a, p, dim, keepdim):
    """torch.linalg.vector_norm: the p-norm over `dim` (None: all elements)."""
    m = np.abs(a)
    if p == math.inf or p == -math.inf:
        out = (np.amax if p > 0 else np.amin)(m, axis=dim, keepdims=keepdim)
    elif p == 0:
        out = np.sum(m != 0, axis=dim, keepdims=keepdim)
    elif p == 1:
        out = np.sum(m, axis=dim, keepdims=keepdim)
    elif p == 2:
        out = np.sqrt(np.sum(a * a, axis=dim, keepdims=keepdim))
    else:
        out = np.sum(m ** p, axis=dim, keepdims=keepdim) ** (1 / p)
    return np.asarray(out, a.dtype)


def norm_grad(xp, g, a, o, p, dim, keepdim):
    """torch's norm_backward, p by p (0 at the zero vector, not nan)."""
    if dim is not None and not keepdim and a.ndim:
        g, o = xp.reshape(g, kept_shape(a.shape, dim)), xp.reshape(o, kept_shape(a.shape, dim))
    zero = _values(o) == 0
    if p == 0:  # (torch's norm_backward returns an undefined gradient: .grad stays None)
        return None
    if p == 1:
        return xp.sign(a) * g
    if p == 2:
        return g * xp.masked_fill(a / o, zero, 0)
    if p in (math.inf, -math.inf):
        m = np.abs(_values(a))
        mask = (m == _values(o)) | np.isnan(m)
        count = mask.sum(axis=dim, keepdims=True, dtype=m.dtype)
        return xp.sign(a) * (g / xp.asarray(count) * xp.asarray(mask))
    if p < 1:  # (an element at 0 has no derivative of |x|^p: torch gives it none)
        powers = xp.masked_fill(xp.abs(a) ** (p - 1), _values(a) == 0, 0)
        return xp.sign(a) * powers * g * o ** (1 - p)
    scale = xp.masked_fill(g / o ** (p - 1), zero, 0)
    if p < 2:
        return xp.sign(a) * xp.abs(a) ** (p - 1) * scale
    return a * xp.abs(a) ** (p - 2) * scale


def var(a, dim, correction, keepdim):
    mean = np.sum(a, axis=dim, keepdims=True, dtype=a.dtype) / count(a.shape, dim)
    squares = np.sum((a - mean) ** 2, axis=dim, keepdims=keepdim, dtype=a.dtype)
    return np.asarray(squares / max(0, count(a.shape, dim) - correction), a.dtype)


def var_grad(xp, g, a, dim, correction, keepdim):
    """torch's var_backward: 2 / (n - correction) * grad * (a - mean)."""
    n = count(a.shape, dim)
    values = _values(a)
    mean = np.sum(values, axis=dim, keepdims=True, dtype=values.dtype) / n
    if dim is None and n - correction <= 0:
        return g * xp.asarray(np.where(values == mean, np.nan, np.inf).astype(values.dtype))
    if dim is not None and not keepdim and a.ndim > 1:
        g = xp.reshape(g, kept_shape(a.shape, dim))
    # under create_graph torch's self.mean() is differentiated too (its d/da cancels a's own)
    mean = xp.asarray(mean) if a is values else \
        (xp.sum(a) if dim is None else xp.sum(a, axis=dim, keepdims=True)) / n
    return (2.0 / (n - correction)) * g * (a - mean)


def logsumexp(a, dim, keepdim):
    m = np.amax(a, axis=dim, keepdims=True, initial=-np.inf)  # (-inf over an empty dim)
    m = np.where(np.isinf(m), 0, m)
    out = np.log(np.sum(np.exp(a - m), axis=dim, keepdims=True)) + m
    return out if keepdim else np.squeeze(out, axis=dim)


def repeat_grad(xp, g, shape, repeats):
    """Sum the copies np.tile made back onto the original shape (torch's repeat_backward)."""
    lead = len(repeats) - len(shape)
    full = (1,) * lead + tuple(shape)
    split = tuple(x for r, s in zip(repeats, full) for x in (r, s))
    g = xp.sum(xp.reshape(g, split), axis=tuple(range(0, len(split), 2)))
    return xp.reshape(g, shape)


def tanh_backward(g, o):
    return _times(g, _one_minus(o * o))


def sigmoid_backward(g, o):
    return _times(g, _one_minus(o.copy()) * o)


def _one_minus(t):
    """1 - t, written over the temporary t (a big tensor pays for every new array)."""
    return np.subtract(1, t, out=t) if isinstance(t, np.ndarray) else 1 - t  # (0-dim: a scalar)


def _times(g, t):
    """g * t, written over the temporary t where the result fits it; t itself when g is the
    ones a sum's backward spreads (1 * v is v exactly, nan and inf included)."""
    if isinstance(t, np.ndarray) and g.shape == t.shape and np.result_type(g, t) == t.dtype:
        if g.size and not any(g.strides) and g.flat[0] == 1:
            return t
        return np.multiply(g, t, out=t)
    return g * t


def threshold_backward(g, a, threshold):
    return np.where(a <= threshold, 0, g)


def leaky_relu_backward(g, a, slope):
    return np.where(a > 0, g, g * slope)


def softmax_backward(g, o, dim):
    return o * (g - np.sum(g * o, axis=dim, keepdims=True))


def log_softmax_backward(g, o, dim):
    return g - np.exp(o) * np.sum(g, axis=dim, keepdims=True)


SQRT_2_OVER_PI = math.sqrt(2 / math.pi)
GELU_CUBIC = 0.044715


def _gelu_slope(x, approximate):
    """d gelu / dx (torch's gelu_backward without the incoming gradient)."""
    if approximate == "tanh":
        inner = SQRT_2_OVER_PI * (x + GELU_CUBIC * x ** 3)
        t = np.tanh(inner)
        return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * SQRT_2_OVER_PI * (
            1 + 3 * GELU_CUBIC * x * x)
    return 0.5 * (1 + erf(x / math.sqrt(2))) + x * np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


def gelu_backward(g, a, approximate):
    """torch's gelu_backward: g times gelu's slope at a, in g's dtype."""
    return (g.astype(np.float64) * _gelu_slope(a.astype(np.float64), approximate)).astype(g.dtype)


def elu_backward(g, a, alpha):
    """torch's elu_backward (of the input): g * alpha * exp(a) where a <= 0, else g."""
    with np.errstate(over="ignore"):
        slope = np.where(a <= 0, alpha * np.exp(a.astype(np.float64)), 1.0)
    return (g * slope).astype(g.dtype)


def softplus_backward(g, a, beta, threshold):
    """torch's softplus_backward: g * z / (z + 1), z = exp(beta * a); g past the threshold."""
    with np.errstate(over="ignore", invalid="ignore"):
        z = np.exp(a.astype(np.float64) * beta)
        slope = np.where(a * beta > threshold, 1.0, z / (z + 1))
    return (g * slope).astype(g.dtype)


def select_backward(g, shape, dim, index):
    out = np.zeros(shape, dtype=g.dtype)
    out[dim_key(dim, index)] = g
    return out


def diagonal(a, dim1, dim2, offset):
    """a.diagonal(offset, dim1, dim2): a view, writable like torch's (an in-place op may write
    through it). The diagonal starts at [0, offset] of the two dims (at [-offset, 0] below)."""
    start = dim_key(dim2, slice(offset, None)) if offset >= 0 else \
        dim_key(dim1, slice(-offset, None))
    corner = a[start]
    view = np.diagonal(corner, 0, dim1, dim2)
    if a.dtype == object or not a.flags.writeable:
        return view
    return np.lib.stride_tricks.as_strided(corner, view.shape, view.strides)


def diagonal_backward(g, shape, dim1, dim2, offset):
    """Zeros of `shape` with g on that diagonal of dims dim1, dim2 (torch's
    diagonal_backward)."""
    out = np.zeros(shape, dtype=g.dtype)
    steps = np.arange(g.shape[-1])
    rows, columns = steps + max(-offset, 0), steps + max(offset, 0)
    np.moveaxis(out, (dim1, dim2), (-2, -1))[..., rows, columns] = g  # (object arrays too)
    return out


def slice_backward(g, shape, dim, key):
    return select_backward(g, shape, dim, key)


def unsqueeze_to(xp, g, shape, dims):
    """Put back the size-1 dims `dims` of `shape` that a squeeze removed (torch's
    unsqueeze_to)."""
    dims = (dims,) if isinstance(dims, int) else dims
    for d in sorted(d % len(shape) for d in dims):
        if shape[d] == 1:
            g = xp.unsqueeze(g, d)
    return g


def reverse_cumsum(xp, g, dim):
    return xp.flip(xp.cumsum(xp.flip(g, dim), dim), dim)


def softmax(a, dim):
    if a.size == 0:  # (no max of an empty dim)
        return a.copy()
    e = np.exp(a - np.max(a, axis=dim, keepdims=True))
    return e / np.sum(e, axis=dim, keepdims=True)


def log_softmax(a, dim):
    if a.size == 0:
        return a.copy()
    shifted = a - np.max(a, axis=dim, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=dim, keepdims=True))


def squeeze_dim(a, dim):
    dims = tuple(d for d in _dims(dim, a.ndim) if a.ndim and a.shape[d] == 1)
    return np.squeeze(a, axis=dims) if dims else a


def dim_key(dim, key) -> tuple:
    return (slice(None),) * dim + (key,)


def select_key(ndim, dim, index) -> tuple:
    return dim_key(dim, index)


def select(a, dim, index):
    return a[dim_key(dim, index) + (Ellipsis,)]  # `...` keeps a 0-d result a view, not a scalar


def put(base, value, key):
    out = base.copy()
    out[key] = value
    return out


def expand(a, shape):
    """np.broadcast_to, but writable like torch's expand (fill_ may write through it)."""
    lead = len(shape) - a.ndim
    strides = (0,) * lead + tuple(0 if n == 1 and s != 1 else st
                                  for n, s, st in zip(a.shape, shape[lead:], a.strides))
    if a.dtype == object or not a.flags.writeable:
        return np.broadcast_to(a, shape)
    return np.lib.stride_tricks.as_strided(a, shape, strides)


def sign(a):
    # torch: (0 < x) - (x < 0), so sign(nan) is 0 (numpy's is nan)
    return (a > 0).astype(a.dtype) - (a < 0).astype(a.dtype) if a.dtype != bool else a.copy()


def masked_fill(a, mask, value):
    """np.where that keeps a's dtype (a float value cast into an int tensor, as torch)."""
    return np.where(mask, value if a.dtype == object else np.asarray(value).astype(a.dtype), a)


def take_flat(a, positions):
    return np.reshape(a, -1)[positions]


def put_flat(base, value, positions):
    out = np.array(base, order="C", copy=True)
    out.reshape(-1)[positions] = value
    return out


def scatter_flat(xp, g, shape, positions):
    return xp.reshape(xp.scatter(g, (numel(shape),), positions), shape)


def unscatter_flat(xp, g, positions):
    return xp.reshape(xp.unscatter(xp.reshape(g, (-1,)), positions), g.shape)


def split_back_one(xp, g, shape, dim, key):
    """The gradient of one piece of a split: cat with zeros for the rest of the dim."""
    start, stop, _ = key.indices(shape[dim])
    parts = [_zeros_along(xp, g, dim, start), g, _zeros_along(xp, g, dim, shape[dim] - stop)]
    return xp.cat([p for p in parts if p is not None], dim)


def _zeros_along(xp, g, dim, size):
    if not size:
        return None
    shape = list(g.shape)
    shape[dim] = size
    return xp.zeros_shaped(tuple(shape), g)


def _legacy_empty(t) -> bool:
    """torch's cat skips 1-D tensors of no elements, whatever the others' shapes."""
    return len(t.shape) == 1 and t.shape[0] == 0


def cat(*ts, dim):
    kept = [t for t in ts if not _legacy_empty(t)]
    return np.concatenate(kept, axis=dim) if kept else np.concatenate(ts)


def cat_back(xp, g, ts, dim):
    pieces = iter(split_back(g, [t.shape[dim] for t in ts if not _legacy_empty(t)], dim))
    return tuple(xp.zeros_shaped((0,), g) if _legacy_empty(t) else next(pieces) for t in ts)


def split_back(g, sizes, dim):
    starts = np.cumsum([0, *sizes])
    return tuple(g[dim_key(dim, slice(s, e))] for s, e in zip(starts[:-1], starts[1:]))


def in_bounds(a, lo, hi):
    # NOTE: clamp passes the gradient at its boundaries (inclusive), as torch.
    a = _values(a)
    ok = np.ones(a.shape, dtype=bool)
    if lo is not None:
        ok &= a >= lo
    if hi is not None:
        ok &= a <= hi
    return ok


def clamp_tensor_grads(xp, g, a, lo, hi):
    a, lo, hi = _values(a), _values(lo), _values(hi)
    inside = (a >= lo) & (a <= hi)
    below = (a < lo) & (lo < hi)
    above = (a > hi) | (hi < lo)
    return xp.where(inside, g, 0), xp.where(below, g, 0), xp.where(above, g, 0)


def pow_base_grad(xp, g, a, b):
    # NOTE: the b == 0 term is 0 even where a ** -1 is inf, as torch.
    return xp.where(_values(b) == 0, 0, g * (b * a ** (b - 1)))


def pow_exponent_grad(xp, g, o, base, exponent):
    """d base**exponent / d exponent, as torch: 0 (not nan) where base is 0 and exponent >= 0."""
    if isinstance(base, (int, float)):
        log = math.log(base) if base > 0 else -math.inf if base == 0 else math.nan
        if base != 0:
            return g * (o * log)
        return g * xp.where(_values(exponent) >= 0, 0, o * log)
    zero = (_values(base) == 0) & (_values(exponent) >= 0)
    return g * xp.where(zero, 0, o * xp.log(base))


def _reduce(x, reduction):
    x = np.asarray(x)  # (arithmetic on 0-dim arrays gives scalars: a sympy one has no dtype)
    if reduction == "mean":
        return np.asarray(x.sum() / x.size) if x.dtype == object else \
            np.asarray(torch_sum(x) / x.dtype.type(x.size), x.dtype)
    if reduction == "sum":
        return np.asarray(torch_sum(x))
    return x


def mse_loss(a, b, reduction):
    d = a - b
    return _reduce(d * d, reduction)


def mse_loss_backward(g, a, b, reduction):
    out = 2 * (a - b) * g
    return out / numel(np.broadcast_shapes(a.shape, b.shape)) if reduction == "mean" else out


def mse_double(g, a, reduction):
    out = 2 * g
    return out / numel(a.shape) if reduction == "mean" else out


def mse_grad_output_grad(xp, gg, g, a, b, reduction):
    if reduction == "none":
        return xp.mse_loss_backward(gg, a, b, reduction)
    return xp.sum(xp.mse_loss_backward(xp.ones_like(g), a, b, reduction) * gg)


# The binary cross entropies take `weight` (w) and `pos_weight` (pw) as inputs too, ones
# where torch was given none (`weighted`: whether pos_weight was), so that each stays
# pointwise; neither is differentiable in torch.
def bce_logits(x, y, w, pw, reduction, weighted, weight_given=True):
    # torch's stable form of log(1 + exp(x)) - x*y, its log-sigmoid scaled by pos_weight
    m = np.maximum(-x, 0)
    minus_log_sigmoid = m + np.log(np.exp(-m) + np.exp(-x - m))
    if weighted:
        minus_log_sigmoid = minus_log_sigmoid * ((pw - 1) * y + 1)
    loss = (1 - y) * x + minus_log_sigmoid
    return _reduce(loss * w if weight_given else loss, reduction)


def _log_sigmoid(xp, x):
    return -(xp.clamp_min(-x, 0) + xp.log(1 + xp.exp(-xp.abs(x))))


def bce_logits_grads(xp, g, x, y, w, pw, reduction, weighted, weight_given=True):
    """torch's binary_cross_entropy_with_logits_backward and its _target_backward."""
    sigmoid = 1 / (1 + xp.exp(-x))
    if weighted:
        t = pw * y
        gx = ((t + 1 - y) * sigmoid - t) * g
        gy = (_log_sigmoid(xp, -x) - _log_sigmoid(xp, x) * pw) * g
    else:
        gx, gy = (sigmoid - y) * g, -x * g
    if weight_given:  # (the ones that stand for no weight would show in the check's formulas)
        gx, gy = gx * w, gy * w
    n = numel(np.broadcast_shapes(x.shape, y.shape))
    return (gx / n, gy / n) if reduction == "mean" else (gx, gy)


def bce(x, y, w, reduction, weight_given=True):
    # torch clamps each log at -100, so that x = 0 or 1 gives a finite loss
    logs = y * np.maximum(np.log(x), -100) + (1 - y) * np.maximum(np.log(1 - x), -100)
    return _reduce(-logs * w if weight_given else -logs, reduction)


def bce_grads(xp, g, x, y, w, reduction, weight_given=True):
    """torch's binary_cross_entropy_backward and _target_backward (-logit(x))."""
    gx = g * (x - y) / xp.clamp_min((1 - x) * x, 1e-12)
    gy = -xp.log(x / (1 - x)) * g
    if weight_given:
        gx, gy = gx * w, gy * w
    n = numel(np.broadcast_shapes(x.shape, y.shape))
    return (gx / n, gy / n) if reduction == "mean" else (gx, gy)


def _rows(target):
    """Where each target picks from the log-probs, whose class dim is 1 ((N, C, d1, ...) with
    target (N, d1, ...)), or 0 for a 0-d target."""
    if not target.ndim:
        return (target,)
    grid = np.indices(target.shape, sparse=True)
    return (grid[0], target, *grid[1:])


def _row_weights(target, weight, ignore_index, dtype):
    """Each row's class (0 where ignored) and weight (weight[class], 0 where ignored)."""
    keep = target != ignore_index
    safe = np.where(keep, target, 0)
    ones = np.ones(target.shape, np.float64 if dtype == np.dtype(object) else dtype)
    return safe, (ones if weight is None else weight[safe].astype(ones.dtype)) * keep


def trilinear_backward(xp, g, i1, i2, i3, expand1, expand2, expand3, sumdim):
    """ATen's _trilinear_backward: each input's gradient is another _trilinear, the output
    gradient standing where that input stood."""
    return (xp.trilinear(g, i2, i3, sumdim, expand2, expand3, expand1),
            xp.trilinear(i1, g, i3, expand1, sumdim, expand3, expand2),
            xp.trilinear(i1, i2, g, expand1, expand2, sumdim, expand3))


def nll_loss(logp, target, reduction, weight=None, ignore_index=-100, spatial=False):
    """torch's nll_loss (or nll_loss2d: `spatial`, which only names the op)."""
    safe, w = _row_weights(target, weight, ignore_index, logp.dtype)
    picked = np.asarray(-logp[_rows(safe)] * w)  # (an unbatched one's is 0-d: sympy's too)
    if reduction == "mean":  # torch divides by the total weight of the rows it kept
        return np.asarray(picked.sum() / w.sum(), logp.dtype)
    return _reduce(picked, reduction)


def nll_loss_backward(g, target, shape, reduction, weight=None, ignore_index=-100,
                      spatial=False):
    safe, w = _row_weights(target, weight, ignore_index, g.dtype)
    g = g / w.sum() if reduction == "mean" else g
    return scatter_array(np.broadcast_to(-g, target.shape) * w, shape, _rows(safe))


def remainder(a, b):
    """torch's remainder: fmod, moved by b where its sign differs from b's (so a zero keeps
    a's sign, where numpy's takes b's)."""
    mod = np.fmod(a, b)
    return np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)


def div_rounding(a, b, mode):
    if mode == "floor":
        return np.floor_divide(a, b)
    if a.dtype.kind == "f":
        return np.trunc(a / b)
    return np.sign(a) * np.sign(b) * (np.abs(a) // np.abs(b))  # C's integer division


def xlogy(a, b):
    """torch's xlogy: a * log(b), 0 where a is 0 unless b is nan."""
    with np.errstate(divide="ignore", invalid="ignore"):
        product = a * via_double(np.log)(b)
    return np.where((a == 0) & ~np.isnan(b), 0, product)


def bias_letters(bias: tuple, out: tuple, letters: str) -> str:
    """A bias's einsum letters where it is added to an output of `letters`: a dim of 1 that
    broadcasts gets a letter of its own (`x`, `y`, `z`), summed over in its gradient."""
    out, letters = out[len(out) - len(bias):], letters[len(out) - len(bias):]
    return "".join(c if n == m else other for c, n, m, other in zip(letters, bias, out, "xyz"))


def not_implemented(name):
    raise runtime_error(f"derivative for {name} is not implemented")


# numpy's side of the array namespace VJPs run on (api.xp.TENSORS is the create_graph side)
NUMPY: ArrayNamespace = build(
    ArrayNamespace,
    where=np.where, broadcast_to=np.broadcast_to, reshape=np.reshape,
    transpose=np.transpose, swapaxes=np.swapaxes, matmul=np.matmul, flip=np.flip,
    solve=lambda a, b: np.linalg.solve(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype),
    cumsum=np.cumsum, roll=lambda a, shifts, dims: np.roll(a, shifts, dims), rot90=np.rot90,
    cumprod=lambda a, dim: np.cumprod(a, axis=dim, dtype=a.dtype), scatter=scatter_array,
    unscatter=unscatter_array,
    zeros_like=np.zeros_like, ones_like=np.ones_like, squeeze=np.squeeze, asarray=np.asarray,
    unsqueeze=np.expand_dims, t=np.transpose, select=lambda a, dim, index: select(a, dim, index),
    mul_scalar=np.multiply, div_scalar=np.true_divide, reciprocal=np.reciprocal,
    rdiv_scalar=lambda a, value: np.asarray(value, a.dtype) / a, clamp_min=np.maximum, abs=np.abs,
    stack=lambda arrays, dim: np.stack(arrays, dim), cat=lambda arrays, dim: np.concatenate(
        arrays, dim),
    zeros_shaped=lambda shape, like: np.zeros(shape, like.dtype),
    masked_fill_tensor=lambda a, mask, value: np.where(mask, value, a),
    masked_fill=lambda a, mask, value: np.where(mask, value, a),
    tanh_backward=tanh_backward, sigmoid_backward=sigmoid_backward,
    threshold_backward=threshold_backward, leaky_relu_backward=leaky_relu_backward,
    softmax_backward=softmax_backward, log_softmax_backward=log_softmax_backward,
    gelu_backward=gelu_backward, elu_backward=elu_backward,
    softplus_backward=softplus_backward,
    mse_loss_backward=mse_loss_backward, nll_loss_backward=nll_loss_backward,
    nll_loss=nll_loss, div_rounding=div_rounding, select_backward=select_backward,
    slice_backward=slice_backward,
    # (a stack of a sequence's pieces, each mostly zeros, costs its length squared)
    unbind_backward=lambda g, shape, dim, index: select_backward(g, shape, dim, index),
    diagonal=diagonal, diagonal_backward=diagonal_backward,
    cos=via_double(np.cos), sin=via_double(np.sin), cosh=via_double(np.cosh),
    sinh=via_double(np.sinh), exp=via_double(np.exp), log=via_double(np.log), xlogy=xlogy,
    op=lambda name, *inputs, **params: np.asarray(OPS[name].forward(*inputs, **params)),
    sum=lambda a, axis=None, keepdims=False: np.asarray(torch_sum(a, axis, keepdims)),
    pow_scalar=pow_scalar, sign=sign,
    scatter_src=scatter_src, scatter_add_src=scatter_add_src, index_add_src=index_add_src,
    gather=gather,
    index_select=lambda a, dim, index: np.take(a, index, axis=dim),
    im2col=convkit.im2col, col2im=convkit.col2im, trilinear=trilinear,
    adaptive_avg_pool=lambda a, out, extents: convkit.adaptive_avg_pool(
        a, out=out, extents=extents),
    adaptive_avg_pool_backward=lambda g, a, out, extents: convkit.adaptive_avg_pool_backward(
        g, a, out=out, extents=extents),
    unfold=convkit.tensor_unfold, unfold_backward=convkit.tensor_unfold_backward,
)
