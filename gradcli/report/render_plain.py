"""The `plain` format: the script's own output on stdout, gradcli's findings on stderr."""
from __future__ import annotations

import math
from typing import Any, Callable, TextIO

from gradcli.events.events import (
    BackwardEvent,
    Clue,
    ErrorEvent,
    Event,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    ValueEvent,
    WarningEvent,
)

MARKS = {True: "✓", False: "✗", None: "–"}

# ---- text pieces shared with the table format -------------------------------------------


def source_lines(source: str) -> list[str]:
    """The script's lines, numbered as Python numbers them (\\n, \\r\\n and \\r end a line)."""
    if not source:
        return []
    return source.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def excerpt(source: str, line: int | None, col: int | None, end_col: int | None) -> list[str]:
    """The script line with its number and a caret under col..end_col (1-based, inclusive)."""
    lines = source_lines(source)
    if line is None or not 1 <= line <= len(lines):
        return []
    text = lines[line - 1]
    shown = [f" {line} | {text}"]
    if col is not None:
        start = min(max(col, 1), len(text) + 1)
        width = max((end_col or 0) - start + 1, 1)
        # copy tabs from the line so the caret lines up however the terminal expands them
        indent = "".join(c if c == "\t" else " " for c in text[: start - 1])
        shown.append(f" {' ' * len(str(line))} | {indent}{'^' * width}")
    return shown


def location(source_name: str, line: int | None, col: int | None = None) -> str:
    """`script.py:9:5`, the form editors and terminals turn into links."""
    parts = [source_name] + [str(n) for n in (line, col) if n is not None]
    return ":".join(parts)


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


def plural(count: int, noun: str, plural_noun: str = "") -> str:
    return f"{count} {noun if count == 1 else plural_noun or noun + 's'}"


def verdict(result: SessionResult) -> str:
    """The closing line, e.g. `✓ ok · 9 statements · 2 backward · 2 gradients checked · …`."""
    status = result.status
    if status == "invalid":
        return "✗ invalid · script rejected before running"
    s = result.summary
    counts = [
        plural(s.statements, "statement"),
        f"{s.backward} backward",
        plural(s.checked, "gradient") + " checked",
        plural(s.mismatches, "mismatch", "mismatches"),
    ]
    return " · ".join([f"{'✓' if status == 'ok' else '✗'} {status}", *counts])


def shown_number(x: float | None) -> str:
    """A tolerance or an error, short: `1e-05`, `0.5`, `nan`."""
    return "None" if x is None else f"{x:.3g}"


def mismatch_detail(row: GradRow) -> str:
    """`max error 0.5 (rtol 1e-05, atol 1e-08)`: why a row is red."""
    detail = f"max error {shown_number(row.max_error)}"
    if row.tolerance is not None:
        rtol, atol = row.tolerance
        detail += f" (rtol {shown_number(rtol)}, atol {shown_number(atol)})"
    return detail


# ---- numbers as torch prints a tensor's data --------------------------------------------


def _leaves(data: Any) -> list[Any]:
    if not isinstance(data, list):
        return [data]
    return [leaf for item in data for leaf in _leaves(item)]


def elide_middle(items: list, limit: int, head: int, tail: int, marker: str) -> list:
    """`items` when at most `limit` long, else its first `head`, `marker`, its last `tail`."""
    return items if len(items) <= limit else [*items[:head], marker, *items[-tail:]]


def bracketed(data: Any, leaf: Callable[[Any], str], elide: Callable[[list], list]) -> str:
    """Nested lists on one line, `[[1., 2.], [3., 4.]]`, each number through `leaf`."""
    if not isinstance(data, list):
        return leaf(data)
    return "[" + ", ".join(bracketed(item, leaf, elide) for item in elide(data)) + "]"


def _torch_number_format(numbers: list[float]) -> Callable[[float], str]:
    """torch's choice among `5.`, `0.9925` and `1.0000e-05` (torch/_tensor_str.py)."""
    finite = [abs(x) for x in numbers if math.isfinite(x) and x != 0]
    if not finite:
        return lambda x: f"{x:.0f}."
    low, high = min(finite), max(finite)
    if all(float(x).is_integer() for x in finite):
        scientific = high / low > 1000 or high > 1e8
        return (lambda x: f"{x:.4e}") if scientific else (lambda x: f"{x:.0f}.")
    scientific = high / low > 1000 or high > 1e8 or low < 1e-4
    return (lambda x: f"{x:.4e}") if scientific else (lambda x: f"{x:.4f}")


