"""What the commands show: the renderer for each --format, the consoles they write to, and
how a rejected script, a gradient, a graph or a batch of runs reaches the terminal."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from gradcli.events.exit_status import ExitStatus

if TYPE_CHECKING:  # imported where used: `gradcli --version` should not pay for them
    from rich.console import Console

    from gradcli.app.repl import Screen
    from gradcli.app.sources import Unreadable
    from gradcli.events.events import Event, SessionResult
    from gradcli.events.expectations import Expectation
    from gradcli.events.results import GradResult, Graph, NoGraph, ScriptRun


UNWRAPPED = 1000  # columns for text that should not wrap in a pipe (graph trees)


class Renderer(Protocol):
    """What every output format offers: events while the script runs, the result at the end."""

    def on_event(self, event: Event) -> None: ...

    def finish(self, result: SessionResult) -> None: ...


class Format(str, Enum):
    table = "table"
    plain = "plain"
    json = "json"
    jsonl = "jsonl"


class JsonData(str, Enum):
    bounded = "bounded"  # gradients beyond a modest size summarised
    full = "full"


class CheckFormat(str, Enum):
    table = "table"
    plain = "plain"
    json = "json"
    github = "github"
    junit = "junit"


class ReplFormat(str, Enum):
    table = "table"
    plain = "plain"


class Color(str, Enum):
    auto = "auto"  # on a terminal, unless NO_COLOR is set
    always = "always"
    never = "never"


@dataclass(frozen=True)
class Terminal:
    """How wide and how colourful every console is: the command line's --width and --color."""

    width: int | None = None  # None: the terminal's width, or COLUMNS, or 100 in a pipe
    color: Color = Color.auto


_terminal = Terminal()


def set_terminal(terminal: Terminal) -> None:
    """Set once by the command line, before anything is shown."""
    global _terminal
    _terminal = terminal


def report_rejected(name: str, text: str, problem: Unreadable) -> None:
    """A script that could not be read, on stderr as `run` shows it."""
    from gradcli.events.events import InvalidEvent

    report_problem(name, text, InvalidEvent(problem.line, problem.col, problem.message,
                                            problem.hint))


def report_problem(name: str, text: str, event: Event, invalid: str = "invalid script") -> None:
    """An error or a rejection on stderr: a panel on a terminal, plain lines in a pipe."""
    from gradcli.report.inert import inert, inert_event
    from gradcli.report.render_plain import problem_lines

    name, text, event = inert(name), inert(text), inert_event(event)  # a terminal's, a CI log's
    err = make_console(stderr=True)
    if err.is_terminal:
        from gradcli.report.render_table import problem_panel

        err.print(problem_panel(name, text, event, invalid))
    else:
        err.file.write("\n".join(problem_lines(name, text, event, invalid)) + "\n")


def make_screen(fmt: ReplFormat) -> Screen:
    """The repl's consoles and its renderer (echoes, gradient tables, errors)."""
    from gradcli.app.repl import Screen

    out, err = make_console(stderr=False), make_console(stderr=True)
    if fmt is ReplFormat.plain:
        from gradcli.report.render_plain import PlainRenderer

        return Screen(out, err, PlainRenderer("<stdin>", "", sys.stdout, sys.stderr), True)
    from gradcli.report.render_table import TableRenderer

    return Screen(out, err, TableRenderer("<stdin>", "", out, err), False)


def repl_banner() -> str:
    from gradcli import __version__

    return (f"gradcli {__version__} · PyTorch semantics on gradcli's engine, every gradient "
            "checked with sympy\n:help for commands, :quit or Ctrl-D to leave")


def show_grad(result: GradResult, fmt: Format) -> None:
    """The answer on stdout; a problem with the expression on stderr."""
    if fmt is Format.json:
        import json

        from gradcli.report.render_grad import grad_to_json

        print(json.dumps(grad_to_json(result), allow_nan=False))
        return
    if result.problem is not None:
        report_problem("<expression>", result.expression, result.problem, "invalid expression")
        return
    if fmt is Format.plain:
        from gradcli.report.render_grad import plain_lines

        sys.stdout.write("\n".join(plain_lines(result)) + "\n")
        return
    from gradcli.report.render_grad import print_table

    print_table(result, make_console(stderr=False))


def show_graph(result: SessionResult, drawn: Graph | NoGraph, dot: bool,
               svg: Path | None = None) -> ExitStatus:
    """The tree (or DOT) on stdout, or the picture in file `svg`; what stopped the script on
    stderr; the exit code."""
    from gradcli.events.results import NoGraph

    stopped = next((e for e in result.events if e.kind in ("error", "invalid")), None)
    if stopped is not None:
        report_problem(result.source_name, result.source, stopped)
    if isinstance(drawn, NoGraph):
        make_console(stderr=True).print(f"no graph: {drawn.message}", highlight=False,
                                        markup=False)
        return drawn.exit_code
    if stopped is not None:
        make_console(stderr=True).print(f"the graph as the script left it at line "
                                        f"{stopped.line}:", highlight=False)
    if svg is not None:
        write_picture(svg, result, drawn)
        return ExitStatus.OK
    if dot:
        from gradcli.report.render_graph import graph_dot

        sys.stdout.write(graph_dot(drawn))
        return ExitStatus.OK
    from gradcli.report.render_graph import depth_for, graph_trees, left_out_line

    out = make_console(stderr=False, pipe_width=UNWRAPPED)  # in a pipe, a node is one line
    for tree in graph_trees(drawn, depth_for(out.width)):
        out.print(tree)
    if drawn.left_out:
        out.print(left_out_line(drawn), highlight=False)
    return ExitStatus.OK


