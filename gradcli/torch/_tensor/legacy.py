"""PyTorch's legacy constructors, still in tutorials and old answers: torch.FloatTensor(data),
torch.LongTensor(2, 3), torch.Tensor(data), and torch.autograd.Variable(t, requires_grad=True).

`torch.FloatTensor([1, 2])` is torch.tensor of that dtype. `torch.Tensor(2, 3)` makes a tensor
of that shape whose memory torch leaves uninitialised (whatever was there): gradcli fills it
with zeros, so a script prints the same on every run. A tensor given to the constructor of its
own dtype is aliased (its memory shared, as torch does); other dtypes are torch's TypeError.
`isinstance(x, torch.FloatTensor)` asks x's dtype, as torch's metaclass does.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, type_error, warn
from gradcli.engine.tensor import Size, Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.type_objects import TypeObject, set_tensor_constructor
from gradcli.torch._numpy import Array, from_numpy
from gradcli.torch._tensor import creation

NEW_SIGNATURES = ("new() received an invalid combination of arguments - got ({got}), but "
                  "expected one of:\n * (*, torch.device device = None)\n * (torch.Storage "
                  "storage)\n * (Tensor other)\n * (tuple of ints size, *, torch.device device "
                  "= None)\n * (object data, *, torch.device device = None)\n")


def construct(dtype: DType, args: tuple, kwargs: dict) -> Tensor:
    """torch.<Type>Tensor(*args): empty, sizes, a sequence of data, or a tensor of its dtype."""
    unknown = [k for k in kwargs if k != "device"]
    if unknown:
        got = ", ".join([*(type(a).__name__ for a in args),
                         *(f"{k}={type(v).__name__}" for k, v in kwargs.items())])
        raise type_error(NEW_SIGNATURES.format(got=got))
    if not args:
        return creation.tensor([], dtype=dtype)
    if len(args) == 1 and isinstance(args[0], Tensor):
        return _alias(args[0], dtype)
    if len(args) == 1 and isinstance(args[0], Array):
        return _from_array(args[0], dtype)
    if all(type(a) is int for a in args) or len(args) == 1 and type(args[0]) is Size:
        shape = creation._new_shape(args)  # uninitialised in torch: zeros here
        return creation._new(np.zeros(shape, dtype.np), requires_grad=False)
    if len(args) == 1:
        data = args[0]
        if isinstance(data, (int, float, bool)):
            raise type_error(f"new(): data must be a sequence (got {type(data).__name__})")
        return creation.tensor(data, dtype=dtype)
    bad = next((i, a) for i, a in enumerate(args) if type(a) is not int)
    raise type_error(f"new(): argument 'size' failed to unpack the object at pos {bad[0] + 1} "
                     f"with error \"type must be tuple of ints,but got {type(bad[1]).__name__}\"")


def _from_array(array: Array, dtype: DType) -> Tensor:
    """torch.FloatTensor(ndarray): the array's memory where its dtype is the constructor's (as
    torch.from_numpy shares it), else its values converted (a LongTensor truncates floats)."""
    if not isinstance(array.value, np.ndarray):
        raise type_error(f"new(): data must be a sequence (got {type_name(array)})")
    t = from_numpy(array)  # torch's TypeError for a dtype no tensor has
    return t if t.dtype is dtype else creation._new(t.data.astype(dtype.np), False)


def _alias(t: Tensor, dtype: DType) -> Tensor:
    if t.dtype is not dtype:
        raise type_error(f"expected {_options(dtype)} (got {_options(t.dtype)})")
    return t.detach()


def _options(dtype: DType) -> str:
    return (f"TensorOptions(dtype={dtype.c}, device=cpu, layout=Strided, requires_grad=false "
            "(default), pinned_memory=false (default), memory_format=(nullopt))")


class LegacyTensorType(TypeObject):
    """torch.FloatTensor and its kin: a constructor, and a class for isinstance by dtype."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: DType):
        super().__init__(dtype.legacy)
        self.dtype = dtype

    def is_instance(self, obj: Any) -> bool:
        return isinstance(obj, Tensor) and obj.dtype is self.dtype

    def __call__(self, *args, **kwargs) -> Tensor:
        return construct(self.dtype, args, kwargs)


CONSTRUCTORS = {d.legacy.removeprefix("torch."): LegacyTensorType(d) for d in dtypes.ALL}


def tensor_constructor(*args, **kwargs) -> Tensor:
    """torch.Tensor(...): the default dtype's constructor."""
    return construct(runtime.default_dtype(), args, kwargs)


set_tensor_constructor(tensor_constructor)


class VariableType(TypeObject):
    """torch.autograd.Variable: a class every tensor is an instance of; called, a new leaf."""

    __slots__ = ()

    def is_instance(self, obj: Any) -> bool:
        return isinstance(obj, Tensor)

    def __call__(self, *args, **kwargs) -> Tensor:
        return variable(*args, **kwargs)


def variable(data, requires_grad=False, volatile=False) -> Tensor:
    """torch.autograd.Variable(t, requires_grad=...): since PyTorch 0.4 a tensor, a new leaf
    sharing t's memory."""
    if not isinstance(data, Tensor):
        raise TorchError("TypeError", "Variable data has to be a tensor, but got "
                         f"{type(data).__name__}")
    if volatile:
        warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.")
    leaf = data.detach()
    if requires_grad:
        if not leaf.dtype.is_floating_point:
            raise TorchError("RuntimeError", "Only Tensors of floating point and complex dtype "
                             "can require gradients")
        leaf.requires_grad = True
    return leaf




VARIABLE = VariableType("torch.autograd.variable.Variable")
