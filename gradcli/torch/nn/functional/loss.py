"""torch.nn.functional's losses over Tensors: what F and the nn loss modules call. torch's F is
Python calling methods of its arguments and torch._C functions, whose checks (and so errors)
these functions make in the same order before gradcli computes; the composite losses that
compare pairs and triplets (kl_div, margin_ranking_loss, cosine_embedding_loss,
triplet_margin_loss) are built from their ATen definitions op by op, so that their graphs have
torch's nodes."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import attribute_of_tensor, takes_tensor, torch_function
from gradcli.torch._tensor import creation, selecting, shape
from gradcli.torch._tensor import pointwise as E
from gradcli.torch._tensor import reductions as R
from gradcli.torch._tensor.special_functions import xlogy
from gradcli.torch.nn.functional._common import (
    check_nn,
    check_target_size,
    python_name,
    reduction_enum,
    tensor_size,
)
from gradcli.torch.nn.functional.activation import logsigmoid
from gradcli.torch.nn.functional.distance import pairwise_distance


@torch_function(name="mse_loss", namespace="torch.nn.functional")
@python_name("mse_loss")
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    check_target_size(input, target)
    d = dtypes.promote(input.dtype, target.dtype)
    a, b = E._operands(input, target, d)
    check_nn("mse_loss", a, b, reduction_enum(reduction))
    E.float_kernel(a if d is input.dtype else b, "mse_cpu")
    return apply("mse_loss", (a, b), d, reduction=reduction)


@torch_function(name="l1_loss", namespace="torch.nn.functional")
@python_name("l1_loss")
def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """torch's composite l1_loss: |input - target|, then the reduction (MeanBackward0...)."""
    check_target_size(input, target)
    reduction_enum(reduction)
    loss = E.abs(E.sub(input, target))
    if reduction == "none":
        return loss
    return R.mean(loss) if reduction == "mean" else R.sum(loss)


