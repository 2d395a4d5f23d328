"""`dataclasses` for scripts: `@dataclass` (with or without arguments) on a script's class,
and `field(default=..., default_factory=...)`: the __init__ and __repr__ Python generates, from
the annotated names of the class body (and its dataclass bases), in gradcli's object model.

The generated __init__ binds its arguments with CPython's own binder (expressions.binder_code),
so a wrong call raises Python's TypeError word for word; then it runs `__post_init__` if the
class has one. Annotations are never evaluated: a field is its name, as
`from __future__ import annotations` makes it.
"""
from __future__ import annotations

import ast
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.sandbox.expressions import argument_binder, binder_code, binding_error
from gradcli.sandbox.objects import MISSING, ScriptClass, ScriptFunction, bind

FIELDS = "__annotations__"  # the class body's annotated names, in order (never a script's)
OPTIONS = ("init", "repr", "eq", "order", "frozen", "unsafe_hash", "kw_only", "slots")


class Field:
    """dataclasses.field(...): a field's default, or the factory that makes one per instance."""

    __slots__ = ("default", "default_factory")

    def __init__(self, *, default: Any = MISSING, default_factory: Any = MISSING, **options):
        if default is not MISSING and default_factory is not MISSING:
            raise TorchError("ValueError", "cannot specify both default and default_factory")
        self.default, self.default_factory = default, default_factory

    def __repr__(self) -> str:
        return "Field(...)"


def field(*, default: Any = MISSING, default_factory: Any = MISSING, **options) -> Field:
    return Field(default=default, default_factory=default_factory, **options)


def dataclass(cls: Any = None, /, **options: Any) -> Any:
    """@dataclass, @dataclass() and @dataclass(repr=False, ...)."""
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise TypeError(f"dataclass() got an unexpected keyword argument '{sorted(unknown)[0]}'")
    if cls is None:
        return lambda c: _make(c, options)
    return _make(cls, options)


def _make(cls: Any, options: dict) -> ScriptClass:
    if not isinstance(cls, ScriptClass):
        raise TypeError("dataclass() should be called on a class of the script")
    fields = _fields(cls)
    defaults = {}
    for name in fields:
        value = cls.namespace.get(name, MISSING)
        if isinstance(value, Field):
            defaults[name] = value
            if value.default is MISSING:
                del cls.namespace[name]
            else:
                cls.namespace[name] = value.default
        elif value is not MISSING:
            if isinstance(value, (list, dict, set)):
                raise TorchError("ValueError", f"mutable default {type(value)} for field {name} "
                                 "is not allowed: use default_factory")
            defaults[name] = Field(default=value)
    if options.get("init", True) and "__init__" not in cls.namespace:
        cls.namespace["__init__"] = _init(cls, fields, defaults)
    if options.get("repr", True) and "__repr__" not in cls.namespace:
        cls.namespace["__repr__"] = _repr(cls, fields)
    return cls


def _fields(cls: ScriptClass) -> list[str]:
    """The annotated names of the class and its bases, the bases' first, each once."""
    names: dict[str, None] = {}
    for klass in reversed(cls.mro):
        names.update(dict.fromkeys(klass.namespace.get(FIELDS, ())))
    return list(names)


def _init(cls: ScriptClass, fields: list[str], defaults: dict[str, Field]) -> ScriptFunction:
    """The generated __init__(self, a, b=default): fields with defaults after those without,
    as Python requires."""
    given = [name for name in fields if name in defaults]
    first_default = next((i for i, name in enumerate(fields) if name in defaults), len(fields))
    late = [name for name in fields[first_default:] if name not in defaults]
    if late:
        raise TypeError(f"non-default argument '{late[0]}' follows default argument")
    arguments = ast.arguments(posonlyargs=[], args=[ast.arg("self"), *map(ast.arg, fields)],
                              kwonlyargs=[], kw_defaults=[], defaults=[])
    binder = argument_binder(binder_code(f"{cls.name}.__init__", arguments),
                             tuple(MISSING for _ in given))
    post_init = cls.lookup("__post_init__")

    def init(self, *args, **kwargs):
        try:
            values = binder(self, *args, **kwargs)
        except TypeError as e:
            raise binding_error(binder, (self, *args), kwargs, e) from None
        for name in fields:
            value = values[name]
            if value is MISSING:
                spec = defaults[name]
                value = spec.default_factory() if spec.default is MISSING else spec.default
            self.set_attribute(name, value)
        if post_init is not MISSING:
            bind(post_init, self, cls)()
    return ScriptFunction(f"{cls.name}.__init__", init)


def _repr(cls: ScriptClass, fields: list[str]) -> ScriptFunction:
    def repr_(self):
        shown = ", ".join(f"{name}={self.attribute(name)!r}" for name in fields)
        return f"{self.cls.name}({shown})"
    return ScriptFunction(f"{cls.name}.__repr__", repr_)


DATACLASSES = {"dataclass": dataclass, "field": field}
