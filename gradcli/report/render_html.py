"""`run --html FILE`: the run as one self-contained HTML page, from its events like every other
renderer: the script, each echo and print, each backward's table with sympy's formulas typeset
(MathML, which browsers draw natively), the graph picture after each backward, the
accumulation ledger and the .grad history plot. Inline CSS and SVG, no script, nothing
fetched when it is viewed. Every piece of text from the script is escaped.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

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
)
from gradcli.events.expectations import Expectation
from gradcli.events.expectations import verdict as outcome
from gradcli.events.ledger import (
    AccumulationHint,
    Contribution,
    Ledger,
    Restart,
    accumulation_hints,
    any_nonzero,
    build_ledgers,
)
from gradcli.events.results import Graph, mark_checked
from gradcli.report.event_format import EventFormat
from gradcli.report.folding import Folding, counted
from gradcli.report.mathml import formula_mathml
from gradcli.report.render_ledger import running_sum, symbolic
from gradcli.report.render_plain import method_text, mismatch_detail, verdict
from gradcli.report.render_table import first_call
from gradcli.report.svg_graph import graph_svg
from gradcli.report.svg_plot import grad_history_svg
from gradcli.report.text import UNCHECKED, compact, excerpt, source_lines

TYPESET = 6  # formulas shown per cell at most
TYPESET_BUDGET = 200  # formulas typeset per page at most; the later ones are shown as code
MARKS = {True: ("✓", "ok"), False: ("✗", "bad"), None: ("–", "dim")}

CSS = """
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:1100px;
padding:1.5em;color:#1f2328}
h1{font-size:1.5em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:1px solid #d0d7de}
pre,code,td.num{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;
font-size:13px}
pre{margin:.3em 0;white-space:pre-wrap}
td pre{white-space:pre}
.event.backward{overflow-x:auto}
details.fold{margin:.6em 0;padding:.2em .8em;border-left:4px solid #2da44e}
details.fold>summary{cursor:pointer;color:#57606a}
details.fold.bad{border-color:#cf222e}details.fold.bad>summary{color:#cf222e}
details.picture>summary,details.more>summary{cursor:pointer;color:#57606a;font-size:.85em}
.status{display:inline-block;padding:.15em .6em;border-radius:1em;font-weight:bold}
.status.ok{background:#dafbe1;color:#116329}.status.bad{background:#ffebe9;color:#a40e26}
.script{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6em 0}
.script span.ln{display:inline-block;width:3.5em;text-align:right;padding-right:1em;color:#8b949e;
user-select:none}
.event{margin:.6em 0;padding:.4em .8em;border-left:4px solid #d0d7de}
.event .where{color:#57606a;font-size:.85em}
.event.echo{border-color:#54aeff}.event.print{border-color:#8c959f}
.event.warning,.event.finding{border-color:#d4a72c;background:#fff8c5}
.event.error{border-color:#cf222e;background:#ffebe9}
.event.backward{border-color:#2da44e}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #d0d7de;padding:.3em .6em;vertical-align:top;text-align:left}
th{background:#f6f8fa}
tr.mismatch td{background:#ffebe9}
.ok{color:#116329;font-weight:bold}.bad{color:#cf222e;font-weight:bold}.dim{color:#57606a}
.restart td{font-style:italic;color:#57606a}
figure{margin:.6em 0;overflow-x:auto}figcaption{color:#57606a;font-size:.85em}
math{font-size:1.1em}
.formulas>div{margin:.4em 0}
"""


class HtmlRenderer:
    """Collects the run's events; `finish` hands the page to `write`. `graphs` maps a
    backward call's number to the graph after it (filled by the app as the script runs);
    `expected`, the ending the script declared, decides the badge as it decides the exit."""

    def __init__(self, source_name: str, source: str, write: Callable[[str], None],
                 graphs: Mapping[int, Graph] | None = None,
                 expected: Expectation | None = None) -> None:
        self.source_name, self.source, self.write = source_name, source, write
        self.graphs = graphs if graphs is not None else {}
        self.expected = expected
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)

    def finish(self, result: SessionResult) -> None:
        self.write(html_report(result, self.graphs, self.source_name,
                               self.source or result.source, self.expected))


def html_report(result: SessionResult, graphs: Mapping[int, Graph], source_name: str = "",
                source: str = "", expected: Expectation | None = None) -> str:
    """The whole page for a finished run."""
    name = source_name or result.source_name
    source = source or result.source
    ok = outcome(result, expected) == "ok"
    badge = (f"✓ ended as declared on line {expected.line}: expect {expected}"
             if expected is not None and ok else verdict(result))
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>gradcli · {escape(name)}</title><style>{CSS}</style></head><body>",
             f"<h1>gradcli · {escape(name)}</h1>",
             f'<p><span class="status {"ok" if ok else "bad"}">{escape(badge)}</span></p>',
             *_contents(result.events),
             "<h2>The script</h2>", _script(source), "<h2>The run</h2>"]
    typeset = Typesetter()
    parts += _run(result.events, EventHtml(source, graphs, typeset))
    if not result.events:
        parts.append('<p class="dim">The script showed nothing and called no backward.</p>')
    ledgers = build_ledgers(result.events)
    if ledgers:
        parts += ["<h2>The accumulation ledger</h2>", _ledgers(ledgers, typeset),
                  *_hints(accumulation_hints(ledgers)),
                  "<h2>.grad over the backward calls</h2>",
                  f"<figure>{grad_history_svg(ledgers)}</figure>"]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _contents(events: list[Event]) -> list[str]:
    """Each line that called backward, linked: its calls, their gradients' verdicts, and the
    first call with a mismatch."""
    by_line: dict[tuple[str, int], list[BackwardEvent]] = {}
    for event in events:
        if isinstance(event, BackwardEvent):
            by_line.setdefault((event.api, event.line), []).append(event)
    items = []
    for (api, line), calls in by_line.items():
        marks = Counter(MARKS[row.match][0] for call in calls for row in call.grads)
        bad = next((call for call in calls if any(row.match is False for row in call.grads)),
                   None)
        first_bad = (f' · <a class="bad" href="#call{bad.call}">first ✗: {escape(api)} '
                     f"#{bad.call}</a>" if bad else "")
        items.append(f'<li><a href="#call{calls[0].call}">line {line}</a>: '
                     f"<code>{escape(calls[0].source)}</code> · {len(calls):,} "
                     f"call{'s' if len(calls) > 1 else ''} · {marks.total():,} "
                     f"gradients{counted(marks)}{first_bad}</li>")
    return ["<h2>Backward calls</h2>", f'<ul class="contents">{"".join(items)}</ul>'] \
        if items else []


def _run(events: list[Event], shown: EventHtml) -> list[str]:
    """Each event's block; a line's calls after the third folded as the table folds them, in
    a <details> (a call with a mismatch stays open below its fold)."""
    folding, parts = Folding(keep_calls=True), []

    def settle() -> None:
        for fold in folding.settle():
            inner = "".join(shown.dispatch(event) for event, number in fold.calls
                            if (event, number) != fold.mismatched)  # shown below, open
            css = "fold bad" if fold.failed else "fold"
            parts.append(f'<details class="{css}"><summary>{escape(fold.summary())}</summary>'
                         f"{inner}</details>")
            if fold.mismatched is not None:
                parts.append(shown.dispatch(fold.mismatched[0]))

    for event in events:
        if not isinstance(event, BackwardEvent):
            settle()
            parts.append(shown.dispatch(event))
        elif folding.shows(event, event.call):
            parts.append(shown.dispatch(event))
    settle()
    return parts


def _script(source: str) -> str:
    lines = source_lines(source.rstrip("\n"))
    numbered = "\n".join(f'<span id="L{n}"><span class="ln">{n}</span>{escape(line)}</span>'
                         for n, line in enumerate(lines, 1))
    return f'<pre class="script">{numbered}</pre>'


def _where(line: int | None) -> str:
    return f'<a class="where" href="#L{line}">line {line}</a>' if line else ""


class EventHtml(EventFormat[str]):
    """Each kind of event as the page's block; a backward's with the graph after it."""

    def __init__(self, source: str, graphs: Mapping[int, Graph], typeset: Typesetter) -> None:
        self.source, self.graphs, self.typeset = source, graphs, typeset
        self.pictured: set[tuple[str, int]] = set()  # lines whose first graph is drawn open

    def on_value(self, event: ValueEvent) -> str:
        return f'<div class="event echo">{_where(event.line)}<pre>{escape(event.text)}</pre></div>'

    def on_print(self, event: PrintEvent) -> str:
        to = " to stderr" if event.stream == "stderr" else ""
        return (f'<div class="event print">{_where(event.line)} print{to}'
                f"<pre>{escape(event.text)}</pre></div>")

    def on_warning(self, event: WarningEvent) -> str:
        body = f"<b>{escape(event.type)}</b>: {escape(event.message)}"
        hint = f"<p>{escape(event.hint)}</p>" if event.hint else ""
        return (f'<div class="event warning">{_where(event.line)}<p>{body}</p>'
                f"{_clues(self.source, event.clues)}{hint}</div>")

    def on_finding(self, event: FindingEvent) -> str:
        return (f'<div class="event finding">{_where(event.line)}'
                f"<p>{escape(event.message)}</p></div>")

    def on_backward(self, event: BackwardEvent) -> str:
        line = (event.api, event.line)
        shown = _backward(event, self.graphs.get(event.call), self.typeset,
                          picture_open=line not in self.pictured)
        self.pictured.add(line)
        return shown

    def on_error(self, event: ErrorEvent) -> str:
        return self.problem(event.type, event, event.clues)

    def on_invalid(self, event: InvalidEvent) -> str:
        return self.problem("invalid script", event, ())

    def problem(self, title: str, event: ErrorEvent | InvalidEvent, clues: tuple[Clue, ...]
                ) -> str:
        shown = "\n".join(excerpt(self.source, event.line, event.col, event.end_col))
        parts = [f'<div class="event error">{_where(event.line)}',
                 f"<p><b>{escape(title)}</b>: {escape(event.message)}</p>"]
        if shown:
            parts.append(f"<pre>{escape(shown)}</pre>")
        parts.append(_clues(self.source, clues))
        if event.hint:
            parts.append(f"<p>hint: {escape(event.hint)}</p>")
        return "".join(parts) + "</div>"


def _clues(source: str, clues: tuple[Clue, ...]) -> str:
    shown = []
    for clue in clues:
        lines = "\n".join(excerpt(source, clue.line, None, None))
        code = f"<pre>{escape(lines)}</pre>" if lines else ""
        shown.append(f"<p>note: {escape(clue.text)}</p>{code}")
    return "".join(shown)


# ---- a backward call ---------------------------------------------------------------------


def _backward(event: BackwardEvent, graph: Graph | None, typeset: Typesetter,
              picture_open: bool = True) -> str:
    """The call's table, notes and the graph after it: drawn open for a line's first call,
    collapsed for the later ones (a loop's graph is the same shape every step)."""
    head = (f'<div class="event backward" id="call{event.call}">{_where(event.line)}'
            f"<h3>{escape(event.api)} #{event.call}: <code>{escape(event.source)}</code></h3>")
    added = not first_call(event)  # else the column would repeat .grad
    header = "".join(f"<th>{c}</th>" for c in ("tensor", "shape", ".grad", "added by this call",
                                                  "expected (sympy)", "method", "✓")
                     if added or c != "added by this call")
    rows = "".join(_grad_row(row, typeset, added) for row in event.grads)
    table = f'<table class="grads"><tr>{header}</tr>{rows}</table>' if event.grads else \
        '<p class="dim">No gradient was touched.</p>'
    notes = _notes(event.grads)
    picture = ""
    if graph is not None:
        picture = (f"<figure>{graph_svg(mark_checked(graph, event.grads))}<figcaption>The graph "
                   f"after {escape(event.api)} #{event.call}: values, .grad and sympy's "
                   "verdicts as they stood then</figcaption></figure>")
        if not picture_open:
            picture = (f'<details class="picture"><summary>the graph after {escape(event.api)} '
                       f"#{event.call}</summary>{picture}</details>")
    return head + table + notes + picture + "</div>"


def _grad_row(row: GradRow, typeset: Typesetter, added: bool = True) -> str:
    mark, style = MARKS[row.match]
    css = ' class="mismatch"' if row.match is False else ""
    cells = [escape(row.name), escape(str(list(row.shape))),
             f"<pre>{escape(compact(row.grad, rows=True))}</pre>",
             *([f"<pre>{escape(compact(row.added, rows=True))}</pre>"] if added else []),
             _expected(row, typeset), escape(method_text(row)),
             f'<span class="{style}">{mark}</span>']
    return f"<tr{css}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _expected(row: GradRow, typeset: Typesetter) -> str:
    """sympy's formula per element, typeset, and the value it gives."""
    if row.expected is None:
        return '<span class="dim">—</span>'
    value = f"<pre>= {escape(compact(row.expected, rows=True))}</pre>"
    if not row.formula:
        return value
    if row.matrix_form:  # a matrix expression, not a sympy formula: shown as written
        return f'<div class="formulas"><code>{escape(row.formula[0])}</code></div>{value}'
    return f'<div class="formulas">{_formulas(row.formula, typeset)}</div>{value}'


def _formulas(formula: list[str], typeset: Typesetter) -> str:
    shown = [f"<div>{typeset(text)}</div>" for text in formula[:TYPESET]]
    if len(formula) > TYPESET:
        shown.append(f'<span class="dim">… {len(formula) - TYPESET} more elements</span>')
    return "".join(shown)


class Typesetter:
    """A formula as MathML while the page's budget lasts (sympy takes milliseconds for each:
    a long loop's hundreds of calls would take a minute), as code after it, and as code
    whenever it is not one formula_mathml reads."""

    def __init__(self, budget: int = TYPESET_BUDGET) -> None:
        self.left = budget
        self.done: dict[str, str | None] = {}

    def __call__(self, text: str) -> str:
        if text and text not in self.done and self.left > 0:
            self.left -= 1
            self.done[text] = formula_mathml(text)
        typeset = self.done.get(text)
        return typeset or f"<code>{escape(text or UNCHECKED)}</code>"


def _notes(rows: tuple[GradRow, ...]) -> str:
    lines = [f'<li class="bad">✗ {escape(row.name)}: {escape(mismatch_detail(row))}</li>'
             for row in rows if row.match is False]
    named: dict[str, list[str]] = {}  # a note said once for every row it belongs to
    for row in rows:
        if row.note:
            named.setdefault(row.note, []).append(row.name)
    lines += [f'<li class="dim">{escape(", ".join(names))}: {escape(note)}</li>'
              for note, names in named.items()]
    return f"<ul>{''.join(lines)}</ul>" if lines else ""


# ---- the ledger ------------------------------------------------------------------------


def _ledgers(ledgers: list[Ledger], typeset: Typesetter) -> str:
    parts = []
    for ledger in ledgers:
        parts.append(f"<h3>{escape(ledger.name)}.grad <span class=\"dim\">shape "
                     f"{escape(str(list(ledger.shape)))}</span></h3>")
        rows = ["<tr><th>call</th><th>line</th><th>statement</th><th>added (sympy = value)"
                "</th><th>.grad after</th></tr>"]
        for entry in ledger.entries:
            if isinstance(entry, Restart):
                held = f" (it held {compact(entry.start)})" if _held(entry.start) else ""
                rows.append(f'<tr class="restart"><td colspan="5">↺ {escape(entry.reason + held)}'
                            "</td></tr>")
                continue
            rows.append(f'<tr><td><a href="#call{entry.call}">#{entry.call}</a></td>'
                        f"<td>{_where(entry.line)}</td><td><code>{escape(entry.source)}</code>"
                        f"</td><td>{_added(entry, typeset)}</td>"
                        f"<td><code>{escape(running_sum(entry, compact))}</code></td></tr>")
        parts.append(f'<table class="ledger">{"".join(_folded_rows(rows))}</table>')
    return "\n".join(parts)


FIRST_ROWS, LAST_ROWS = 4, 2  # of a long ledger: two calls (each with its restart), the last


def _folded_rows(rows: list[str]) -> list[str]:
    """The header, the first and last rows; those between (a long loop's) in one collapsed
    row that opens to show them."""
    header, body = rows[0], rows[1:]
    if len(body) <= FIRST_ROWS + LAST_ROWS + 1:
        return rows
    middle = body[FIRST_ROWS:-LAST_ROWS]
    folded = (f'<tr><td colspan="5"><details class="more"><summary>{len(middle):,} more rows'
              f'</summary><table class="rows">{"".join(middle)}</table></details></td></tr>')
    return [header, *body[:FIRST_ROWS], folded, *body[-LAST_ROWS:]]


def _added(entry: Contribution, typeset: Typesetter) -> str:
    """sympy's formula for what the call added, typeset, `= value`; the value alone when
    the formula says no more than it."""
    value = escape(compact(entry.added))
    if not symbolic(entry.formula):
        return f"<code>{value}</code>"
    return f'<div class="formulas">{_formulas(entry.formula, typeset)}</div><code>= {value}</code>'


def _held(start: Any) -> bool:
    return start is not None and any_nonzero(start)


def _hints(hints: list[AccumulationHint]) -> list[str]:
    return [f'<div class="event warning"><p>hint: {escape(h.message)}</p></div>' for h in hints]