@torch_function(name="nll_loss", namespace="torch.nn.functional")
@python_name("nll_loss")
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
              reduction="mean"):
    check_nn("nll_loss_nd", input, target, weight, reduction_enum(reduction), ignore_index)
    if input.ndim < 1:
        raise TorchError("ValueError", f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim != 1 and target.ndim and input.shape[0] != target.shape[0]:
        raise TorchError("ValueError", f"Expected input batch_size ({input.shape[0]}) to match "
                                       f"target batch_size ({target.shape[0]}).")
    if input.ndim <= 2:
        if target.ndim > 1:
            raise runtime_error("0D or 1D target tensor expected, multi-target not supported")
        return _nll(input, target, weight, reduction, ignore_index, "nll_loss")
    if input.ndim == 4:
        if target.ndim != 3:
            raise runtime_error("only batches of spatial targets supported (3D tensors) but got "
                                f"targets of dimension: {target.ndim}")
        if input.shape[2:] != target.shape[1:]:
            raise runtime_error(f"size mismatch (got input: {list(input.shape)} , target: "
                                f"{list(target.shape)}")
        return _nll(input, target, weight, reduction, ignore_index, "nll_loss2d")
    # torch's nll_loss_nd for (N, C, d1) or (N, C, d1, d2, d3...): nll_loss2d on views
    n, c = input.shape[:2]
    out_size = (n, *input.shape[2:])
    if target.shape[1:] != input.shape[2:]:
        raise runtime_error(f"Expected target size {list(out_size)}, got {list(target.shape)}")
    empty = input.numel() == 0
    flat = shape.view(shape.contiguous(input), n, c, *((0, 0) if empty else (1, -1)))
    flat_target = shape.view(shape.contiguous(target), n, *((0, 0) if empty else (1, -1)))
    out = _nll(flat, flat_target, weight, reduction, ignore_index, "nll_loss2d")
    return shape.view(out, *out_size) if reduction == "none" else out


def _nll(input, target, weight, reduction, ignore_index, op):
    """torch's nll_loss and nll_loss2d kernels' checks of weight and target, then the op."""
    classes = input.shape[1] if input.ndim > 1 else input.shape[0]
    if weight is not None and weight.numel() != classes:
        raise runtime_error("weight tensor should be defined either for all or no classes"
                            if op == "nll_loss2d" else
                            f"weight tensor should be defined either for all {classes} classes "
                            f"or no classes but got weight tensor of shape: "
                            f"{list(weight.shape)}")
    if target.dtype not in (dtypes.int64, dtypes.uint8):
        raise runtime_error(f"expected target dtype to be Long or Byte, but got "
                            f"{target.dtype.cpp}")
    labels = target.data[target.data != ignore_index]
    bad = labels[(labels < 0) | (labels >= classes)]
    if bad.size:
        raise TorchError("IndexError", f"Target {bad.flat[0]} is out of bounds.")
    w = None if weight is None else weight.data.astype(input.data.dtype)
    return apply(op, (input, target), reduction=reduction, weight=w, ignore_index=ignore_index)


@torch_function(name="cross_entropy", namespace="torch.nn.functional")
@python_name("cross_entropy")
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                   reduce=None, reduction="mean", label_smoothing=0.0):
    check_nn("cross_entropy_loss", input, target, weight, reduction_enum(reduction), ignore_index,
        label_smoothing)
    class_dim = 1 if input.ndim > 1 else 0
    logp = R.log_softmax(input, dim=class_dim)
    if target.dtype.is_floating_point:  # class probabilities, computed as torch does
        if label_smoothing > 0.0:  # (torch smooths the probabilities themselves)
            classes = input.data.shape[class_dim]
            target = target * (1 - label_smoothing) + label_smoothing / classes
        terms = logp * target if weight is None else logp * target * _class_view(weight, input)
        if reduction == "none":
            return -R.sum(terms, dim=class_dim)
        total = -R.sum(terms)
        if reduction == "sum":
            return total
        return apply("div_scalar", (total,), other=input.data.size // input.data.shape[class_dim])
    loss = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if not label_smoothing:
        return loss
    return _smoothed(loss, logp, target, weight, ignore_index, reduction, label_smoothing,
                     class_dim)


def _class_view(weight, input):
    """weight shaped to broadcast along the class dim."""
    return weight.view(-1, *([1] * (input.ndim - 2))) if input.ndim > 1 else weight


def _smoothed(loss, logp, target, weight, ignore_index, reduction, eps, class_dim):
    """torch's label smoothing: (1 - eps) * nll + eps / classes * (-sum of log-probs)."""
    classes = logp.data.shape[class_dim]
    ignored = target == ignore_index
    terms = logp if weight is None else logp * _class_view(weight, logp)
    smooth = (-R.sum(terms, dim=class_dim)).masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = E.logical_not(ignored)
        total = kept.sum() if weight is None else weight.gather(
            0, selecting.masked_select(target, kept).flatten()).sum()
        smooth = smooth.sum() / total
    elif reduction == "sum":
        smooth = smooth.sum()
    return (1 - eps) * loss + smooth * (eps / classes)


@torch_function(name="binary_cross_entropy_with_logits", namespace="torch.nn.functional")
@python_name("binary_cross_entropy_with_logits")
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                     reduction="mean", pos_weight=None):
    enum = reduction_enum(reduction)
    if not tensor_size(target) == tensor_size(input):
        raise TorchError("ValueError", f"Target size ({target.shape!r}) must be the same as "
                                       f"input size ({input.shape!r})")
    check_nn("binary_cross_entropy_with_logits", input, target, weight, pos_weight, enum)
    target = shape.to(target, input.dtype)
    E.float_kernel(input, "log_sigmoid_cpu")
    w = _constant_weight("binary_cross_entropy_with_logits", "weight", weight, input)
    pw = _constant_weight("binary_cross_entropy_with_logits", "pos_weight", pos_weight, input)
    E.foresee_broadcast((input, target, w, pw), input.data.itemsize)
    return apply("bce_logits", (input, target, w, pw), reduction=reduction,
                 weighted=pos_weight is not None, weight_given=weight is not None)


