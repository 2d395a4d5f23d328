"""A row of the op table (ops.py loads it): the connectionist temporal classification loss, ATen's
CPU kernel (LossCTC.cpp): per batch element the negative log-likelihood of its target over all
alignments, by the forward (alpha) recursion in log space in the input's dtype, and torch's
gradient from the backward (beta) recursion.

The input is log_probs (T, B, C); the params the targets (B, S) or concatenated (sum of the
target lengths), the lengths (tuples) and the blank, checked by the torch layer. Same contract
as ops.py."""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .first_order import defop_first_order, through_row
from .optable import defop


def _extended(targets, input_lengths, target_lengths, blank):
    """Per batch element the target with a blank around each label (l'), padded with blanks to
    the longest; where s - 2 holds another label than s (the skip allowed); the lengths."""
    il, tl = np.asarray(input_lengths, np.int64), np.asarray(target_lengths, np.int64)
    batch, states = len(tl), 2 * int(tl.max(initial=0)) + 1
    labels = np.full((batch, states), blank, np.int64)
    offsets = np.concatenate([[0], np.cumsum(tl)[:-1]])
    for b in range(batch):
        row = targets[offsets[b]:offsets[b] + tl[b]] if targets.ndim == 1 else targets[b, :tl[b]]
        labels[b, 1:2 * tl[b]:2] = row
    skip = np.zeros((batch, states), bool)
    skip[:, 2:] = labels[:, 2:] != labels[:, :-2]
    return labels, skip, il, tl


def _log_add3(a, b, c, dtype):
    """ATen's log(exp(a - m) + exp(b - m) + exp(c - m)) + m, m their max (0 when -inf), in the
    dtype step by step."""
    m = np.maximum(np.maximum(a, b), c)
    m = np.where(m == -np.inf, dtype.type(0), m)
    with np.errstate(invalid="ignore", over="ignore"):
        return (np.log(np.exp(a - m) + np.exp(b - m) + np.exp(c - m)) + m).astype(dtype)


def _shifted(values, by, allowed=None):
    out = np.full_like(values, -np.inf)
    out[:, by:] = values[:, :-by] if by else values
    return out if allowed is None else np.where(allowed, out, -np.inf)


def _alphas(lp, labels, skip, il, tl):
    """log alpha for every t (T, B, S): -inf past each element's states."""
    dtype, (steps, batch, _) = lp.dtype, lp.shape
    # (T, B, S): lp[t, b, l'_s]
    emit = np.take_along_axis(lp, np.broadcast_to(labels[None], (steps, *labels.shape)), 2)
    valid = np.arange(labels.shape[1])[None, :] < (2 * tl + 1)[:, None]
    alpha = np.full((max(steps, 1), batch, labels.shape[1]), -np.inf, dtype)
    if steps:
        alpha[0, :, 0] = emit[0, :, 0]
        if labels.shape[1] > 1:
            alpha[0, :, 1] = np.where(tl > 0, emit[0, :, 1], -np.inf)
    for t in range(1, steps):
        prev = alpha[t - 1]
        value = _log_add3(prev, _shifted(prev, 1), _shifted(prev, 2, skip), dtype) + emit[t]
        alpha[t] = np.where(valid, value, -np.inf)
    return alpha, emit


def _nll(alpha, il, tl, dtype):
    out = np.empty(len(il), dtype)
    for b, (inputs, target) in enumerate(zip(il.tolist(), tl.tolist())):
        if inputs == 0:
            out[b] = 0 if target == 0 else np.inf
            continue
        last = alpha[inputs - 1, b]
        if target == 0:
            out[b] = -last[0]
        else:
            ninf = dtype.type(-np.inf)
            out[b] = -_log_add3(last[2 * target], last[2 * target - 1], ninf, dtype)
    return out


def _ctc(lp, targets, input_lengths, target_lengths, blank, zero_infinity, anchor=None):
    labels, skip, il, tl = _extended(targets, input_lengths, target_lengths, blank)
    alpha, _ = _alphas(lp, labels, skip, il, tl)
    return _nll(alpha, il, tl, lp.dtype)


