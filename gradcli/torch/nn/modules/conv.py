"""torch.nn.Conv1d and Conv2d (torch/nn/modules/conv.py) as built-in classes deriving from
nn.Module (module.py): their `__init__` (parameters made and initialised in torch's order, so
that torch.manual_seed gives the same weights), `forward` and `extra_repr`."""
from __future__ import annotations

import math
from collections.abc import Callable

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter
from gradcli.torch._tensor import creation
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.convolution import conv1d, conv2d
from gradcli.torch.nn.modules.module import layer_class, set_fields

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


def _tuple(value, n: int) -> tuple:
    """torch's _single / _pair: a number repeated n times; a sequence as a tuple."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * n


def _conv_init(n: int) -> Callable:
    def init_(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
              groups=1, bias=True, padding_mode="zeros", device=None, dtype=None) -> None:
        stride = _tuple(stride, n)
        padding = padding if isinstance(padding, str) else _tuple(padding, n)
        _check_conv(in_channels, out_channels, groups, stride, padding, padding_mode)
        kernel_size = _tuple(kernel_size, n)
        set_fields(self, in_channels=in_channels, out_channels=out_channels,
                kernel_size=kernel_size, stride=stride, padding=padding,
                dilation=_tuple(dilation, n), transposed=False, output_padding=(0,) * n,
                groups=groups, padding_mode=padding_mode)
        weight = Parameter(creation.empty(out_channels, in_channels // groups, *kernel_size,
                                          dtype=dtype))
        self.attributes["weight"] = weight
        self.attributes["bias"] = Parameter(creation.empty(out_channels, dtype=dtype)) \
            if bias else None
        # torch's reset_parameters: kaiming_uniform_(a=sqrt(5)), then the bias from the fan in
        init.kaiming_uniform_(weight, a=math.sqrt(5))
        if bias:
            fan_in = init.fans(weight)[0]
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.attributes["bias"], -bound, bound)
    return init_


def _check_conv(in_channels, out_channels, groups, stride, padding, padding_mode) -> None:
    if groups <= 0:
        raise TorchError("ValueError", "groups must be a positive integer")
    if in_channels % groups:
        raise TorchError("ValueError", "in_channels must be divisible by groups")
    if out_channels % groups:
        raise TorchError("ValueError", "out_channels must be divisible by groups")
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise TorchError("ValueError", f"Invalid padding string {padding!r}, should be one "
                                           "of {'same', 'valid'}")
        if padding == "same" and any(s != 1 for s in stride):
            raise TorchError("ValueError",
                             "padding='same' is not supported for strided convolutions")
    if padding_mode not in _PADDING_MODES:
        raise TorchError("ValueError", "padding_mode must be one of {'zeros', 'reflect', "
                                       f"'replicate', 'circular'}}, but got padding_mode="
                                       f"'{padding_mode}'")
    if padding_mode != "zeros":
        raise TorchError("NotImplementedError", f"gradcli supports padding_mode='zeros' only "
                                                f"so far, not {padding_mode!r}")


def _conv_forward(fn: Callable) -> Callable:
    def forward(self, input):
        a = self.attributes
        return fn(input, a["weight"], a["bias"], a["stride"], a["padding"], a["dilation"],
                  a["groups"])
    return forward


def _conv_extra(self) -> str:
    """torch's _ConvNd.extra_repr."""
    a = self.attributes
    text = (f"{a['in_channels']}, {a['out_channels']}, kernel_size={a['kernel_size']}, "
            f"stride={a['stride']}")
    if isinstance(a["padding"], str) or a["padding"] != (0,) * len(a["padding"]):
        text += f", padding={a['padding']}"
    if a["dilation"] != (1,) * len(a["dilation"]):
        text += f", dilation={a['dilation']}"
    if a["groups"] != 1:
        text += f", groups={a['groups']}"
    if a["bias"] is None:
        text += ", bias=False"
    return text


_CONV_FIELDS = ("in_channels", "out_channels", "kernel_size", "stride", "padding", "dilation",
                "transposed", "output_padding", "groups", "padding_mode", "weight", "bias")


CONV1D = layer_class("Conv1d", _conv_init(1), _conv_forward(conv1d), _conv_extra,
                     fields=_CONV_FIELDS)


CONV2D = layer_class("Conv2d", _conv_init(2), _conv_forward(conv2d), _conv_extra,
                     fields=_CONV_FIELDS)