def write_picture(path: Path, result: SessionResult, drawn: Graph) -> None:
    """The graph as SVG in `path` (- for stdout), each .grad with sympy's verdict of the call
    that made it."""
    from gradcli.app.files import write_atomically
    from gradcli.events.results import mark_checked
    from gradcli.report.svg_graph import graph_svg

    rows = [row for event in result.events if event.kind == "backward" for row in event.grads]
    picture = graph_svg(mark_checked(drawn, rows))
    if str(path) == "-":  # standard output, for a pipe
        sys.stdout.write(picture)
        return
    write_atomically(path, picture.encode())
    make_console(stderr=True).print(f"the graph is drawn in {path}", highlight=False,
                                    markup=False, soft_wrap=True)


class Both:
    """Two renderers fed the same run: what the terminal shows, and a report file."""

    def __init__(self, first: Renderer, second: Renderer) -> None:
        self.first, self.second = first, second

    def on_event(self, event: Event) -> None:
        self.first.on_event(event)
        self.second.on_event(event)

    def finish(self, result: SessionResult) -> None:
        self.second.finish(result)  # the file first: the terminal's renderer may end the run
        self.first.finish(result)


def with_html_report(shown: Renderer, name: str, text: str, path: Path,
                     graphs: dict[int, Graph], expected: Expectation | None = None
                     ) -> Renderer:
    """`shown` and the HTML page written to `path` when the run ends (`graphs` fills with
    the graph after each backward as the script runs; `expected`, the script's declared
    ending, decides its badge)."""
    from gradcli.app.files import write_atomically
    from gradcli.report.render_html import HtmlRenderer

    def write(page: str) -> None:
        # a lone surrogate (an add_module name) as &#55296;, which no UTF-8 can hold
        write_atomically(path, page.encode("utf-8", "xmlcharrefreplace"))
        make_console(stderr=True).print(f"the report is in {path}", highlight=False,
                                        markup=False, soft_wrap=True)

    return Both(shown, HtmlRenderer(name, text, write, graphs, expected))


def show_expectation(run: ScriptRun) -> ExitStatus:
    """`run`'s last word on a script that declared its ending: one line on stderr, and exit 0
    when it ended as declared (the error above was the point), 1 when it did not."""
    from gradcli.report.render_check import problem

    expected = run.expected
    if run.outcome == "ok":
        message = f"✓ ended as declared on line {expected.line}: expect {expected}"
    else:
        message = f"✗ {problem(run)}"
    make_console(stderr=True).print(message, highlight=False, markup=False, soft_wrap=True)
    return ExitStatus.OK if run.outcome == "ok" else ExitStatus.MISMATCH


T = TypeVar("T")


class OutputClosed(BaseException):
    """The reader of our output went away (`| head`). A BaseException, so that no handler in
    the core mistakes it for the script's error or a bug: it ends the run quietly."""


def reader_still_there(write: Callable[[T], None]) -> Callable[[T], None]:
    """`write` (a renderer's on_event or finish), ending the run when the reader went away."""
    def guarded(what: T) -> None:
        try:
            write(what)
        except BrokenPipeError:
            raise OutputClosed from None
    return guarded


def make_renderer(fmt: Format, name: str, text: str, explain: bool = False,
                  json_data: JsonData = JsonData.bounded, every_table: bool = False) -> Renderer:
    """The format's renderer; each is imported only when chosen, to keep startup fast."""
    full = json_data is JsonData.full
    if fmt is Format.json:
        from gradcli.report.render_json import JsonRenderer

        return JsonRenderer(sys.stdout, explain, full)
    if fmt is Format.jsonl:
        from gradcli.report.render_json import JsonLinesRenderer

        return JsonLinesRenderer(sys.stdout, full)
    if fmt is Format.plain:
        from gradcli.report.render_plain import PlainRenderer

        return PlainRenderer(name, text, sys.stdout, sys.stderr, explain)
    from gradcli.report.render_table import TableRenderer

    return TableRenderer(name, text, make_console(stderr=False), make_console(stderr=True),
                         explain, every_table)


def make_console(stderr: bool, pipe_width: int | None = None) -> Console:
    """A rich console as --width and --color say. Colour by default only on a terminal and
    without NO_COLOR. Its width: --width, else on a terminal the terminal's, else in a pipe
    `pipe_width`, COLUMNS or 100."""
    from rich.console import Console

    color = _terminal.color
    if color is Color.auto and os.environ.get("NO_COLOR", ""):
        color = Color.never
    systems = {Color.auto: "auto", Color.always: "standard", Color.never: None}
    console = Console(stderr=stderr, no_color=color is Color.never,
                      color_system=systems[color], highlight=False, emoji=False)
    console.on_broken_pipe = partial(_reader_gone, console)
    if _terminal.width is not None:
        console.width = _terminal.width
    elif not console.is_terminal:
        console.width = pipe_width or _columns() or 100
    return console


def _reader_gone(console: Console) -> None:
    """`| head` closed the pipe: end as every format does, quietly with SIGPIPE's code (rich's
    own handler exits with 1, the mismatch code)."""
    console.quiet = True
    raise OutputClosed


def _columns() -> int | None:
    """COLUMNS as a width, or None when it is unset or not a positive number."""
    columns = os.environ.get("COLUMNS", "").strip()
    return int(columns) if columns.isdigit() and int(columns) > 0 else None
