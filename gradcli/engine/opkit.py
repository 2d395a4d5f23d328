"""Small numpy helpers the op table's forwards and VJPs share, and the numpy array namespace.

VJP helpers take `xp` (numpy's namespace here, or the tensor namespace under create_graph)
and use only what both provide.
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from .errors import runtime_error


def scatter_array(g, shape, key):
    """zeros(shape) with g added into [key]: the VJP of every indexing op."""
    out = np.zeros(shape, dtype=g.dtype)
    np.add.at(out, key, g)
    return out


def unscatter_array(g, key):
    """g with the slots [key] zeroed: what flows to the part of a tensor that was overwritten."""
    out = g.copy()
    out[key] = 0
    return out


NUMPY = SimpleNamespace(
    cos=np.cos, sin=np.sin, cosh=np.cosh, sinh=np.sinh, exp=np.exp, log=np.log, sign=np.sign,
    where=np.where, sum=np.sum, broadcast_to=np.broadcast_to, reshape=np.reshape,
    transpose=np.transpose, swapaxes=np.swapaxes, matmul=np.matmul, flip=np.flip,
    cumsum=np.cumsum, scatter=scatter_array, unscatter=unscatter_array,
)


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


def mT(xp, a):
    return xp.swapaxes(a, -1, -2) if a.ndim >= 2 else a


def outer(xp, g, b):
    return xp.reshape(g, (-1, 1)) * xp.reshape(b, (1, -1))


def prod_grad(xp, g, a):
    """d prod(a) / d a_i = product of all the others; exact with zeros (no division)."""
    flat = np.asarray(a).reshape(-1)
    left = np.concatenate([[1], np.cumprod(flat[:-1])]).astype(flat.dtype)
    right = np.concatenate([np.cumprod(flat[::-1][:-1])[::-1], [1]]).astype(flat.dtype)
    return g * (left * right).reshape(a.shape)


def prod_others(a, dim):
    """For each element, the product of the others along `dim`; exact with zeros."""
    a = np.moveaxis(np.asarray(a), dim, -1)
    ones = np.ones(a.shape[:-1] + (1,), a.dtype)
    left = np.concatenate([ones, np.cumprod(a[..., :-1], axis=-1)], axis=-1)
    right = np.flip(np.concatenate([ones, np.cumprod(np.flip(a, -1)[..., :-1], axis=-1)], -1), -1)
    return np.moveaxis(left * right, -1, dim)


def even_split(xp, g, a, o):
    # NOTE: torch splits a full max/min reduction's gradient evenly among ties.
    mask = a == o
    return g * mask / mask.sum()


def even_split_dim(xp, g, a, o, dim, keepdim):
    shape = kept_shape(a.shape, dim)
    mask = a == xp.reshape(o, shape)
    return xp.reshape(g, shape) * mask / mask.sum(axis=dim, keepdims=True)


def take_dim(a, index, dim, keepdim):
    out = np.take_along_axis(a, np.expand_dims(index, dim), axis=dim)
    return out if keepdim else np.squeeze(out, axis=dim)


def along_key(index, dim):
    """An advanced-index key k with a[k] == take_along_axis(a, index, dim)."""
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    return tuple(grids)


def put_dim(xp, g, shape, index, dim, keepdim):
    """`index` has the reduced shape (without `dim`), whatever keepdim was."""
    index = np.expand_dims(index, dim)
    return xp.scatter(xp.reshape(g, index.shape), shape, along_key(index, dim))


def norm_grad(xp, g, a, o):
    # NOTE: torch gives 0 (not nan) at the zero vector.
    return g * xp.where(o == 0, 0 * a, a / xp.where(o == 0, 1 + 0 * o, o))


def reverse_cumsum(xp, g, dim):
    return xp.flip(xp.cumsum(xp.flip(g, dim), dim), dim)


def softmax(a, dim):
    with np.errstate(all="ignore"):
        e = np.exp(a - np.max(a, axis=dim, keepdims=True))
        return e / np.sum(e, axis=dim, keepdims=True)


def log_softmax(a, dim):
    with np.errstate(all="ignore"):
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
    return a[dim_key(dim, index)]


def put(base, value, key):
    out = base.copy()
    out[key] = value
    return out


def split_back(g, sizes, dim):
    starts = np.cumsum([0, *sizes])
    return tuple(g[dim_key(dim, slice(s, e))] for s, e in zip(starts[:-1], starts[1:]))


def in_bounds(a, lo, hi):
    # NOTE: clamp passes the gradient at its boundaries (inclusive), as torch.
    ok = np.ones(a.shape, dtype=bool)
    if lo is not None:
        ok &= a >= lo
    if hi is not None:
        ok &= a <= hi
    return ok


def pow_base_grad(xp, g, a, b):
    # NOTE: the b == 0 term is 0 even where a ** -1 is inf, as torch.
    return xp.where(b == 0, 0 * g, g * b * a ** (b - 1))


def _reduce(x, reduction):
    if reduction == "mean":
        return np.asarray(x.sum() / x.size) if x.dtype == object else np.asarray(x.mean(), x.dtype)
    if reduction == "sum":
        return np.asarray(x.sum())
    return x


def mse_loss(a, b, reduction):
    d = a - b
    return _reduce(d * d, reduction)


def mse_grads(g, a, b, reduction):
    ga = 2 * (a - b) * g
    if reduction == "mean":
        ga = ga / numel(np.broadcast_shapes(a.shape, b.shape))
    return ga, -ga


def _rows(target):
    return (np.arange(target.shape[0]), target) if target.ndim else (target,)


def nll_loss(logp, target, reduction):
    picked = -logp[_rows(target)]
    return _reduce(picked, reduction)


def nll_grad(xp, g, logp, target, reduction):
    n = target.size
    g = g / n if reduction == "mean" else g
    per_row = xp.broadcast_to(-g, target.shape)
    return xp.scatter(per_row, logp.shape, _rows(target))


def not_implemented(name):
    raise runtime_error(f"derivative for {name} is not implemented")
