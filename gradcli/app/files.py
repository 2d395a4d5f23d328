"""Files a command writes (the JUnit report, the HTML report, the graph picture): checked
before anything runs, written whole or not at all."""
from __future__ import annotations

import os
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
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}."):
            pass
    except OSError as e:
        raise ReportPathError(f"cannot write {what} {path}: {e.strerror or e}") from None


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename: a reader (or a second run writing
    the same path) never sees a torn file."""
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
