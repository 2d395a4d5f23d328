"""torch.nn.PairwiseDistance and CosineSimilarity (torch/nn/modules/distance.py) as built-in
classes deriving from nn.Module (module.py): their settings, passed on to F's functions."""
from __future__ import annotations

from gradcli.torch.nn.functional.distance import cosine_similarity, pairwise_distance
from gradcli.torch.nn.modules.module import layer_class, set_fields
from gradcli.torch.nn.modules.utils import field_values


def _pairwise_init(self, p=2.0, eps=1e-6, keepdim=False) -> None:
    set_fields(self, norm=p, eps=eps, keepdim=keepdim)


PAIRWISE_DISTANCE = layer_class(
    "PairwiseDistance", _pairwise_init,
    lambda self, x1, x2: pairwise_distance(x1, x2, *field_values(self, "norm", "eps",
                                                                 "keepdim")),
    fields=("norm", "eps", "keepdim"))


def _cosine_init(self, dim=1, eps=1e-8) -> None:
    set_fields(self, dim=dim, eps=eps)


COSINE_SIMILARITY = layer_class(
    "CosineSimilarity", _cosine_init,
    lambda self, x1, x2: cosine_similarity(x1, x2, *field_values(self, "dim", "eps")),
    fields=("dim", "eps"))