def _constant_weight(function: str, name: str, weight, input) -> Tensor:
    """A loss's weight as an input of its op (ones for None): torch differentiates none, and
    refuses one that requires grad while grad mode is on."""
    if weight is None:
        return Tensor(np.ones((), input.data.dtype))
    if weight.requires_grad and runtime.is_grad_enabled():
        raise runtime_error(f"The function '{function}' is not differentiable with respect to "
                            f"argument '{name}'. This input cannot have requires_grad True.")
    return shape.to(weight, input.dtype)


@torch_function(name="binary_cross_entropy", namespace="torch.nn.functional")
@python_name("binary_cross_entropy")
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    enum = reduction_enum(reduction)
    if tensor_size(target) != tensor_size(input):
        raise TorchError("ValueError", f"Using a target size ({target.shape!r}) that is "
                         f"different to the input size ({input.shape!r}) is deprecated. Please "
                         "ensure they have the same size.")
    check_nn("binary_cross_entropy", input, target, weight, enum)
    w = _constant_weight("binary_cross_entropy", "weight", weight, input)
    return apply("bce", (input, shape.to(target, input.dtype), w), reduction=reduction,
                 weight_given=weight is not None)


# ---- Huber-style losses ---------------------------------------------------------------


def _broadcast_pair(input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """torch.broadcast_tensors as F's losses call it (tensors already of one shape pass)."""
    if input.shape == target.shape:
        return input, target
    shape = np.broadcast_shapes(input.shape, target.shape)
    return input.expand(*shape), target.expand(*shape)


@torch_function(name="huber_loss", namespace="torch.nn.functional")
@python_name("huber_loss")
def huber_loss(input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0,
               weight: Tensor | None = None) -> Tensor:
    check_target_size(input, target)
    a, b = _broadcast_pair(input, target)
    if weight is None:
        reduction_enum(reduction)
    if delta <= 0:
        raise runtime_error("huber_loss does not support non-positive values for delta.")
    if weight is None:
        return apply("huber_loss", (a, b), reduction=reduction, delta=delta)
    if weight.shape != input.shape:
        raise TorchError("ValueError", "Weights and input must have the same size.")
    loss = apply("huber_loss", (a, b), reduction="none", delta=delta) * weight
    if reduction not in ("none", "mean", "sum"):
        raise TorchError("ValueError", f"Invalid reduction mode: {reduction}. Expected one of "
                                       "'none', 'mean', 'sum'.")
    return loss if reduction == "none" else loss.sum() if reduction == "sum" else loss.mean()


@torch_function(name="smooth_l1_loss", namespace="torch.nn.functional")
@python_name("smooth_l1_loss")
def smooth_l1_loss(input: Tensor, target: Tensor, size_average=None, reduce=None,
                   reduction: str = "mean", beta: float = 1.0) -> Tensor:
    check_target_size(input, target)
    a, b = _broadcast_pair(input, target)
    if beta == 0.0:  # torch's l1_loss
        return l1_loss(a, b, reduction=reduction)
    reduction_enum(reduction)
    if beta < 0:
        raise runtime_error("smooth_l1_loss does not support negative values for beta.")
    return apply("smooth_l1_loss", (a, b), reduction=reduction, beta=beta)


# ---- losses of pairs and triplets -----------------------------------------------------


_EPSILON = 1e-12  # cosine_embedding_loss's, added to each squared magnitude


def _reduced(output: Tensor, reduction: str) -> Tensor:
    """ATen's apply_loss_reduction."""
    reduction_enum(reduction)
    if reduction == "mean":
        return R.mean(output)
    return R.sum(output) if reduction == "sum" else output


def _legacy(size_average, reduce, reduction: str) -> str:
    """_Reduction.legacy_get_enum: the deprecated size_average / reduce flags."""
    if size_average is None and reduce is None:
        return reduction
    warn("size_average and reduce args will be deprecated, please use reduction='"
         f"{'none' if reduce is False else 'mean' if size_average is not False else 'sum'}' "
         "instead.")
    if reduce is False:
        return "none"
    return "sum" if size_average is False else "mean"


@torch_function(name="kl_div", namespace="torch.nn.functional")
@python_name("kl_div")
@takes_tensor("kl_div", "input", "target")
def kl_div(input, target, size_average=None, reduce=None, reduction="mean",
           log_target=False) -> Tensor:
    reduction = _legacy(size_average, reduce, reduction)
    if reduction == "mean":
        warn("reduction: 'mean' divides the total loss by both the batch size and the support "
             "size.'batchmean' divides only by the batch size, and aligns with the KL div math "
             "definition.'mean' will be changed to behave the same as 'batchmean' in the next "
             "major release.")
    if log_target:
        output = E.mul(E.exp(target), E.sub(target, input))
    else:
        output = E.sub(xlogy(target, target), E.mul(target, input))
    reduced = _reduced(output, "sum" if reduction == "batchmean" else reduction)
    if reduction == "batchmean" and input.ndim:
        reduced = E.div(reduced, input.shape[0])
    return reduced


@torch_function(name="margin_ranking_loss", namespace="torch.nn.functional")
@python_name("margin_ranking_loss")
def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                        reduction="mean") -> Tensor:
    reduction = _legacy(size_average, reduce, reduction)
    for t in (input1, input2, target):  # torch's Python code reads each one's .dim()
        attribute_of_tensor(t, "dim")
    if not (input1.ndim == input2.ndim == target.ndim):
        raise runtime_error(f"margin_ranking_loss : All input tensors should have same "
                            f"dimension but got sizes: input1: {input1.shape!r}, input2: "
                            f"{input2.shape!r}, target: {target.shape!r} ")
    unclamped = E.add(E.mul(E.neg(target), E.sub(input1, input2)), margin)
    return _reduced(E.clamp_min(unclamped, 0), reduction)


