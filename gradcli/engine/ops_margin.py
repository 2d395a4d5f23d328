"""More rows of the op table (ops.py loads them): torch.nn's multi-class margin losses, each a
kernel of its own in ATen (LossMultiMargin.cpp, LossMultiLabelMargin.cpp) whose sums these
rows make in its order and dtype.

The input is a vector or a matrix of (frames, classes), the target (a param, checked by the
torch layer) its labels per frame: (frames,) or (frames, classes). Same contract as ops.py."""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .first_order import defop_first_order, through_row
from .optable import defop


def _in_order(terms: np.ndarray) -> np.ndarray:
    """Each row's terms added one after another in the terms' dtype, as ATen's loop adds."""
    total = np.zeros(terms.shape[0], terms.dtype)
    for column in terms.T:
        total = total + column
    return total


def _reduce_frames(per_frame: np.ndarray, reduction: str, dtype) -> np.ndarray:
    """ATen's reduction of the frames' losses: accumulated in double (acc_type on the CPU),
    then averaged there and rounded once."""
    if reduction == "none":
        return per_frame
    total = _double_sum(per_frame)
    return np.asarray(total / len(per_frame) if reduction == "mean" else total).astype(dtype)


def _double_sum(values: np.ndarray) -> float:
    total = 0.0
    for value in values.astype(np.float64).tolist():
        total += value
    return total


def _as_frames(a):
    """The input as ATen's kernels read it: (frames, classes)."""
    return a.reshape(-1, a.shape[-1]) if a.ndim else a.reshape(1, 1)


def _reshaped_grad(xp, g, local, shape, reduction):
    """The gradient torch's backward kernels give: the local one (per frame and class) times
    the output's gradient, one per frame when nothing was reduced."""
    if reduction == "none" and local.ndim == 2 and g.ndim:
        return xp.reshape(xp.reshape(g, (-1, 1)) * xp.asarray(local), shape)
    return xp.reshape(g * xp.asarray(local), shape)


# ---- multi_margin_loss: sum over d != y of max(0, margin - x[y] + x[d]) ** p * w[y] / C -----
def _margins(x, target, margin):
    """margin - x[y] + x[d] per frame and class, in the dtype, and where it counts."""
    rows = np.arange(x.shape[0])
    z = (x.dtype.type(margin) - x[rows, target])[:, None] + x
    counts = z > 0
    counts[rows, target] = False
    return z, counts


def _multi_margin(a, target, p, margin, weight, reduction, shape):
    a = _as_frames(a)
    z, counts = _margins(a, target, margin)
    h = np.where(counts, z if p == 1 else z * z, 0).astype(a.dtype)
    if weight is not None:
        h = np.where(counts, h * weight[target][:, None], 0).astype(a.dtype)
    per_frame = _in_order(h) / a.dtype.type(a.shape[1])
    return _reduce_frames(per_frame, reduction, a.dtype).reshape(shape)


def _multi_margin_vjp(xp, g, o, a, target, p, margin, weight, reduction, shape):
    x = _as_frames(K._values(a))
    z, counts = _margins(x, target, margin)
    scale = x.dtype.type(1 / (x.size if reduction == "mean" else x.shape[1]))
    h = np.where(counts, scale if p == 1 else 2 * scale * z, 0).astype(x.dtype)
    if weight is not None:
        h = (h * weight[target][:, None]).astype(x.dtype)
    h[np.arange(x.shape[0]), target] = -_in_order(h)
    return (_reshaped_grad(xp, g, h, a.shape, reduction),)


def _sym_multi_margin(a, target, p, margin, weight, reduction, shape):
    sp, m = S.sp(), S.number(margin)
    a = _as_frames(a)
    classes = a.shape[1]
    losses = []
    for x, y in zip(a, np.asarray(target).reshape(-1).tolist()):
        y = int(y)
        w = 1 if weight is None else S.number(weight[y])
        terms = [sp.Piecewise(((m - x[y] + x[d]) ** p, m - x[y] + x[d] > 0), (0, True)) * w
                 for d in range(classes) if d != y]
        losses.append(sum(terms, sp.Integer(0)) / classes)
    return S._reduced(np.asarray(losses, dtype=object), reduction).reshape(shape)


