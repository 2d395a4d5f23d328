"""The `table` format: a rich report for a person at a terminal, streamed as the session runs."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gradcli.events.events import (
    BackwardEvent,
    ErrorEvent,
    Event,
    FindingEvent,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    ValueEvent,
    WarningEvent,
)
from gradcli.report.event_format import EventFormat
from gradcli.report.folding import Folding
from gradcli.report.grid import Cell, Grid
from gradcli.report.inert import inert, inert_event
from gradcli.report.render_plain import (
    clue_lines,
    finding_line,
    method_text,
    mismatch_detail,
    problem_lines,
    verdict,
    warning_lines,
)
from gradcli.report.text import (
    NARROW,
    UNCHECKED,
    compact,
    excerpt,
    laid_out,
    location,
    number_texts,
    shorten,
)
from gradcli.report.uncoloured import table_lines, wrapped, write, writes_plain

STATUS_STYLES = {"ok": "green", "mismatch": "red", "assertion": "red", "error": "red",
                 "invalid": "yellow", "internal": "red", "unchecked": "red"}


AUTOGRAD_GRAD_NOTE = "returned by autograd.grad (.grad untouched)"  # the heading says it
NO_EXPECTATION, SAME_AS_GRAD = "—", "= grad"  # a numeric check's value equal to the gradient


class Compacted:
    """compact() of a report's lists, each made once: a row's grad and added are shown and
    compared up to three times each, on one line and one row per line (their numbers
    formatted once for both)."""

    def __init__(self) -> None:
        self.texts: dict[int, tuple[Any, str | list]] = {}  # (the list kept: its id stays)
        self.made: dict[tuple[int, bool], str] = {}

    def __call__(self, data: Any, rows: bool = False) -> str:
        key = (id(data), rows)
        if key not in self.made:
            if id(data) not in self.texts:
                self.texts[id(data)] = (data, number_texts(data))
            self.made[key] = laid_out(self.texts[id(data)][1], rows)
        return self.made[key]


def expected_text(row: GradRow, rows: bool = True,
                  shown: Callable[[Any, bool], str] = compact) -> str:
    """`2*x + 3*x**2 = 5`: sympy's formula, then its value (below it, for a tensor); the value
    only when it differs from the gradient shown beside it (`shown` makes the numbers' text)."""
    if row.expected is None:
        return NO_EXPECTATION
    value = shown(row.expected, rows)
    same = value == shown(row.grad, rows)
    if row.matrix_form:  # one matrix expression for every element, bounded already
        return row.matrix_form if same else f"{row.matrix_form}\n= {value}"
    if not row.formula:  # a numeric check has a value but no formula
        return SAME_AS_GRAD if same else value
    if len(row.formula) == 1:  # one element: read it as an equation, `2*x = 2`
        formula, value = shorten(row.formula[0]), compact(_only_leaf(row.expected))
        return formula if same or formula == value else f"{formula} = {value}"
    formula = shorten(compact([f or UNCHECKED for f in row.formula]))  # "": not sampled
    return formula if same or formula == value else f"{formula}\n= {value}"


def expected_cell(row: GradRow, shown: Callable[[Any, bool], str] = compact) -> Cell:
    text = expected_text(row, True, shown)
    return Cell(text, style="dim" if text in (NO_EXPECTATION, SAME_AS_GRAD) else "")


def added_cell(row: GradRow, shown: Callable[[Any, bool], str] = compact) -> Cell:
    """What this call added, and under it sympy's formula for that contribution."""
    added = shown(row.added, True)
    formulas = [f for f in (row.added_formula or []) if f]
    if formulas:
        formula = formulas[0] if len(formulas) == 1 else compact(formulas)
        if formula != shown(row.added, False):  # `[0, 0]` under `[0, 0]` says nothing
            return Cell(added, dim="\n" + shorten(formula))
    return Cell(added)


def _only_leaf(data: Any) -> Any:
    while isinstance(data, list) and len(data) == 1:
        data = data[0]
    return data


def method_cell(row: GradRow) -> Cell:
    """How the row was checked; `unchecked` where it was not (the footnote says why)."""
    return Cell(method_text(row), style="yellow" if row.method == "none" else "")


def verdict_cell(row: GradRow) -> Cell:
    if row.match is None:
        return Cell("–", style="dim")
    return Cell("✓", style="green") if row.match else Cell("✗", style="bold red")


def call_heading(event: BackwardEvent, number: int) -> Text:
    """`backward #2 · line 8 · z.backward()`, or `autograd.grad #1 · ...` for that call."""
    return Text(f"{event.api} #{number} · line {event.line} · {event.source}", style="bold")


def footnotes(event: BackwardEvent, explain: bool = False) -> Text | None:
    """Under the gradients: how far off each red row is, each row's note (whole, not in a
    cell), less what the heading already says; with `explain`, each matrix form in full."""
    lines: list[tuple[str, str]] = []  # each line's text and style
    named: dict[str, list[str]] = {}  # note -> the rows it belongs to, said once for them all
    for row in event.grads:
        if row.match is False:
            lines.append((f"✗ {row.name}: {mismatch_detail(row)}", "red"))
        note = "; ".join(clause for clause in row.note.split("; ")
                         if clause and not (event.api == "autograd.grad"
                                            and clause == AUTOGRAD_GRAD_NOTE))
        if note:
            named.setdefault(note, []).append(row.name)
    lines += [(f"{', '.join(names)}: {note}", "dim") for note, names in named.items()]
    lines += [(f"{row.name}.grad = {row.formula[0]}", "") for row in event.grads
              if explain and row.matrix_form and row.formula]  # the cell holds it bounded
    if not lines:
        return None
    text = Text()
    for number, (line, style) in enumerate(lines, 1):
        text.append(line if number == len(lines) else line + "\n", style=style or None)
    return text


def first_call(event: BackwardEvent, shown: Callable[[Any, bool], str] = compact) -> bool:
    """Every gradient is what this call added: an `added` column would repeat `grad`."""
    return all(row.added is row.grad or shown(row.added, False) == shown(row.grad, False)
               for row in event.grads)


def grad_table(event: BackwardEvent) -> Grid:
    """The gradients one call touched, each with its symbolic cross-check."""
    shown = Compacted()
    cells: dict[str, Callable[[GradRow], Cell]] = {
        "tensor": lambda row: Cell(row.name), "shape": lambda row: Cell(str(list(row.shape))),
        "grad": lambda row: Cell(shown(row.grad, True)),
        "added": lambda row: added_cell(row, shown),
        "expected (sympy)": lambda row: expected_cell(row, shown),
        "method": method_cell, "✓": verdict_cell}
    if first_call(event, shown):
        del cells["added"]
    return Grid(list(cells), [([cell(row) for cell in cells.values()],
                               "red" if row.match is False else None) for row in event.grads])


def grad_lines(event: BackwardEvent, width: int) -> list[Text]:
    """The narrow layout: `x [2, 1]  grad [[0.9925], [3.584]]  ✓ symbolic` (a matrix too wide
    for that, one row per line under it), then what this call added, when not all of it, and
    sympy's expectation, indented."""
    lines, shown = [], Compacted()
    for row in event.grads:
        style = "red" if row.match is False else ""
        head = Text(f"{row.name} {list(row.shape)}  ", style=style)
        grad = f"grad {shown(row.grad, False)}  "
        method = method_cell(row)
        mark = verdict_cell(row).rich() + Text(f" {method.text}", style=method.style or style)
        if len(head + grad + mark) <= width or "\n" not in shown(row.grad, True):
            lines.append(head + Text(grad, style=style) + mark)
        else:
            lines += [head + mark, Text(_hanging("  grad ", shown(row.grad, True)), style=style)]
        if shown(row.added, False) != shown(row.grad, False):
            lines.append(Text(_hanging("  added ", shown(row.added, True)), style=style))
        expected = expected_text(row, False, shown).replace("\n", " ")
        if expected not in (NO_EXPECTATION, SAME_AS_GRAD):
            lines.append(Text(f"  sympy {expected}", style="dim"))
    return lines


def _hanging(label: str, text: str) -> str:
    """`label` before the first line of `text`, its other lines indented to match."""
    return label + text.replace("\n", "\n" + " " * len(label))


def fit(console: Console, piece: Text | Table | Grid, width: int | None = None) -> None:
    """Print `piece`; a Text wrapped to the console's width without trailing spaces. Without
    colour, as plain strings when report/uncoloured.py can write them as rich would. `width`:
    the console's, when the caller has it (rich asks the terminal for it at every reading)."""
    if writes_plain(console):
        width = console.width if width is None else width
        lines = (wrapped(piece, width) if isinstance(piece, Text) else
                 table_lines(console, piece, width) if isinstance(piece, Table) else
                 piece.lines(console, width) if isinstance(piece, Grid) else None)
        if lines is not None:
            write(console, lines)
            return
    if isinstance(piece, Grid):
        piece = piece.table()
    if not isinstance(piece, Text):
        console.print(piece)
        return
    for line in piece.wrap(console, console.width):
        line.rstrip()
        console.print(line, soft_wrap=True)


def backward_report(event: BackwardEvent, number: int, width: int,
                    explain: bool = False) -> list[Text | Grid]:
    """The heading, the gradients (a table, or one block each below NARROW columns) and the
    footnotes: separate pieces, so no line is padded out to the table's width."""
    if not event.grads:
        return [call_heading(event, number), Text("no gradient touched")]
    body = grad_lines(event, width) if width < NARROW else [grad_table(event)]
    notes = footnotes(event, explain)
    return [call_heading(event, number), *body, *([notes] if notes else [])]


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


class TableRenderer(EventFormat[None]):
    """Streams a session: echoes and prints as they happen, a table after every backward().
    From the fourth call of one line on (a training loop), the calls fold: one summary line
    each time something else is printed, the table of a call with a ✗ in full, and at the end
    the last call's table (`every_table` shows them all)."""

    def __init__(self, source_name: str, source: str, out: Console, err: Console,
                 explain: bool = False, every_table: bool = False) -> None:
        self.source_name, self.source = inert(source_name), inert(source)
        self.out, self.err = out, err
        self.explain = explain  # show the accumulation ledger at the end
        self.folding = Folding(every_table)
        self.backward_calls = 0

    def on_event(self, event: Event) -> None:
        if event.kind != "backward" and (event.kind != "finding" or self.explain):
            self.settle()  # what was held back comes before what is shown next
        self.dispatch(inert_event(event))  # a terminal obeys no control character of a script

    def settle(self) -> None:
        """Writes the folds held back: a line each, in the order their calls began, and the
        table of a call with a mismatch."""
        for fold in self.folding.settle():
            fit(self.out, Text(fold.summary(), style="red" if fold.failed else "dim"))
            if fold.mismatched is not None:
                self._table(*fold.mismatched)

    def end_of_input(self) -> None:
        """A repl input ended: what it held back is written, and the next input's calls are
        its own (typed one by one, each call's table is shown)."""
        self.settle()
        for event, number in self.folding.last_calls():
            self._table(event, number)

    def on_value(self, event: ValueEvent | PrintEvent) -> None:
        self._verbatim(event.text)

    def on_print(self, event: PrintEvent) -> None:
        if event.stream == "stderr":
            self.err.file.write(event.text + "\n")
            self.err.file.flush()
        else:
            self._verbatim(event.text)

    def on_warning(self, event: WarningEvent) -> None:
        first, *rest = warning_lines(self.source_name, self.source, event)
        hint = [Text(f"hint: {event.hint}", style="cyan")] if event.hint else []
        for piece in (Text(first, style="yellow"), *map(Text, rest),
                      *clue_texts(self.source, event.clues), *hint):
            fit(self.err, piece)

    def on_finding(self, event: FindingEvent) -> None:
        if self.explain:
            fit(self.err, Text(finding_line(event), style="cyan"))

    def on_backward(self, event: BackwardEvent) -> None:
        self.backward_calls += 1
        number = event.call or self.backward_calls
        if self.folding.shows(event, number):
            self._table(event, number)

    def _table(self, event: BackwardEvent, number: int) -> None:
        width = self.out.width
        for piece in backward_report(event, number, width, self.explain):
            fit(self.out, piece, width)

    def on_error(self, event: ErrorEvent | InvalidEvent) -> None:
        """A box on a terminal; in a pipe, `path:line:col: Type: message` and plain lines."""
        if self.err.is_terminal:
            self.err.print(problem_panel(self.source_name, self.source, event))
        else:
            self.err.file.write("\n".join(problem_lines(self.source_name, self.source, event))
                                + "\n")
            self.err.file.flush()

    on_invalid = on_error

    def finish(self, result: SessionResult) -> None:
        from gradcli.events.ledger import accumulation_hints, build_ledgers
        from gradcli.report.render_ledger import hint_lines, ledger_tables

        self.end_of_input()
        ledgers = build_ledgers(result.events)
        if self.explain:
            for piece in ledger_tables(ledgers):
                fit(self.out, piece)
        for line in hint_lines(accumulation_hints(ledgers)):
            fit(self.err, Text(line, style="cyan"))
        fit(self.out, Text(verdict(result), style=STATUS_STYLES[result.status]))

    def _verbatim(self, text: str) -> None:
        # straight to the stream, as PyTorch's REPL shows it (rich would wrap long lines), but
        # inert: a terminal must not obey the control characters a script printed
        self.out.file.write(text + "\n")
        self.out.file.flush()
