"""The `table` format: a rich report for a person at a terminal, streamed as the session runs."""
from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gradcli.events.events import (
    BackwardEvent,
    ErrorEvent,
    Event,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    ValueEvent,
    WarningEvent,
)
from gradcli.report.render_plain import clue_lines, mismatch_detail, verdict, warning_lines
from gradcli.report.text import UNCHECKED, compact, excerpt, location, shorten

STATUS_STYLES = {"ok": "green", "mismatch": "red", "assertion": "red", "error": "red",
                 "invalid": "yellow"}


def expected_cell(row: GradRow) -> Text:
    """`2*x + 3*x**2 = 5`: sympy's formula, then its value (below it, for a tensor)."""
    if row.expected is None:
        return Text("—", style="dim")
    if not row.formula:  # a numeric check has a value but no formula
        return Text(compact(row.expected))
    if len(row.formula) == 1:  # one element: read it as an equation, `2*x = 2`
        formula, value = shorten(row.formula[0]), compact(_only_leaf(row.expected))
        return Text(value if formula == value else f"{formula} = {value}")
    formula = shorten(compact([f or UNCHECKED for f in row.formula]))  # "": not sampled
    value = compact(row.expected)
    return Text(value if formula == value else f"{formula}\n= {value}")


def added_cell(row: GradRow) -> Text:
    """What this call added, and under it sympy's formula for that contribution."""
    text = Text(compact(row.added))
    formulas = [f for f in (row.added_formula or []) if f]
    if formulas:
        shown = formulas[0] if len(formulas) == 1 else compact(formulas)
        if shown != text.plain:  # `[0, 0]` under `[0, 0]` says nothing
            text.append("\n" + shorten(shown), style="dim")
    return text


def _only_leaf(data: Any) -> Any:
    while isinstance(data, list) and len(data) == 1:
        data = data[0]
    return data


def verdict_cell(row: GradRow) -> Text:
    if row.match is None:
        return Text("–", style="dim")
    return Text("✓", style="green") if row.match else Text("✗", style="bold red")


def footnotes(rows: tuple[GradRow, ...]) -> Text | None:
    """Under the table: how far off each red row is, and each row's note (whole, not in a cell)."""
    lines = Text()
    for row in rows:
        if row.match is False:
            lines.append(f"✗ {row.name}: {mismatch_detail(row)}\n", style="red")
        if row.note:
            lines.append(f"{row.name}: {row.note}\n", style="dim")
    return lines[:-1] if lines else None  # no trailing newline


def grad_table(event: BackwardEvent, number: int) -> Table:
    """The gradients one backward() touched, each with its symbolic cross-check."""
    title = Text(f"backward #{number} · line {event.line} · {event.source}", style="bold")
    caption = footnotes(event.grads) if event.grads else Text("no gradient touched")
    table = Table(title=title, title_justify="left", caption=caption, caption_justify="left")
    for column in ("tensor", "shape", "grad", "added", "expected (sympy)", "method", "✓"):
        table.add_column(column)
    for row in event.grads:
        cells = (row.name, str(list(row.shape)), compact(row.grad))
        table.add_row(*map(Text, cells), added_cell(row), expected_cell(row), Text(row.method),
                      verdict_cell(row), style="red" if row.match is False else None)
    return table


def problem_panel(source_name: str, source: str, event: ErrorEvent | InvalidEvent,
                  invalid: str = "invalid script") -> Panel:
    """An error (or a rejected script) in a box: message, the line with a caret, the hint.
    `invalid` names what a rejection rejected."""
    is_invalid = isinstance(event, InvalidEvent)
    shown = excerpt(source, event.line, event.col, event.end_col)
    sections = [
        [Text(event.message)] if event.message else [],  # a bare `assert` has no message
        [Text(shown[0]), *(Text(caret, style="bold red") for caret in shown[1:])] if shown else [],
        clue_texts(source, getattr(event, "clues", ())),
        [Text(f"hint: {event.hint}", style="cyan")] if event.hint else [],
    ]
    parts: list[Text] = []
    for section in filter(None, sections):
        parts += [Text(), *section] if parts else section
    title = Text(invalid if is_invalid else event.type, style="bold")
    where = Text(location(source_name, event.line, event.col))
    return Panel(Group(*parts), title=title, title_align="left", subtitle=where,
                 subtitle_align="right", border_style="yellow" if is_invalid else "red")


def clue_texts(source: str, clues: tuple) -> list[Text]:
    """Each clue in bold, the script line it is about under it, dim."""
    return [Text(line, style="bold" if line.startswith("note: ") else "dim")
            for line in clue_lines(source, clues)]


class TableRenderer:
    """Streams a session: echoes and prints as they happen, a table after every backward()."""

    def __init__(self, source_name: str, source: str, out: Console, err: Console,
                 explain: bool = False) -> None:
        self.source_name, self.source = source_name, source
        self.out, self.err = out, err
        self.explain = explain  # show the accumulation ledger at the end
        self.backward_calls = 0

    def on_event(self, event: Event) -> None:
        if isinstance(event, (ValueEvent, PrintEvent)):
            self._verbatim(event.text)
        elif isinstance(event, WarningEvent):
            first, *rest = warning_lines(self.source_name, self.source, event)
            hint = [Text(f"hint: {event.hint}", style="cyan")] if event.hint else []
            self.err.print(Text(first, style="yellow"), *map(Text, rest),
                           *clue_texts(self.source, event.clues), *hint, sep="\n",
                           soft_wrap=True)
        elif isinstance(event, BackwardEvent):
            self.backward_calls += 1
            self.out.print(grad_table(event, event.call or self.backward_calls))
        elif isinstance(event, (ErrorEvent, InvalidEvent)):
            self.err.print(problem_panel(self.source_name, self.source, event))

    def finish(self, result: SessionResult) -> None:
        from gradcli.events.ledger import accumulation_hints, build_ledgers
        from gradcli.report.render_ledger import hint_lines, ledger_tables

        ledgers = build_ledgers(result.events)
        if self.explain:
            for table in ledger_tables(ledgers):
                self.out.print(table)
        for line in hint_lines(accumulation_hints(ledgers)):
            self.err.print(Text(line, style="cyan"), soft_wrap=True)
        self.out.print(Text(verdict(result), style=STATUS_STYLES[result.status]), soft_wrap=True)

    def _verbatim(self, text: str) -> None:
        # straight to the stream: rich would wrap long lines and drop control characters,
        # and the contract promises exactly what PyTorch's REPL shows
        self.out.file.write(text + "\n")
        self.out.file.flush()
