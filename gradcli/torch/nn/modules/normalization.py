"""torch.nn.LayerNorm, GroupNorm, RMSNorm and LocalResponseNorm
(torch/nn/modules/normalization.py) as built-in classes deriving from nn.Module (module.py):
their weight and bias made in torch's order, their forward over F's function, and the
extra_repr torch prints."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.normalization import layer_norm
from gradcli.torch.nn.functional.normalization_grouped import group_norm, rms_norm
from gradcli.torch.nn.functional.pooling_composite import local_response_norm
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


def _group_norm_init(self, num_groups, num_channels, eps=1e-5, affine=True, bias=True,
                     device=None, dtype=None) -> None:
    if num_channels % num_groups:
        raise TorchError("ValueError", f"num_channels ({num_channels}) must be divisible by "
                                       f"num_groups ({num_groups})")
    set_fields(self, num_groups=num_groups, num_channels=num_channels, eps=eps, affine=affine)
    shape = (num_channels,)
    self.attributes["weight"] = filled(shape, init.ones_, dtype) if affine else None
    self.attributes["bias"] = filled(shape, init.zeros_, dtype) if affine and bias else None


GROUP_NORM = layer_class(
    "GroupNorm", _group_norm_init,
    lambda self, input: group_norm(input, *field_values(self, "num_groups", "weight", "bias",
                                                        "eps")),
    lambda self: "{}, {}, eps={}, affine={}, bias={}".format(
        *field_values(self, "num_groups", "num_channels", "eps", "affine"),
        self.attributes["bias"] is not None),
    fields=("num_groups", "num_channels", "eps", "affine", "weight", "bias"))


def _rms_norm_init(self, normalized_shape, eps=None, elementwise_affine=True, device=None,
                   dtype=None) -> None:
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else \
        tuple(normalized_shape)
    set_fields(self, normalized_shape=shape, eps=eps, elementwise_affine=elementwise_affine)
    self.attributes["weight"] = filled(shape, init.ones_, dtype) if elementwise_affine else None


RMS_NORM = layer_class(
    "RMSNorm", _rms_norm_init,
    lambda self, input: rms_norm(input, *field_values(self, "normalized_shape", "weight",
                                                      "eps")),
    lambda self: "{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}".format(
        **self.attributes),
    fields=("normalized_shape", "eps", "elementwise_affine", "weight"))


LOCAL_RESPONSE_NORM = layer_class(
    "LocalResponseNorm",
    lambda self, size, alpha=1e-4, beta=0.75, k=1.0: set_fields(self, size=size, alpha=alpha,
                                                               beta=beta, k=k),
    lambda self, input: local_response_norm(input, *(self.attributes[n] for n in
                                                     ("size", "alpha", "beta", "k"))),
    lambda self: "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.attributes),
    fields=("size", "alpha", "beta", "k"))
