"""torch.nn.functional's distance functions over Tensors: pairwise_distance, built from its
ATen definition op by op (what triplet_margin_loss measures with)."""
from __future__ import annotations

from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import pointwise as E
from gradcli.torch.nn.functional._common import python_name

_PAIRWISE_DISTANCE = ("pairwise_distance(Tensor x1, Tensor x2, double p=2, double eps=1e-06, "
                      "bool keepdim=False)")


@torch_function(_PAIRWISE_DISTANCE)
@torch_function(_PAIRWISE_DISTANCE, namespace="torch.nn.functional")
@python_name("pairwise_distance")
def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False) -> Tensor:
    dim = 0 if x1.ndim == 1 and x2.ndim == 1 else -1
    diff = E.add(E.sub(x1, x2), eps)
    return apply("norm_aten", (diff,), p=float(p), dim=(dim % max(diff.ndim, 1),),
                 keepdim=keepdim)
