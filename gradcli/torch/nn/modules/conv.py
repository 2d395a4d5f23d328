"""torch.nn.Conv1d/2d/3d and ConvTranspose1d/2d/3d (torch/nn/modules/conv.py)
as built-in classes deriving from nn.Module (module.py): their `__init__` (parameters made
and initialised in torch's order, so that torch.manual_seed gives the same weights),
`forward` and `extra_repr`."""
from __future__ import annotations

import math
from collections.abc import Callable

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter
from gradcli.torch._tensor import creation
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.convolution import (
    conv1d,
    conv2d,
    conv3d,
    conv_transpose1d,
    conv_transpose2d,
    conv_transpose3d,
)
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
        _parameters(self, (out_channels, in_channels // groups, *kernel_size), out_channels,
                    bias, dtype)
    return init_


def _conv_transpose_init(n: int) -> Callable:
    def init_(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
              output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
              device=None, dtype=None) -> None:
        if padding_mode != "zeros":
            raise TorchError("ValueError", f'Only "zeros" padding mode is supported for '
                                           f"ConvTranspose{n}d")
        stride, padding = _tuple(stride, n), _tuple(padding, n)
        _check_conv(in_channels, out_channels, groups, stride, padding, padding_mode)
        kernel_size = _tuple(kernel_size, n)
        set_fields(self, in_channels=in_channels, out_channels=out_channels,
                   kernel_size=kernel_size, stride=stride, padding=padding,
                   dilation=_tuple(dilation, n), transposed=True,
                   output_padding=_tuple(output_padding, n), groups=groups,
                   padding_mode=padding_mode)
        _parameters(self, (in_channels, out_channels // groups, *kernel_size), out_channels,
                    bias, dtype)
    return init_


def _parameters(self, weight_shape: tuple, out_channels: int, bias: bool, dtype) -> None:
    """The weight and bias, made and initialised."""
    self.attributes["weight"] = Parameter(creation.empty(*weight_shape, dtype=dtype))
    self.attributes["bias"] = Parameter(creation.empty(out_channels, dtype=dtype)) \
        if bias else None
    _reset_parameters(self)


def _reset_parameters(self) -> None:
    """torch's reset_parameters: kaiming_uniform_(a=sqrt(5)), then the bias from the
    weight's fan in."""
    weight, bias = self.attributes["weight"], self.attributes["bias"]
    init.kaiming_uniform_(weight, a=math.sqrt(5))
    if bias is not None:
        fan_in = init.fans(weight)[0]
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(bias, -bound, bound)


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
    if a["output_padding"] != (0,) * len(a["output_padding"]):
        text += f", output_padding={a['output_padding']}"
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
                     fields=_CONV_FIELDS, reset_parameters=_reset_parameters)


CONV2D = layer_class("Conv2d", _conv_init(2), _conv_forward(conv2d), _conv_extra,
                     fields=_CONV_FIELDS, reset_parameters=_reset_parameters)


CONV3D = layer_class("Conv3d", _conv_init(3), _conv_forward(conv3d), _conv_extra,
                     fields=_CONV_FIELDS, reset_parameters=_reset_parameters)


def _conv_transpose_forward(fn: Callable, n: int) -> Callable:
    def forward(self, input, output_size=None):
        a = self.attributes
        output_padding = a["output_padding"] if output_size is None else \
            _output_padding(input, list(output_size), a, n)
        return fn(input, a["weight"], a["bias"], a["stride"], a["padding"], output_padding,
                  a["groups"], a["dilation"])
    return forward


def _output_padding(input, output_size: list, a: dict, n: int) -> list:
    """torch's _ConvTransposeNd._output_padding: what makes the output `output_size`."""
    leading = 2 if input.ndim == n + 2 else 1
    if len(output_size) == leading + n:
        output_size = output_size[leading:]
    if len(output_size) != n:
        raise TorchError("ValueError", f"ConvTranspose{n}D: for {input.ndim}D input, "
                         f"output_size must have {n} or {leading + n} elements (got "
                         f"{len(output_size)})")
    smallest = [(input.shape[d + leading] - 1) * a["stride"][d] - 2 * a["padding"][d] +
                a["dilation"][d] * (a["kernel_size"][d] - 1) + 1 for d in range(n)]
    largest = [m + s - 1 for m, s in zip(smallest, a["stride"])]
    if any(not lo <= size <= hi for size, lo, hi in zip(output_size, smallest, largest)):
        raise TorchError("ValueError", f"requested an output size of {output_size}, but valid "
                         f"sizes range from {smallest} to {largest} (for an input of "
                         f"torch.Size({list(input.shape[2:])}))")
    return [size - lo for size, lo in zip(output_size, smallest)]


CONV_TRANSPOSE1D = layer_class("ConvTranspose1d", _conv_transpose_init(1),
                               _conv_transpose_forward(conv_transpose1d, 1), _conv_extra,
                               fields=_CONV_FIELDS, reset_parameters=_reset_parameters)


CONV_TRANSPOSE2D = layer_class("ConvTranspose2d", _conv_transpose_init(2),
                               _conv_transpose_forward(conv_transpose2d, 2), _conv_extra,
                               fields=_CONV_FIELDS, reset_parameters=_reset_parameters)


CONV_TRANSPOSE3D = layer_class("ConvTranspose3d", _conv_transpose_init(3),
                               _conv_transpose_forward(conv_transpose3d, 3), _conv_extra,
                               fields=_CONV_FIELDS, reset_parameters=_reset_parameters)