def _ctc_grad(lp, nll, targets, input_lengths, target_lengths, blank, zero_infinity):
    """torch's ctc_loss_backward per unit of each element's gradient, in float64:
    exp(lp) - exp(log(sum of alpha * beta over the states of class c) + nll - lp) for
    t < input length, 0 after (and for an infinite loss when zero_infinity)."""
    x = lp.astype(np.float64)
    labels, skip, il, tl = _extended(targets, input_lengths, target_lengths, blank)
    alpha, emit = _alphas(x, labels, skip, il, tl)
    steps, batch, classes = x.shape
    grad = np.zeros(x.shape)
    for b in range(batch):
        inputs, states = int(il[b]), 2 * int(tl[b]) + 1
        if inputs == 0 or (zero_infinity and np.isinf(nll[b])):
            continue
        lab = labels[b, :states]
        beta = np.full(states, -np.inf)
        beta[states - 1] = emit[inputs - 1, b, states - 1]
        if states > 1:
            beta[states - 2] = emit[inputs - 1, b, states - 2]
        log_occupancy = np.full((inputs, classes), -np.inf)
        for t in range(inputs - 1, -1, -1):
            if t < inputs - 1:
                later = beta
                skips = np.full(states, -np.inf)
                skips[:-2] = np.where(skip[b, 2:states], later[2:], -np.inf)
                nxt = np.concatenate([later[1:], [-np.inf]])
                beta = _log_add3(later, nxt, skips, np.dtype(np.float64)) + emit[t, b, :states]
            both = alpha[t, b, :states] + beta
            if t < inputs - 1:
                np.logaddexp.at(log_occupancy[t], lab, both)
            else:  # torch assigns the last two states' terms, the blank's first (so a label
                for state in range(states - 1, max(states - 3, -1), -1):  # equal to it wins)
                    log_occupancy[t, lab[state]] = both[state]
        with np.errstate(over="ignore", invalid="ignore"):
            grad[:inputs, b] = np.exp(x[:inputs, b]) - np.exp(
                log_occupancy + float(nll[b]) - x[:inputs, b])
    return grad


def _ctc_vjp(xp, g, o, a, targets, input_lengths, target_lengths, blank, zero_infinity,
             anchor=None):
    x = K._values(a)
    local = _ctc_grad(x, K._values(o), targets, input_lengths, target_lengths, blank,
                      zero_infinity).astype(x.dtype)
    return (xp.reshape(g, (1, -1, 1)) * xp.asarray(local),)


def _differentiated(lp, targets, input_lengths, target_lengths, blank, zero_infinity, anchor):
    """What torch's backward is the derivative of: the loss plus the sum of exp(lp) over each
    element's t < input length (its gradient assumes log_softmax's normalisation), less that
    sum at the recorded input (`anchor`), so that the value stays the loss's."""
    nll = _ctc(lp, targets, input_lengths, target_lengths, blank, zero_infinity)
    kept = np.arange(lp.shape[0])[:, None] < np.asarray(input_lengths)[None, :]
    return nll + (np.exp(lp) * kept[:, :, None]).sum(axis=(0, 2)) - anchor


def anchor_of(lp: np.ndarray, input_lengths) -> np.ndarray:
    """The `anchor` param: the recorded input's sum of exp(lp) per element, in float64."""
    kept = np.arange(lp.shape[0])[:, None] < np.asarray(input_lengths)[None, :]
    return (np.exp(lp.astype(np.float64)) * kept[:, :, None]).sum(axis=(0, 2))


def _sym_ctc(*args, **params):
    raise S.TooIntricate("ctc_loss's sum over every alignment, a recursion through each "
                         "time step")


defop_first_order("ctc_loss_backward", "NotImplemented", _ctc_vjp,
                  lambda: K.not_implemented("aten::_ctc_loss_backward"), reads_output=True)
defop("ctc_loss", "CtcLossBackward0", _ctc, through_row("ctc_loss_backward", True), "ao",
      _sym_ctc, differentiated=_differentiated)
