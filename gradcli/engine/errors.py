"""Errors and warnings the engine raises exactly as PyTorch words them.

The engine never prints: a warning goes to the handler the caller installs (the
interpreter turns it into a WarningEvent at the current script line).
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator


class TorchError(Exception):
    """An error a script can see: `type_name` is the Python exception PyTorch raises."""

    def __init__(self, type_name: str, message: str):
        super().__init__(message)
        self.type_name = type_name
        self.message = message


def runtime_error(message: str) -> TorchError:
    return TorchError("RuntimeError", message)


def type_error(message: str) -> TorchError:
    return TorchError("TypeError", message)


def index_error(message: str) -> TorchError:
    return TorchError("IndexError", message)


def value_error(message: str) -> TorchError:
    return TorchError("ValueError", message)


# (category, message, once_per_process): True, or the name of a flag several warnings share
# (one TORCH_WARN_ONCE that words its message per call)
WarningHandler = Callable[[str, str, "bool | str"], None]


def _ignore(category: str, message: str, once_per_process: bool | str) -> None:
    pass


_handler: WarningHandler = _ignore


def set_warning_handler(handler: WarningHandler | None) -> None:
    global _handler
    _handler = handler or _ignore


@contextlib.contextmanager
def warnings_of_torch_lines() -> Iterator[None]:
    """Within: warnings torch gives at its own lines (a layer that torch.nn code builds, its
    warning's stacklevel then pointing into torch.nn), which no script line shows."""
    global _handler
    saved, _handler = _handler, _ignore
    try:
        yield
    finally:
        _handler = saved


def warn(message: str, category: str = "UserWarning",
         once_per_process: bool | str = False) -> None:
    _handler(category, message, once_per_process)
