"""torch.nn.functional's distance functions over Tensors: pairwise_distance, built from its
ATen definition op by op (what triplet_margin_loss measures with)."""
from __future__ import annotations

from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import takes_tensor, torch_function
from gradcli.torch._tensor import pointwise as E
from gradcli.torch.nn.functional._common import python_name


@torch_function(name="pairwise_distance")
@torch_function(name="pairwise_distance", namespace="torch.nn.functional")
@python_name("pairwise_distance")
@takes_tensor("pairwise_distance", "x1")
def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False) -> Tensor:
    dim = 0 if x1.ndim == 1 and x2.ndim == 1 else -1
    diff = E.add(E.sub(x1, x2), eps)
    return apply("norm_aten", (diff,), p=float(p), dim=(dim % max(diff.ndim, 1),),
                 keepdim=keepdim)
