"""Reading a script: a file, standard input (`-`) or a string, as UTF-8 within the size limit."""
from __future__ import annotations

import codecs
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from gradcli.engine.limits import Limits, limit_message

if TYPE_CHECKING:
    from gradcli.events.events import Event, SessionResult

UTF8_MAX_BYTES = 4  # per character: a script of N characters is at most 4N bytes


class Unreadable(Exception):
    """The script cannot be read or decoded: it is rejected before it runs."""

    def __init__(self, message: str, hint: str = "", line: int | None = None,
                 col: int | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint
        self.line, self.col = line, col  # None: the file as a whole, not a spot in it


def load_script(
    path: str | None, code: str | None, limits: Limits
) -> tuple[str, str, Unreadable | None]:
    """(source name, text, why it cannot run): from -c CODE, a file, or stdin when path is -."""
    if code is not None:
        name, text = "<string>", code
        problem = undecodable(text)
        if problem is not None:
            return name, "", problem
    else:
        name = "<stdin>" if path == "-" else str(path)
        try:
            text = decode(read_bytes(str(path), UTF8_MAX_BYTES * limits.max_script_chars), limits)
        except Unreadable as problem:
            return name, "", problem
    if len(text) > limits.max_script_chars:
        return name, "", Unreadable(limit_message(limits, "max_script_chars"))
    return name, text, None


def read_bytes(path: str, max_bytes: int) -> bytes:
    """At most max_bytes + 1 bytes, so a huge file (or /dev/zero) is never read whole."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(max_bytes + 1)
        with open(path, "rb") as file:
            return file.read(max_bytes + 1)
    except FileNotFoundError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror}",
                         "check the path, or pass the code itself with -c") from None
    except IsADirectoryError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror}", "give a script file") from None
    except OSError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror or e}") from None


def decode(data: bytes, limits: Limits) -> str:
    """The script's text: UTF-8 (with or without a BOM), no NUL bytes, within the size limit."""
    if len(data) > UTF8_MAX_BYTES * limits.max_script_chars:
        raise Unreadable(limit_message(limits, "max_script_chars"))
    data = data.removeprefix(codecs.BOM_UTF8)
    if b"\0" in data:
        raise Unreadable("source code cannot contain null bytes",
                         "this looks like a binary file, not a Python script",
                         *byte_position(data, data.index(b"\0")))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Unreadable(f"invalid UTF-8: byte 0x{data[e.start]:02x} ({e.reason})",
                         "save the script as UTF-8",
                         *byte_position(data, e.start)) from None


def undecodable(text: str) -> Unreadable | None:
    """Text that came from bytes that are not UTF-8 (Python passes them on as lone surrogates,
    as in a command-line argument): the first such byte, located."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        line = text.count("\n", 0, e.start) + 1
        col = e.start - (text.rfind("\n", 0, e.start) + 1) + 1
        char = ord(text[e.start])
        byte = f"byte 0x{char - 0xDC00:02x}" if 0xDC80 <= char <= 0xDCFF else f"U+{char:04X}"
        return Unreadable(f"invalid UTF-8: {byte}", "give the code as UTF-8", line, col)
    return None


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """(line, col), 1-based, of a byte; the column counts characters, not bytes."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, offset) + 1, col


def rejected(name: str, text: str, problem: Unreadable,
             on_event: Callable[[Event], None]) -> SessionResult:
    """The session of a script that never ran: one `invalid` event."""
    from gradcli.events.events import InvalidEvent, SessionResult

    event = InvalidEvent(problem.line, problem.col, problem.message, problem.hint)
    on_event(event)
    return SessionResult(name, text, events=[event])
