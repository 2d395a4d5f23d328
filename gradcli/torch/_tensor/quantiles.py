"""torch.quantile and nanquantile, composed as ATen's quantile_compute: the values sorted
along the reduced dim, the two neighbours of each q's rank gathered and interpolated by
lerp_ in place (GatherBackward0, LerpBackward1, then SqueezeBackward4 ...)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.shape import flatten, gather, transpose, unsqueeze, view
from gradcli.torch._tensor.sorting import sort

MODES = ("linear", "lower", "higher", "midpoint", "nearest")
_ROUNDED = {"lower": np.floor, "higher": np.ceil, "nearest": np.round}


def _checked_q(input: Tensor, q, name: str) -> np.ndarray:
    if input.dtype not in (dtypes.float32, dtypes.float64):
        raise runtime_error(f"{name}() input tensor must be either float or double dtype")
    if not isinstance(q, Tensor):
        if not 0 <= q <= 1:
            raise runtime_error(f"{name}() q must be in the range [0, 1] but got {q:g}")
        return np.asarray(q, input.data.dtype)
    if q.ndim > 1:
        raise runtime_error(f"{name}() q must be a scalar or 1D tensor")
    if q.dtype is not input.dtype:
        raise runtime_error(f"{name}() q tensor must be same dtype as the input tensor")
    return q.data


def _out_shape(input: Tensor, q: np.ndarray, d: int | None, keepdim: bool) -> list[int]:
    """ATen's quantile_output_shape, with q's size in front (1 for a scalar q)."""
    shape: list[int] = []
    if d is not None and input.ndim:
        shape = list(input.data.shape)
        if keepdim:
            shape[d] = 1
        else:
            del shape[d]
    elif keepdim:
        shape = [1] * input.ndim
    return [q.size] + shape


def _ranks(sorted_data: np.ndarray, q: np.ndarray, ignore_nan: bool) -> np.ndarray:
    """Each q's rank among the sorted values, in the input's dtype as torch computes it; a
    row with nan: the last (quantile), or among the others (nanquantile)."""
    dtype = sorted_data.dtype.type
    nan = np.isnan(sorted_data)
    if ignore_nan:
        count = (~nan).sum(-1, keepdims=True) - 1
        ranks = q.reshape(-1) * count.astype(dtype)
        return np.where(ranks < 0, dtype(0), ranks)
    last = sorted_data.shape[-1] - 1
    ranks = q.reshape(-1) * dtype(last)
    return np.where(nan.any(-1, keepdims=True), dtype(last), ranks)


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan) -> Tensor:
    name = "quantile"  # (nanquantile's messages say quantile too)
    qs = _checked_q(input, q, name)
    if interpolation not in MODES:
        raise runtime_error(f"{name}() interpolation must be one of linear, lower, higher, "
                            f"midpoint or nearest, but got {interpolation}")
    if input.numel() == 0:
        raise runtime_error(f"{name}() input tensor must be non-empty")
    d = None if dim is None else normalize_dim(dim, input.ndim)
    if qs.size and not ((qs >= 0) & (qs <= 1)).all():
        raise runtime_error(f"{name}() q values must be in the range [0, 1]")
    out_shape = _out_shape(input, qs, d, keepdim)
    source = flatten(input) if d is None else transpose(unsqueeze(input, -1), d, -1)
    ordered = view(sort(source).values, tuple(out_shape[1:]) + (source.data.shape[-1],))
    ranks = _ranks(ordered.data, qs, ignore_nan)
    if interpolation in _ROUNDED:
        ranks = _ROUNDED[interpolation](ranks)
    below = ranks.astype(np.int64)
    out = gather(ordered, -1, Tensor(below))
    if interpolation in ("linear", "midpoint"):
        weights = np.full_like(ranks, 0.5) if interpolation == "midpoint" else ranks - below
        above = gather(ordered, -1, Tensor(np.ceil(ranks).astype(np.int64)))
        out = apply("lerp_tensor", (out, above, Tensor(weights)), out.dtype)
        out._storage.before_write()  # (torch's lerp_ writes into the gathered values)
    if not isinstance(q, Tensor) or q.ndim == 0:
        return apply("squeeze_last", (out,), dim=out.ndim - 1)
    moved = apply("transpose_", (apply("unsqueeze_", (out,), dim=0),), dim0=0, dim1=out.ndim)
    return apply("squeeze_last", (moved,), dim=moved.ndim - 1)


def _declared(name: str, ignore_nan: bool):
    """quantile or nanquantile (a row's nan ignored), with torch's two signatures."""
    def fn(input, q, dim=None, keepdim=False, *, interpolation="linear") -> Tensor:
        return _quantile(input, q, dim, keepdim, interpolation, ignore_nan)
    fn.__name__ = name
    return torch_function(*(f"{name}(Tensor input, {kind} q, int64_t? dim=None, "
                            "bool keepdim=False, *, c10::string_view interpolation=\"linear\", "
                            "Tensor out=None)" for kind in ("Tensor", "double")), method=True)(fn)


quantile = _declared("quantile", False)
nanquantile = _declared("nanquantile", True)