def summary_text(data: Any) -> str | None:
    """A large tensor arrives summarised (shape, range, mean): say so, in one line. An
    expectation checked on a sample is summarised over the checked elements."""
    if not (isinstance(data, dict) and data.get("type") == "summary"):
        return None
    what = f"{'×'.join(map(str, data['shape']))} elements"
    count = data.get("checked", math.prod(data["shape"]))
    if "checked" in data:
        what += f", {count} checked"
    return (f"<{what}: min {data['min']:.4g}, max {data['max']:.4g}, "
            f"mean {data['mean']:.4g}>") if data["nonfinite"] < count else f"<{what}, none finite>"


UNCHECKED = "·"  # an element of an expectation that the check did not evaluate (JSON null)


def torch_style(data: Any) -> str:
    """A gradient's data as torch prints it, on one line: `[5.]`, `[ 1., 10.]`, `0.5000`."""
    if data is None:
        return "None"
    if summary_text(data):
        return summary_text(data)
    marker = " ..."  # torch's, joined like an element: `2.,  ..., 7.`
    if _count(data) > 1000:  # torch summarises tensors of more than 1000 elements
        data = _summarised(data, marker)  # and formats the numbers it shows, from them alone
    leaves = [x for x in _leaves(data) if x is not marker]
    number = _torch_number_format([float(x) for x in leaves
                                   if x is not None and not isinstance(x, str)])

    def leaf_text(x: Any) -> str:
        if x is None:
            return UNCHECKED
        return x if isinstance(x, str) else number(float(x))  # "nan"/"inf" come as strings

    width = max((len(leaf_text(x)) for x in leaves), default=0)
    return bracketed(data, lambda x: x if x is marker else leaf_text(x).rjust(width),
                     lambda items: items)


def _count(data: Any) -> int:
    """How many numbers nested lists hold (they are rectangular: a tensor's data)."""
    n = 1
    while isinstance(data, list):
        n *= len(data)
        data = data[0] if data else None
    return n


def _summarised(data: Any, marker: str) -> Any:
    """The first and last three items at each level of nested lists, `marker` between."""
    if not isinstance(data, list):
        return data
    return [x if x is marker else _summarised(x, marker)
            for x in elide_middle(data, 6, 3, 3, marker)]


def formulas_text(formula: list[str] | None) -> str:
    """`(2*x + 3*x**2)`; long lists keep their ends; an element the check did not sample
    (it has no formula) reads `·`."""
    if not formula:
        return ""
    shown = [f or UNCHECKED for f in formula]
    return "(" + ", ".join(elide_middle(shown, 6, 3, 3, "...")) + ")"


# ---- the renderer -----------------------------------------------------------------------


def check_line(event: BackwardEvent, row: GradRow) -> str:
    """`check line 7 z.backward(): x grad [5.] expected [5.] (2*x + 3*x**2) symbolic ✓`."""
    # the full note is in JSON; here only what qualifies a check that is not plain sympy
    method = f"{row.method} ({row.note})" if row.note and row.method != "symbolic" else row.method
    parts = [
        f"check line {event.line} {event.source}: {row.name}",
        f"grad {torch_style(row.grad)}",
        f"expected {torch_style(row.expected) if row.expected is not None else '—'}",
        formulas_text(row.formula),
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


class PlainRenderer:
    """Streams a session as `plain`: stdout is exactly what PyTorch's REPL would show."""

    def __init__(self, source_name: str, source: str, out: TextIO, err: TextIO,
                 explain: bool = False) -> None:
        self.source_name, self.source = source_name, source
        self.out, self.err = out, err
        self.explain = explain  # write the accumulation ledger at the end

    def on_event(self, event: Event) -> None:
        if isinstance(event, (ValueEvent, PrintEvent)):
            self._write(self.out, [event.text])
        elif isinstance(event, WarningEvent):
            self._write(self.err, warning_lines(self.source_name, self.source, event))
            self._write(self.err, clue_lines(self.source, event.clues))
            if event.hint:
                self._write(self.err, [f"hint: {event.hint}"])
        elif isinstance(event, BackwardEvent):
            self._write(self.err, [check_line(event, row) for row in event.grads])
        elif isinstance(event, (ErrorEvent, InvalidEvent)):
            self._write(self.err, problem_lines(self.source_name, self.source, event))

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
        for line in lines:
            stream.write(line + "\n")
        stream.flush()  # stream: a long loop shows its progress as it runs
