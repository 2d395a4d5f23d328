"""Text a script controls (its prints, names, error messages, file names), made inert before
it reaches a terminal or a CI log: a control character could clear the screen, retitle the
window or write the clipboard (OSC 52), and a line starting with `::` is a workflow command to a
GitHub runner. Every renderer for a terminal or a CI log passes such text through `inert`; the
HTML and SVG reports escape for their own formats instead."""
from __future__ import annotations

import dataclasses
import re
from typing import Any

# C0 and C1 controls but newline and tab, DEL, and lone surrogates (which no UTF-8 holds)
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_COMMAND = re.compile(r"^([ \t]*):(?=:)", re.MULTILINE)  # a runner trims a line before `::`


def _escaped(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str) -> str:
    """text with its control characters written as Python escapes (`\\x1b`) and a line's
    leading `::` as `\\x3a:`."""
    return _COMMAND.sub(r"\1\\x3a", _UNSAFE.sub(_escaped, text))


def encodable(text: str) -> str:
    """text with its lone surrogates escaped, as Python's REPL shows what UTF-8 cannot hold."""
    return _SURROGATES.sub(_escaped, text)


def inert_event(event: Any) -> Any:
    """The event with every text in it inert: its message, source line, names, and each
    gradient row's name (an `add_module` name is the script's)."""
    if not dataclasses.is_dataclass(event):
        return event
    changes = {}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if isinstance(value, str):
            changes[field.name] = inert(value)
        elif isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
            changes[field.name] = tuple(inert_event(item) for item in value)
    return dataclasses.replace(event, **changes)
