"""torch.nn.Upsample, UpsamplingNearest2d and UpsamplingBilinear2d
(torch/nn/modules/upsampling.py) as built-in classes deriving from nn.Module (module.py):
their settings, F.interpolate as forward, and the extra_repr torch prints."""
from __future__ import annotations

from gradcli.torch.nn.functional import upsampling
from gradcli.torch.nn.modules.module import layer_class, set_fields

_FIELDS = ("name", "size", "scale_factor", "mode", "align_corners", "recompute_scale_factor")


def _upsample_init(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                   recompute_scale_factor=None, *, name="Upsample") -> None:
    if isinstance(scale_factor, tuple):
        scale_factor = tuple(float(factor) for factor in scale_factor)
    else:
        scale_factor = float(scale_factor) if scale_factor else None
    set_fields(self, name=name, size=size, scale_factor=scale_factor, mode=mode,
               align_corners=align_corners, recompute_scale_factor=recompute_scale_factor)


def _forward(self, input):
    a = self.attributes
    return upsampling.interpolate(input, a["size"], a["scale_factor"], a["mode"],
                                  a["align_corners"], a["recompute_scale_factor"])


def _extra(self) -> str:
    a = self.attributes
    shown = (f"scale_factor={a['scale_factor']!r}" if a["scale_factor"] is not None else
             f"size={a['size']!r}")
    return f"{shown}, mode={a['mode']!r}"


UPSAMPLE = layer_class("Upsample", _upsample_init, _forward, _extra, fields=_FIELDS)
UPSAMPLING_NEAREST2D = layer_class(
    "UpsamplingNearest2d",
    lambda self, size=None, scale_factor=None: _upsample_init(
        self, size, scale_factor, "nearest", name="UpsamplingNearest2d"),
    _forward, _extra, fields=_FIELDS)
UPSAMPLING_BILINEAR2D = layer_class(
    "UpsamplingBilinear2d",
    lambda self, size=None, scale_factor=None: _upsample_init(
        self, size, scale_factor, "bilinear", True, name="UpsamplingBilinear2d"),
    _forward, _extra, fields=_FIELDS)
