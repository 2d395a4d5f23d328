"""Tensor indexing: t[key] and t[key] = value, basic and advanced."""
from __future__ import annotations

import builtins
import math

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import index_error, runtime_error, type_error, value_error, warn
from gradcli.engine.tensor import Tensor, apply, as_tensor
from gradcli.engine.transforms import inherit, refuse_batched_mask
from gradcli.sandbox.guards import range_length
from gradcli.torch._tensor.creation import _flatten, _nested_shape
from gradcli.torch._tensor.inplace import _copy, _fill, _index_put_values, _inplace
from gradcli.torch._tensor.pointwise import INT64_MIN, written_value
from gradcli.torch._tensor.shape import _broadcasts, check_expand, foresee_indexed, view

_BAD_INDEX = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
              "are valid indices")


def _index_part(k):
    if isinstance(k, Tensor):
        if k.dtype.is_floating_point:
            raise index_error("tensors used as indices must be long, int, byte or bool tensors")
        if k.dtype.category == dtypes.INT and k.ndim == 0:
            return int(k.data)
        return np.asarray(k.data)  # (a 0-d result's data may be a numpy scalar: a mask still)
    if isinstance(k, list):
        return _list_index(k)
    if isinstance(k, range):  # x[range(2)]: torch makes it a long tensor, as a list
        runtime.current.limits.check_shape((range_length(k),))
        return np.arange(k.start, k.stop, k.step, dtype=np.int64)
    if isinstance(k, slice):
        return slice(*(_slice_bound(b) for b in (k.start, k.stop, k.step)))
    if isinstance(k, float):
        raise index_error(f"{_BAD_INDEX} (got float)")
    if isinstance(k, str):
        raise type_error("new(): invalid data type 'str'")
    return k


def _slice_bound(b):
    """A slice's start/stop/step as Python reads it: None, an int, or anything with __index__
    (an integer tensor)."""
    if b is None or isinstance(b, (int, np.integer)):
        return None if b is None else int(b)
    if isinstance(b, Tensor) and b.dtype.category == dtypes.INT and b.data.size == 1:
        return int(b.data.reshape(()))
    raise type_error("slice indices must be integers or None or have an __index__ method")


def _list_index(k: list) -> np.ndarray:
    """A list as an index, made a tensor as torch makes it: a mask if all its elements are
    bools, else int64 (floats truncated)."""
    shape = _nested_shape(k)
    flat: list = []
    _flatten(k, shape, 0, flat)
    if flat and builtins.all(type(v) is bool for v in flat):
        return np.array(flat, dtype=bool).reshape(shape)
    for i, v in enumerate(flat):
        if isinstance(v, float):
            if not (math.isfinite(v) and -2.0**63 <= v < 2.0**63):
                raise runtime_error("value cannot be converted to type int64 without overflow")
            flat[i] = int(v)
        elif not INT64_MIN <= v < -INT64_MIN:
            raise value_error("Overflow when unpacking long long")
    return np.array(flat, dtype=np.int64).reshape(shape)


_SEQUENCE_INDEX = ("Using a non-tuple sequence for multidimensional indexing is deprecated and "
                   "will be changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In "
                   "pytorch 2.9 this will be interpreted as tensor index, x[torch.tensor(seq)], "
                   "which will result either in an error or a different result")


def _list_as_tuple(key: list) -> bool:
    """numpy's old rule, which torch keeps (deprecated): a short list that holds a sequence,
    a slice, a tensor, `...` or None is a tuple of indices."""
    if len(key) >= 32:
        return False
    for k in key:
        if isinstance(k, (Tensor, list, tuple, str, range, slice)) or k is Ellipsis or k is None:
            warn(_SEQUENCE_INDEX)
            return True
    return False


def _normalize_key(key, ndim):
    if isinstance(key, list) and _list_as_tuple(key):
        key = tuple(key)
    parts = [_index_part(k) for k in (key if isinstance(key, tuple) else (key,))]
    advanced = any(isinstance(p, np.ndarray) or isinstance(p, bool) for p in parts)
    return parts, advanced


