"""torch's scans, differences and integrals along a dim: cummax, cummin, logcumsumexp; diff,
trapezoid (trapz) and cumulative_trapezoid, composed as torch composes them (their grad_fns
are the parts')."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.creation import zeros, zeros_like
from gradcli.torch._tensor.pointwise import add, bitwise_xor, div, float_kernel, mul, sub
from gradcli.torch._tensor.reductions import ReturnTypes, cumsum, sum
from gradcli.torch._tensor.shape import cat, view


# ---- running extrema and logcumsumexp -----------------------------------------------------
def _running_index(data: np.ndarray, dim: int, beats) -> np.ndarray:
    """Where torch's cummax_cummin_helper's running extremum is at each step along dim: an
    element that is nan, or `beats` (>= for max: ties move it on) a value that is not,
    takes its place."""
    moved = np.moveaxis(data, dim, 0)
    index = np.zeros(moved.shape, np.int64)
    best = moved[0].copy() if moved.shape[0] else moved[:0]
    for i in range(1, moved.shape[0]):
        here = moved[i]
        take = np.isnan(here) | (~np.isnan(best) & beats(here, best)) \
            if data.dtype.kind == "f" else beats(here, best)
        best = np.where(take, here, best)
        index[i] = np.where(take, i, index[i - 1])
    return np.moveaxis(index, 0, dim)


def _cumulative_extremum(name: str, beats):
    def fn(input, dim) -> ReturnTypes:
        d = normalize_dim(dim, input.ndim)
        index = _running_index(input.data, d, beats) if input.ndim else np.zeros((), np.int64)
        return ReturnTypes(name, apply(name, (input,), dim=d, index=index), Tensor(index))
    fn.__name__ = name
    return torch_function(f"{name}(Tensor input, int64_t dim, *, TensorList[2] out=None)",
                          method=True)(fn)


cummax = _cumulative_extremum("cummax", np.greater_equal)
cummin = _cumulative_extremum("cummin", np.less_equal)


@torch_function("logcumsumexp(Tensor input, int64_t dim, *, Tensor out=None)", method=True)
def logcumsumexp(input, dim) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    float_kernel(input, "logcumsumexp_out_cpu")
    return apply("logcumsumexp", (input,), dim=d)


def _slice(t: Tensor, dim: int, start: int, stop: int | None = None) -> Tensor:
    """t.slice(dim, start, stop): torch's Python-like bounds (an empty dim stays empty)."""
    return apply("slice", (t,), dim=dim, key=slice(start, stop))


@torch_function(
    "diff(Tensor input, int64_t n=1, int64_t dim=-1, Tensor? prepend=None, "
    "Tensor? append=None, *, Tensor out=None)",
    method=True,
)
def diff(input, n=1, dim=-1, prepend=None, append=None) -> Tensor:
    if input.ndim < 1:
        raise runtime_error("diff expects input to be at least one-dimensional")
    if n < 0:
        raise runtime_error(f"order must be non-negative but got {n}")
    d = normalize_dim(dim, input.ndim)
    for other in (prepend, append):
        _check_diff_operand(input, other, d)
    if n == 0:  # torch: zeros_like(input).copy_(input)
        return zeros_like(input).copy_(input)
    parts = [t for t in (prepend, input, append) if t is not None]
    result = cat(parts, d) if len(parts) > 1 else input
    for _ in range(min(n, result.data.shape[d])):
        size = result.data.shape[d]
        right, left = _slice(result, d, 1, size), _slice(result, d, 0, size - 1)
        result = bitwise_xor(right, left) if result.dtype is dtypes.bool_ else sub(right, left)
    return result


def _check_diff_operand(input: Tensor, other: Tensor | None, dim: int) -> None:
    if other is None:
        return
    if other.ndim != input.ndim:
        raise runtime_error("diff expects prepend or append to be the same dimension as input")
    for i, (mine, theirs) in enumerate(zip(input.data.shape, other.data.shape)):
        if i != dim and mine != theirs:
            raise runtime_error(
                "diff expects the shape of tensor to prepend or append to match that of input "
                f"except along the differencing dimension; input.size({i}) = {mine}, but got "
                f"tensor.size({i}) = {theirs}")


