"""torch.nn.LazyConv1d/2d/3d and LazyConvTranspose1d/2d/3d (torch/nn/modules/conv.py): a
convolution whose in_channels is its first input's; until then its weight and bias are
UninitializedParameters. The first forward gives them their shapes, initialises them as
torch's reset_parameters (drawing from the generator then, not at construction) and makes the
module the convolution class it stands for (Conv2d, ...), as torch's cls_to_become."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.torch._tensor import creation
from gradcli.torch.nn.modules import conv
from gradcli.torch.nn.modules.module import MODULE_CLASSES, layer_class, set_fields


class UninitializedParameter(Parameter):
    """torch.nn.UninitializedParameter: a lazy module's parameter before its first forward,
    of no shape yet (its dtype held by an empty array)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<UninitializedParameter>"

    __str__ = __repr__

    def materialize(self, shape: tuple) -> None:
        """The same object (whoever holds it sees it) made a Parameter of `shape`, as torch's:
        its values uninitialised (zeros here) until the module's reset_parameters."""
        Parameter.__init__(self, Tensor(np.zeros(shape, self.data.dtype)), self.requires_grad)
        self.__class__ = Parameter


def _lazy_init(n: int, transposed: bool):
    def settings(self, out_channels, kernel_size, stride, padding, output_padding, dilation,
                 groups, bias, padding_mode, dtype) -> None:
        stride = conv._tuple(stride, n)
        padding = padding if isinstance(padding, str) else conv._tuple(padding, n)
        conv._check_conv(0, 0, groups, stride, padding, padding_mode)
        set_fields(self, in_channels=0, out_channels=out_channels,
                   kernel_size=conv._tuple(kernel_size, n), stride=stride, padding=padding,
                   dilation=conv._tuple(dilation, n), transposed=transposed,
                   output_padding=conv._tuple(output_padding, n), groups=groups,
                   padding_mode=padding_mode)
        self.attributes["weight"] = UninitializedParameter(creation.empty(0, dtype=dtype))
        self.attributes["bias"] = UninitializedParameter(creation.empty(0, dtype=dtype)) \
            if bias else None

    if transposed:
        def init_(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                  groups=1, bias=True, dilation=1, padding_mode="zeros", device=None,
                  dtype=None) -> None:
            if padding_mode != "zeros":
                raise TorchError("ValueError", f'Only "zeros" padding mode is supported for '
                                               f"ConvTranspose{n}d")
            settings(self, out_channels, kernel_size, stride, padding, output_padding,
                     dilation, groups, bias, padding_mode, dtype)
    else:
        def init_(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                  bias=True, padding_mode="zeros", device=None, dtype=None) -> None:
            settings(self, out_channels, kernel_size, stride, padding, 0, dilation, groups,
                     bias, padding_mode, dtype)
    return init_


def _initialize(self, input, n: int, becomes: str) -> None:
    """torch's _LazyConvXdMixin.initialize_parameters, then the class it becomes."""
    a = self.attributes
    if input.ndim not in (n + 1, n + 2):
        raise runtime_error(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to "
                            f"{self.cls.name}, but got input of size: {input.shape!r}")
    a["in_channels"] = input.shape[1] if input.ndim == n + 2 else input.shape[0]
    if a["in_channels"] % a["groups"]:
        raise TorchError("ValueError", "in_channels must be divisible by groups")
    inner, outer = a["in_channels"], a["out_channels"] // a["groups"]
    if not a["transposed"]:
        inner, outer = a["out_channels"], a["in_channels"] // a["groups"]
    a["weight"].materialize((inner, outer, *a["kernel_size"]))
    if a["bias"] is not None:
        a["bias"].materialize((a["out_channels"],))
    conv._reset_parameters(self)
    self.cls = MODULE_CLASSES[becomes]


def _lazy_class(name: str, n: int, transposed: bool, function):
    becomes = name.removeprefix("Lazy")
    forward = conv._conv_transpose_forward(function, n) if transposed else \
        conv._conv_forward(function)

    def lazy_forward(self, input, *args, **kwargs):
        if isinstance(self.attributes["weight"], UninitializedParameter):
            _initialize(self, input, n, becomes)
        return forward(self, input, *args, **kwargs)

    return layer_class(name, _lazy_init(n, transposed), lazy_forward, conv._conv_extra,
                       fields=conv._CONV_FIELDS)


LAZY_CONV1D = _lazy_class("LazyConv1d", 1, False, conv.conv1d)
LAZY_CONV2D = _lazy_class("LazyConv2d", 2, False, conv.conv2d)
LAZY_CONV3D = _lazy_class("LazyConv3d", 3, False, conv.conv3d)
LAZY_CONV_TRANSPOSE1D = _lazy_class("LazyConvTranspose1d", 1, True, conv.conv_transpose1d)
LAZY_CONV_TRANSPOSE2D = _lazy_class("LazyConvTranspose2d", 2, True, conv.conv_transpose2d)
LAZY_CONV_TRANSPOSE3D = _lazy_class("LazyConvTranspose3d", 3, True, conv.conv_transpose3d)