def getitem(t, key) -> Tensor:
    parts, advanced = _normalize_key(key, t.ndim)
    if advanced:
        k = tuple(parts)
        _check_advanced(t, parts)
        result = apply("index", (t,), key=k)
        if runtime.current.transforms:  # (the index tensors are params, not inputs)
            indices = [p for p in (key if isinstance(key, tuple) else (key,))
                       if isinstance(p, Tensor)]
            refuse_batched_mask(indices)
            inherit(result, indices)
        return result
    if not isinstance(key, tuple) and isinstance(key, slice):
        return _basic_index(t, parts, whole_slices=True)  # x[:] is SliceBackward0, as torch
    return _basic_index(t, parts)


def _check_advanced(t, parts) -> None:
    """torch's messages for a bad advanced index (numpy finds the same faults, worded apart)."""
    used = builtins.sum(p.ndim if isinstance(p, np.ndarray) and p.dtype == bool else 1
                        for p in parts if p is not None and p is not Ellipsis)
    if used > t.ndim:
        raise index_error(f"too many indices for tensor of dimension {t.ndim}")
    dim, first = 0, None
    for p in parts:
        if p is Ellipsis:
            dim += t.ndim - used
        elif isinstance(p, np.ndarray):
            first = dim if first is None else first
            _check_index_array(p, t.data.shape, dim, dim - first)
            dim += p.ndim if p.dtype == bool else 1
        elif p is not None:
            dim += 1
    arrays = [p for p in parts if isinstance(p, np.ndarray) and p.dtype != bool]
    foresee_indexed(arrays, t.data.itemsize, "the advanced index's result")


def _check_index_array(p, shape, dim, position) -> None:
    if p.dtype == bool:
        indexed = shape[dim:dim + p.ndim]
        for i, (m, n) in enumerate(zip(p.shape, indexed)):
            if m != n:
                raise index_error(f"The shape of the mask {list(p.shape)} at index {i} does not "
                                  f"match the shape of the indexed tensor {list(indexed)} at "
                                  f"index {i}")
        return
    size = shape[dim]
    bad = p[(p < -size) | (p >= size)]
    if bad.size:
        raise index_error(f"index {int(bad.flat[0])} is out of bounds for dimension {position} "
                          f"with size {size}")


def _basic_index(t, parts, whole_slices=False) -> Tensor:
    """Basic indexing as torch applies it: a view op per int, slice and None; `:` that keep
    a whole dim are skipped (unless `whole_slices`), and an index that changes nothing is
    x[...]'s AliasBackward0."""
    used = builtins.sum(1 for p in parts if p is not None and p is not Ellipsis and
                        p is not _EMPTY)
    if used > t.ndim:
        if t.ndim == 0 and isinstance(parts[0], int):
            raise index_error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                              "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        raise index_error(f"too many indices for tensor of dimension {t.ndim}")
    out, dim, source_dim = t, 0, 0  # dim in the result so far; source_dim in t (for errors)
    for p in parts:
        if p is Ellipsis:
            dim, source_dim = dim + t.ndim - used, source_dim + t.ndim - used
        elif p is None or p is _EMPTY:
            out = apply("unsqueeze", (out,), dim=dim)
            if p is _EMPTY:
                out = apply("slice", (out,), dim=dim, key=slice(0, 0))
            dim += 1
        elif isinstance(p, slice):
            if p.step is not None and p.step <= 0:
                raise value_error("step must be greater than zero")
            if whole_slices or not _keeps_dim(p, out.data.shape[dim]):
                out = apply("slice", (out,), dim=dim, key=p)
            dim, source_dim = dim + 1, source_dim + 1
        elif isinstance(p, int):
            size = out.data.shape[dim]
            if not -size <= p < size:
                raise index_error(f"index {p} is out of bounds for dimension {source_dim} with "
                                  f"size {size}")
            out = apply("select", (out,), dim=dim, index=p % size)
            source_dim += 1
        else:
            raise index_error(_BAD_INDEX)
    return apply("alias", (t,)) if out is t else out


def _keeps_dim(p: slice, size: int) -> bool:
    return p.start in (None, 0) and p.step in (None, 1) and (p.stop is None or p.stop >= size)


