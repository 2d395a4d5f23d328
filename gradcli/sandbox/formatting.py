"""`str.format` for a script: Python's own field syntax and messages, without its lookups.

Python's str.format resolves `{0.attr}` and `{key[0]}` with getattr and __getitem__ on the
arguments: a way around the API table. Here each field names an argument and nothing more
(a lookup is refused with a clear message, before running for a literal template), and every
format width is measured against the sequence limit before Python pads to it.
"""
from __future__ import annotations

import re
from string import Formatter
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.limits import Limits
from gradcli.sandbox.guards import active_limits, check_nested, too_big
from gradcli.sandbox.limits import digits_exceed

NO_LOOKUPS = ("format fields with attribute or index lookups (`{0.x}`, `{a[0]}`) are not part "
              "of the session language")
LOOKUP_HINT = "pass the value itself: '{}'.format(obj.x) or f'{obj.x}'"
CONVERSIONS = {None: None, "r": repr, "s": str, "a": ascii}
MAX_INDEX_DIGITS = 18  # a larger field number overflows Python's index type
SPEC_DEPTH = 2  # Python's: a spec may hold fields ('{:{w}}'), theirs may not
_WIDTHS = re.compile(r"\d+")


def lookup_field(template: str) -> str | None:
    """The first field of `template` (or of a spec nested in it) that looks an attribute or an
    item up; None if there is none or the template is malformed (Python's error then comes
    when it runs)."""
    pending = [template]
    while pending:
        try:
            fields = _fields(pending.pop())
        except TorchError:
            return None
        for _, field, spec, _ in fields:
            if field is not None and ("." in field or "[" in field):
                return field
            if spec:
                pending.append(spec)
    return None


def _fields(template: str) -> list[tuple]:
    """(literal, field, spec, conversion) of each part, or Python's ValueError for the script."""
    try:
        return list(Formatter().parse(template))
    except ValueError as e:  # raised in the string module: re-raised as the script's own
        raise TorchError("ValueError", str(e)) from None


class _Numbering:
    """Python's rule for '{}' and '{0}': one style per call, nested specs included."""

    def __init__(self):
        self.next: int | None = 0  # None once a field was numbered by hand
        self.manual = False

    def index(self, field: str) -> int | str:
        if field == "":
            if self.manual:
                raise ValueError("cannot switch from manual field specification to automatic "
                                 "field numbering")
            index, self.next = self.next, self.next + 1
            return index
        if not field.isdigit():  # a keyword: no numbering
            return field
        if self.next:
            raise ValueError("cannot switch from automatic field numbering to manual field "
                             "specification")
        self.manual = True
        if len(field) > MAX_INDEX_DIGITS:
            raise ValueError("Too many decimal digits in format string")
        return int(field)


def format_string(template: str, *args: Any, **kwargs: Any) -> str:
    """template.format(*args, **kwargs), as Python computes it."""
    limits = active_limits()
    text = _format(template, args, kwargs, _Numbering(), SPEC_DEPTH, limits)
    if len(text) > limits.max_sequence:
        raise too_big(limits, "max_sequence", "by str.format()")
    return text


def _format(template: str, args: tuple, kwargs: dict, numbering: _Numbering, depth: int,
            limits: Limits) -> str:
    if depth <= 0:
        raise ValueError("Max string recursion exceeded")
    out = []
    for literal, field, spec, conversion in _fields(template):
        out.append(literal)
        if field is None:
            continue
        if "." in field or "[" in field:
            raise TorchError("ValueError", NO_LOOKUPS)
        value = _argument(numbering.index(field), args, kwargs)
        if conversion not in CONVERSIONS:
            raise ValueError(f"Unknown conversion specifier {conversion}")
        check_nested(limits, value, "str.format()")
        if CONVERSIONS[conversion]:
            value = CONVERSIONS[conversion](value)
        if spec and "{" in spec:
            spec = _format(spec, args, kwargs, numbering, depth - 1, limits)
        if any(digits_exceed(w, limits.max_sequence) for w in _WIDTHS.findall(spec or "")):
            raise too_big(limits, "max_sequence", "by a format width")
        out.append(format(value, spec or ""))
    return "".join(out)


def _argument(key: int | str, args: tuple, kwargs: dict) -> Any:
    if isinstance(key, int):
        if key >= len(args):
            raise IndexError(f"Replacement index {key} out of range for positional args tuple")
        return args[key]
    if key not in kwargs:
        raise KeyError(key)
    return kwargs[key]
