"""The op table's rows for torch's shape ops with a backward node of their own (ops.py loads
them): block_diag, rot90, take, as_strided, as_strided_scatter.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .convkit import overwritten
from .optable import OPS, defop, defop_like


def _blocks(arrays) -> list[tuple[slice, slice]]:
    """Where each input of block_diag sits: a 0-d one is a 1x1 block, a 1-d one a row."""
    spans, r, c = [], 0, 0
    for a in arrays:
        rows, cols = a.shape if len(a.shape) == 2 else (1, int(np.prod(a.shape)))
        spans.append((slice(r, r + rows), slice(c, c + cols)))
        r, c = r + rows, c + cols
    return spans


def _block_diag(*arrays):
    spans = _blocks(arrays)
    out = np.zeros((spans[-1][0].stop, spans[-1][1].stop), dtype=arrays[0].dtype)
    for a, key in zip(arrays, spans):
        out[key] = a.reshape(out[key].shape)
    return out


defop("block_diag", "BlockDiagBackward0", _block_diag,
      lambda xp, g, o, *arrays: tuple(xp.reshape(g[key], a.shape)
                                      for a, key in zip(arrays, _blocks(arrays))))


def _rot90(a, k, dims):
    """torch's rot90: flip then transpose (k = 1, 3), two flips (k = 2) or a clone.
    NOTE: torch's result of k = 1, 3 is the transposed flip, not contiguous; the engine makes
    every fresh result contiguous."""
    d0, d1 = dims
    k %= 4
    if k == 0:
        return a.copy()
    if k == 2:
        return np.flip(a, dims).copy()
    return np.swapaxes(np.flip(a, d1 if k == 1 else d0).copy(), d0, d1)


defop("rot90", "Rot90Backward0", _rot90,
      lambda xp, g, o, a, k, dims: (xp.rot90(g, -k, dims),), rearranges=True)
# torch.take: the flattened input's elements at `index` (made non-negative); torch's
# take_backward adds g back at them
defop("take", "TakeBackward0", lambda a, index: a.reshape(-1)[index],
      lambda xp, g, o, a, index: (
          xp.reshape(xp.scatter(g, (int(np.prod(a.shape)),), (index,)), a.shape),), "k",
      elements_read="selection")
# torch.as_strided of a contiguous tensor: a view of its elements from `offset` on, `stride`
# apart (in elements); the gradient is as_strided's row's (overlapping reads add up).
def strided_positions(size, stride, offset) -> np.ndarray:
    """The flat index each element of as_strided(size, stride, offset) reads."""
    return offset + sum((np.arange(n) * s).reshape([-1 if d == i else 1 for d in range(len(size))])
                        for i, (n, s) in enumerate(zip(size, stride))) + np.zeros(size, np.int64)


def _as_strided(a, size, stride, offset):
    flat = np.reshape(a, -1)[offset:]
    return np.lib.stride_tricks.as_strided(flat, size, [s * flat.itemsize for s in stride],
                                           writeable=a.flags.writeable)


defop("as_strided_view", "AsStridedBackward0", _as_strided,
      lambda xp, g, o, a, size, stride, offset: OPS["as_strided"].vjp(
          xp, g, o, a, positions=strided_positions(size, stride, offset)),
      layout="view", elements_read="selection")
# as_strided_scatter: the input with src written at those places (torch's node of its own).
# Its gradient is torch's rule, not the forward's derivative: as_strided_scatter_backward
# gives the input the gradient at the places src was written and zero elsewhere (the
# derivative's complement; torch's OpInfo expects its gradcheck to fail), and src the gradient
# at its places (each of two elements written at one place).
def _strided_scatter_vjp(xp, g, o, a, src, positions, held=None):
    written = np.unique(positions)
    flat = xp.reshape(g, (-1,))
    return (OPS["as_strided"].vjp(xp, flat[written], o, a, positions=written)[0],
            K.take_flat(g, positions) if xp is K.NUMPY else xp.as_strided(flat, positions))


def strided_scatter_differentiated(a, src, positions, held=None):
    """The function torch's rule is the derivative of: the forward, plus how far the input's
    elements at the places src was written and the src elements a later one overwrote moved
    from their values then (`held`: the input's and src's, strided_scatter_held), less how
    far the input's other elements did. On object arrays too (the check's symbols)."""
    out = K.put_flat(a, src, positions)
    if held is None:
        return out
    flat, places = S.unfolded(out).reshape(-1), np.reshape(positions, -1)
    written = np.zeros(flat.size, dtype=bool)
    written[places] = True
    moved = S.changes(np.reshape(a, -1), np.reshape(held[0], -1))
    flat[written] = flat[written] + moved[written]
    flat[~written] = flat[~written] - moved[~written]
    over = overwritten(places[None, :])[0]
    overwritten_moved = S.changes(np.reshape(src, -1)[over], np.reshape(held[1], -1)[over])
    np.add.at(flat, places[over], overwritten_moved)
    return out


def strided_scatter_held(a, src) -> tuple:
    """The input's and src's values in float64, which torch's rule holds."""
    return np.array(a, dtype=np.float64), np.array(src, dtype=np.float64)


defop("as_strided_scatter", "AsStridedScatterBackward0",
      lambda a, src, positions, held=None: K.put_flat(a, src, positions),
      _strided_scatter_vjp, ("k", "k"),  # (torch's gradient reaches what src overwrote)
      differentiated=strided_scatter_differentiated,
      rule=lambda **params: "as_strided_scatter: checked against torch's rule, which gives the "
      "input the gradient at the places src was written and zero elsewhere (the derivative's "
      "complement), and src the gradient at its places")


# torch's *_copy functions (torch.expand_copy...): a view's elements in fresh memory, under the
# view's node name with `_copy` (narrow_copy's node, a slice's copy, has its own name)
def _copying(view_forward):
    return lambda *arrays, **params: np.array(view_forward(*arrays, **params))


for _view in ("alias", "view", "expand", "permute", "transpose", "t", "squeeze", "squeeze_dim",
              "unsqueeze", "diagonal", "unfold", "unbind", "split_with_sizes", "slice",
              "as_strided_view"):
    defop_like(f"copy_{_view}", "NarrowCopyBackward0" if _view == "slice" else
               OPS[_view].grad_fn + "_copy", _view, _copying(OPS[_view].forward),
               layout="fresh")
