"""What `type(x)`, `x.__class__` and `.__name__` give a script, without handing it a Python class.

`type(x)` is a value the script already holds or an inert stand-in: the script's own class
(ScriptClass), an exception class, `torch.Tensor`, one of the real builtin types the API
table already exposes (`int`, `list`, `torch.Size`, `torch.nn.Parameter`...), or a TypeObject:
a name with a repr, good for `is`, `==`, `isinstance` and `.__name__`, never callable, with no
attributes. `type` itself takes one argument: building a class at run time is refused.
"""
from __future__ import annotations

from collections.abc import Callable
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter, Size, Tensor
from gradcli.engine.type_names import TYPE_NAMES, type_name
from gradcli.sandbox.objects import (
    BoundMethod,
    ScriptClass,
    ScriptFunction,
    ScriptInstance,
    ScriptObject,
)
from gradcli.sandbox.py_collections import ScriptNamedTuple
from gradcli.sandbox.script_errors import (
    EXCEPTION_CLASSES,
    TORCH_EXCEPTION_CLASSES,
    ExceptionClass,
    ScriptError,
)

# The dunder attributes a script may read (never set): the validator lets only these by.
READABLE_DUNDERS = frozenset({"__class__", "__name__", "__qualname__"})
MODULE_DUNDERS = frozenset({"__version__"})  # what a module answers: `torch.__version__`
# Real Python types `type(x)` may return: each is a builtin or torch name a script already
# reaches (tests/language/test_pasted_python.py checks that), harmless to call.
REAL_TYPES = frozenset({bool, int, float, str, list, tuple, dict, set, range, enumerate, zip,
                        map, filter, Size, Parameter})
FUNCTION_TYPES = {ScriptFunction: "function", FunctionType: "function", BoundMethod: "method"}


class _Inert(ScriptObject):
    """A class as a script holds it: no attribute to read or set (but READABLE_DUNDERS)."""

    __slots__ = ()
    name = "type"

    def attribute(self, name: str) -> Any:
        raise TorchError("AttributeError", f"type object '{self.name}' has no attribute '{name}'")

    def set_attribute(self, name: str, value: Any) -> None:
        raise TypeError(f"cannot set '{name}' attribute of immutable type '{self.name}'")


class TensorType(_Inert):
    """`torch.Tensor` as a script sees it: good for isinstance and `type(x) is torch.Tensor`,
    and, called, torch's legacy constructor (`torch.Tensor([1, 2])`, `torch.Tensor(2, 3)`),
    which the torch layer provides (set_tensor_constructor). What a script assigns to it
    (`torch.Tensor.add = f`) is its session's patch (Runtime.patches), which its tensors'
    attributes read first."""

    __slots__ = ()
    name = "Tensor"
    construct: Callable[..., Any] | None = None

    def __call__(self, *args, **kwargs):
        return type(self).construct(*args, **kwargs)

    def attribute(self, name: str) -> Any:
        patched = runtime.current.patches.get(self, {})
        return patched[name] if name in patched else super().attribute(name)

    def set_attribute(self, name: str, value: Any) -> None:
        runtime.current.patches.setdefault(self, {})[name] = value

    def __repr__(self) -> str:
        return "<class 'torch.Tensor'>"


TENSOR_TYPE = TensorType()


def set_tensor_constructor(construct: Callable[..., Any]) -> None:
    TensorType.construct = staticmethod(construct)


class TypeObject(_Inert):
    """The class of a value whose real class a script must not hold (a grad_fn's, None's,
    a function's...): a qualified name, nothing else."""

    __slots__ = ("qualified", "name")

    def __init__(self, qualified: str):
        self.qualified, self.name = qualified, qualified.rpartition(".")[2]

    def is_instance(self, obj: Any) -> bool:
        return type_of(obj) is self

    def __call__(self, *args, **kwargs):
        raise TypeError(f"cannot create '{self.qualified}' instances")

    def __repr__(self) -> str:
        return f"<class '{self.qualified}'>"


