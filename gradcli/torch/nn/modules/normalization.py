"""torch.nn.LayerNorm (torch/nn/modules/normalization.py) as a built-in class deriving from
nn.Module (module.py): its weight and bias made in torch's order, its forward over
F.layer_norm, and the extra_repr torch prints."""
from __future__ import annotations

from gradcli.torch.nn import init
from gradcli.torch.nn.functional.normalization import layer_norm
from gradcli.torch.nn.modules.module import layer_class, set_fields
from gradcli.torch.nn.modules.utils import field_values, filled


def _layer_norm_init(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True,
                     device=None, dtype=None) -> None:
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else \
        tuple(normalized_shape)
    set_fields(self, normalized_shape=shape, eps=eps, elementwise_affine=elementwise_affine)
    affine = elementwise_affine
    self.attributes["weight"] = filled(shape, init.ones_, dtype) if affine else None
    self.attributes["bias"] = filled(shape, init.zeros_, dtype) if affine and bias else None


LAYER_NORM = layer_class(
    "LayerNorm", _layer_norm_init,
    lambda self, input: layer_norm(input, *field_values(self, "normalized_shape", "weight",
                                                     "bias", "eps")),
    lambda self: "{}, eps={}, elementwise_affine={}, bias={}".format(
        *field_values(self, "normalized_shape", "eps", "elementwise_affine"),
        self.attributes["bias"] is not None),
    fields=("normalized_shape", "eps", "elementwise_affine", "weight", "bias"))
