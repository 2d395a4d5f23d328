"""Files a command writes (the JUnit report, the HTML report, the graph picture): checked
before anything runs, written whole or not at all. A report replaces only a regular file:
renamed over /dev/null (as root) or a FIFO it would replace the device itself."""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class ReportPathError(Exception):
    pass


def check_report_path(path: Path, what: str = "the JUnit report") -> None:
    """Fail before any script runs when the report cannot be written there (its folder is
    created, as pytest does)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise IsADirectoryError(21, "is a directory")
        refuse_special(path, what)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}."):
            pass
    except OSError as e:
        raise ReportPathError(f"cannot write {what} {path}: {e.strerror or e}") from None


def refuse_special(path: Path, what: str) -> None:
    """ReportPathError when `path` (or what it links to) exists and is not a regular file."""
    kind = not_regular(path)
    if kind and os.path.exists(path):
        raise ReportPathError(f"cannot write {what} {path}: it is {kind}, which a report "
                              "never replaces; give a regular file or a new path")


def not_regular(path: str | Path) -> str:
    """"" for a regular file, else what it is (read without opening it: opening a FIFO
    blocks)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        return e.strerror or "unreadable"
    if stat.S_ISREG(mode):
        return ""
    return ("a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a directory" if stat.S_ISDIR(mode) else "not a regular file")


def write_atomically(path: Path, data: bytes, what: str = "the report") -> None:
    """Write to a temporary file beside `path`, then rename: a reader (or a second run writing
    the same path) never sees a torn file. Only a regular file or a new path is replaced."""
    refuse_special(path, what)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(temporary, 0o666 & ~umask)  # as open() would have made it, not mkstemp's 0600
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
