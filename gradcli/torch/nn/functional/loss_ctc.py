"""torch.nn.functional.ctc_loss and torch.ctc_loss: ATen's ctc_loss_impl (an unbatched input
as a batch of one, the lengths as lists, zero_infinity's where, the mean of the losses each
divided by its target length) over the kernel's row (engine/ops_ctc.py), after
ctc_loss_allocate_outputs' checks in their order."""
from __future__ import annotations

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.errors import runtime_error
from gradcli.engine.ops_ctc import anchor_of
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import pointwise as E
from gradcli.torch._tensor import reductions as R
from gradcli.torch.nn.functional._common import python_name, reduction_enum

_CHECKING = " (while checking arguments for ctc_loss_allocate_outputs)"
_CTC_LOSS = (
    "ctc_loss(Tensor log_probs, Tensor targets, IntArrayRef input_lengths, "
    "IntArrayRef target_lengths, int64_t blank=0, int64_t reduction=at::Reduction::Mean, "
    "bool zero_infinity=False)",
    "ctc_loss(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, "
    "int64_t blank=0, int64_t reduction=at::Reduction::Mean, bool zero_infinity=False)")


_PARSER = arguments.Parser(_CTC_LOSS)


@torch_function(*_CTC_LOSS)
def ctc_loss_builtin(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=1,
                     zero_infinity=False) -> Tensor:
    il, tl = _lengths(input_lengths, "input"), _lengths(target_lengths, "target")
    batched = log_probs.ndim == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    labels = _checked_targets(lp, targets if batched else targets.unsqueeze(0), il, tl, blank)
    # the kernel's two (T, B, 2 * longest target + 1) tables: each state's emission, log alpha
    runtime.current.foresee(lp.shape[0] * lp.shape[1] * (2 * max(tl, default=0) + 1),
                            2 * lp.data.itemsize, "ctc_loss's tables of alignments")
    res = apply("ctc_loss", (lp,), targets=labels, input_lengths=il, target_lengths=tl,
                blank=blank, zero_infinity=zero_infinity, anchor=anchor_of(lp.data, il))
    if zero_infinity:
        res = E.where(E.eq(res, float("inf")), Tensor(np.zeros((), res.data.dtype)), res)
    if reduction == 1:  # each loss over its target length (at least 1), then their mean
        lengths = Tensor(np.maximum(np.asarray(tl, np.float64), 1).astype(res.data.dtype))
        return R.mean(E.div(res, lengths))
    if reduction == 2:
        return R.sum(res)
    return res if batched else res.squeeze(0)


def _lengths(lengths, which: str) -> tuple[int, ...]:
    """A lengths argument as ATen's list of int64 (a tensor's must be integral)."""
    if isinstance(lengths, Tensor):
        if lengths.data.dtype.kind not in "iu":  # (bool is not integral here)
            raise runtime_error(f"{which}_lengths must be integral")
        return tuple(int(v) for v in lengths.data.reshape(-1))
    return tuple(int(v) for v in lengths)


def _checked_targets(lp: Tensor, targets: Tensor, il, tl, blank) -> np.ndarray:
    """ctc_loss_allocate_outputs' checks, in its order; the targets as int64."""
    if lp.ndim != 3:
        raise runtime_error(f"Expected 3-dimensional tensor, but got {lp.ndim}-dimensional "
                            f"tensor for argument #1 'log_probs'{_CHECKING}")
    batch, classes = lp.shape[1], lp.shape[2]
    if not 0 <= blank < classes:
        raise runtime_error("blank must be in label range")
    if len(il) != batch:
        raise runtime_error("input_lengths must be of size batch_size")
    if len(tl) != batch:
        raise runtime_error("target_lengths must be of size batch_size")
    if not 1 <= targets.ndim <= 2:
        raise runtime_error(f"Expected 1 to 2 dimensions, but got {targets.ndim}-dimensional "
                            f"tensor for argument #2 'targets'{_CHECKING}")
    for length in tl:
        _at_least(length, "target")
    if targets.ndim == 1 and targets.shape[0] != sum(tl):
        raise runtime_error(f"Expected tensor to have size {sum(tl)} at dimension 0, but got "
                            f"size {targets.shape[0]} for argument #2 'targets'{_CHECKING}")
    if targets.ndim == 2:
        if targets.shape[0] != batch:
            raise runtime_error(f"Expected tensor to have size {batch} at dimension 0, but got "
                                f"size {targets.shape[0]} for argument #2 'targets'{_CHECKING}")
        if targets.shape[1] < max(tl, default=0):
            raise runtime_error(f"Expected tensor to have size at least {max(tl)} at dimension "
                                f"1, but got size {targets.shape[1]} for argument #2 "
                                f"'targets'{_CHECKING}")
    for length in il:
        _at_least(length, "input")
        if length > lp.shape[0]:
            raise runtime_error(f"Expected input_lengths to have value at most {lp.shape[0]}, "
                                f"but got value {length}{_CHECKING}")
    return targets.data.astype(np.int64)


def _at_least(length: int, which: str) -> None:
    if length < 0:
        raise runtime_error(f"Expected {which}_lengths to have value at least 0, but got value "
                            f"{length}{_CHECKING}")


@torch_function(name="ctc_loss", namespace="torch.nn.functional")
@python_name("ctc_loss")
def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False) -> Tensor:
    """torch's Python wrapper: the reduction's enum, then torch.ctc_loss."""
    args = (log_probs, targets, input_lengths, target_lengths, blank, reduction_enum(reduction),
            zero_infinity)
    _PARSER.arguments(args, {}, None)
    return ctc_loss_builtin(*args)
