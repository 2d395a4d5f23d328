"""torch.nn.Unfold and Fold (torch/nn/modules/fold.py) as built-in classes deriving from
nn.Module (module.py): their window settings, passed on to F.unfold and F.fold."""
from __future__ import annotations

from gradcli.torch.nn.functional.convolution import fold, unfold
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _unfold_init(self, kernel_size, dilation=1, padding=0, stride=1) -> None:
    set_fields(self, kernel_size=kernel_size, dilation=dilation, padding=padding, stride=stride)


def _fold_init(self, output_size, kernel_size, dilation=1, padding=0, stride=1) -> None:
    set_fields(self, output_size=output_size, kernel_size=kernel_size, dilation=dilation,
               padding=padding, stride=stride)


def _windows(self) -> dict:
    return {k: self.attributes[k] for k in ("kernel_size", "dilation", "padding", "stride")}


def _windows_extra(self) -> str:
    return ", ".join(f"{k}={v}" for k, v in _windows(self).items())


_WINDOW_FIELDS = ("kernel_size", "dilation", "padding", "stride")


UNFOLD = layer_class("Unfold", _unfold_init,
                     lambda self, input: unfold(input, **_windows(self)),
                     _windows_extra, fields=_WINDOW_FIELDS)


FOLD = layer_class("Fold", _fold_init,
                   lambda self, input: fold(input, self.attributes["output_size"],
                                                        **_windows(self)),
                   lambda self: f"output_size={self.attributes['output_size']}, "
                                f"{_windows_extra(self)}",
                   fields=("output_size", *_WINDOW_FIELDS))