@torch_function(name="cosine_embedding_loss", namespace="torch.nn.functional")
@python_name("cosine_embedding_loss")
@takes_tensor("cosine_embedding_loss", "input1", "input2", "target")
def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                          reduction="mean") -> Tensor:
    reduction = _legacy(size_average, reduce, reduction)
    if input1.ndim != input2.ndim or input1.ndim not in (1, 2) or \
            target.ndim != input1.ndim - 1:
        raise runtime_error(f"cosine_embedding_loss: expected 1-D or 2-D inputs of the same "
                            f"dimension and a target of one dimension less, got "
                            f"{input1.ndim}-D, {input2.ndim}-D and {target.ndim}-D")
    dim = 1 if input1.ndim == 2 else 0
    prod_sum = R.sum(E.mul(input1, input2), dim)
    mag1 = E.add(R.sum(E.mul(input1, input1), dim), _EPSILON)
    mag2 = E.add(R.sum(E.mul(input2, input2), dim), _EPSILON)
    cos = E.div(prod_sum, E.sqrt(E.mul(mag1, mag2)))
    zeros = Tensor(np.zeros(cos.shape, dtype=cos.data.dtype))
    pos = E.sub(Tensor(np.ones(cos.shape, dtype=cos.data.dtype)), cos)
    neg = E.clamp_min(E.sub(cos, margin), 0)
    output = E.add(E.where(E.eq(target, 1), pos, zeros), E.where(E.eq(target, -1), neg, zeros))
    return _reduced(output, reduction)


@torch_function(name="triplet_margin_loss", namespace="torch.nn.functional")
@python_name("triplet_margin_loss")
def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean") -> Tensor:
    reduction = _legacy(size_average, reduce, reduction)
    if margin <= 0:
        raise TorchError("ValueError", f"margin must be greater than 0, got {margin}")
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = E.minimum(dist_neg, pairwise_distance(positive, negative, p, eps))
    output = E.clamp_min(E.sub(E.add(dist_pos, margin), dist_neg), 0)
    return _reduced(output, reduction)


