"""How the language stops a run at one of its limits (the limits themselves: engine/limits.py)."""
from __future__ import annotations


class LimitHit(BaseException):
    """One of the language's own limits was reached. Not catchable by a script's try/except.

    A BaseException so that no `except Exception` (in the engine or anywhere) can swallow it.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
