"""Convolution and pooling over numpy arrays (float or object): sliding-window geometry,
im2col / col2im, and the forwards and VJPs of the op rows in ops_conv.py.

Every window op here sees 2-D planes: a 1-D op's inputs get a height of 1 (`planar`). Window
parameters are (height, width) pairs. im2col lays out a (B, C, H, W) batch as (B, C*kh*kw, L),
one column per window position (L = Ho*Wo), channel-major as torch's F.unfold; col2im adds such
columns back into planes (F.fold).
"""
from __future__ import annotations

import functools

import numpy as np

Pair = tuple[int, int]


def pooled_size(size: int, kernel: int, stride: int, pad: int, dilation: int,
                ceil_mode: bool = False) -> int:
    """torch's pooling_output_shape (and, without ceil_mode, conv's output size)."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = span // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:  # the last window starts in the padding
        out -= 1
    return out


def im2col(a: np.ndarray, kernel: Pair, dilation: Pair, padding: Pair, stride: Pair,
           out: Pair | None = None, fill=0) -> np.ndarray:
    """(B, C, H, W) -> (B, C*kh*kw, Ho*Wo): each window's elements, `fill` outside the input.
    (C, H, W) -> (C*kh*kw, Ho*Wo), unbatched."""
    if a.ndim == 3:
        return im2col(a[None], kernel, dilation, padding, stride, out, fill)[0]
    b, c, h, w = a.shape
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = kernel, dilation, padding, stride
    ho, wo = out or (pooled_size(h, kh, sh, ph, dh), pooled_size(w, kw, sw, pw, dw))
    padded = _padded(a, (ph, pw), ((ho - 1) * sh + (kh - 1) * dh + 1,
                                   (wo - 1) * sw + (kw - 1) * dw + 1), a.dtype.type(fill))
    cols = np.empty((b, c, kh, kw, ho, wo), a.dtype)
    for i in range(kh):
        for j in range(kw):
            cols[:, :, i, j] = padded[:, :, i * dh:i * dh + (ho - 1) * sh + 1:sh,
                                      j * dw:j * dw + (wo - 1) * sw + 1:sw]
    return cols.reshape(b, c * kh * kw, ho * wo)


def _padded(a: np.ndarray, padding: Pair, reach: Pair, fill) -> np.ndarray:
    """`a` inside a frame of `fill`: `padding` before, and after up to what windows reach."""
    b, c, h, w = a.shape
    size = (max(reach[0], h + padding[0]), max(reach[1], w + padding[1]))
    out = np.full((b, c, *size), fill, a.dtype)
    out[:, :, padding[0]:padding[0] + h, padding[1]:padding[1] + w] = a
    return out


def col2im(cols: np.ndarray, size: Pair, kernel: Pair, dilation: Pair, padding: Pair,
           stride: Pair, out: Pair | None = None) -> np.ndarray:
    """(B, C*kh*kw, Ho*Wo) -> (B, C, H, W): each column added back where im2col took it.
    (C*kh*kw, Ho*Wo) -> (C, H, W), unbatched."""
    if cols.ndim == 2:
        return col2im(cols[None], size, kernel, dilation, padding, stride, out)[0]
    (h, w), (kh, kw), (dh, dw), (ph, pw), (sh, sw) = size, kernel, dilation, padding, stride
    ho, wo = out or (pooled_size(h, kh, sh, ph, dh), pooled_size(w, kw, sw, pw, dw))
    b = cols.shape[0]
    # (the channels from the rows: -1 cannot be inferred for an empty batch)
    parts = cols.reshape(b, cols.shape[1] // (kh * kw), kh, kw, ho, wo)
    reach = ((ho - 1) * sh + (kh - 1) * dh + 1, (wo - 1) * sw + (kw - 1) * dw + 1)
    planes = _padded(np.zeros((b, parts.shape[1], h, w), cols.dtype), (ph, pw), reach,
                     cols.dtype.type(0))
    for i in range(kh):
        for j in range(kw):
            planes[:, :, i * dh:i * dh + (ho - 1) * sh + 1:sh,
                   j * dw:j * dw + (wo - 1) * sw + 1:sw] += parts[:, :, i, j]
    return planes[:, :, ph:ph + h, pw:pw + w].copy()


# ---- convolution ------------------------------------------------------------------------


def planar(shape: tuple, spatial: int) -> tuple:
    """A conv input's or weight's shape as 2-D planes with a leading batch:
    (N, C, L) -> (N, C, 1, L); unbatched (C, H, W) -> (1, C, H, W)."""
    batch = shape[:-spatial - 1] or (1,)
    return (*batch, shape[-spatial - 1], *((1,) * (2 - spatial)), *shape[-spatial:])


def _pairs(spatial: int, stride, padding, dilation) -> list[Pair]:
    """1-D window parameters as pairs over a height of 1; 2-D ones as they are."""
    return [tuple(p) if spatial == 2 else (fill, p[0])
            for p, fill in ((stride, 1), (padding, 0), (dilation, 1))]


def conv_geometry(x_shape: tuple, w_shape: tuple, stride, padding, dilation):
    """(kernel, stride, padding, dilation, (Ho, Wo)) of a convolution, as 2-D pairs."""
    spatial = len(w_shape) - 2
    stride, padding, dilation = _pairs(spatial, stride, padding, dilation)
    kernel = planar(w_shape, spatial)[2:]
    h, w = planar(x_shape, spatial)[2:]
    out = tuple(pooled_size(n, k, s, p, d) for n, k, s, p, d in
                zip((h, w), kernel, stride, padding, dilation))
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
    return (*x_shape[:-spatial - 1], w_shape[0], *out[2 - spatial:])


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
    n, c, h, width = planar(x.shape, spatial)
    grad_out = xp.reshape(g, (n, groups, w.shape[0] // groups, out[0] * out[1]))
    weights = xp.reshape(w, (groups, w.shape[0] // groups, -1))
    d_patches = xp.matmul(xp.transpose(weights, (0, 2, 1)), grad_out)
    grad_x = xp.col2im(xp.reshape(d_patches, (n, -1, out[0] * out[1])), (h, width), kernel,
                       dilation, padding, stride, out)
    patches = xp.reshape(xp.im2col(xp.reshape(x, (n, c, h, width)), kernel, dilation, padding,
                                   stride, out), (n, groups, -1, out[0] * out[1]))
    grad_w = xp.sum(xp.matmul(grad_out, xp.transpose(patches, (0, 1, 3, 2))), axis=0)
    grads = (xp.reshape(grad_x, x.shape), xp.reshape(grad_w, w.shape))
    if b is None:
        return grads
    per_channel = xp.reshape(g, (n, w.shape[0], out[0] * out[1]))
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
    """(planar sizes of the output, kernel, stride, padding, dilation, input planes (h, w),
    out channels) as 2-D pairs."""
    spatial = w.ndim - 2
    sizes = conv_transpose_shape(x.shape, w.shape, stride, padding, output_padding, dilation)
    stride, padding, dilation = _pairs(spatial, stride, padding, dilation)
    size = ((1,) * (2 - spatial)) + sizes
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
    cells = planes[0] * planes[1]
    inputs = x.reshape(n, groups, x.shape[-spatial - 1] // groups, cells)
    weights = np.swapaxes(w.reshape(groups, w.shape[0] // groups, -1), 1, 2)
    cols = np.matmul(weights, inputs).reshape(n, -1, cells)
    out = col2im(cols, size, kernel, dilation, padding, stride, planes)
    if b is not None:
        out = out + b.reshape(1, -1, 1, 1)
    return out.reshape(*x.shape[:-spatial - 1], out_channels, *sizes)


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
    cells = planes[0] * planes[1]
    windows = xp.reshape(xp.im2col(xp.reshape(g, (n, out_channels, *size)), kernel, dilation,
                                   padding, stride, planes), (n, groups, -1, cells))
    weights = xp.reshape(w, (groups, w.shape[0] // groups, -1))
    grad_x = xp.reshape(xp.matmul(weights, windows), x.shape)
    inputs = xp.reshape(x, (n, groups, w.shape[0] // groups, cells))
    grad_w = xp.sum(xp.matmul(inputs, xp.transpose(windows, (0, 1, 3, 2))), axis=0)
    grads = (grad_x, xp.reshape(grad_w, w.shape))
    if b is None:
        return grads
    per_channel = xp.reshape(g, (n, out_channels, size[0] * size[1]))
    return (*grads, xp.sum(xp.sum(per_channel, axis=2), axis=0))


# ---- pooling (over the last two dims; any dims before them are planes) ---------------------


def _planes(a: np.ndarray) -> np.ndarray:
    return a.reshape(-1, 1, *a.shape[-2:])


def max_pool_index(a: np.ndarray, kernel: Pair, stride: Pair, padding: Pair, dilation: Pair,
                   out: Pair) -> np.ndarray:
    """Where each window's maximum is: its flat position in its plane, the first one in the
    window's scan order (torch's kernel keeps a maximum until a larger value comes)."""
    h, w = a.shape[-2:]
    values = im2col(_planes(a), kernel, dilation, padding, stride, out, fill=-np.inf)
    positions = im2col(np.arange(h * w).reshape(1, 1, h, w), kernel, dilation, padding, stride,
                       out, fill=-1)[0]
    best = np.argmax(values, axis=1)  # (planes, windows)
    return positions[best, np.arange(best.shape[1])].reshape(*a.shape[:-2], *out)


def take_planes(a: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The elements of each plane of `a` at the flat positions `index` (max pooling)."""
    planes = a.reshape(-1, a.shape[-2] * a.shape[-1])
    windows = index.reshape(planes.shape[0], index.shape[-2] * index.shape[-1])
    return np.take_along_axis(planes, windows, 1).reshape(index.shape)


