"""The events a session produces, in the order things happen: plain data, no rendering.

The core (language + engine + check) emits these; every output format (table, plain, json)
is a consumer of the same stream. Field names follow ../shared/spec/output-contract.md.
"""
from __future__ import annotations

from collections.abc import Iterable
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
    stream: str = "stdout"  # or "stderr": print(..., file=sys.stderr), sys.stderr.write


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
    # why the check did not verify the whole gradient (UNCHECKED_REASONS), "" when it did;
    # the note says it in words, starting `unchecked: `
    unchecked: str = ""


# A row's `unchecked` reason, as JSON gives it (the output contract lists them)
UNCHECKED_REASONS = {
    "check-off": "the check was off (--no-check, or when the graph was built)",
    "internal-error": "the check itself failed (a gradcli bug)",
    "written-behind": "a value the gradient read was changed through .data",
    "too-large": "the graph is too large for every path of the check",
    "opaque": "the graph holds a value no replay of the forward can follow",
    "not-finite": "finite differences cannot judge where the function is not finite",
    "sampled": "sympy evaluated a sample of the elements",
    "numeric": "finite differences, not sympy",
    "unchecked-start": "the .grad this call added to was never checked",
    "not-checked": "the check gave no expectation",
}


def unchecked_reason(row: GradRow) -> str:
    """Why `row` is not fully checked, "" when it is (a mismatch is a finding, not a gap)."""
    if row.match is False:
        return ""
    return row.unchecked or ("not-checked" if row.method == "none" else "")


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


# an ending error's type -> the run's status (other types: "error", the script's own)
ERROR_STATUS = {"AssertionError": "assertion", "InternalError": "internal"}


def count_rows(summary: Summary, rows: Iterable[GradRow]) -> None:
    """Add one pass's rows to `summary`: each is checked, unchecked, or a mismatch (checked)."""
    for row in rows:
        if unchecked_reason(row):
            summary.unchecked += 1
        elif row.match is not None:
            summary.checked += 1
        if row.match is False:
            summary.mismatches += 1
        if row.unchecked == "internal-error":
            summary.check_errors += 1


@dataclass
class Summary:
    statements: int = 0
    backward: int = 0
    checked: int = 0  # gradient rows the check verified whole (or found wrong)
    unchecked: int = 0  # rows it could not verify whole (GradRow.unchecked says why)
    mismatches: int = 0
    check_errors: int = 0  # rows left unchecked because the check failed internally
    problems: int = 0  # what the validator found in a rejected script (all: more may be shown)


@dataclass
class SessionResult:
    """Everything a run produced; `status` and `exit_code` follow the output contract."""

    source_name: str
    source: str
    events: list[Event] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)
    strict: bool = False  # --strict: an unchecked row fails the run, a check error is a bug

    @property
    def status(self) -> str:
        for e in self.events:
            if isinstance(e, InvalidEvent):
                return "invalid"
        for e in self.events:
            if isinstance(e, ErrorEvent):
                return ERROR_STATUS.get(e.type, "error")
        s = self.summary
        if self.strict and s.check_errors:
            return "internal"
        if s.mismatches:
            return "mismatch"
        return "unchecked" if self.strict and s.unchecked else "ok"

    @property
    def exit_code(self) -> ExitStatus:
        return STATUS_EXIT[self.status]

