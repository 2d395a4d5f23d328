"""torch.finfo and torch.iinfo: a dtype's numeric limits, as torch gives them (Python numbers;
`resolution` is 10**-precision exactly, not numpy's float32 rounding of it)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import type_error
from gradcli.torch._declare import torch_function


class FInfo:
    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, d: dtypes.DType):
        info = np.finfo(d.np)
        self.bits, self.eps = info.bits, float(info.eps)
        self.max, self.min = float(info.max), float(info.min)
        self.tiny = self.smallest_normal = float(info.tiny)
        self.resolution, self.dtype = 10.0 ** -info.precision, d.name

    def __eq__(self, other) -> bool:
        return isinstance(other, FInfo) and other.dtype == self.dtype

    __hash__ = None

    def __repr__(self) -> str:
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, dtype={self.dtype})")


class IInfo:
    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, d: dtypes.DType):
        info = np.iinfo(d.np)
        self.bits, self.max, self.min, self.dtype = info.bits, int(info.max), int(info.min), d.name

    def __eq__(self, other) -> bool:
        return isinstance(other, IInfo) and other.dtype == self.dtype

    __hash__ = None

    def __repr__(self) -> str:
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


def _dtype(kind, name: str) -> dtypes.DType:
    if not isinstance(kind, dtypes.DType):
        raise type_error(f"{name}(): argument 'type' (position 1) must be torch.dtype, not "
                         f"{type(kind).__name__}")
    return kind


@torch_function(name="finfo")
def finfo(type=None) -> FInfo:
    d = runtime.default_dtype() if type is None else _dtype(type, "finfo")
    if not d.is_floating_point:
        raise type_error("torch.finfo() requires a floating point input type. Use torch.iinfo "
                         "to handle 'torch.finfo'")
    return FInfo(d)


@torch_function(name="iinfo")
def iinfo(type) -> IInfo:
    d = _dtype(type, "iinfo")
    if d is dtypes.bool_:
        raise type_error("torch.bool is not supported by torch.iinfo")
    if d.is_floating_point:
        raise type_error("torch.iinfo() requires an integer input type. Use torch.finfo to "
                         "handle 'torch.iinfo'")
    return IInfo(d)


ATTRIBUTES = {
    FInfo: {name: ("property", lambda info, name=name: getattr(info, name))
            for name in FInfo.__slots__},
    IInfo: {name: ("property", lambda info, name=name: getattr(info, name))
            for name in IInfo.__slots__},
}
