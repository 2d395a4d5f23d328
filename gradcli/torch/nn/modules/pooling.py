"""torch.nn's pooling layers (torch/nn/modules/pooling.py: MaxPool1d/2d/3d, AvgPool1d/2d/3d,
AdaptiveAvgPool1d/2d/3d, AdaptiveMaxPool1d/2d/3d, LPPool1d/2d/3d, FractionalMaxPool2d/3d,
MaxUnpool1d/2d/3d) as
built-in classes deriving from nn.Module (module.py): their settings, forward over
torch.nn.functional and the extra_repr torch prints."""
from __future__ import annotations

from collections.abc import Callable

from gradcli.engine.errors import TorchError
from gradcli.torch.nn.functional import (
    pooling,
    pooling3d,
    pooling_adaptive,
    pooling_composite,
    pooling_fractional,
    unpooling,
)
from gradcli.torch.nn.modules.module import layer_class, register_buffer, set_fields


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


MAX_POOL1D, MAX_POOL2D, MAX_POOL3D = (
    layer_class(f"MaxPool{n}d", _max_pool_init, _max_pool_forward(fn), _max_pool_extra,
                fields=_MAX_POOL_FIELDS)
    for n, fn in ((1, pooling.max_pool1d), (2, pooling.max_pool2d), (3, pooling3d.max_pool3d)))


_AVG_POOL_FIELDS = ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad",
                    "divisor_override")


AVG_POOL2D, AVG_POOL3D = (
    layer_class(f"AvgPool{n}d", _avg_pool_init, _avg_pool_forward(fn), _avg_pool_extra,
                fields=_AVG_POOL_FIELDS)
    for n, fn in ((2, pooling.avg_pool2d), (3, pooling3d.avg_pool3d)))


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


def _fractional_max_pool(name: str, n: int, fn: Callable):
    """FractionalMaxPool2d/3d: torch's settings checks; its _random_samples a buffer (None:
    each forward draws its own)."""
    def init_(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
              _random_samples=None) -> None:
        def each(v):
            return None if v is None else tuple(v) if isinstance(v, (tuple, list)) else (v,) * n
        set_fields(self, kernel_size=each(kernel_size), return_indices=return_indices)
        register_buffer(self, "_random_samples", _random_samples)
        set_fields(self, output_size=each(output_size), output_ratio=each(output_ratio))
        if output_size is None and output_ratio is None:
            raise TorchError("ValueError", f"{name} requires specifying either an output size, "
                                           "or a pooling ratio")
        if output_size is not None and output_ratio is not None:
            raise TorchError("ValueError",
                             "only one of output_size and output_ratio may be specified")
        if output_ratio is not None and not all(0 < r < 1 for r in each(output_ratio)[:n]):
            raise TorchError("ValueError",
                             f"output_ratio must be between 0 and 1 (got {output_ratio})")

    def forward(self, input):
        a = self.attributes
        return fn(input, a["kernel_size"], a["output_size"], a["output_ratio"],
                  a["return_indices"], _random_samples=a["_random_samples"])

    return layer_class(name, init_, forward, fields=("kernel_size", "return_indices",
                                                     "output_size", "output_ratio"))


FRACTIONAL_MAX_POOL2D = _fractional_max_pool("FractionalMaxPool2d", 2,
                                             pooling_fractional.fractional_max_pool2d)
FRACTIONAL_MAX_POOL3D = _fractional_max_pool("FractionalMaxPool3d", 3,
                                             pooling_fractional.fractional_max_pool3d)


def _max_unpool(n: int, fn: Callable):
    """MaxUnpool1d/2d/3d: kernel_size, stride (the kernel's by default) and padding as n-tuples;
    forward(input, indices, output_size=None)."""
    def init_(self, kernel_size, stride=None, padding=0) -> None:
        set_fields(self, kernel_size=unpooling._ntuple(kernel_size, n),
                   stride=unpooling._ntuple(kernel_size if stride is None else stride, n),
                   padding=unpooling._ntuple(padding, n))

    def forward(self, input, indices, output_size=None):
        a = self.attributes
        return fn(input, indices, a["kernel_size"], a["stride"], a["padding"], output_size)

    return layer_class(f"MaxUnpool{n}d", init_, forward, _avg_pool_extra,
                       fields=("kernel_size", "stride", "padding"))


MAX_UNPOOL1D, MAX_UNPOOL2D, MAX_UNPOOL3D = (
    _max_unpool(n, fn) for n, fn in ((1, unpooling.max_unpool1d), (2, unpooling.max_unpool2d),
                                     (3, unpooling.max_unpool3d)))
