"""torch.nn.functional's distance functions over Tensors: pairwise_distance (what
triplet_margin_loss measures with) and cosine_similarity, built from their ATen definitions op
by op."""
from __future__ import annotations

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply, broadcast_shape
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import pointwise as E
from gradcli.torch._tensor import reductions as R
from gradcli.torch._tensor import shape
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.linalg import vector_norm
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


_COSINE_SIMILARITY = "cosine_similarity(Tensor x1, Tensor x2, int64_t dim=1, double eps=1e-08)"


@torch_function(_COSINE_SIMILARITY)
@torch_function(_COSINE_SIMILARITY, namespace="torch.nn.functional")
@python_name("cosine_similarity")
def cosine_similarity(x1, x2, dim=1, eps=1e-8) -> Tensor:
    """ATen's: each side divided by its norm clamped to eps (the clamp in place under no_grad,
    so that the gradient is the norm's), then the products summed along dim."""
    common = dtypes.promote(x1.dtype, x2.dtype)
    if not common.is_floating_point:
        raise runtime_error(f"expected common dtype to be floating point, yet common dtype is "
                            f"{common.cpp}")
    x1, x2 = (shape.to(x, common) if not x.dtype.is_floating_point else x for x in (x1, x2))
    if x1.shape != x2.shape:  # ATen's expand_outplace
        size = broadcast_shape(x1.shape, x2.shape)
        x1, x2 = x1.expand(*size), x2.expand(*size)
    normalized = []
    for x in (x1, x2):
        norm = vector_norm(x, 2, dim, True).clone()
        with no_grad():
            norm.clamp_min_(eps)
        normalized.append(E.div(x, norm))
    return R.sum(E.mul(*normalized), dim)


_PDIST = "pdist(Tensor input, double p=2)"


@torch_function(_PDIST)
@torch_function(_PDIST, namespace="torch.nn.functional")
@python_name("pdist")
def pdist(input, p=2.0) -> Tensor:
    """The p-norm distance of each pair of rows i < j (PdistBackward0)."""
    if input.ndim != 2:
        raise runtime_error(f"pdist only supports 2D tensors, got: {input.ndim}D")
    if not input.dtype.is_floating_point:
        raise runtime_error("pdist only supports floating-point dtypes")
    if p < 0:
        raise runtime_error("pdist only supports non-negative p values")
    rows, columns = input.data.shape
    # each pair's row difference in float64 (a 2-row index of the pairs beside it)
    runtime.current.foresee(rows * (rows - 1) // 2 * max(columns, 2), 8,
                            "pdist's table of row differences")
    return apply("pdist", (shape.contiguous(input),), p=float(p))