_TYPE_OBJECTS: dict[str, TypeObject] = {}  # one per name: `type(a) is type(b)` holds


def _type_object(qualified: str) -> TypeObject:
    found = _TYPE_OBJECTS.get(qualified)
    if found is None:
        found = _TYPE_OBJECTS[qualified] = TypeObject(qualified)
    return found


class TypeBuiltin(_Inert):
    """The builtin `type`: one argument, the class of a value."""

    __slots__ = ()
    script_lambda = True  # it consumes no iterable it is given

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs:
            return type_of(args[0])
        if len(args) == 3:
            raise TypeError("type() with three arguments builds a class at run time, which a "
                            "gradcli session cannot do: write a `class` statement")
        raise TypeError("type() takes 1 or 3 arguments")

    def is_instance(self, obj: Any) -> bool:
        return type_of(obj) is self

    def __repr__(self) -> str:
        return "<class 'type'>"


TYPE = TypeBuiltin()
CLASS_LIKE = (ScriptClass, ExceptionClass, _Inert)
TYPE_NAMES.update({TypeObject: "type", TypeBuiltin: "type", TensorType: "torch._C._TensorMeta"})


def type_of(obj: Any) -> Any:
    """`type(obj)` as a script may hold it."""
    kind = type(obj)
    if kind in REAL_TYPES:
        return kind
    if kind is Tensor:
        return TENSOR_TYPE
    if isinstance(obj, ScriptInstance):
        return obj.cls
    if isinstance(obj, ScriptNamedTuple):  # (Python's class, made by the script)
        return kind
    if isinstance(obj, CLASS_LIKE) or kind is type and obj in REAL_TYPES:
        return TYPE
    if kind is ScriptError:
        name = obj.type_name
        return (EXCEPTION_CLASSES.get(name) or TORCH_EXCEPTION_CLASSES.get(name)
                or _type_object(name))
    return _type_object(_qualified_name(obj))


def _qualified_name(obj: Any) -> str:
    """Python's name for obj's class: `function`, `NoneType`, `MulBackward0`, `torch.dtype`,
    `collections.OrderedDict`; gradcli's own module paths never show."""
    kind = type(obj)
    if kind in FUNCTION_TYPES:
        return FUNCTION_TYPES[kind]
    name = type_name(obj)
    module = getattr(kind, "__module__", "builtins")
    if "." in name or module == "builtins" or module.startswith("gradcli"):
        return name
    return f"{module}.{name}"


def name_of(obj: Any, qualified: bool = False) -> str:
    """`obj.__name__` (or `__qualname__`) for a class or a function; Python's AttributeError
    for anything else."""
    if isinstance(obj, (ScriptClass, ExceptionClass, _Inert)):
        return obj.name
    if type(obj) is type and obj in REAL_TYPES or type(obj) is BuiltinFunctionType:
        return obj.__name__  # int, list, len: Python's own name
    function = obj.function if isinstance(obj, BoundMethod) else obj
    if isinstance(function, ScriptFunction):
        return function.name if qualified else function.name.rpartition(".")[2]
    if type(function) is FunctionType:  # a script's lambda, or one of torch's functions
        return "<lambda>" if getattr(function, "script_lambda", False) else function.__name__
    if type(function) is MethodType:  # x.add
        return function.__func__.__name__
    own = getattr(obj, "name", None) if not isinstance(obj, (MethodType, Tensor)) else None
    if isinstance(own, str) and callable(obj):  # a builtin: print, len's wrappers, torch's
        return own
    raise TorchError("AttributeError", f"'{type_name(obj)}' object has no attribute "
                                       f"'{'__qualname__' if qualified else '__name__'}'")


def dunder_attribute(obj: Any, name: str) -> Any:
    """`obj.__class__`, `obj.__name__`, `obj.__qualname__`: the only dunders a script reads."""
    if name == "__class__":
        return type_of(obj)
    return name_of(obj, qualified=name == "__qualname__")
