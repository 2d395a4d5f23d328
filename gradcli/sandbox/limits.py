"""How the language stops a run at one of its limits (the limits themselves: engine/limits.py)."""
from __future__ import annotations


class LimitHit(BaseException):
    """One of the language's own limits was reached. Not catchable by a script's try/except.

    A BaseException so that no `except Exception` (in the engine or anywhere) can swallow it.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def digits_exceed(digits: str, limit: int) -> bool:
    """Whether the decimal `digits` (of a format width) name a number above `limit`, decided
    without int(): Python refuses to convert more than 4,300 digits."""
    digits = digits.lstrip("0")
    return len(digits) > len(str(limit)) or (digits != "" and int(digits) > limit)