def max_pool_vjp(xp, g, o, a, index) -> tuple:
    """Each window's gradient added to its maximum's place."""
    planes, size = int(np.prod(a.shape[:-2])), a.shape[-2] * a.shape[-1]
    windows = index.reshape(planes, index.shape[-2] * index.shape[-1])
    flat = xp.reshape(g, windows.shape)
    return (xp.reshape(xp.scatter_add_src(flat, (planes, size), 1, windows), a.shape),)


def avg_divisors(size: Pair, kernel: Pair, stride: Pair, padding: Pair, out: Pair,
                 count_include_pad: bool, divisor_override) -> np.ndarray:
    """What torch divides each window's sum by: its size within the padded input (or within
    the input, without count_include_pad), or divisor_override. One per window, flat."""
    if divisor_override:
        return np.full(out[0] * out[1], divisor_override, np.int64)
    spans, inside = [], []
    for n, k, s, p, o in zip(size, kernel, stride, padding, out):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, n + p)
        spans.append(end - start)
        inside.append(np.minimum(end, n) - np.maximum(start, 0))
    rows, cols = spans if count_include_pad else inside
    return np.outer(rows, cols).reshape(-1)


def avg_pool_operands(a, *, kernel, stride, padding, out, divisors) -> tuple:
    """Average pooling's windows, (planes, kh*kw, windows): the check's `unfold`."""
    return (im2col(_planes(a), kernel, (1, 1), padding, stride, out),)


