"""More rows of the op table (ops.py loads them): torch's upsample ops (F.interpolate's
nearest, nearest-exact, linear, bilinear, trilinear and bicubic modes), and their backward
ops, whose own gradient under create_graph is the forward op again.

Every one of them maps each spatial dim separately and linearly: an output position takes a
weighted sum of a few input positions along that dim. So an op is its per-dim matrices
(out, in), one after the other over the last dims, with torch's indices and weights (computed
in float32, as its CPU kernels do); its backward applies the transposes. The check reads the
gradient off the forward run on symbols (`linear`).
"""
from __future__ import annotations

import numpy as np

from .optable import defop

F32 = np.float32
# mode -> torch's grad_fn stem, by number of spatial dims
GRAD_FN_STEMS = {
    "nearest": {1: "UpsampleNearest1D", 2: "UpsampleNearest2D", 3: "UpsampleNearest3D"},
    "nearest-exact": {1: "UpsampleNearestExact1D", 2: "UpsampleNearestExact2D",
                      3: "UpsampleNearestExact3D"},
    "linear": {1: "UpsampleLinear1D"},
    "bilinear": {2: "UpsampleBilinear2D"},
    "trilinear": {3: "UpsampleTrilinear3D"},
    "bicubic": {2: "UpsampleBicubic2D"},
}


def op_name(mode: str, dims: int) -> str:
    return f"upsample_{mode.replace('-', '_')}{dims}d"


def _scale_value(size: int, out: int, scale) -> np.float32:
    """torch's compute_scales_value: 1/scale_factor where one was given, else in/out."""
    if scale is not None and scale > 0:
        return F32(1.0 / scale)
    return F32(size) / F32(out)


def _pixel_scale(size: int, out: int, align_corners: bool, scale) -> np.float32:
    """torch's area_pixel_compute_scale."""
    if align_corners:
        return F32(size - 1) / F32(out - 1) if out > 1 else F32(0)
    return _scale_value(size, out, scale)


def _source_index(scale, dst: np.ndarray, align_corners: bool, cubic: bool) -> np.ndarray:
    """torch's area_pixel_compute_source_index, in float32."""
    if align_corners:
        return scale * dst.astype(F32)
    src = scale * (dst.astype(F32) + F32(0.5)) - F32(0.5)
    return src if cubic else np.maximum(src, F32(0))


def _nearest_indices(size: int, out: int, scale, exact: bool) -> np.ndarray:
    dst = np.arange(out)
    if not exact and out == size:
        return dst
    if not exact and out == 2 * size:
        return dst >> 1
    s = _scale_value(size, out, scale)
    # (nearest: dst * scale in float32; nearest-exact: (dst + 0.5) in double, times the
    # scale, made a float for floorf)
    src = (dst.astype(F32) * s) if not exact else ((dst + 0.5) * np.float64(s)).astype(F32)
    return np.minimum(np.floor(src).astype(np.int64), size - 1)


def _linear_taps(size: int, out: int, align_corners: bool, scale) -> tuple:
    """torch's compute_source_index_and_lambda: two indices and weights per output index."""
    dst = np.arange(out)
    if out == size:
        return (dst, dst), (np.ones(out, F32), np.zeros(out, F32))
    src = _source_index(_pixel_scale(size, out, align_corners, scale), dst, align_corners,
                        False)
    i0 = np.minimum(np.floor(src).astype(np.int64), size - 1)
    lambda1 = np.minimum(np.maximum(src - i0.astype(F32), F32(0)), F32(1))
    i1 = i0 + (i0 < size - 1)
    return (i0, i1), (F32(1) - lambda1, lambda1)


def _cubic_taps(size: int, out: int, align_corners: bool, scale) -> tuple:
    """torch's bicubic taps: indices floor(src)-1 .. floor(src)+2 clamped to the input, and
    the cubic convolution's weights (A = -0.75) of the fraction."""
    dst = np.arange(out)
    src = _source_index(_pixel_scale(size, out, align_corners, scale), dst, align_corners,
                        True)
    start = np.floor(src).astype(np.int64)
    t = src - start.astype(F32)
    a = F32(-0.75)

    def near(x):  # cubic_convolution1, |x| <= 1
        return ((a + 2) * x - (a + 3)) * x * x + 1

    def far(x):  # cubic_convolution2, 1 < |x| < 2
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a

    weights = (far(t + F32(1)), near(t), near(F32(1) - t), far(F32(2) - t))
    indices = tuple(np.clip(start - 1 + j, 0, size - 1) for j in range(4))
    return indices, weights


def resample_matrix(mode: str, size: int, out: int, align_corners: bool, scale) -> np.ndarray:
    """The (out, in) matrix of one spatial dim: each row an output index's weights."""
    if mode in ("nearest", "nearest-exact"):
        indices, weights = (_nearest_indices(size, out, scale, mode == "nearest-exact"),), \
            (np.ones(out, F32),)
    elif mode == "bicubic":
        indices, weights = _cubic_taps(size, out, align_corners, scale)
    else:
        indices, weights = _linear_taps(size, out, align_corners, scale)
    matrix = np.zeros((out, size))
    for index, weight in zip(indices, weights):
        np.add.at(matrix, (np.arange(out), index), weight.astype(np.float64))
    matrix.flags.writeable = False
    return matrix


def resample(a, matrices):
    """`a` with each of its last len(matrices) dims mapped by its matrix, in float64 rounded
    once to a's dtype (object arrays, the check's, as they are)."""
    wide = a if a.dtype == object else a.astype(np.float64)
    for k, matrix in enumerate(matrices):
        axis = a.ndim - len(matrices) + k
        wide = np.moveaxis(np.matmul(np.moveaxis(wide, axis, -1), matrix.T), -1, axis)
    return wide if a.dtype == object else wide.astype(a.dtype)


def _transposed(matrices) -> tuple:
    return tuple(m.T for m in matrices)


for _mode, _stems in GRAD_FN_STEMS.items():
    for _dims, _stem in _stems.items():
        _name = op_name(_mode, _dims)
        # torch saves no tensor: its backward op is the transposed map, whose own gradient
        # is the forward op again
        defop(_name, f"{_stem}Backward0", resample,
              lambda xp, g, o, a, matrices, _back=f"{_name}_backward": (
                  xp.op(_back, g, matrices=_transposed(matrices)),), "", linear=True)
        defop(f"{_name}_backward", f"{_stem}BackwardBackward0", resample,
              lambda xp, g, o, a, matrices, _fwd=_name: (
                  xp.op(_fwd, g, matrices=_transposed(matrices)),), "", linear=True)