def _whole(parts, shape) -> bool:
    """Whether the non-tensor parts of an index select all of a tensor: torch's setitem then
    writes into the tensor itself instead of into a view (`y[:] = 1` is FillBackward3)."""
    used = builtins.sum(1 for p in parts if p is not None and p is not Ellipsis)
    dims = iter(shape)
    for p in parts:
        if p is Ellipsis or isinstance(p, np.ndarray) and p.dtype != bool:
            for _ in range(len(shape) - used if p is Ellipsis else 1):
                next(dims, None)
            continue
        size = next(dims, None)
        if not isinstance(p, slice) or size is None or not _keeps_dim(p, size):
            return False
    return True


def setitem(t, key, value) -> None:
    """`t[key] = value` as torch does it: fill_/copy_ into t or into the view t[key]
    (CopySlices), or index_put_ for tensor indices."""
    parts, _ = _normalize_key(key, t.ndim)
    v = _assigned_value(t, value)
    if any(p is False for p in parts):
        return  # torch writes nothing, and leaves the graph as it was
    parts = [_scalar_mask(p) for p in parts]
    advanced = any(isinstance(p, np.ndarray) for p in parts)
    if advanced:
        _index_put(t, parts, v)
        return
    target = t if _whole(parts, t.data.shape) else _basic_index(t, parts)
    v = _drop_leading_ones(v)
    if v.ndim == 0:
        _inplace(_fill, "copy_")(target, v)
    else:
        check_expand(v.data.shape, target.data.shape, v.dtype)
        _inplace(_copy, "copy_")(target, v)


_EMPTY = "an empty mask"  # a 0-d False mask: a new dim of size 0


def _scalar_mask(p):
    """A 0-d mask (True, tensor(True), tensor(False)) as torch's setitem reads it: a new dim
    of size 1 (None) or 0, a basic index, so the write goes through a view (CopySlices)."""
    if p is True or isinstance(p, np.ndarray) and p.dtype == bool and p.ndim == 0:
        return None if p else _EMPTY
    return p


def _assigned_value(t, value) -> Tensor:
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (bool, int, float)):
        if type(value) is int and not INT64_MIN <= value < -INT64_MIN:
            raise value_error("Overflow when unpacking long long")
        return as_tensor(written_value(value, t.dtype), t.dtype)
    raise type_error(f"can't assign a {type(value).__name__} to a {t.dtype.legacy}")


def _drop_leading_ones(v) -> Tensor:
    """torch drops a value's leading size-1 dims before writing it (`m[0] = ones(1, 3)`)."""
    lead = 0
    while lead < v.ndim and v.data.shape[lead] == 1:
        lead += 1
    return v if lead == 0 else view(v, v.data.shape[lead:])


def _index_put(t, parts, v) -> None:
    """`t[...tensor indices...] = v`: torch makes the view of the other parts, then index_put_
    into it (IndexPutBackward0 on t itself, or CopySlices when the view is a real one)."""
    basic, key = _split_index(parts, t.ndim)
    target = t if _whole(basic, t.data.shape) else _basic_index(t, basic)
    _check_advanced(target, list(key))
    slot = target.data[key].shape
    if not _broadcasts(v.data.shape, slot):
        raise runtime_error(f"shape mismatch: value tensor of shape {list(v.data.shape)} cannot "
                            f"be broadcast to indexing result of shape {list(slot)}")
    _inplace(_index_put_values, "index_put_")(target, v, key)


def _split_index(parts, ndim) -> tuple[list, tuple]:
    """The basic parts of an index (tensor indices kept as full slices), and the key of the
    tensor indices into the view those parts make."""
    spans = [p.ndim if isinstance(p, np.ndarray) and p.dtype == bool else 1
             for p in parts if p is not None and p is not Ellipsis]
    basic, key = [], []
    for p in parts:
        if p is Ellipsis:
            fill = ndim - builtins.sum(spans)
            basic += [slice(None)] * fill
            key += [slice(None)] * fill
        elif isinstance(p, np.ndarray):
            basic += [slice(None)] * (p.ndim if p.dtype == bool else 1)
            key.append(p)
        else:
            basic.append(p)
            if not isinstance(p, int):  # an int's dim is gone from the view
                key.append(slice(None))
    return basic, tuple(key)
