"""ATen's _trilinear (F.bilinear's kernel and its gradients'), computed a slice at a time so
that its float64 broadcast product never exists whole, bit for bit as in one piece."""
from __future__ import annotations

import math

import numpy as np


def trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim):
    """ATen's _trilinear: each input unsqueezed at its `expand` dims, the three multiplied
    (broadcast) and summed over `sumdim`. Floats are summed in double and rounded once;
    object arrays (the check's symbols) as they are."""
    parts = [np.expand_dims(x, tuple(e)) if e else x
             for x, e in ((i1, expand1), (i2, expand2), (i3, expand3))]
    dtype = np.result_type(i1, i2, i3)
    if dtype.kind == "O":
        return np.asarray(np.sum(parts[0] * parts[1] * parts[2], axis=tuple(sumdim)) + 0)
    return _summed_product([x.astype(np.float64) for x in parts], tuple(sumdim)).astype(dtype)


TRILINEAR_CHUNK = 2**21  # float64 elements of _trilinear's broadcast product made at a time


def _summed_product(parts: list, sumdim: tuple) -> np.ndarray:
    """sum(a * b * c, sumdim) + 0 over the broadcast of the three, a slice of the first kept
    dim at a time: nn.Bilinear(256, 256, 16) on 64 rows would else make two float64 products
    of 0.5 GiB. Each output element is summed over the same elements in the same order as
    in one piece (its slices are alike in everything but their length), so bit for bit the
    same."""
    shape = np.broadcast_shapes(*(x.shape for x in parts))
    kept = [d for d in range(len(shape)) if d not in sumdim]
    if math.prod(shape) <= TRILINEAR_CHUNK or not kept or not shape[kept[0]]:
        return np.asarray(np.sum(parts[0] * parts[1] * parts[2], axis=sumdim) + 0)
    axis = kept[0]
    step = max(1, TRILINEAR_CHUNK // (math.prod(shape) // shape[axis]))
    out = np.empty([shape[d] for d in kept])
    for start in range(0, shape[axis], step):
        rows = (slice(None),) * axis + (slice(start, start + step),)
        a, b, c = (x if x.shape[axis] == 1 else x[rows] for x in parts)
        out[start:start + step] = np.sum(a * b * c, axis=sumdim) + 0
    return out
