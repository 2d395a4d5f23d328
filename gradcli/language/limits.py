"""The session language's resource limits: named, with defaults, each raisable from the CLI."""
from __future__ import annotations

from dataclasses import dataclass

from gradcli.engine.limits import DEFAULT_MAX_MEMORY


@dataclass(frozen=True)
class Limits:
    """What one session may use. Each field has a CLI flag (see LIMIT_FLAGS)."""

    max_steps: int = 10_000_000  # statements, loop iterations and function calls executed
    # characters of the script's source: 10,000 lines of 50; at this size the worst script
    # (one tiny statement per line) takes seconds and ~0.5 GB just to parse and compile
    max_script_chars: int = 500_000
    max_nesting: int = 100  # depth of one expression's syntax tree
    max_int_bits: int = 10_000  # size of a Python int made by ** * << on ints
    max_sequence: int = 10_000_000  # items of a list/tuple/str, or of a range a builtin consumes
    max_memory: int = DEFAULT_MAX_MEMORY  # bytes the session adds: tensors, graphs, lists
    # script function and lambda calls running at once: a simple call takes ~6 of Python's
    # 1,000 frames (a call inside loops, `with` and `try`, ~15: there Python's stack may run
    # out first, reported as this limit too)
    max_call_depth: int = 100


# field -> (what is limited, its unit, the CLI flag that raises it)
LIMIT_FLAGS: dict[str, tuple[str, str, str]] = {
    "max_steps": ("step budget", "statements", "--max-steps"),
    "max_script_chars": ("script size limit", "characters", "--max-script-chars"),
    "max_nesting": ("expression nesting limit", "levels", "--max-nesting"),
    "max_int_bits": ("integer size limit", "bits", "--max-int-bits"),
    "max_sequence": ("sequence length limit", "items", "--max-sequence"),
    "max_memory": ("memory limit", "bytes", "--max-memory"),
    "max_call_depth": ("call depth limit", "calls", "--max-call-depth"),
}


def limit_message(limits: Limits, field: str, context: str = "") -> str:
    """E.g. 'step budget of 10,000,000 statements exceeded (raise it with --max-steps)'."""
    what, unit, flag = LIMIT_FLAGS[field]
    value = getattr(limits, field)
    where = f" {context}" if context else ""
    return f"{what} of {value:,} {unit} exceeded{where} (raise it with {flag})"


class LimitHit(BaseException):
    """One of the language's own limits was reached. Not catchable by a script's try/except.

    A BaseException so that no `except Exception` (in the engine or anywhere) can swallow it.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
