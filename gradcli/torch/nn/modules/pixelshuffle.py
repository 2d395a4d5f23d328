"""torch.nn.PixelShuffle and PixelUnshuffle (torch/nn/modules/pixelshuffle.py) as built-in
classes deriving from nn.Module (module.py), over F's functions."""
from __future__ import annotations

from gradcli.torch.nn.functional import vision
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _shuffle_init(self, upscale_factor) -> None:
    set_fields(self, upscale_factor=upscale_factor)


def _unshuffle_init(self, downscale_factor) -> None:
    set_fields(self, downscale_factor=downscale_factor)


def _factor_layer(name: str, field: str, init_, fn):
    return layer_class(name, init_, lambda self, input: fn(input, self.attributes[field]),
                       lambda self: f"{field}={self.attributes[field]}", fields=(field,))


PIXEL_SHUFFLE = _factor_layer("PixelShuffle", "upscale_factor", _shuffle_init,
                              vision.pixel_shuffle)
PIXEL_UNSHUFFLE = _factor_layer("PixelUnshuffle", "downscale_factor", _unshuffle_init,
                                vision.pixel_unshuffle)
