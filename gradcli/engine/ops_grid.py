"""More rows of the op table (ops.py loads them): torch's grid_sampler_2d/3d (F.grid_sample)
and affine_grid_generator (F.affine_grid).

A grid sample is, for each output point and each spatial dim, a coordinate made from the
grid (unnormalized, then clipped or reflected by the padding mode) and a few taps along that
dim, each an input index weighted by a polynomial of the coordinate's fraction t. The taps'
indices, which of them lie inside the input, and each coordinate's slope in the grid
(unnormalize's scale times the reflections' signs, 0 where clipped: torch's gradient
multiplier) come from the grid's values once (`plan`, in the grid's dtype as torch's kernels
compute them) and are the op's params, as max_pool's argmax is. So the sampled value is
linear in the input and a polynomial in the grid: the check's sympy form is exact, and the
fraction's slope is torch's at the clipped and reflected borders.
"""
from __future__ import annotations

import itertools
from typing import NamedTuple

import numpy as np

from . import symforms as S
from .errors import runtime_error
from .optable import defop

BILINEAR, NEAREST, BICUBIC = 0, 1, 2
ZEROS, BORDER, REFLECTION = 0, 1, 2
_A = -0.75  # the cubic convolution's A, as torch's bicubic


class Plan(NamedTuple):
    """One spatial dim's sampling, arrays over the output points (N, *out): the taps' input
    indices (taps, N, *out), the coordinate's slope in the grid and the offset that gives the
    fraction t = slope * grid + offset."""
    indices: np.ndarray
    slope: np.ndarray
    offset: np.ndarray


def _unnormalize(g: np.ndarray, size: int, align_corners: bool) -> tuple:
    """torch's grid_sampler_unnormalize and its slope."""
    one = g.dtype.type(1)
    if align_corners:
        return (g + one) / 2 * g.dtype.type(size - 1), (size - 1) / 2
    return ((g + one) * g.dtype.type(size) - one) / 2, size / 2


def _clip(c: np.ndarray, size: int, nan_to: int) -> tuple:
    """torch's clip_coordinates_set_grad: the clipped coordinate and its slope (0 or 1); a
    nan becomes `nan_to` (its 2-D kernel's vector clamp gives 0, the 3-D one's std::min
    size - 1)."""
    inside = (c > 0) & (c < size - 1)
    clipped = np.minimum(np.maximum(c, 0), c.dtype.type(size - 1))
    return np.where(np.isnan(c), c.dtype.type(nan_to), clipped), inside.astype(np.float64)


def _reflect(c: np.ndarray, twice_low: int, twice_high: int) -> tuple:
    """torch's reflect_coordinates_set_grad: the reflected coordinate and its sign."""
    if twice_low == twice_high:
        return np.zeros_like(c), np.zeros(c.shape)
    t = c.dtype.type
    low, span = t(twice_low / 2), t((twice_high - twice_low) / 2)
    shifted = c - low
    sign = np.where(shifted < 0, -1.0, 1.0)
    shifted = np.abs(shifted)
    extra = np.fmod(shifted, span)
    flipped = np.floor(shifted / span) % 2 == 1
    return np.where(flipped, span - extra + low, extra + low), np.where(flipped, -sign, sign)


def _padded(c: np.ndarray, size: int, padding: int, align_corners: bool, nan_to: int) -> tuple:
    """torch's compute_coordinates (with its slope); non-finite or huge ones become -100, as
    its safe_downgrade_to_int_range."""
    slope = np.ones(c.shape)
    if padding == REFLECTION:
        c, slope = _reflect(c, 0, 2 * (size - 1)) if align_corners else \
            _reflect(c, -1, 2 * size - 1)
    if padding != ZEROS:
        c, inside = _clip(c, size, nan_to)
        slope = slope * inside
    with np.errstate(invalid="ignore"):
        unsafe = ~(np.abs(c) < 2.0**31)
    return np.where(unsafe, c.dtype.type(-100), c), slope


