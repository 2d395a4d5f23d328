"""Python's names for the types of gradcli's objects, as torch's messages and the
interpreter print them (C's tp_name). The layers above register their own types beside their
classes: torch's modules, the sandbox's builtins, classes and caught exceptions."""
from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from .autograd import Node
from .dtypes import DType
from .layout import MemoryFormat
from .tensor import Size, Tensor

# The objects whose Python type name is not their gradcli class's name.
TYPE_NAMES: dict[type, str | Callable[[Any], str]] = {
    Tensor: "Tensor", Size: "torch.Size", DType: "torch.dtype", MemoryFormat: "torch.memory_format",
    types.MethodType: "builtin_function_or_method",
    Node: lambda node: node.op.grad_fn,
}


def type_name(value) -> str:
    """The name of value's type as Python (C's tp_name) and so torch's messages print it."""
    name = TYPE_NAMES.get(type(value))
    if name is None:
        return type(value).__name__
    return name if isinstance(name, str) else name(value)
