"""Command-line values turned into the options' types without pydantic.

Typer 0.29 coerces every parameter through a pydantic TypeAdapter, and so imports pydantic
(~0.1 s and ~10 MB) at every start, defaults included. gradcli's options are plain: strings,
bounded numbers, enums, lists of strings. `lean_coercion` gives each parameter of a command
a coercion that converts the values it knows to be well-formed itself and hands anything else
(a malformed number, a value out of range, a path) to typer's own, so that a mistake gets
exactly typer's message. Typer's internals it relies on are checked: on another typer it does
nothing, and typer coerces everything as before.
"""
from __future__ import annotations

import re
from enum import Enum
from typing import Any, get_args, get_origin

try:
    from typer._coercion import RuntimeParam, build_runtime_param, resolve_type_descriptor
except ImportError:  # another typer: it coerces with its own machinery
    RuntimeParam = None  # type: ignore[assignment,misc]

INTEGER = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
SKIP = object()  # not a value lean coercion vouches for: typer's own coercion decides


def lean_coercion(params: list[Any]) -> None:
    """Give each of `params` (typer's click parameters) the lean coercion, unless typer has
    already built its own for it."""
    if RuntimeParam is None:
        return
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", SKIP) is not None:
            continue
        if descriptor.file_annotation is None and not descriptor.parameter_info.parser:
            param._runtime_param = LeanParam(descriptor.parameter_info, descriptor.annotation)


if RuntimeParam is not None:
    class LeanParam(RuntimeParam):
        """A parameter's coercion: well-formed values here, everything else by typer's."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                lean = lean_value(self.annotation, self.parameter_info, value)
            except Exception:  # a typer whose parameters differ: its own coercion decides
                lean = SKIP
            if lean is not SKIP:
                return lean
            typers = build_runtime_param(resolve_type_descriptor(self.annotation,
                                                                 self.parameter_info))
            return typers._coerce_value(value, param=param, ctx=ctx)


def lean_value(annotation: Any, info: Any, value: Any) -> Any:
    """`value` as `annotation`, or SKIP when it is not plainly well-formed and in range."""
    if get_origin(annotation) is list:
        item = get_args(annotation)[0]
        if not isinstance(value, list | tuple):
            return SKIP
        items = [lean_value(item, info, v) for v in value]
        return SKIP if any(v is SKIP for v in items) else items
    if annotation is str:
        return value if isinstance(value, str) else SKIP
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _member(annotation, value)
    if annotation is int:
        number = _number(value, INTEGER, int, (int,))
    elif annotation is float:
        number = _number(value, DECIMAL, float, (int, float))
    else:
        return SKIP  # a path, a bool given as text...: typer's own coercion
    return number if number is SKIP or _in_range(number, info) else SKIP


def _member(enum: type[Enum], value: Any) -> Any:
    if isinstance(value, enum):
        return value
    try:
        return enum(value)  # by value, case-sensitively, as typer's choices match by default
    except ValueError:
        return SKIP


def _number(value: Any, form: re.Pattern, kind: type, accepted: tuple[type, ...]) -> Any:
    if isinstance(value, accepted) and not isinstance(value, bool):
        return kind(value)
    if isinstance(value, str) and form.fullmatch(value):
        return kind(value)
    return SKIP


def _in_range(number: float, info: Any) -> bool:
    """Within typer's inclusive bounds (`min=`, `max=`); with `clamp`, typer clamps: not here."""
    if info.clamp:
        return False
    return (info.min is None or number >= info.min) and (info.max is None or number <= info.max)
