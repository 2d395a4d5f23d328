"""The `plain` format: the script's own output on stdout, gradcli's findings on stderr."""
from __future__ import annotations

from typing import TextIO

from gradcli.events.events import (
    BackwardEvent,
    Clue,
    ErrorEvent,
    Event,
    FindingEvent,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    ValueEvent,
    WarningEvent,
    unchecked_reason,
)
from gradcli.report.event_format import EventFormat
from gradcli.report.inert import encodable, inert
from gradcli.report.text import (
    excerpt,
    formulas_text,
    location,
    plural,
    shown_number,
    source_lines,
    torch_style,
)

MARKS = {True: "✓", False: "✗", None: "–"}


def warning_lines(source_name: str, source: str, event: WarningEvent) -> list[str]:
    """A warning as Python's default filter shows it: location, category, message, the line."""
    lines = source_lines(source)
    shown = [f"{location(source_name, event.line)}: {event.type}: {event.message}"]
    if 1 <= event.line <= len(lines) and lines[event.line - 1].strip():
        shown.append("  " + lines[event.line - 1].strip())
    return shown


def clue_lines(source: str, clues: tuple[Clue, ...]) -> list[str]:
    """`note: ...` for each clue, with the script line it is about under it."""
    shown = []
    for clue in clues:
        shown.append(f"note: {clue.text}")
        shown += excerpt(source, clue.line, None, None)
    return shown


def verdict(result: SessionResult) -> str:
    """The closing line, e.g. `✓ ok · 9 statements · 2 backward · 2 gradients checked · …`."""
    status = result.status
    if status == "invalid":
        return f"✗ invalid · {problems(result)} · script rejected before running"
    s = result.summary
    counts = [
        plural(s.statements, "statement"),
        f"{s.backward} backward",
        plural(s.checked, "gradient") + " checked",
        f"{s.unchecked:,} unchecked" if s.unchecked else "",  # (said whenever there are some)
        plural(s.mismatches, "mismatch", "mismatches"),
    ]
    return " · ".join([f"{'✓' if status == 'ok' else '✗'} {status}", *filter(None, counts)])


def problems(result: SessionResult) -> str:
    """`3 problems`, as ruff and mypy count them; `120 problems (the first 50 shown)`."""
    shown = sum(isinstance(e, InvalidEvent) for e in result.events)
    found = max(result.summary.problems, shown)
    return plural(found, "problem") + (f" (the first {shown} shown)" if found > shown else "")


def method_text(row: GradRow) -> str:
    """How the row was checked; `unchecked` where it was not (its note says why)."""
    return "unchecked" if row.method == "none" else row.method


def unchecked_text(row: GradRow) -> str:
    """`unchecked: <reason>` as the row's note says it; "" for a row checked whole."""
    why = unchecked_reason(row)
    if not why:
        return ""
    if row.method == "none":
        return row.note if row.note.startswith("unchecked") else f"unchecked: {row.note or why}"
    return next((clause for clause in row.note.split("; ") if clause.startswith("unchecked")),
                f"unchecked: {why}")


def mismatch_detail(row: GradRow) -> str:
    """`max error 0.5 (rtol 1e-05, atol 1e-08)`: why a row is red."""
    detail = f"max error {shown_number(row.max_error)}"
    if row.tolerance is not None:
        rtol, atol = row.tolerance
        detail += f" (rtol {shown_number(rtol)}, atol {shown_number(atol)})"
    return detail


# ---- the renderer -----------------------------------------------------------------------


def finding_line(event: FindingEvent) -> str:
    """What --explain notes about a training loop: `note: line 12: optimizer.step() ...`."""
    return f"note: line {event.line}: {event.message}"


def check_line(event: BackwardEvent, row: GradRow) -> str:
    """`check line 7 z.backward(): x grad [5.] expected [5.] (2*x + 3*x**2) symbolic ✓`."""
    # the full note is in JSON; here only what qualifies a check that is not plain sympy, the
    # verdict on a custom Function's backward, or why the row is unchecked
    method = f"{row.method} ({row.note})" if row.note and (
        row.method != "symbolic" or row.functions or row.unchecked) else row.method
    if row.method == "none":
        method = unchecked_text(row)
    parts = [
        f"check line {event.line} {event.source}: {row.name}",
        f"grad {torch_style(row.grad)}",
        f"expected {torch_style(row.expected) if row.expected is not None else '—'}",
        f"({row.matrix_form})" if row.matrix_form else formulas_text(row.formula),
        method,
        MARKS[row.match],
        mismatch_detail(row) if row.match is False else "",
    ]
    return " ".join(part for part in parts if part)


def problem_lines(source_name: str, source: str, event: ErrorEvent | InvalidEvent,
                  invalid: str = "invalid script") -> list[str]:
    """An error or a rejection: `script.py:9:1: RuntimeError: …`, the line, a caret, the hint.
    `invalid` names what a rejection rejected."""
    title = invalid if isinstance(event, InvalidEvent) else event.type
    message = f": {event.message}" if event.message else ""  # a bare `assert` has none
    shown = [f"{location(source_name, event.line, event.col)}: {title}{message}"]
    shown += excerpt(source, event.line, event.col, event.end_col)
    shown += clue_lines(source, getattr(event, "clues", ()))
    if event.hint:
        shown.append(f"hint: {event.hint}")
    return shown


class PlainRenderer(EventFormat[None]):
    """Streams a session as `plain`: stdout is exactly what PyTorch's REPL would show."""

    def __init__(self, source_name: str, source: str, out: TextIO, err: TextIO,
                 explain: bool = False) -> None:
        self.source_name, self.source = source_name, source
        self.out, self.err = out, err
        self.explain = explain  # write the accumulation ledger at the end

    def on_event(self, event: Event) -> None:
        self.dispatch(event)

    def on_value(self, event: ValueEvent | PrintEvent) -> None:
        self.out.write(encodable(event.text) + "\n")  # PyTorch's REPL text, as it is
        self.out.flush()

    def on_print(self, event: PrintEvent) -> None:
        if event.stream == "stderr":  # beside gradcli's findings: made inert as they are
            self._write(self.err, [event.text])
        else:
            self.on_value(event)

    def on_warning(self, event: WarningEvent) -> None:
        self._write(self.err, warning_lines(self.source_name, self.source, event))
        self._write(self.err, clue_lines(self.source, event.clues))
        if event.hint:
            self._write(self.err, [f"hint: {event.hint}"])

    def on_finding(self, event: FindingEvent) -> None:
        if self.explain:
            self._write(self.err, [finding_line(event)])

    def on_backward(self, event: BackwardEvent) -> None:
        self._write(self.err, [check_line(event, row) for row in event.grads])

    def on_error(self, event: ErrorEvent | InvalidEvent) -> None:
        self._write(self.err, problem_lines(self.source_name, self.source, event))

    on_invalid = on_error

    def finish(self, result: SessionResult) -> None:
        from gradcli.events.ledger import accumulation_hints, build_ledgers
        from gradcli.report.render_ledger import hint_lines, ledger_lines

        ledgers = build_ledgers(result.events)
        if self.explain:
            self._write(self.err, ledger_lines(ledgers))
        self._write(self.err, hint_lines(accumulation_hints(ledgers)))
        self._write(self.err, [verdict(result)])

    @staticmethod
    def _write(stream: TextIO, lines: list[str]) -> None:
        """Findings, to stderr: what the script put in them made inert."""
        for line in lines:
            stream.write(inert(line) + "\n")
        stream.flush()  # stream: a long loop shows its progress as it runs