def plan(grid: np.ndarray, sizes: tuple, mode: int, padding: int,
         align_corners: bool) -> tuple:
    """One Plan per spatial dim of the input (depth, height, width; the grid's last dim lists
    them the other way round)."""
    plans = []
    for k, size in enumerate(sizes):
        g = grid[..., len(sizes) - 1 - k]
        c, slope = _unnormalize(g, size, align_corners)
        nan_to = 0 if len(sizes) == 2 else size - 1
        if mode != BICUBIC:
            c, reflected = _padded(c, size, padding, align_corners, nan_to)
            slope = slope * reflected
        start = np.rint(c) if mode == NEAREST else np.floor(c)
        with np.errstate(invalid="ignore"):
            # a grid value that is not finite has no slope; its fraction is constant (the
            # coordinate was clipped or became -100) or, where torch's 2-D kernel subtracts
            # floor(inf) or nan unclipped, nan
            finite = np.isfinite(g)
            slope = np.where(finite, slope, 0.0)
            offset = c.astype(np.float64) - start - slope * np.nan_to_num(g.astype(np.float64))
            if len(sizes) == 2 and (mode == BICUBIC or (mode, padding) == (BILINEAR, ZEROS)):
                offset = np.where(finite, offset, np.nan)
        first = start.astype(np.int64) if mode != BICUBIC else start
        if mode == BILINEAR:
            indices = np.stack([first, first + 1])
        elif mode == NEAREST:
            indices = first[None]
        else:  # bicubic pads each tap's index, not the coordinate
            indices = np.stack([_padded(start - 1 + j, size, padding, align_corners, nan_to)[0]
                                for j in range(4)]).astype(np.int64)
        plans.append(Plan(indices, slope, offset))
    return tuple(plans)


def _near(t):  # cubic_convolution1, |x| <= 1
    return ((_A + 2) * t - (_A + 3)) * t * t + 1


def _far(t):  # cubic_convolution2, 1 < |x| < 2
    return ((_A * t - 5 * _A) * t + 8 * _A) * t - 4 * _A


def _weights(mode: int, t) -> tuple:
    """Each tap's weight, a polynomial of the fraction t (numbers or sympy expressions)."""
    if mode == NEAREST:
        return (t * 0 + 1,)
    if mode == BILINEAR:
        return (1 - t, t)
    return (_far(t + 1), _near(t), _near(1 - t), _far(2 - t))


def _slopes(mode: int, t) -> tuple:
    """The weights' derivatives in t."""
    if mode == NEAREST:  # (constants even where t is nan, as torch's)
        return (np.zeros_like(t),)
    if mode == BILINEAR:
        return (np.full_like(t, -1.0), np.ones_like(t))

    def near(x):
        return (3 * (_A + 2) * x - 2 * (_A + 3)) * x

    def far(x):
        return (3 * _A * x - 10 * _A) * x + 8 * _A
    return (far(t + 1), near(t), -near(1 - t), -far(2 - t))


def _fractions(grid, plans) -> list:
    """Each dim's fraction t (a non-finite grid value has slope 0: no nan from 0 * nan)."""
    dims = len(plans)
    if grid.dtype != object:
        grid = np.nan_to_num(grid.astype(np.float64))
    return [p.slope * grid[..., dims - 1 - k] + p.offset for k, p in enumerate(plans)]


def _taps(a_shape: tuple, plans) -> list:
    """Every combination of one tap per dim: (its indices into a's planes, where all are
    inside the input, each dim's tap number)."""
    sizes, out = a_shape[2:], []
    batch = np.arange(a_shape[0]).reshape((-1,) + (1,) * (plans[0].indices.ndim - 2))
    for which in itertools.product(*(range(len(p.indices)) for p in plans)):
        indices = [p.indices[j] for p, j in zip(plans, which)]
        inside = np.logical_and.reduce([(i >= 0) & (i < n) for i, n in zip(indices, sizes)])
        clamped = [np.clip(i, 0, n - 1) for i, n in zip(indices, sizes)]
        out.append(((batch, slice(None), *clamped), inside, which))
    return out


def _gathered(a, index, inside):
    """a's values at the taps, (N, C, *out), 0 outside the input."""
    values = np.moveaxis(a[index], -1, 1)
    return np.where(np.expand_dims(inside, 1), values, 0)


def grid_sample(a, grid, mode, plans):
    """The sampled values, (N, C, *out); in float64 rounded once (object arrays as they are)."""
    symbolic = a.dtype == object or grid.dtype == object
    wide = a if symbolic else a.astype(np.float64)
    if symbolic:
        plans = tuple(p._replace(slope=S.elementwise(S.number, p.slope),
                                 offset=S.elementwise(S.number, p.offset)) for p in plans)
    weights = [_weights(mode, t) for t in _fractions(grid, plans)]
    total = 0
    for index, inside, which in _taps(a.shape, plans):
        weight = np.prod([w[j] for w, j in zip(weights, which)], axis=0)
        total = total + np.expand_dims(weight, 1) * _gathered(wide, index, inside)
    return total if symbolic else np.asarray(total).astype(a.dtype)