def _not_differentiated(op: str):
    return lambda: K.not_implemented(f"aten::{op}")


defop_first_order("multi_margin_loss_backward", "NotImplemented", _multi_margin_vjp,
                  _not_differentiated("multi_margin_loss_backward"))
defop("multi_margin_loss", "MultiMarginLossBackward0", _multi_margin,
      through_row("multi_margin_loss_backward"), "a", _sym_multi_margin)


# ---- multilabel_margin_loss: the targets are the labels before the first -1 of a row; the
# loss sums max(0, 1 - (x[j] - x[i])) over each label j and each class i not a label, / C ----
def _labels(target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per frame, which classes are labels (is_target), and the labels' order of listing
    (listed: True where the target entry comes before the row's first -1)."""
    listed = np.cumprod(target >= 0, axis=1).astype(bool)
    is_target = np.zeros(target.shape, bool)
    for frame, (row, keep) in enumerate(zip(target, listed)):
        is_target[frame, row[keep]] = True
    return listed, is_target


def _label_margins(x, target):
    """For each frame, label slot j (in listing order) and class i: 1 - x[label_j] + x[i]
    in the dtype, and whether it counts (a listed label, a class that is no label, z > 0)."""
    listed, is_target = _labels(target)
    rows = np.arange(x.shape[0])[:, None]
    label_values = x[rows, np.where(listed, target, 0)]
    z = (x.dtype.type(1) - label_values)[:, :, None] + x[:, None, :]
    counts = listed[:, :, None] & ~is_target[:, None, :] & (z > 0)
    return z, counts, listed, is_target


def _multilabel_margin(a, target, reduction, shape):
    """ATen's: each frame's terms summed in double and rounded; unreduced, divided by the
    classes in the dtype; reduced, the frames summed in double, divided there."""
    a = _as_frames(a)
    z, counts, _, _ = _label_margins(a, target)
    terms = np.where(counts, z, 0).astype(np.float64).reshape(a.shape[0], -1)
    inner = _in_order(terms).astype(a.dtype)
    if reduction == "none":
        return (inner / a.dtype.type(a.shape[1])).reshape(shape)
    total = _double_sum(inner) / a.shape[1]
    return np.asarray(total / a.shape[0] if reduction == "mean" else total).astype(a.dtype)


def _multilabel_margin_vjp(xp, g, o, a, target, reduction, shape):
    x = _as_frames(K._values(a))
    z, counts, _, _ = _label_margins(x, target)
    scale = x.dtype.type(1 / (x.size if reduction == "mean" else x.shape[1]))
    local = np.zeros(x.shape, x.dtype)
    rows = np.arange(x.shape[0])
    labels = np.where(target >= 0, target, 0)
    for slot in range(target.shape[1]):  # ATen's loop: each label, then each class
        for i in range(x.shape[1]):
            hit = counts[:, slot, i]
            local[rows[hit], labels[hit, slot]] -= scale
            local[rows[hit], i] += scale
    return (_reshaped_grad(xp, g, local, a.shape, reduction),)


def _sym_multilabel_margin(a, target, reduction, shape):
    sp = S.sp()
    a = _as_frames(a)
    listed, is_target = _labels(np.asarray(target, dtype=np.int64))
    losses = []
    for x, row, keep, labels in zip(a, np.asarray(target, dtype=np.int64), listed, is_target):
        terms = [sp.Piecewise((1 - x[j] + x[i], 1 - x[j] + x[i] > 0), (0, True))
                 for j in row[keep] for i in range(len(x)) if not labels[i]]
        losses.append(sum(terms, sp.Integer(0)) / len(x))
    return S._reduced(np.asarray(losses, dtype=object), reduction).reshape(shape)


defop_first_order("multilabel_margin_loss_backward", "NotImplemented", _multilabel_margin_vjp,
                  _not_differentiated("multilabel_margin_loss_backward"))
defop("multilabel_margin_loss", "MultilabelMarginLossBackward0", _multilabel_margin,
      through_row("multilabel_margin_loss_backward"), "a", _sym_multilabel_margin)
