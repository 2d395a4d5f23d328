"""torch.nn's pooling layers (torch/nn/modules/pooling.py: MaxPool1d/2d/3d, AvgPool1d/2d/3d,
AdaptiveAvgPool1d/2d/3d, AdaptiveMaxPool1d/2d/3d, LPPool1d/2d/3d) as built-in classes
deriving from nn.Module (module.py): their settings, forward over torch.nn.functional and the
extra_repr torch prints."""
from __future__ import annotations

from collections.abc import Callable

from gradcli.torch.nn.functional import (
    pooling,
    pooling3d,
    pooling_adaptive,
    pooling_composite,
)
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _max_pool_init(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                   ceil_mode=False) -> None:
    set_fields(self, kernel_size=kernel_size, stride=kernel_size if stride is None else stride,
               padding=padding, dilation=dilation, return_indices=return_indices,
               ceil_mode=ceil_mode)


def _max_pool_forward(fn: Callable) -> Callable:
    def forward(self, input):
        a = self.attributes
        return fn(input, a["kernel_size"], a["stride"], a["padding"], a["dilation"],
                  ceil_mode=a["ceil_mode"], return_indices=a["return_indices"])
    return forward


def _max_pool_extra(self) -> str:
    a = self.attributes
    return (f"kernel_size={a['kernel_size']}, stride={a['stride']}, padding={a['padding']}, "
            f"dilation={a['dilation']}, ceil_mode={a['ceil_mode']}")


def _avg_pool_init(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                   count_include_pad=True, divisor_override=None) -> None:
    set_fields(self, kernel_size=kernel_size, stride=kernel_size if stride is None else stride,
               padding=padding, ceil_mode=ceil_mode, count_include_pad=count_include_pad,
               divisor_override=divisor_override)


def _avg_pool_forward(fn: Callable) -> Callable:
    def forward(self, input):
        a = self.attributes
        return fn(input, a["kernel_size"], a["stride"], a["padding"], a["ceil_mode"],
                  a["count_include_pad"], a["divisor_override"])
    return forward


def _avg_pool_extra(self) -> str:
    a = self.attributes
    return f"kernel_size={a['kernel_size']}, stride={a['stride']}, padding={a['padding']}"


_MAX_POOL_FIELDS = ("kernel_size", "stride", "padding", "dilation", "return_indices",
                    "ceil_mode")


MAX_POOL1D = layer_class("MaxPool1d", _max_pool_init, _max_pool_forward(pooling.max_pool1d),
                         _max_pool_extra, fields=_MAX_POOL_FIELDS)


MAX_POOL2D = layer_class("MaxPool2d", _max_pool_init, _max_pool_forward(pooling.max_pool2d),
                         _max_pool_extra, fields=_MAX_POOL_FIELDS)


MAX_POOL3D = layer_class("MaxPool3d", _max_pool_init, _max_pool_forward(pooling3d.max_pool3d),
                         _max_pool_extra, fields=_MAX_POOL_FIELDS)


_AVG_POOL_FIELDS = ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad",
                    "divisor_override")


AVG_POOL2D = layer_class("AvgPool2d", _avg_pool_init, _avg_pool_forward(pooling.avg_pool2d),
                         _avg_pool_extra, fields=_AVG_POOL_FIELDS)


AVG_POOL3D = layer_class("AvgPool3d", _avg_pool_init, _avg_pool_forward(pooling3d.avg_pool3d),
                         _avg_pool_extra, fields=_AVG_POOL_FIELDS)


def _adaptive_avg_pool(name: str, fn: Callable):
    return layer_class(
        name, lambda self, output_size: set_fields(self, output_size=output_size),
        lambda self, input: fn(input, self.attributes["output_size"]),
        lambda self: f"output_size={self.attributes['output_size']}", fields=("output_size",))


ADAPTIVE_AVG_POOL1D = _adaptive_avg_pool("AdaptiveAvgPool1d", pooling.adaptive_avg_pool1d)
ADAPTIVE_AVG_POOL2D = _adaptive_avg_pool("AdaptiveAvgPool2d", pooling.adaptive_avg_pool2d)
ADAPTIVE_AVG_POOL3D = _adaptive_avg_pool("AdaptiveAvgPool3d",
                                         pooling_adaptive.adaptive_avg_pool3d)


def _single(value) -> tuple:
    """torch's _single: a number as a 1-tuple."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _avg_pool1d_init(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                     count_include_pad=True) -> None:
    single = _single
    set_fields(self, kernel_size=single(kernel_size),
               stride=single(kernel_size if stride is None else stride),
               padding=single(padding), ceil_mode=ceil_mode,
               count_include_pad=count_include_pad)


AVG_POOL1D = layer_class(
    "AvgPool1d", _avg_pool1d_init,
    lambda self, input: pooling.avg_pool1d(
        input, self.attributes["kernel_size"], self.attributes["stride"],
        self.attributes["padding"], self.attributes["ceil_mode"],
        self.attributes["count_include_pad"]),
    _avg_pool_extra, fields=("kernel_size", "stride", "padding", "ceil_mode",
                             "count_include_pad"))


def _adaptive_max_pool(name: str, fn: Callable):
    return layer_class(
        name, lambda self, output_size, return_indices=False: set_fields(
            self, output_size=output_size, return_indices=return_indices),
        lambda self, input: fn(input, self.attributes["output_size"],
                               self.attributes["return_indices"]),
        lambda self: f"output_size={self.attributes['output_size']}",
        fields=("output_size", "return_indices"))


ADAPTIVE_MAX_POOL1D = _adaptive_max_pool("AdaptiveMaxPool1d", pooling.adaptive_max_pool1d)
ADAPTIVE_MAX_POOL2D = _adaptive_max_pool("AdaptiveMaxPool2d",
                                         pooling_adaptive.adaptive_max_pool2d)
ADAPTIVE_MAX_POOL3D = _adaptive_max_pool("AdaptiveMaxPool3d",
                                         pooling_adaptive.adaptive_max_pool3d)


def _lp_pool(name: str, fn: Callable):
    def init_(self, norm_type, kernel_size, stride=None, ceil_mode=False) -> None:
        set_fields(self, norm_type=norm_type, kernel_size=kernel_size, stride=stride,
                   ceil_mode=ceil_mode)

    def forward(self, input):
        a = self.attributes
        return fn(input, float(a["norm_type"]), a["kernel_size"], a["stride"], a["ceil_mode"])

    return layer_class(
        name, init_, forward,
        lambda self: "norm_type={norm_type}, kernel_size={kernel_size}, stride={stride}, "
                     "ceil_mode={ceil_mode}".format(**self.attributes),
        fields=("norm_type", "kernel_size", "stride", "ceil_mode"))


LP_POOL1D = _lp_pool("LPPool1d", pooling_composite.lp_pool1d)
LP_POOL2D = _lp_pool("LPPool2d", pooling_composite.lp_pool2d)
LP_POOL3D = _lp_pool("LPPool3d", pooling_composite.lp_pool3d)
