"""More rows of the op table (ops.py loads them): pixel_shuffle, pixel_unshuffle and
channel_shuffle, which move elements only (reshape, permute, reshape: they run on the check's
object arrays as they are). Each one's gradient is the inverse move, as torch's backward calls
it (pixel_unshuffle for pixel_shuffle, channel_shuffle by the other factor)."""
from __future__ import annotations

import numpy as np

from .optable import defop


def pixel_shuffle(a, factor):
    *batch, c, h, w = a.shape
    r = factor
    out = np.reshape(a, (*batch, c // (r * r), r, r, h, w))
    n = len(batch)
    out = np.transpose(out, (*range(n), n, n + 3, n + 1, n + 4, n + 2))
    return np.reshape(out, (*batch, c // (r * r), h * r, w * r))


def pixel_unshuffle(a, factor):
    *batch, c, h, w = a.shape
    r = factor
    out = np.reshape(a, (*batch, c, h // r, r, w // r, r))
    n = len(batch)
    out = np.transpose(out, (*range(n), n, n + 2, n + 4, n + 1, n + 3))
    return np.reshape(out, (*batch, c * r * r, h // r, w // r))


def channel_shuffle(a, groups):
    n, c, *rest = a.shape
    out = np.reshape(a, (n, groups, c // groups, *rest))
    return np.reshape(np.swapaxes(out, 1, 2), a.shape)


defop("pixel_shuffle", "PixelShuffleBackward0", pixel_shuffle,
      lambda xp, g, o, a, factor: (xp.op("pixel_unshuffle", g, factor=factor),), rearranges=True)
defop("pixel_unshuffle", "PixelUnshuffleBackward0", pixel_unshuffle,
      lambda xp, g, o, a, factor: (xp.op("pixel_shuffle", g, factor=factor),), rearranges=True)
defop("channel_shuffle", "ChannelShuffleBackward0", channel_shuffle,
      lambda xp, g, o, a, groups: (xp.op("channel_shuffle", g, groups=a.shape[1] // groups),),
      rearranges=True)