# ---- the trapezoid rule ---------------------------------------------------------------------
def _times(t: Tensor, number: float) -> Tensor:
    """C++'s `t * number` (MulBackward1; a Python call's number would be a tensor)."""
    return apply("mul_scalar", (t,), other=number) if t.dtype.is_floating_point else \
        mul(t, number)


def _halved(t: Tensor) -> Tensor:
    """C++'s `t / 2.` (DivBackward1)."""
    return apply("div_scalar", (t,), other=2.0) if t.dtype.is_floating_point else div(t, 2.0)


def _spacing(name: str, y: Tensor, x: Tensor, dim: int) -> Tensor:
    """x's differences along dim, x first viewed so that they broadcast with y's."""
    if x.ndim == 1:
        if x.data.shape[0] != y.data.shape[dim]:
            raise runtime_error(f"{name}: There must be one `x` value for each sample point")
        x = view(x, *[x.data.shape[0] if i == dim else 1 for i in range(y.ndim)])
    elif x.ndim < y.ndim:
        x = view(x, *(1,) * (y.ndim - x.ndim), *x.data.shape)
    return sub(_slice(x, dim, 1), _slice(x, dim, 0, -1))


def _check_no_bool(name: str, y: Tensor, x) -> None:
    if isinstance(x, Tensor):
        if dtypes.bool_ in (y.dtype, x.dtype):
            raise runtime_error(f"{name}: received a bool input for `x` or `y`, but bool is not "
                                "supported")
    elif y.dtype is dtypes.bool_:
        raise runtime_error(f"{name}: received a bool input for `y`, but bool is not supported")
    elif isinstance(x, bool):
        raise runtime_error(f"{name}: Currently, we only support dx as a real number.")


def _trapezoid(name: str):
    def fn(y, x=None, *, dx=None, dim=-1) -> Tensor:
        d = normalize_dim(dim, y.ndim)
        if y.data.shape[d] == 0:  # numpy's 0 for no samples
            return zeros(*(s for i, s in enumerate(y.data.shape) if i != d), dtype=y.dtype)
        spacing = x if x is not None else 1 if dx is None else dx
        _check_no_bool(name, y, spacing)
        if isinstance(spacing, Tensor):
            width = _spacing(name, y, spacing, d)
            return _halved(sum(mul(add(_slice(y, d, 0, -1), _slice(y, d, 1)), width), d))
        ends = add(apply("select", (y,), dim=d, index=0),
                   apply("select", (y,), dim=d, index=y.data.shape[d] - 1))
        return _times(sub(sum(y, d), _times(ends, 0.5)), float(spacing))
    fn.__name__ = name
    return fn


trapezoid, trapz = _trapezoid("trapezoid"), _trapezoid("trapz")
torch_function(
    "trapezoid(Tensor y, Tensor x, *, int64_t dim=-1)",
    "trapezoid(Tensor y, *, Scalar dx=1, int64_t dim=-1)",
)(trapezoid)
torch_function(
    "trapz(Tensor y, *, double dx=1, int64_t dim=-1)",
    "trapz(Tensor y, Tensor x, *, int64_t dim=-1)",
)(trapz)


@torch_function(
    "cumulative_trapezoid(Tensor y, Tensor x, *, int64_t dim=-1)",
    "cumulative_trapezoid(Tensor y, *, Scalar dx=1, int64_t dim=-1)",
)
def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1) -> Tensor:
    name = "cumulative_trapezoid"
    d = normalize_dim(dim, y.ndim)
    spacing = x if x is not None else 1 if dx is None else dx
    _check_no_bool(name, y, spacing)
    pairs = add(_slice(y, d, 0, -1), _slice(y, d, 1))
    if isinstance(spacing, Tensor):
        return _halved(cumsum(mul(pairs, _spacing(name, y, spacing, d)), d))
    return cumsum(_times(pairs, float(spacing) / 2.0), d)
