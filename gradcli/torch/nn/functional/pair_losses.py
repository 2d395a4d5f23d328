"""torch's composite losses that compare pairs and triplets (kl_div, margin_ranking_loss,
cosine_embedding_loss, triplet_margin_loss) and pairwise_distance, built from their ATen
definitions op by op, so that their graphs have torch's nodes."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import pointwise as E
from gradcli.torch._tensor import reductions as R
from gradcli.torch._tensor.special_functions import xlogy
from gradcli.torch.nn.functional.loss import _reduction, python_name

_EPSILON = 1e-12  # cosine_embedding_loss's, added to each squared magnitude


def _reduced(output: Tensor, reduction: str) -> Tensor:
    """ATen's apply_loss_reduction."""
    _reduction(reduction)
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
    if not (input1.ndim == input2.ndim == target.ndim):
        raise runtime_error(f"margin_ranking_loss : All input tensors should have same "
                            f"dimension but got sizes: input1: {input1.shape!r}, input2: "
                            f"{input2.shape!r}, target: {target.shape!r} ")
    unclamped = E.add(E.mul(E.neg(target), E.sub(input1, input2)), margin)
    return _reduced(E.clamp_min(unclamped, 0), reduction)


@torch_function(name="cosine_embedding_loss", namespace="torch.nn.functional")
@python_name("cosine_embedding_loss")
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


@torch_function(name="pairwise_distance")
@torch_function(name="pairwise_distance", namespace="torch.nn.functional")
@python_name("pairwise_distance")
def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False) -> Tensor:
    dim = 0 if x1.ndim == 1 and x2.ndim == 1 else -1
    diff = E.add(E.sub(x1, x2), eps)
    return apply("norm_aten", (diff,), p=float(p), dim=(dim % max(diff.ndim, 1),),
                 keepdim=keepdim)


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
