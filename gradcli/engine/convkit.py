"""Convolution and pooling over numpy arrays (float or object): sliding-window geometry,
im2col / col2im, and the forwards and VJPs of the op rows in ops_conv.py.

Every window op here sees planes of two or three dims: a 1-D op's inputs get a height of 1
(`planar`). Window parameters are tuples over those dims, (height, width) or (depth, height,
width). im2col lays out a (B, C, *size) batch as (B, C*K, L), one column per window position
(L windows of K elements), channel-major as torch's F.unfold; col2im adds such columns back
into planes (F.fold).
"""
from __future__ import annotations

import functools
import math

import numpy as np

from . import symforms as S

Window = tuple[int, ...]


def pooled_size(size: int, kernel: int, stride: int, pad: int, dilation: int,
                ceil_mode: bool = False) -> int:
    """torch's pooling_output_shape (and, without ceil_mode, conv's output size)."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = span // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:  # the last window starts in the padding
        out -= 1
    return out


def _windows_out(size, kernel, dilation, padding, stride) -> Window:
    return tuple(pooled_size(n, k, s, p, d)
                 for n, k, s, p, d in zip(size, kernel, stride, padding, dilation))


def _reach(kernel, dilation, stride, out) -> Window:
    """How far each dim's windows reach, from the padded input's start."""
    return tuple((o - 1) * s + (k - 1) * d + 1
                 for k, d, s, o in zip(kernel, dilation, stride, out))


def _window_slices(at, dilation, stride, out) -> tuple:
    """The elements at kernel offset `at` of every window, as slices of the padded input."""
    return (..., *(slice(i * d, i * d + (o - 1) * s + 1, s)
                   for i, d, s, o in zip(at, dilation, stride, out)))


def im2col(a: np.ndarray, kernel: Window, dilation: Window, padding: Window, stride: Window,
           out: Window | None = None, fill=0) -> np.ndarray:
    """(B, C, *size) -> (B, C*K, L): each window's elements, `fill` outside the input.
    (C, *size) -> (C*K, L), unbatched."""
    if a.ndim == len(kernel) + 1:
        return im2col(a[None], kernel, dilation, padding, stride, out, fill)[0]
    b, c = a.shape[:2]
    out = out or _windows_out(a.shape[2:], kernel, dilation, padding, stride)
    padded = _padded(a, padding, _reach(kernel, dilation, stride, out), a.dtype.type(fill))
    cols = np.empty((b, c, *kernel, *out), a.dtype)
    for at in np.ndindex(*kernel):
        cols[(slice(None), slice(None), *at)] = padded[_window_slices(at, dilation, stride, out)]
    return cols.reshape(b, c * math.prod(kernel), math.prod(out))


def _padded(a: np.ndarray, padding: Window, reach: Window, fill) -> np.ndarray:
    """`a` inside a frame of `fill`: `padding` before, and after up to what windows reach."""
    size = tuple(max(r, n + p) for r, n, p in zip(reach, a.shape[2:], padding))
    out = np.full((*a.shape[:2], *size), fill, a.dtype)
    out[(..., *(slice(p, p + n) for p, n in zip(padding, a.shape[2:])))] = a
    return out


def col2im(cols: np.ndarray, size: Window, kernel: Window, dilation: Window, padding: Window,
           stride: Window, out: Window | None = None) -> np.ndarray:
    """(B, C*K, L) -> (B, C, *size): each column added back where im2col took it.
    (C*K, L) -> (C, *size), unbatched."""
    if cols.ndim == 2:
        return col2im(cols[None], size, kernel, dilation, padding, stride, out)[0]
    out = out or _windows_out(size, kernel, dilation, padding, stride)
    b = cols.shape[0]
    # (the channels from the rows: -1 cannot be inferred for an empty batch)
    parts = cols.reshape(b, cols.shape[1] // math.prod(kernel), *kernel, *out)
    planes = _padded(np.zeros((b, parts.shape[1], *size), cols.dtype), padding,
                     _reach(kernel, dilation, stride, out), cols.dtype.type(0))
    for at in np.ndindex(*kernel):
        planes[_window_slices(at, dilation, stride, out)] += parts[(slice(None), slice(None),
                                                                    *at)]
    return planes[(..., *(slice(p, p + n) for p, n in zip(padding, size)))].copy()


# ---- convolution ------------------------------------------------------------------------


def planar(shape: tuple, spatial: int) -> tuple:
    """A conv input's or weight's shape as planes of 2 or 3 dims with a leading batch:
    (N, C, L) -> (N, C, 1, L); unbatched (C, H, W) -> (1, C, H, W)."""
    batch = shape[:-spatial - 1] or (1,)
    return (*batch, shape[-spatial - 1], *((1,) * (2 - spatial)), *shape[-spatial:])


def _pairs(spatial: int, stride, padding, dilation) -> list[Window]:
    """1-D window parameters as pairs over a height of 1; 2-D and 3-D ones as they are."""
    return [tuple(p) if spatial > 1 else (fill, p[0])
            for p, fill in ((stride, 1), (padding, 0), (dilation, 1))]


def conv_geometry(x_shape: tuple, w_shape: tuple, stride, padding, dilation):
    """(kernel, stride, padding, dilation, out) of a convolution, over its planes' dims."""
    spatial = len(w_shape) - 2
    stride, padding, dilation = _pairs(spatial, stride, padding, dilation)
    kernel = planar(w_shape, spatial)[2:]
    out = _windows_out(planar(x_shape, spatial)[2:], kernel, dilation, padding, stride)
    return kernel, stride, padding, dilation, out