def avg_pool(a, *, kernel, stride, padding, out, divisors) -> np.ndarray:
    """Each window summed element by element in the input's dtype, then divided (torch's
    CPU kernel)."""
    (cols,) = avg_pool_operands(a, kernel=kernel, stride=stride, padding=padding, out=out,
                                divisors=divisors)
    total = np.zeros((cols.shape[0], cols.shape[2]), a.dtype)
    for k in range(cols.shape[1]):
        total = total + cols[:, k]
    scale = divisors.astype(object if a.dtype == object else a.dtype)
    return (total / scale).reshape(*a.shape[:-2], *out)


def avg_pool_vjp(xp, g, o, a, *, kernel, stride, padding, out, divisors) -> tuple:
    """Each window's gradient divided by its divisor, added to each of its elements."""
    planes, windows = int(np.prod(a.shape[:-2])), out[0] * out[1]
    dtype = (g if isinstance(g, np.ndarray) else g.data).dtype
    share = xp.reshape(g, (planes, 1, windows)) / xp.asarray(divisors.astype(dtype))
    spread = xp.broadcast_to(share, (planes, kernel[0] * kernel[1], windows))
    grad = xp.col2im(spread, a.shape[-2:], kernel, (1, 1), padding, stride, out)
    return (xp.reshape(grad, a.shape),)


# ---- adaptive average pooling: windows of varying size, (start, end) per output index ------


def adaptive_spans(size: int, out: int) -> tuple[np.ndarray, np.ndarray]:
    """torch's windows of output index i: floor(i*size/out) up to ceil((i+1)*size/out)."""
    i = np.arange(out)
    return i * size // out, -(-(i + 1) * size // out)


