"""torch's scans, differences and integrals along a dim: cummax, cummin, logcumsumexp; diff,
gradient, trapezoid (trapz) and cumulative_trapezoid, composed as torch composes them (their
grad_fns are the parts')."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.creation import zeros, zeros_like
from gradcli.torch._tensor.pointwise import add, bitwise_xor, div, float_kernel, mul, neg, sub
from gradcli.torch._tensor.reductions import ReturnTypes, cumsum, sum
from gradcli.torch._tensor.selecting import select
from gradcli.torch._tensor.shape import _dims, cat, view


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


# ---- torch.gradient: central differences inside, one-sided ones at the edges -----------------
@torch_function(
    "gradient(Tensor input, *, IntArrayRef dim, int64_t edge_order=1)",
    "gradient(Tensor input, *, Scalar spacing, IntArrayRef dim, int64_t edge_order=1)",
    "gradient(Tensor input, *, Scalar? spacing=None, int64_t? dim=None, int64_t edge_order=1)",
    "gradient(Tensor input, *, ArrayRef<Scalar> spacing, int64_t? dim=None, "
    "int64_t edge_order=1)",
    "gradient(Tensor input, *, ArrayRef<Scalar> spacing, IntArrayRef dim, int64_t edge_order=1)",
    "gradient(Tensor input, *, TensorList spacing, int64_t? dim=None, int64_t edge_order=1)",
    "gradient(Tensor input, *, TensorList spacing, IntArrayRef dim, int64_t edge_order=1)",
)
def gradient(input, *, spacing=None, dim=None, edge_order=1) -> tuple:
    """ATen's gradient: per dim, numbers spacing (gradient_helper_float) or coordinates
    (gradient_helper), the pieces put together by cat (CatBackward0)."""
    listed = isinstance(spacing, (list, tuple))
    dims = list(range(input.ndim)) if dim is None else \
        [dim] if isinstance(dim, int) else list(dim)
    _check_gradient(input, len(spacing) if listed else None, dim, dims, edge_order)
    steps = spacing if listed else [1.0 if spacing is None else spacing] * len(dims)
    return tuple(_gradient_along(input, normalize_dim(d, input.ndim), step, edge_order)
                 for d, step in zip(dims, steps))


def _check_gradient(input: Tensor, count: int | None, dim, dims: list, edge_order: int) -> None:
    """ATen's pre_check_gradient, in its order."""
    if input.dtype is dtypes.uint8:
        raise runtime_error("torch.gradient does not support uint8 input.")
    if count is not None and dim is None and count != input.ndim:
        raise runtime_error("torch.gradient expected spacing to be unspecified, a scalar, or a "
                            "list of length equal to 'self.dim() = "
                            f"{input.ndim}', since dim argument was not given, but got a list "
                            f"of length {count}")
    if count is not None and dim is not None and count != len(dims):
        raise runtime_error("torch.gradient expected spacing to be unspecified, a scalar or "
                            "it's spacing and dim arguments to have the same length, but got a "
                            f"spacing argument of length {count} and a dim argument of length "
                            f"{len(dims)}.")
    if edge_order not in (1, 2):
        raise runtime_error("torch.gradient only supports edge_order=1 and edge_order=2.")
    if dim is not None:
        _dims(dims, input.ndim)
    if any(input.data.shape[d] < edge_order + 1 for d in dims):
        raise runtime_error("torch.gradient expected each dimension size to be at least "
                            "edge_order+1")


def _gradient_along(t: Tensor, d: int, step, edge_order: int) -> Tensor:
    def part(start, stop=None):
        return _slice(t, d, start, stop)
    if isinstance(step, Tensor):
        center, first, last = _coordinate_differences(t, d, step, edge_order, part)
    else:
        center = _divided(_divided(sub(part(2), part(0, -2)), step), 2.0)
        if edge_order == 1:
            first, last = sub(part(1, 2), part(0, 1)), sub(part(-1), part(-2, -1))
        else:
            first = sub(add(_times(part(0, 1), -1.5), _times(part(1, 2), 2)),
                        _times(part(2, 3), 0.5))
            last = add(add(_times(part(-3, -2), 0.5), _times(part(-2, -1), -2)),
                       _times(part(-1), 1.5))
        first, last = _divided(first, step), _divided(last, step)
    return cat([first, center, last], d)


def _coordinate_differences(t: Tensor, d: int, x: Tensor, edge_order: int, part) -> tuple:
    """gradient_helper: second-order differences over uneven steps dx between coordinates."""
    if x.ndim != 1:
        raise runtime_error("torch.gradient expected each element of spacing to have one "
                            f"dimension, but got an element with {x.ndim} dimensions!")
    shape = [-1 if i == d else 1 for i in range(t.ndim)]
    dx = diff(x, 1, 0)
    dx1, dx2 = _slice(dx, 0, 0, -1), _slice(dx, 0, 1)
    a = view(div(neg(dx2), mul(dx1, add(dx1, dx2))), *shape)
    b = view(div(sub(dx2, dx1), mul(dx1, dx2)), *shape)
    c = view(div(dx1, mul(dx2, add(dx1, dx2))), *shape)
    center = add(add(mul(a, part(0, -2)), mul(b, part(1, -1))), mul(c, part(2)))
    h0, h1, hn, hm = (select(dx, 0, i) for i in (0, 1, -1, -2))
    if edge_order == 1:
        return center, div(sub(part(1, 2), part(0, 1)), h0), div(sub(part(-1), part(-2, -1)), hn)
    first = _weighted(part, (0, 1, 2), (
        div(neg(add(mul(h0, 2.0), h1)), mul(h0, add(h0, h1))), div(add(h0, h1), mul(h0, h1)),
        div(neg(h0), mul(h1, add(h0, h1)))))
    last = _weighted(part, (-3, -2, -1), (
        div(hn, mul(hm, add(hn, hm))), div(neg(add(hn, hm)), mul(hn, hm)),
        div(add(mul(hn, 2), hm), mul(hn, add(hn, hm)))))
    return center, first, last


def _weighted(part, starts: tuple, weights: tuple) -> Tensor:
    """a * part(i) + b * part(j) + c * part(k), each part one slice along the dim."""
    terms = [mul(w, part(s, s + 1 if s != -1 else None)) for w, s in zip(weights, starts)]
    return add(add(terms[0], terms[1]), terms[2])


def _divided(t: Tensor, number) -> Tensor:
    """C++'s `t / number` (DivBackward1)."""
    return apply("div_scalar", (t,), other=number) if t.dtype.is_floating_point else \
        div(t, number)


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