@torch_function(name="triplet_margin_with_distance_loss", namespace="torch.nn.functional")
@python_name("triplet_margin_with_distance_loss")
def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean") -> Tensor:
    """torch's Python composition, with any distance function (pairwise_distance's default)."""
    if reduction not in ("mean", "sum", "none"):
        raise TorchError("ValueError", f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise TorchError("ValueError", f"margin must be greater than 0, got {margin}")
    dims = [attribute_of_tensor(t, "ndim").ndim for t in (anchor, positive, negative)]
    if len(set(dims)) != 1:
        raise runtime_error(f"The anchor, positive, and negative tensors are expected to have "
                            f"the same number of dimensions, but got: anchor {dims[0]}D, "
                            f"positive {dims[1]}D, and negative {dims[2]}D inputs")
    distance = pairwise_distance if distance_function is None else distance_function
    dist_pos = distance(anchor, positive)
    dist_neg = distance(anchor, negative)
    if swap:
        dist_neg = E.minimum(dist_neg, distance(positive, negative))
    loss = E.clamp_min(E.sub(E.add(dist_pos, margin), dist_neg), 0)
    return R.sum(loss) if reduction == "sum" else R.mean(loss) if reduction == "mean" else loss


@torch_function(name="hinge_embedding_loss", namespace="torch.nn.functional")
@python_name("hinge_embedding_loss")
def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean") -> Tensor:
    """ATen's composition: where(target != 1, (margin - x).clamp_min(0), 0)
    + where(target != -1, x, 0), reduced."""
    reduction = _legacy(size_average, reduce, reduction)
    check_nn("hinge_embedding_loss", input, target, margin, reduction_enum(reduction))
    zeros = creation.zeros_like(input)
    margin_clamp = E.clamp_min(E.rsub(input, margin), 0)
    output_margin = E.where(E.ne(target, 1), margin_clamp, zeros)
    output_self = E.where(E.ne(target, -1), input, zeros)
    return _reduced(E.add(output_margin, output_self), reduction)


@torch_function(name="multilabel_soft_margin_loss", namespace="torch.nn.functional")
@python_name("multilabel_soft_margin_loss")
def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean") -> Tensor:
    """torch's composition: -(y * logsigmoid(x) + (1 - y) * logsigmoid(-x)), weighted, summed
    over the classes (the last dim) and divided by their number, then reduced."""
    reduction = _legacy(size_average, reduce, reduction)
    loss = E.neg(E.add(E.mul(target, logsigmoid(input)),
                       E.mul(E.rsub(target, 1), logsigmoid(E.neg(input)))))
    if weight is not None:
        loss = E.mul(loss, weight)
    class_dim = input.ndim - 1
    loss = E.div(R.sum(loss, class_dim), input.shape[class_dim])
    if reduction not in ("none", "mean", "sum"):
        raise TorchError("ValueError", f"{reduction} is not valid")
    return loss if reduction == "none" else R.mean(loss) if reduction == "mean" else R.sum(loss)


@torch_function(name="soft_margin_loss", namespace="torch.nn.functional")
@python_name("soft_margin_loss")
def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean") -> Tensor:
    reduction = _legacy(size_average, reduce, reduction)
    check_nn("soft_margin_loss", input, target, reduction_enum(reduction))
    E.foresee_broadcast((input, target), input.data.itemsize)  # torch's size error, its words
    target = _constant_weight("soft_margin_loss", "target", target, input)
    if not input.dtype.is_floating_point:  # torch's composite kernel writes a float into it
        raise runtime_error(f"result type Float can't be cast to the desired output type "
                            f"{input.dtype.cpp}")
    return apply("soft_margin_loss", (input, target), reduction=reduction)