def _grads(g, a, grid, mode, plans) -> tuple:
    """(input's gradient, grid's gradient) of grid_sample, in float64."""
    wide, gw = a.astype(np.float64), g.astype(np.float64)
    fractions = _fractions(grid, plans)
    weights = [_weights(mode, t) for t in fractions]
    slopes = [_slopes(mode, t) for t in fractions]
    grad_a, grad_t = np.zeros(a.shape), [np.zeros(fractions[0].shape) for _ in plans]
    for index, inside, which in _taps(a.shape, plans):
        taken = [w[j] for w, j in zip(weights, which)]
        weight = np.where(inside, np.prod(taken, axis=0), 0)
        np.add.at(grad_a, index, np.moveaxis(gw * np.expand_dims(weight, 1), 1, -1))
        along = (gw * _gathered(wide, index, inside)).sum(axis=1)
        for k, slope in enumerate(slopes):
            others = np.prod([w for d, w in enumerate(taken) if d != k], axis=0)
            grad_t[k] += along * slope[which[k]] * others
    dims = len(plans)
    grad_grid = np.stack([grad_t[dims - 1 - c] * plans[dims - 1 - c].slope for c in range(dims)],
                         axis=-1)
    return grad_a, grad_grid


def _backward(g, a, grid, which, mode, plans):
    return _grads(g, a, grid, mode, plans)[which].astype(a.dtype)


def _vjp(name):
    def vjp(xp, g, o, a, grid, mode, plans):
        return tuple(xp.op(f"{name}_backward", g, a, grid, which=i, mode=mode, plans=plans)
                     for i in range(2))
    return vjp


def _refuse_double(name: str):
    raise runtime_error(f"gradcli does not support the gradient of {name}'s backward (a grid "
                        "sample's gradient taken with create_graph, differentiated again) yet")


def _sym(a, grid, mode, plans):
    return grid_sample(a, grid, mode, plans)


for _dims in (2, 3):
    _name = f"grid_sampler_{_dims}d"
    defop(_name, f"GridSampler{_dims}DBackward0", grid_sample, _vjp(_name), ("ab", "ab"), _sym)
    # torch differentiates its backward again; gradcli does not yet (a refusal, not a guess)
    defop(f"{_name}_backward", f"GridSampler{_dims}DBackwardBackward0", _backward,
          lambda xp, gg, o, g, a, grid, which, mode, plans, _n=_name: _refuse_double(_n))


# ---- affine_grid_generator ----------------------------------------------------------

def base_grid(sizes: tuple, align_corners: bool, dtype) -> np.ndarray:
    """torch's affine grid base: (*sizes, dims + 1), the last dim (x, y[, z], 1), each
    coordinate spaced evenly over [-1, 1] (shrunk by (n - 1) / n without align_corners)."""
    axes = []
    for n in sizes:
        steps = np.linspace(-1, 1, n, dtype=np.float64) if n > 1 else np.zeros(1)
        if not align_corners and n > 1:
            steps = steps * ((n - 1) / n)
        axes.append(steps.astype(dtype))
    mesh = np.meshgrid(*axes, indexing="ij")
    base = np.stack([*reversed(mesh), np.ones(tuple(sizes), dtype)], axis=-1)
    base.flags.writeable = False
    return base


def affine_grid(theta, base):
    """(N, *sizes, dims): each base point mapped by each theta."""
    wide = theta if theta.dtype == object else theta.astype(np.float64)
    out = np.einsum("...j,nij->n...i", base.astype(object if theta.dtype == object else
                                                   np.float64), wide)
    return out if theta.dtype == object else out.astype(theta.dtype)


def _affine_vjp(xp, g, o, theta, base):
    """torch's affine_grid_generator_backward: baseᵀ of each batch bmm g, transposed."""
    points, n = int(np.prod(base.shape[:-1])), g.shape[0]
    flat_g = xp.reshape(g, (n, points, g.shape[-1]))
    base_t = base.reshape(points, base.shape[-1]).T  # in theta's dtype
    batched = xp.asarray(np.ascontiguousarray(np.broadcast_to(base_t, (n, *base_t.shape))))
    return (xp.swapaxes(xp.matmul(batched, flat_g), 1, 2),)


defop("affine_grid_generator", "AffineGridGeneratorBackward0", affine_grid, _affine_vjp, "",
      linear=True)
