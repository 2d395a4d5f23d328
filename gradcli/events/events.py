"""The events a session produces, in the order things happen: plain data, no rendering.

The core (language + engine + check) emits these; every output format (table, plain, json)
is a consumer of the same stream. Field names follow ../shared/spec/output-contract.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gradcli.events.exit_status import STATUS_EXIT, ExitStatus


@dataclass(frozen=True)
class ValueEvent:
    """An expression statement whose value is not None (the Python REPL's echo)."""

    line: int
    value: Any  # the JSON encoding of the value (see events/encode.py), snapshotted at echo time
    text: str  # what PyTorch's REPL shows, e.g. "tensor([5.])"
    kind: str = "value"


@dataclass(frozen=True)
class PrintEvent:
    line: int
    text: str  # what PyTorch would print, without the trailing newline
    kind: str = "print"


@dataclass(frozen=True)
class Clue:
    """One fact PyTorch's message leaves out, e.g. which line built the node involved."""

    text: str  # a sentence naming tensors by the script's variables: "y = x**2 built ..."
    line: int | None = None  # the script line it is about, shown under the text


@dataclass(frozen=True)
class WarningEvent:
    line: int
    type: str  # "UserWarning"
    message: str  # PyTorch's first line, without "(Triggered internally at ...)"
    kind: str = "warning"
    clues: tuple[Clue, ...] = ()  # what the warning is about in this script
    hint: str = ""  # what to do about it


# The warning category by which the language reports a FindingEvent (never a torch warning)
FINDING = "gradcli.Finding"


@dataclass(frozen=True)
class FindingEvent:
    """What `--explain` notes about a training loop at a line (no error: PyTorch says nothing),
    in the style of the explanations' clues: what happened, and the fix."""

    line: int
    message: str
    kind: str = "finding"


@dataclass(frozen=True)
class GradRow:
    """One tensor whose gradient a backward()/autograd.grad() call touched, with its check."""

    name: str  # the script's name for the tensor ("x", "w[0]", "autograd.grad[0]")
    shape: tuple[int, ...]
    dtype: str
    grad: Any  # nested lists after the call (JSON numbers; "nan"/"inf" strings)
    added: Any  # this call's contribution
    expected: Any  # the cross-check's value of `grad`, or None when method == "none"; with
    # "sampled"/"numeric", None for each element it did not evaluate (JSON null, shown `·`)
    formula: list[str] | None  # symbolic form of each element's expected gradient
    added_formula: list[str] | None  # symbolic form of what this call added
    method: str  # "symbolic" | "sampled" | "numeric" | "none"
    match: bool | None  # None when not checked
    note: str = ""  # how the expectation was obtained, or why it could not be
    max_error: float | None = None
    tolerance: tuple[float, float] | None = None  # (rtol, atol) used
    # the custom autograd.Functions whose own backward the gradient went through (the note
    # says whether they agree with sympy's derivative of their forward)
    functions: tuple[str, ...] = ()
    # the matrix form of `formula` bounded for a table cell (structured rows; `formula` whole)
    matrix_form: str | None = None


@dataclass(frozen=True)
class BackwardEvent:
    line: int
    source: str  # the statement's text, e.g. "z.backward()"
    grads: tuple[GradRow, ...]
    call: int = 0  # 1-based index of this backward/autograd.grad call in the session
    kind: str = "backward"
    api: str = "backward"  # or "autograd.grad": which call made the pass


@dataclass(frozen=True)
class ErrorEvent:
    """An uncaught error ends the run (a failed assert and a hit limit are errors too)."""

    line: int | None
    type: str  # PyTorch's / Python's exception name; "LimitExceeded" for gradcli's limits
    message: str
    col: int | None = None  # 1-based
    end_col: int | None = None
    hint: str = ""
    kind: str = "error"
    clues: tuple[Clue, ...] = ()  # which tensors and lines the error involves


@dataclass(frozen=True)
class InvalidEvent:
    """The script was rejected before anything ran."""

    line: int | None  # None when the problem is the file as a whole (missing, too large)
    col: int | None  # 1-based
    message: str
    hint: str = ""
    end_col: int | None = None
    kind: str = "invalid"


Event = (ValueEvent | PrintEvent | WarningEvent | BackwardEvent | ErrorEvent | InvalidEvent
         | FindingEvent)


@dataclass
class Summary:
    statements: int = 0
    backward: int = 0
    checked: int = 0
    mismatches: int = 0
    problems: int = 0  # what the validator found in a rejected script (all: more may be shown)


@dataclass
class SessionResult:
    """Everything a run produced; `status` and `exit_code` follow the output contract."""

    source_name: str
    source: str
    events: list[Event] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)

    @property
    def status(self) -> str:
        for e in self.events:
            if isinstance(e, InvalidEvent):
                return "invalid"
        for e in self.events:
            if isinstance(e, ErrorEvent):
                return "assertion" if e.type == "AssertionError" else "error"
        return "mismatch" if self.summary.mismatches else "ok"

    @property
    def exit_code(self) -> ExitStatus:
        return STATUS_EXIT[self.status]