@functools.cache
def adaptive_windows(size: Pair, out: Pair) -> tuple[np.ndarray, np.ndarray]:
    """Each window's flat positions in its plane, row by row (torch's summing order), padded
    with -1 to the largest window: (Ho*Wo, K); and each window's (kh, kw), (Ho*Wo, 2)."""
    (h0, h1), (w0, w1) = adaptive_spans(size[0], out[0]), adaptive_spans(size[1], out[1])
    width = int(max(h1 - h0, default=0) * max(w1 - w0, default=0))
    positions = np.full((out[0], out[1], width), -1, np.int64)
    for oh, ow in np.ndindex(*out):
        rows, cols = np.arange(h0[oh], h1[oh]), np.arange(w0[ow], w1[ow])
        positions[oh, ow, :rows.size * cols.size] = (rows[:, None] * size[1] + cols).reshape(-1)
    extents = np.stack(np.broadcast_arrays((h1 - h0)[:, None], (w1 - w0)[None, :]), -1)
    return _frozen(positions.reshape(out[0] * out[1], width)), \
        _frozen(extents.reshape(-1, 2))


@functools.cache
def adaptive_sources(size: Pair, out: Pair) -> np.ndarray:
    """The transpose: each input position's windows in torch's order, padded with Ho*Wo (the
    index of a zero appended to the windows' gradients), (H*W, M)."""
    positions, _ = adaptive_windows(size, out)
    windows = [[] for _ in range(size[0] * size[1])]
    for window, position in zip(*np.nonzero(positions >= 0)):
        windows[positions[window, position]].append(window)
    sources = np.full((len(windows), max(map(len, windows), default=0)), len(positions))
    for position, found in enumerate(windows):
        sources[position, :len(found)] = found
    return _frozen(sources)


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


def adaptive_max_index(a: np.ndarray, out: Pair) -> np.ndarray:
    """Where each adaptive window's maximum is: its flat position in its plane, the first
    one in the window's row-by-row order."""
    positions, _ = adaptive_windows(a.shape[-2:], out)
    planes = a.reshape(-1, a.shape[-2] * a.shape[-1])
    padded = np.concatenate([planes, np.full((len(planes), 1), -np.inf, a.dtype)], 1)
    best = np.argmax(padded[:, positions], axis=2)  # (planes, windows)
    return positions[np.arange(len(positions)), best].reshape(*a.shape[:-2], *out)

def adaptive_avg_pool_operands(a, *, out, extents) -> tuple:
    """The windows' elements, zeros past a window's end (position -1 takes the zero appended
    to each plane): (planes, windows, K), the check's `unfold`."""
    positions, _ = adaptive_windows(a.shape[-2:], out)
    planes = a.reshape(-1, a.shape[-2] * a.shape[-1])
    padded = np.concatenate([planes, np.zeros((len(planes), 1), a.dtype)], 1)
    return (padded[:, positions],)


def adaptive_avg_pool(a, *, out, extents) -> np.ndarray:
    """Each window summed element by element in the input's dtype, then divided by its height
    and then by its width (torch's CPU kernel); `extents`: each window's (kh, kw)."""
    (cols,) = adaptive_avg_pool_operands(a, out=out, extents=extents)
    total = np.zeros(cols.shape[:2], a.dtype)
    for k in range(cols.shape[2]):
        total = total + cols[:, :, k]
    kh, kw = extents.astype(a.dtype).T
    return (total / kh / kw).reshape(*a.shape[:-2], *out)


def adaptive_avg_pool_backward(g, a, *, out, extents) -> np.ndarray:
    """torch's _adaptive_avg_pool2d_backward: each window's gradient divided by its height,
    then its width, and added to each of its elements, window after window (its order)."""
    planes = int(np.prod(a.shape[:-2]))
    kh, kw = extents.astype(g.dtype).T
    share = g.reshape(planes, out[0] * out[1]) / kh / kw
    share = np.concatenate([share, np.zeros((planes, 1), g.dtype)], 1)
    sources = adaptive_sources(a.shape[-2:], out)
    parts = share[:, sources]
    total = np.zeros(parts.shape[:2], g.dtype)
    for m in range(sources.shape[1]):
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
