"""torch.nn.functional's multi-class margin losses (multi_margin_loss, multilabel_margin_loss):
torch's Python checks, then its builtins' (torch._C._nn's) in ATen's order, then the kernels'
rows (engine/ops_margin.py) on the input seen as (frames, classes)."""
from __future__ import annotations

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch.nn.functional._common import check_nn, python_name, reduction_enum
from gradcli.torch.nn.functional.loss import _constant_weight, _legacy


def _frames(input: Tensor) -> tuple[int, int]:
    """ATen's shape check of the input: (frames, classes)."""
    sizes = input.shape
    if not ((len(sizes) == 2 and sizes[1]) or (len(sizes) == 1 and sizes[0]) or
            not sizes):
        raise runtime_error(f"Expected non-empty vector or matrix with optional 0-dim batch "
                            f"size, but got: {list(sizes)}")
    if len(sizes) <= 1:
        return 1, sizes[0] if sizes else 1
    return sizes


def _long_target(target: Tensor) -> None:
    if target.dtype is not dtypes.int64:
        raise runtime_error(f"expected scalar type Long but found {target.dtype.cpp}")


@torch_function(name="multi_margin_loss", namespace="torch.nn.functional")
@python_name("multi_margin_loss")
def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None,
                      reduce=None, reduction="mean") -> Tensor:
    """sum over the classes d other than y of max(0, margin - x[y] + x[d]) ** p * w[y],
    divided by the classes (MultiMarginLossBackward0)."""
    reduction = _legacy(size_average, reduce, reduction)
    enum = reduction_enum(reduction)
    if p != 1 and p != 2:
        raise TorchError("ValueError", "only p == 1 and p == 2 supported")
    if weight is not None and attribute_of_tensor(weight, "dim").ndim != 1:
        raise TorchError("ValueError", "weight must be one-dimensional")
    check_nn("multi_margin_loss", input, target, p, margin, weight, enum)
    if weight is not None:
        _constant_weight("multi_margin_loss", "weight", weight, input)
    frames, classes = _frames(input)
    if target.ndim > 1 or target.numel() != frames:
        raise runtime_error(f"multi_margin_loss: target tensor should be 1-D with size equal to "
                            f"the number of input samples (batch size). Expected target size "
                            f"[{frames}], but got {list(target.shape)}. Input has shape "
                            f"{list(input.shape)}.")
    if weight is not None and (weight.ndim > 1 or weight.numel() != classes):
        raise runtime_error(f"inconsistent weight size, expected {classes} but got "
                            f"{list(weight.shape)}")
    _long_target(target)
    labels = target.data.reshape(-1)
    if ((labels < 0) | (labels >= classes)).any():
        raise runtime_error("target out of range")
    out_shape = (frames,) if reduction == "none" and target.ndim > 0 else ()
    w = None if weight is None else weight.data.reshape(-1).astype(input.data.dtype)
    return apply("multi_margin_loss", (input,), target=labels, p=int(p), margin=float(margin),
                 weight=w, reduction=reduction, shape=out_shape)


@torch_function(name="multilabel_margin_loss", namespace="torch.nn.functional")
@python_name("multilabel_margin_loss")
def multilabel_margin_loss(input, target, size_average=None, reduce=None,
                           reduction="mean") -> Tensor:
    """Each frame's labels are its target's entries before the first -1; the loss sums
    max(0, 1 - x[label] + x[i]) over the labels and the classes i that are none, divided by
    the classes (MultilabelMarginLossBackward0)."""
    reduction = _legacy(size_average, reduce, reduction)
    check_nn("multilabel_margin_loss", input, target, reduction_enum(reduction))
    frames, classes = _frames(input)
    if not (target.ndim <= 1 and target.numel() == classes if input.ndim <= 1 else
            target.shape == (frames, classes)):
        raise runtime_error(f"inconsistent target size: {list(target.shape)} for input of "
                            f"size: {list(input.shape)}")
    _long_target(target)
    labels = target.data.reshape(frames, classes)
    if labels.size and (labels.min() < -1 or labels.max() >= classes):
        raise runtime_error("argument #2 'target' is out of range")
    out_shape = (frames,) if reduction == "none" and target.ndim > 1 else ()
    return apply("multilabel_margin_loss", (input,), target=labels, reduction=reduction,
                 shape=out_shape)
