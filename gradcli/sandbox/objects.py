"""The values a script's definitions make, in gradcli's own object model: functions, classes,
instances, bound methods, super(). No real Python class is ever built from script text, and
every attribute a script reaches is an entry of these tables (the validator lets no `_` name
by, but `super().__init__`).

A class's lookup walks its `mro` (the class, then its bases). A built-in base (torch.nn.Module's
registration of parameters, torch.autograd.Function's `apply`) will be a further link of that
chain, answering `attribute` and `set_attribute` from the API table.
"""
from __future__ import annotations

from collections.abc import Callable
from types import FunctionType
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.type_names import TYPE_NAMES, type_name
from gradcli.sandbox.script_errors import ScriptError


class ScriptFunction:
    """What `def` makes: callable by the engine (hooks) and the script, nothing else to reach."""

    __slots__ = ("name", "call")
    script_lambda = True  # it consumes no iterable it is given: no length check before a call

    def __init__(self, name: str, call: Callable):
        self.name, self.call = name, call

    def __call__(self, *args, **kwargs):
        return self.call(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<function {self.name}>"



class ScriptObject:
    """What the API table hands a script's attribute access to (`obj.name`, `obj.name = v`)."""

    __slots__ = ()

    def attribute(self, name: str) -> Any:
        raise NotImplementedError

    def set_attribute(self, name: str, value: Any) -> None:
        raise TorchError("AttributeError", f"'{type_name(self)}' object attribute '{name}' "
                                           "is read-only")


class StaticMethod:
    """`@staticmethod`: the function itself, from the class and from its instances."""

    __slots__ = ("function",)

    def __init__(self, function: Any):
        self.function = function


class ClassMethod:
    """`@classmethod`: the function bound to the class it is looked up on."""

    __slots__ = ("function",)

    def __init__(self, function: Any):
        self.function = function


class Property:
    """`@property` (and `@name.setter`): a getter run on attribute access, a setter run on
    assignment, both the script's functions."""

    __slots__ = ("name", "getter", "setter")

    def __init__(self, getter: Any, setter: Any = None):
        self.getter, self.setter = getter, setter
        self.name = getattr(getter, "name", "<lambda>").rpartition(".")[2]

    def with_setter(self, setter: Any) -> Property:
        return Property(self.getter, setter)

    def get(self, instance: ScriptInstance) -> Any:
        return self.getter(instance)

    def set(self, instance: ScriptInstance, value: Any) -> None:
        if self.setter is None:
            raise TorchError("AttributeError", f"property '{self.name}' of "
                                               f"'{instance.cls.name}' object has no setter")
        self.setter(instance, value)

    def __repr__(self) -> str:
        return "<property object>"


class ScriptClass(ScriptObject):
    """What `class Name(Base):` makes: callable to make an instance."""

    __slots__ = ("name", "base", "namespace", "mro", "instance_type", "has_properties", "shared")
    script_lambda = True  # calling it consumes no iterable it is given

    def __init__(self, name: str, base: ScriptClass | None, namespace: dict[str, Any],
                 shared: bool = False):
        self.name, self.base, self.namespace = name, base, namespace
        # one of torch's classes, made once per process for every session: a script's
        # assignments to it go to its session's Runtime.patches, never to `namespace`
        self.shared = shared
        self.mro: tuple[ScriptClass, ...] = (self, *(base.mro if base else ()))
        # assignments to instances look for a setter only when there may be one
        self.has_properties = any(type(v) is Property for c in self.mro
                                  for v in c.namespace.values())
        # A name-only subclass, nothing of the script in it: Python's own messages about an
        # instance (`len(a)`, `a + 1`, `for i in a`) then name the script's class, as in Python.
        self.instance_type = type(name, (ScriptInstance,), {"__slots__": (),
                                                             "__module__": "__main__"})

    def lookup(self, name: str, after: ScriptClass | None = None) -> Any:
        """The class attribute `name` along the mro (past `after` for super()); MISSING if none."""
        chain = self.mro[self.mro.index(after) + 1:] if after else self.mro
        patches = runtime.current.patches
        for cls in chain:
            if patches and cls.shared and name in patches.get(cls, ()):
                return patches[cls][name]
            if name in cls.namespace:
                return cls.namespace[name]
        return MISSING

    def attribute(self, name: str) -> Any:
        value = self.lookup(name)
        if value is MISSING:
            raise TorchError("AttributeError", f"type object '{self.name}' has no attribute "
                                               f"'{name}'")
        return bind(value, None, self)

    def set_attribute(self, name: str, value: Any) -> None:
        if type(value) is Property:  # its subclasses, made before, would not know of it
            raise TorchError("TypeError", "a property is defined in a class body in a gradcli "
                             "session (`@property`), not assigned to a class afterwards")
        if self.shared:
            runtime.current.patches.setdefault(self, {})[name] = value
        else:
            self.namespace[name] = value

    def is_instance(self, obj: Any) -> bool:
        return isinstance(obj, ScriptInstance) and self in obj.cls.mro

    def __call__(self, *args, **kwargs) -> ScriptInstance:
        instance = self.instance_type(self)
        init = self.lookup("__init__")
        if init is MISSING:
            if args or kwargs:
                raise TypeError(f"{self.name}() takes no arguments")
            return instance
        result = init(instance, *args, **kwargs)
        if result is not None:
            raise TypeError(f"__init__() should return None, not '{type_name(result)}'")
        return instance

    def __repr__(self) -> str:
        return f"<class '__main__.{self.name}'>"


# The names starting with '_' under which gradcli's code for torch's classes keeps its state
# in an instance's or a class's table: a script never reaches these (any other `_name` its
# own classes define, it does). tests/language/test_pasted_python.py keeps this whole.
TORCH_PRIVATE = frozenset({
    "_buffers", "_forward_pre_hooks", "_forward_hooks", "_backward_hooks",
    "_backward_pre_hooks", "_flat_weights_names", "_opt_called", "_step_count", "_last_lr",
    "_is_initial", "_lr", "_closed_form_lr", "_size", "_keys", "_qkv_same_embed_dim",
    "_random_samples", "_milestones", "_phases", "_scale_fn_custom", "_schedulers",
    "_param", "_num_events", "_categorical", "_unbroadcasted_scale_tril",  # (distributions')
    "_cache_size", "_cached_x_y", "_inv", "_inv_call", "_event_dim",  # (their transforms')
    "_version"})  # (a tensor's version counter, which scripts read: x._version)


def holds_private(obj: Any, name: str) -> bool:
    """Whether `obj._name` may be the script's own: on its classes' instances, classes and
    super(), never one of gradcli's (TORCH_PRIVATE) and never a dunder but `super().__init__`."""
    if name.startswith("__"):
        return name == "__init__" and type(obj) is Super
    return isinstance(obj, (ScriptInstance, ScriptClass, Super)) and name not in TORCH_PRIVATE


class ScriptInstance(ScriptObject):
    """An instance of a script class: its attributes, then its class's."""

    __slots__ = ("cls", "attributes")

    def __init__(self, cls: ScriptClass):
        self.cls, self.attributes = cls, {}

    def attribute(self, name: str) -> Any:
        if name in self.attributes:
            return self.attributes[name]
        value = self.cls.lookup(name)
        if value is MISSING:
            raise TorchError("AttributeError", f"'{self.cls.name}' object has no attribute "
                                               f"'{name}'")
        return bind(value, self, self.cls)

    def set_attribute(self, name: str, value: Any) -> None:
        if self.cls.has_properties and type(self.cls.lookup(name)) is Property:
            self.cls.lookup(name).set(self, value)
            return
        setter = self.cls.lookup("__setattr__")  # a built-in base's (nn.Module registers)
        if setter is MISSING:
            self.attributes[name] = value
        else:
            bind(setter, self, self.cls)(name, value)

    def delete_attribute(self, name: str) -> None:
        """`del obj.name` on an instance of a plain script class (an nn.Module's attributes
        are registered: deleting them is not supported)."""
        if self.cls.lookup("__setattr__") is not MISSING:
            raise TorchError("RuntimeError", f"`del` of an attribute of a "
                             f"'{self.cls.name}' object is not supported by gradcli")
        if name not in self.attributes:
            raise TorchError("AttributeError", f"'{self.cls.name}' object has no attribute "
                                               f"'{name}'")
        del self.attributes[name]

    def special(self, name: str, refusal: str) -> Callable:
        """The class's `name` method (__call__, __len__...), or Python's TypeError."""
        method = self.cls.lookup(name)
        if method is MISSING:
            raise TypeError(refusal.format(self.cls.name))
        return bind(method, self, self.cls)

    def __call__(self, *args, **kwargs):
        return self.special("__call__", "'{}' object is not callable")(*args, **kwargs)

    def __getitem__(self, key):
        return self.special("__getitem__", "'{}' object is not subscriptable")(key)

    def __setitem__(self, key, value) -> None:
        self.special("__setitem__", "'{}' object does not support item assignment")(key, value)

    def __len__(self) -> int:
        return self.special("__len__", "object of type '{}' has no len()")()

    def __bool__(self) -> bool:
        """Python's truth of an object: its __len__ when its class has one, else True."""
        if self.cls.lookup("__len__") is MISSING:
            return True
        return len(self) != 0

    def __contains__(self, item) -> bool:
        method = self.cls.lookup("__contains__")
        if method is MISSING:  # Python's fallback: look through the iteration
            return any(x is item or x == item for x in self)
        return bind(method, self, self.cls)(item)

    def __iter__(self):
        if self.cls.lookup("__iter__") is MISSING and self.cls.lookup("__getitem__") is not MISSING:
            return _by_index(self)
        return iter(self.special("__iter__", "'{}' object is not iterable")())

    def __repr__(self) -> str:
        method = self.cls.lookup("__repr__")
        if method is MISSING:
            return f"<__main__.{self.cls.name} object>"
        return bind(method, self, self.cls)()

    def __str__(self) -> str:
        method = self.cls.lookup("__str__")
        return repr(self) if method is MISSING else bind(method, self, self.cls)()


class Super(ScriptObject):
    """`super()` in a method of `cls` called on `obj`: the attributes past `cls` in the mro."""

    __slots__ = ("cls", "obj")

    def __init__(self, cls: ScriptClass, obj: Any):
        self.cls, self.obj = cls, obj

    def attribute(self, name: str) -> Any:
        owner = self.obj if isinstance(self.obj, ScriptClass) else self.obj.cls
        value = owner.lookup(name, after=self.cls)
        if value is MISSING:
            if name == "__init__":  # the root of every class
                return OBJECT_INIT
            raise TorchError("AttributeError", f"'super' object has no attribute '{name}'")
        instance = None if isinstance(self.obj, ScriptClass) else self.obj
        return bind(value, instance, owner)

    def __repr__(self) -> str:
        return f"<super: <class '{self.cls.name}'>, <{type_name(self.obj)} object>>"


class BoundMethod:
    """`obj.method`: calls the function with `obj` first."""

    __slots__ = ("function", "obj")
    script_lambda = True

    def __init__(self, function: Any, obj: Any):
        self.function, self.obj = function, obj

    def __call__(self, *args, **kwargs):
        return self.function(self.obj, *args, **kwargs)

    def __repr__(self) -> str:
        name = getattr(self.function, "name", "<lambda>")  # a lambda class attribute
        return f"<bound method {name} of {self.obj!r}>"


MISSING = object()


def _by_index(obj: ScriptInstance):
    """Python's iteration over a class with only __getitem__: 0, 1, ... until IndexError."""
    index = 0
    while True:
        try:
            yield obj[index]
        except IndexError:
            return
        except ScriptError as e:  # the script's __getitem__ raised it
            if e.type_name != "IndexError":
                raise
            return
        index += 1


def _object_init(*args, **kwargs) -> None:
    if args or kwargs:
        raise TypeError("object.__init__() takes exactly one argument (the instance to "
                        "initialize)")


OBJECT_INIT = ScriptFunction("object.__init__", _object_init)


def bind(value: Any, instance: ScriptInstance | None, cls: ScriptClass) -> Any:
    """A class attribute as `instance.name` (or `Cls.name` when instance is None) gives it."""
    if isinstance(value, StaticMethod):
        return value.function
    if isinstance(value, ClassMethod):
        return BoundMethod(value.function, cls)
    if instance is not None and (isinstance(value, ScriptFunction) or is_lambda(value)):
        return BoundMethod(value, instance)
    if instance is not None and type(value) is Property:
        return value.get(instance)
    return value


def is_lambda(value: Any) -> bool:
    """A script's lambda (a function Python binds as a method too; torch's are not)."""
    return type(value) is FunctionType and getattr(value, "script_lambda", False)


TYPE_NAMES.update({ScriptInstance: lambda obj: obj.cls.name, ScriptClass: "type",
                   BoundMethod: "method", Super: "super", Property: "property"})