def conv_operands(x, w, b=None, *, stride, padding, dilation, groups) -> tuple:
    """A convolution as one product (the check's `unfold`): patches (N, G, Cg*K [+1], L) and
    weights (G, Og, Cg*K [+1]); a bias is the weights' last column, over a row of ones."""
    spatial = w.ndim - 2
    kernel, stride, padding, dilation, out = conv_geometry(x.shape, w.shape, stride, padding,
                                                           dilation)
    n = planar(x.shape, spatial)[0]
    cols = im2col(x.reshape(planar(x.shape, spatial)), kernel, dilation, padding, stride, out)
    patches = cols.reshape(n, groups, -1, cols.shape[-1])
    weights = w.reshape(groups, w.shape[0] // groups, -1)
    if b is not None:
        ones = np.full((n, groups, 1, cols.shape[-1]), x.dtype.type(1), x.dtype)
        patches = np.concatenate([patches, ones], axis=2)
        weights = np.concatenate([weights, b.reshape(groups, -1, 1)], axis=2)
    return patches, weights


def conv_shape(x_shape: tuple, w_shape: tuple, stride, padding, dilation) -> tuple:
    """The output's shape: the input's with the weight's out channels and the windows' count."""
    spatial = len(w_shape) - 2
    out = conv_geometry(x_shape, w_shape, stride, padding, dilation)[-1]
    return (*x_shape[:-spatial - 1], w_shape[0], *out[len(out) - spatial:])


def conv_sym(x, w, b=None, **params) -> np.ndarray:
    """The convolution over any arrays (sympy's object arrays too): weights @ patches."""
    patches, weights = conv_operands(x, w, b, **params)
    return np.matmul(weights, patches).reshape(conv_shape(x.shape, w.shape, params["stride"],
                                                          params["padding"], params["dilation"]))


def conv(x, w, b=None, **params) -> np.ndarray:
    """Float convolution, summed in float64 and rounded once (torch's float32 kernels sum in
    their own blocked order: this is within their rounding, never further)."""
    wide = [None if a is None else a.astype(np.float64) for a in (x, w, b)]
    return conv_sym(*wide, **params).astype(x.dtype)


def conv_vjp(xp, g, o, x, w, b=None, *, stride, padding, dilation, groups) -> tuple:
    """torch's convolution_backward: the input's gradient is the weights' transpose times the
    output's, folded back (col2im); the weight's, the output's times the patches (im2col)."""
    if isinstance(g, np.ndarray):  # float64 throughout, rounded once by the engine
        g, x, w = g.astype(np.float64), x.astype(np.float64), w.astype(np.float64)
    spatial = w.ndim - 2
    kernel, stride, padding, dilation, out = conv_geometry(x.shape, w.shape, stride, padding,
                                                           dilation)
    n, c, *size = planar(x.shape, spatial)
    cells = math.prod(out)
    grad_out = xp.reshape(g, (n, groups, w.shape[0] // groups, cells))
    weights = xp.reshape(w, (groups, w.shape[0] // groups, -1))
    d_patches = xp.matmul(xp.transpose(weights, (0, 2, 1)), grad_out)
    grad_x = xp.col2im(xp.reshape(d_patches, (n, -1, cells)), tuple(size), kernel, dilation,
                       padding, stride, out)
    patches = xp.reshape(xp.im2col(xp.reshape(x, (n, c, *size)), kernel, dilation, padding,
                                   stride, out), (n, groups, -1, cells))
    grad_w = xp.sum(xp.matmul(grad_out, xp.transpose(patches, (0, 1, 3, 2))), axis=0)
    grads = (xp.reshape(grad_x, x.shape), xp.reshape(grad_w, w.shape))
    if b is None:
        return grads
    per_channel = xp.reshape(g, (n, w.shape[0], cells))
    return (*grads, xp.sum(xp.sum(per_channel, axis=2), axis=0))


# ---- transposed convolution: a convolution's input gradient, as a forward -----------------


def conv_transpose_shape(x_shape: tuple, w_shape: tuple, stride, padding, output_padding,
                         dilation) -> tuple:
    """(in - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1 per
    spatial dim, the weight's dim 1 (times the groups) as channels; the input's batch."""
    spatial = len(w_shape) - 2
    sizes = tuple((n - 1) * s - 2 * p + d * (k - 1) + op + 1 for n, k, s, p, op, d in zip(
        x_shape[-spatial:], w_shape[2:], stride, padding, output_padding, dilation))
    return sizes


def _transposed_geometry(x, w, stride, padding, output_padding, dilation, groups) -> tuple:
    """(the output's sizes, and as planes, kernel, stride, padding, dilation, the input's
    planes, out channels) over the planes' dims."""
    spatial = w.ndim - 2
    sizes = conv_transpose_shape(x.shape, w.shape, stride, padding, output_padding, dilation)
    stride, padding, dilation = _pairs(spatial, stride, padding, dilation)
    size = (1,) * (2 - spatial) + sizes
    kernel = planar(w.shape, spatial)[2:]
    planes = planar(x.shape, spatial)[2:]
    return sizes, size, kernel, stride, padding, dilation, planes, w.shape[1] * groups


def conv_transpose_sym(x, w, b=None, *, stride, padding, output_padding, dilation, groups):
    """The transposed convolution over any arrays: each input position's weights (its column
    of Wᵀ·x) added back into the output's windows (col2im)."""
    sizes, size, kernel, stride, padding, dilation, planes, out_channels = \
        _transposed_geometry(x, w, stride, padding, output_padding, dilation, groups)
    spatial = w.ndim - 2
    n = planar(x.shape, spatial)[0]
    cells = math.prod(planes)
    inputs = x.reshape(n, groups, x.shape[-spatial - 1] // groups, cells)
    weights = np.swapaxes(w.reshape(groups, w.shape[0] // groups, -1), 1, 2)
    cols = np.matmul(weights, inputs).reshape(n, -1, cells)
    out = col2im(cols, size, kernel, dilation, padding, stride, planes)
    if b is not None:
        out = out + b.reshape(1, -1, *(1,) * len(size))
    return out.reshape(*x.shape[:-spatial - 1], out_channels, *sizes)


def conv_transpose_operands(x, w, b=None, *, stride, padding, output_padding, dilation,
                            groups) -> tuple:
    """A transposed convolution as a convolution's one product (the check's `unfold`): the
    input spread `stride` apart, framed by a kernel's reach less the padding (cropped where
    that is negative), under the weight flipped and with its in and out channels swapped."""
    spatial = w.ndim - 2
    kernel = w.shape[2:]
    before = [d * (k - 1) - p for k, p, d in zip(kernel, padding, dilation)]
    after = [f + op for f, op in zip(before, output_padding)]
    spread = [(n - 1) * s + 1 for n, s in zip(x.shape[2:], stride)]
    frame = np.zeros((*x.shape[:2], *(max(f, 0) + n + max(a, 0) for f, n, a in
                                      zip(before, spread, after))), x.dtype)
    frame[(..., *(slice(max(f, 0), max(f, 0) + n, s)
                  for f, n, s in zip(before, spread, stride)))] = x
    framed = frame[(..., *(slice(max(-f, 0), m - max(-a, 0))
                           for f, a, m in zip(before, after, frame.shape[2:])))]
    per_group = w.reshape(groups, w.shape[0] // groups, w.shape[1], *kernel)
    flipped = np.swapaxes(per_group, 1, 2)[(..., *(slice(None, None, -1),) * spatial)]
    return conv_operands(framed, flipped.reshape(-1, w.shape[0] // groups, *kernel), b,
                         stride=(1,) * spatial, padding=(0,) * spatial, dilation=dilation,
                         groups=groups)


def conv_transpose(x, w, b=None, **params) -> np.ndarray:
    """Float transposed convolution, summed in float64 and rounded once (as conv)."""
    wide = [None if a is None else a.astype(np.float64) for a in (x, w, b)]
    return conv_transpose_sym(*wide, **params).astype(x.dtype)


def conv_transpose_vjp(xp, g, o, x, w, b=None, *, stride, padding, output_padding, dilation,
                       groups) -> tuple:
    """The input's gradient is the convolution of the output's gradient with the weight
    (im2col, then W·windows); the weight's, the input times those windows."""
    if isinstance(g, np.ndarray):  # float64 throughout, rounded once by the engine
        g, x, w = g.astype(np.float64), x.astype(np.float64), w.astype(np.float64)
    sizes, size, kernel, stride, padding, dilation, planes, out_channels = \
        _transposed_geometry(x, w, stride, padding, output_padding, dilation, groups)
    spatial = w.ndim - 2
    n = planar(x.shape, spatial)[0]
    cells = math.prod(planes)
    windows = xp.reshape(xp.im2col(xp.reshape(g, (n, out_channels, *size)), kernel, dilation,
                                   padding, stride, planes), (n, groups, -1, cells))
    weights = xp.reshape(w, (groups, w.shape[0] // groups, -1))
    grad_x = xp.reshape(xp.matmul(weights, windows), x.shape)
    inputs = xp.reshape(x, (n, groups, w.shape[0] // groups, cells))
    grad_w = xp.sum(xp.matmul(inputs, xp.transpose(windows, (0, 1, 3, 2))), axis=0)
    grads = (grad_x, xp.reshape(grad_w, w.shape))
    if b is None:
        return grads
    per_channel = xp.reshape(g, (n, out_channels, math.prod(size)))
    return (*grads, xp.sum(xp.sum(per_channel, axis=2), axis=0))


# ---- pooling (over the last 2 or 3 dims, as many as the window's; any before them are planes)


def _planes(a: np.ndarray, spatial: int) -> np.ndarray:
    return a.reshape(-1, 1, *a.shape[-spatial:])


def max_pool_index(a: np.ndarray, kernel: Window, stride: Window, padding: Window,
                   dilation: Window, out: Window) -> np.ndarray:
    """Where each window's maximum is: its flat position in its plane, the first one in the
    window's scan order (torch's kernel keeps a maximum until a larger value comes)."""
    size = a.shape[-len(kernel):]
    values = im2col(_planes(a, len(kernel)), kernel, dilation, padding, stride, out,
                    fill=-np.inf)
    positions = im2col(np.arange(math.prod(size)).reshape(1, 1, *size), kernel, dilation,
                       padding, stride, out, fill=-1)[0]
    best = np.argmax(values, axis=1)  # (planes, windows)
    return positions[best, np.arange(best.shape[1])].reshape(*a.shape[:-len(kernel)], *out)


def _flat_planes(a, spatial: int) -> tuple[int, int]:
    """(how many planes, elements in each) of `a`'s last `spatial` dims."""
    return math.prod(a.shape[:-spatial]), math.prod(a.shape[-spatial:])


def take_planes(a: np.ndarray, index: np.ndarray, spatial: int = 2) -> np.ndarray:
    """The elements of each plane of `a` at the flat positions `index` (max pooling)."""
    planes = a.reshape(_flat_planes(a, spatial))
    windows = index.reshape(_flat_planes(index, spatial))
    return np.take_along_axis(planes, windows, 1).reshape(index.shape)


def max_pool_vjp(xp, g, o, a, index, spatial: int = 2) -> tuple:
    """Each window's gradient added to its maximum's place."""
    windows = index.reshape(_flat_planes(index, spatial))
    flat = xp.reshape(g, windows.shape)
    grad = xp.scatter_add_src(flat, _flat_planes(a, spatial), 1, windows)
    return (xp.reshape(grad, a.shape),)


def avg_divisors(size: Window, kernel: Window, stride: Window, padding: Window, out: Window,
                 count_include_pad: bool, divisor_override) -> np.ndarray:
    """What torch divides each window's sum by: its size within the padded input (or within
    the input, without count_include_pad), or divisor_override. One per window, flat."""
    if divisor_override:
        return np.full(math.prod(out), divisor_override, np.int64)
    spans, inside = [], []
    for n, k, s, p, o in zip(size, kernel, stride, padding, out):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, n + p)
        spans.append(end - start)
        inside.append(np.minimum(end, n) - np.maximum(start, 0))
    return functools.reduce(np.multiply.outer, spans if count_include_pad else inside) \
        .reshape(-1)


def avg_pool_operands(a, *, kernel, stride, padding, out, divisors) -> tuple:
    """Average pooling's windows, (planes, K, windows): the check's `unfold`."""
    return (im2col(_planes(a, len(kernel)), kernel, (1,) * len(kernel), padding, stride, out),)


def avg_pool(a, *, kernel, stride, padding, out, divisors) -> np.ndarray:
    """Each window summed element by element in the input's dtype, then divided (torch's
    CPU kernel)."""
    (cols,) = avg_pool_operands(a, kernel=kernel, stride=stride, padding=padding, out=out,
                                divisors=divisors)
    total = np.zeros((cols.shape[0], cols.shape[2]), a.dtype)
    for k in range(cols.shape[1]):
        total = total + cols[:, k]
    scale = divisors.astype(object if a.dtype == object else a.dtype)
    return (total / scale).reshape(*a.shape[:-len(kernel)], *out)


def avg_pool_vjp(xp, g, o, a, *, kernel, stride, padding, out, divisors) -> tuple:
    """Each window's gradient divided by its divisor, added to each of its elements."""
    n = len(kernel)
    planes, windows = math.prod(a.shape[:-n]), math.prod(out)
    dtype = (g if isinstance(g, np.ndarray) else g.data).dtype
    share = xp.reshape(g, (planes, 1, windows)) / xp.asarray(divisors.astype(dtype))
    spread = xp.broadcast_to(share, (planes, math.prod(kernel), windows))
    grad = xp.col2im(spread, a.shape[-n:], kernel, (1,) * n, padding, stride, out)
    return (xp.reshape(grad, a.shape),)


# ---- adaptive pooling: windows of varying size, (start, end) per output index -------------


def adaptive_spans(size: int, out: int) -> tuple[np.ndarray, np.ndarray]:
    """torch's windows of output index i: floor(i*size/out) up to ceil((i+1)*size/out)."""
    i = np.arange(out)
    return i * size // out, -(-(i + 1) * size // out)


@functools.cache
def adaptive_windows(size: Window, out: Window) -> tuple[np.ndarray, np.ndarray]:
    """Each window's flat positions in its plane, row by row (torch's summing order), padded
    with -1 to the largest window: (windows, K); and each window's extent in each dim,
    (windows, dims)."""
    spans = [adaptive_spans(n, o) for n, o in zip(size, out)]
    width = math.prod(int(max(end - start, default=0)) for start, end in spans)
    strides = [math.prod(size[d + 1:]) for d in range(len(size))]
    positions = np.full((*out, width), -1, np.int64)
    for at in np.ndindex(*out):
        ranges = np.ix_(*(np.arange(start[i], end[i]) for (start, end), i in zip(spans, at)))
        flat = sum(r * stride for r, stride in zip(ranges, strides)).reshape(-1)
        positions[at][:flat.size] = flat
    extents = np.stack(np.meshgrid(*(end - start for start, end in spans), indexing="ij"), -1)
    return _frozen(positions.reshape(math.prod(out), width)), \
        _frozen(extents.reshape(-1, len(size)))


@functools.cache
def adaptive_sources(size: Window, out: Window) -> np.ndarray:
    """The transpose: each input position's windows in torch's order, padded with the window
    count (the index of a zero appended to the windows' gradients), (positions, M)."""
    positions, _ = adaptive_windows(size, out)
    windows = [[] for _ in range(math.prod(size))]
    for window, position in zip(*np.nonzero(positions >= 0)):
        windows[positions[window, position]].append(window)
    sources = np.full((len(windows), max(map(len, windows), default=0)), len(positions))
    for position, found in enumerate(windows):
        sources[position, :len(found)] = found
    return _frozen(sources)


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


def adaptive_max_index(a: np.ndarray, out: Window) -> np.ndarray:
    """Where each adaptive window's maximum is: its flat position in its plane, the first
    one in the window's row-by-row order."""
    n = len(out)
    positions, _ = adaptive_windows(a.shape[-n:], out)
    planes = a.reshape(_flat_planes(a, n))
    padded = np.concatenate([planes, np.full((len(planes), 1), -np.inf, a.dtype)], 1)
    best = np.argmax(padded[:, positions], axis=2)  # (planes, windows)
    return positions[np.arange(len(positions)), best].reshape(*a.shape[:-n], *out)


def adaptive_avg_pool_operands(a, *, out, extents) -> tuple:
    """The windows' elements, zeros past a window's end (position -1 takes the zero appended
    to each plane): (planes, windows, K), the check's `unfold`."""
    positions, _ = adaptive_windows(a.shape[-len(out):], out)
    planes = a.reshape(_flat_planes(a, len(out)))
    padded = np.concatenate([planes, np.zeros((len(planes), 1), a.dtype)], 1)
    return (padded[:, positions],)


def adaptive_avg_pool(a, *, out, extents) -> np.ndarray:
    """Each window summed element by element in the input's dtype, then divided by its extent
    in each dim in turn (torch's CPU kernel: sum / kh / kw); `extents`: (windows, dims)."""
    (cols,) = adaptive_avg_pool_operands(a, out=out, extents=extents)
    total = np.zeros(cols.shape[:2], a.dtype)
    for k in range(cols.shape[2]):
        total = total + cols[:, :, k]
    for extent in extents.astype(a.dtype).T:
        total = total / extent
    return total.reshape(*a.shape[:-len(out)], *out)


def adaptive_avg_pool_backward(g, a, *, out, extents) -> np.ndarray:
    """torch's _adaptive_avg_pool2d_backward (and 3d's): each window's gradient divided by
    its extent in each dim in turn, and added to each of its elements, window after window
    (its order)."""
    n = len(out)
    planes = math.prod(a.shape[:-n])
    share = g.reshape(planes, math.prod(out))
    for extent in extents.astype(g.dtype).T:
        share = share / extent
    share = np.concatenate([share, np.zeros((planes, 1), g.dtype)], 1)
    parts = share[:, adaptive_sources(a.shape[-n:], out)]
    total = np.zeros(parts.shape[:2], g.dtype)
    for m in range(parts.shape[2]):
        total = total + parts[:, :, m]
    return total.reshape(a.shape)


# ---- Tensor.unfold: the windows of one dim, each moved to a new last dim -------------------
def tensor_unfold(a, dim: int, size: int, step: int):
    """a.unfold(dim, size, step): a view (over numpy's strides; object arrays, the check's,
    by indexing) of shape a.shape with dim's length made the window count, plus (size,)."""
    if a.ndim == 0:
        return a.reshape(1)
    count = (a.shape[dim] - size) // step + 1
    if a.dtype == object:
        at = np.arange(count)[:, None] * step + np.arange(size)
        return np.moveaxis(np.take(a, at, axis=dim), dim + 1, -1)
    shape = a.shape[:dim] + (count,) + a.shape[dim + 1:] + (size,)
    strides = a.strides[:dim] + (a.strides[dim] * step,) + a.strides[dim + 1:] + \
        (a.strides[dim],)
    return np.lib.stride_tricks.as_strided(a, shape, strides, writeable=a.flags.writeable)


def tensor_unfold_backward(g, shape, dim: int, size: int, step: int):
    """torch's unfold_backward: zeros of `shape` with each window's gradient added back where
    the window was (overlapping windows sum)."""
    out = np.zeros(shape, dtype=g.dtype)
    if not shape:
        return g.reshape(())
    windows = np.moveaxis(g, -1, dim + 1)  # (..., count, size, ...)
    key = [slice(None)] * len(shape)
    for k in range(size):
        key[dim] = np.arange(g.shape[dim]) * step + k
        out[tuple(key)] += np.take(windows, k, axis=dim + 1)
    return out


# ---- max unpooling: each element put back at its flat position in a plane ------------------


def max_unpool(a, *, index, size, held=None):
    """Each element of a plane put at its flat position `index` in a plane of `size`, zeros
    elsewhere (of two put at one place, the later stays, as in torch's kernel run on one
    thread). `held` is the check's (max_unpool_differentiated)."""
    n = len(size)
    planes = a.reshape(_flat_planes(a, n))
    out = np.zeros((len(planes), math.prod(size)), a.dtype)
    np.put_along_axis(out, index.reshape(planes.shape), planes, 1)
    return out.reshape(*a.shape[:-n], *size)


def max_unpool_vjp(xp, g, o, a, *, index, size, held=None) -> tuple:
    """Each element's gradient read where it was put (torch's: even one a later element
    overwrote gets it)."""
    planes = _flat_planes(a, len(size))
    grad = xp.gather(xp.reshape(g, (planes[0], math.prod(size))), 1, index.reshape(planes))
    return (xp.reshape(grad, a.shape),)


def max_unpool_differentiated(a, *, index, size, held=None):
    """The function torch's backward is the derivative of: the forward, plus how far each
    element a later one overwrote moved from its value then (`held`, unpool_held), so that
    it still counts. On object arrays too (the check's symbols)."""
    out = max_unpool(a, index=index, size=size)
    if held is None:
        return out
    S.unfolded(out)
    planes = a.reshape(_flat_planes(a, len(size)))
    where = index.reshape(planes.shape)
    over = overwritten(where)
    moved = S.changes(planes[over], held.reshape(planes.shape)[over])
    np.add.at(out.reshape(len(planes), -1), (np.nonzero(over)[0], where[over]), moved)
    return out


def unpool_held(a, index, size) -> np.ndarray | None:
    """The input's values in float64 where an index repeats in a plane (overlapping pooling
    windows); None where none does, and torch's gradient is the forward's derivative."""
    if not overwritten(index.reshape(_flat_planes(index, len(size)))).any():
        return None
    return np.array(a, dtype=np.float64)


def overwritten(where: np.ndarray) -> np.ndarray:
    """Per row of places (non-negative), whether a later element of the row is put at the
    same place: the elements a forward that writes them in order does not keep."""
    keys = (np.arange(len(where))[:, None] * (int(where.max(initial=0)) + 1) + where).ravel()
    _, last = np.unique(keys[::-1], return_index=True)
    out = np.ones(keys.size, dtype=bool)
    out[keys.size - 1 - last] = False
    return out.reshape(where.shape)


# ---- fractional max pooling: windows at pseudo-random starts, one draw per plane and dim -----


def fractional_starts(sample, size: int, out: int, kernel: int) -> np.ndarray:
    """torch's generate_intervals, in the sample's dtype: where each window starts."""
    starts = np.zeros(out, np.int64)
    if out > 1:
        alpha = sample.dtype.type(size - kernel) / sample.dtype.type(out - 1)
        i = np.arange(out - 1).astype(sample.dtype)
        starts[:-1] = ((i + sample) * alpha).astype(np.int64) - np.int64(sample * alpha)
    if out > 0:
        starts[-1] = size - kernel
    return starts


def fractional_max_index(a: np.ndarray, kernel: Window, out: Window,
                         samples: np.ndarray) -> np.ndarray:
    """Where each window's maximum is (its flat position in its plane): the first largest,
    or the last nan, as torch's kernel. samples: (batch, channels, dims) in [0, 1); torch's
    2-D kernel reads its width's first, the 3-D one depth, height, width."""
    n, size = len(kernel), a.shape[-len(kernel):]
    strides = [math.prod(size[d + 1:]) for d in range(n)]
    which = (1, 0) if n == 2 else (0, 1, 2)
    planes = a.reshape(-1, math.prod(size))
    channels = a.shape[-n - 1]
    index = np.empty((len(planes), math.prod(out)), np.int64)
    for p, plane in enumerate(planes):
        sample = samples[p // channels, p % channels]
        cells = np.zeros((), np.int64)
        for d in range(n):
            starts = fractional_starts(sample[which[d]], size[d], out[d], kernel[d])
            cells = np.add.outer(cells, (starts[:, None] + np.arange(kernel[d])) * strides[d])
        cells = cells.transpose(*range(0, 2 * n, 2), *range(1, 2 * n, 2)).reshape(
            math.prod(out), math.prod(kernel))
        index[p] = cells[np.arange(len(cells)), _first_max_last_nan(plane[cells])]
    return index.reshape(*a.shape[:-n], *out)


def _first_max_last_nan(values: np.ndarray) -> np.ndarray:
    """Per row: the last nan's column if there is one, else the first largest value's."""
    nan = np.isnan(values)
    last_nan = values.shape[1] - 1 - np.argmax(nan[:, ::-1], axis=1)
    return np.where(nan.any(axis=1), last_nan, np.argmax(np.where(nan, -np.inf, values), 1))
