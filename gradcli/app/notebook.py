"""gradcli in Jupyter: `%load_ext gradcli`, then every `%%gradcli` cell runs in one session.

A cell is one input of the repl's session (app/repl.py): its variables and graph stay for the
next cell; its echoes, gradient tables, warnings and errors show under it (rich renders them as
HTML in a notebook). A cell's options are the command line's own, read by the same typer
definitions (app/cli.py). `%gradcli COMMAND` runs the repl's commands: reset, grads, graph,
explain, help, and plot. The graph and the gradient history are SVG pictures
(report/svg_graph.py, report/svg_plot.py) with a text twin, for IPython at a terminal. Only
IPython loads this module (gradcli.load_ipython_extension): the command line never does.
"""
from __future__ import annotations

import dataclasses
import io
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click.exceptions import ClickException

from gradcli.app.cli import (
    AtolOption,
    CheckOption,
    ExplainOption,
    RtolOption,
    WidthOption,
    internal_error_message,
)
from gradcli.app.limit_options import DEFAULT_LIMITS, limit_options
from gradcli.app.repl import Repl, Screen
from gradcli.engine.limits import Limits

if TYPE_CHECKING:
    from rich.console import Console

    from gradcli.events.events import SessionResult
    from gradcli.events.ledger import Ledger
    from gradcli.events.results import Graph

CELL_NAME = "<cell>"  # where errors say a cell's code came from
CELL_HELP = """Run the cell as gradcli: values are echoed as PyTorch's REPL echoes them, and
every backward() shows a table of the gradients it touched, each checked against sympy. The
cells share one session, as the repl's inputs do: a cell sees the variables, graph and .grad
the cells before it left (line numbers count from the session's first cell). The limits
(--max-steps, --max-elements, --max-seconds) are set when a session starts: on the first cell,
or with --reset. The graph (--graph NAME) and the plot of how each .grad evolved over the
backward calls (--plot; shown by itself when a cell's loop keeps adding to a .grad without
zero_()) are pictures in a notebook, text in IPython at a terminal."""
CELL_EPILOG = """Examples:

  %%gradcli --explain

  %%gradcli --graph loss --plot

  %%gradcli --no-check --max-steps 200000

  %%gradcli --reset

Between cells, %gradcli COMMAND: reset, grads, graph [NAME], explain [NAME], plot [NAME],
help."""
LINE_HELP = """%%gradcli [OPTIONS] runs its cell on gradcli's engine (%%gradcli --help lists the
options); the cells share one session. %gradcli COMMAND looks at that session:
  %gradcli grads          every tensor's gradient now
  %gradcli graph [NAME]   the computation graph of NAME (or of every result)
  %gradcli explain [NAME] how NAME.grad added up: every backward() and what it contributed
  %gradcli plot [NAME]    how NAME.grad (or every .grad) evolved over the backward calls
  %gradcli reset          start afresh: no variables, no graph, a new random seed
  %gradcli help           this help"""
LINE_COMMANDS = ("grads", "graph", "explain", "plot", "reset", "help")


@dataclass(frozen=True)
class CellOptions:
    """What one `%%gradcli` line asks for."""

    check: bool = True
    rtol: float | None = None
    atol: float | None = None
    explain: bool = False
    graph: str | None = None
    plot: bool = False
    reset: bool = False
    limits: Limits = dataclasses.field(default_factory=Limits)
    limits_given: frozenset[str] = frozenset()  # the limits the line named (the others: defaults)
    width: int | None = None


class BadOptions(Exception):
    """The `%%gradcli` line could not be read: the message says why."""


class OptionsShown(Exception):
    """`--help` was asked for (and shown): the cell does not run."""


LIMIT_OPTIONS = ("max_steps", "max_elements", "max_seconds")


@limit_options(*LIMIT_OPTIONS)
def _cell_options(
    context: typer.Context,
    check: CheckOption = True,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    explain: ExplainOption = False,
    graph: Annotated[str | None, typer.Option(
        "--graph", metavar="NAME", help="After the cell, draw the computation graph of "
        "variable NAME: every tensor's value and .grad, sympy's verdict.",
        show_default=False)] = None,
    plot: Annotated[bool, typer.Option(
        "--plot", help="After the cell, plot how each .grad evolved over the session's "
        "backward calls.")] = False,
    reset: Annotated[bool, typer.Option(
        "--reset", help="Start a new session first: no variables, no graph, a new random "
        "seed, and these limits.")] = False,
    limits: Limits = DEFAULT_LIMITS,
    width: WidthOption = None,
) -> CellOptions:
    from typer._click.core import ParameterSource

    given = frozenset(name for name in LIMIT_OPTIONS
                      if context.get_parameter_source(name) is not ParameterSource.DEFAULT)
    return CellOptions(check, rtol, atol, explain, graph, plot, reset, limits, given, width)


def parse_cell_options(line: str) -> CellOptions:
    """The options of a `%%gradcli` line, read as the command line reads its own; BadOptions
    says what is wrong, OptionsShown follows `--help`."""
    try:
        args = shlex.split(line)
    except ValueError as e:  # an unclosed quote
        raise BadOptions(f"cannot read the options: {e}") from None
    app = typer.Typer(add_completion=False, context_settings={"help_option_names": ["-h",
                                                                                   "--help"]})
    app.command(help=CELL_HELP, epilog=CELL_EPILOG)(_cell_options)
    command = typer.main.get_command(app)
    try:
        options = command.main(args, prog_name="%%gradcli", standalone_mode=False)
    except ClickException as mistake:
        raise BadOptions(mistake.format_message()) from None
    if not isinstance(options, CellOptions):  # --help printed the help and returned 0
        raise OptionsShown
    return options


# ---- the session the cells share ----------------------------------------------------------


class CellRepl(Repl):
    """The repl's session, fed a cell at a time."""

    source_name = CELL_NAME
    soft_wrap = False  # a notebook shows rich's lines as they are: rich wraps them


def notebook_screen() -> Screen:
    """The consoles cells write to: rich's Jupyter output (HTML) in a notebook, the terminal's
    in IPython at a terminal. Errors and warnings are boxes and colours in a notebook too."""
    from rich.console import Console

    from gradcli.report.render_table import TableRenderer

    # in a notebook the colours are in rich's HTML: its text/plain twin gets no escape codes
    plain = {"color_system": None} if Console().is_jupyter else {}
    out = Console(highlight=False, emoji=False, **plain)
    err = Console(stderr=True, highlight=False, emoji=False,
                  force_terminal=True if out.is_jupyter else None, **plain)
    return Screen(out, err, TableRenderer(CELL_NAME, "", out, err), False)


class Cells:
    """What the magics keep between cells: the repl holding the session (made by the first
    cell or command, remade by a reset; its options hold the session's limits)."""

    def __init__(self) -> None:
        self.repl: CellRepl | None = None
        self.width: int | None = None  # the consoles' own width, before any --width

    def run_cell(self, line: str, cell: str) -> None:
        """`%%gradcli LINE` over CELL: never a traceback, never a dead kernel."""
        try:
            with _help_without_escape_codes():
                options = parse_cell_options(line)
        except OptionsShown:
            return
        except BadOptions as problem:
            self._complain(f"%%gradcli: {problem} (%%gradcli --help lists the options); the "
                           "cell did not run")
            return
        try:
            self._run(options, cell)
        except Exception as bug:  # a bug in gradcli: said so, and the kernel lives on
            self._complain(internal_error_message(bug))

    def run_line(self, line: str) -> None:
        """`%gradcli COMMAND`: one of the repl's commands on the session, or `plot`."""
        word, _, argument = line.strip().removeprefix(":").partition(" ")
        argument = argument.strip()
        if word.startswith("-"):  # `%%gradcli --help` alone: IPython's line magic takes it
            self.run_cell(line, "")
            return
        if word in ("", "help"):
            self._screen().out.print(LINE_HELP, highlight=False, markup=False)
            return
        if word not in LINE_COMMANDS:
            self._complain(f"%gradcli: unknown command {word!r} (%gradcli help lists the "
                           "commands; %%gradcli runs a cell)")
            return
        try:
            repl = self._session_repl(CellOptions())
            if word == "graph":
                self._show_graph(argument or None)
            elif word == "plot":
                self._show_plot(argument or None)
            else:
                repl.command(f":{word} {argument}")
        except Exception as bug:
            self._complain(internal_error_message(bug))

    # -- a cell --------------------------------------------------------------------------------
    def _run(self, options: CellOptions, cell: str) -> None:
        repl = self._session_repl(options)
        if repl is None:
            return
        screen = repl.screen
        screen.out.width = screen.err.width = options.width or self.width
        screen.renderer.explain = options.explain  # findings (hints) shown as they happen
        checker = repl.session.checker  # the check's settings are the cell's own
        checker.enabled, checker.rtol, checker.atol = options.check, options.rtol, options.atol
        hinted = set(repl.hinted)
        piece = repl.submit(cell.rstrip("\n")) if cell.strip() else None
        if piece is not None and piece.summary.backward:
            self._show_verdict(piece)
        if options.explain:
            repl.explain("")
        if options.graph is not None:
            self._show_graph(options.graph)
        climbing = {name for name, _ in repl.hinted - hinted}  # no zero_() in a loop: see it
        if options.plot or climbing:
            self._show_plot(None if options.plot else climbing)

    def _session_repl(self, options: CellOptions) -> CellRepl | None:
        """The session to run in: made on first use or on --reset, with the cell's limits;
        None (and said why) when a running session is asked for other limits."""
        from gradcli.app.running import RunOptions

        # traced always: a later cell may turn the check back on for tensors made earlier
        run_options = RunOptions(check=True, limits=options.limits)
        if self.repl is None:
            screen = notebook_screen()
            self.width = screen.out.width
            self.repl = CellRepl(run_options, screen, screen.renderer.on_event)
        elif options.reset:
            self.repl.options = run_options
            self.repl.reset("")
        elif any(getattr(options.limits, name) != getattr(self.repl.options.limits, name)
                 for name in options.limits_given):
            self._complain(_limits_change(self.repl.options.limits, options))
            return None
        return self.repl

    def _show_verdict(self, piece: SessionResult) -> None:
        from rich.text import Text

        from gradcli.report.render_plain import verdict
        from gradcli.report.render_table import STATUS_STYLES

        self.repl.screen.out.print(Text(verdict(piece), style=STATUS_STYLES[piece.status]))

    # -- the pictures ------------------------------------------------------------------------
    def _show_graph(self, name: str | None) -> None:
        """The graph of `name` (or of every result) as SVG, each .grad marked with the verdict
        of the backward that last computed it; a tree for a terminal."""
        from gradcli.app.graph import session_graph
        from gradcli.events.events import BackwardEvent
        from gradcli.events.results import NoGraph, mark_checked
        from gradcli.report.svg_graph import graph_svg

        session = self.repl.session
        try:
            graph = session_graph(session, name)
        except NoGraph as problem:
            self._complain(problem.message)
            return
        rows = [row for event in session.result.events if isinstance(event, BackwardEvent)
                for row in event.grads]
        graph = mark_checked(graph, rows)
        _display(graph_svg(graph), _graph_text(graph, self.repl.screen.out.width))

    def _show_plot(self, names: str | set[str] | None) -> None:
        """How each .grad (those `names` names: one, a set, or None for all) evolved over the
        backward calls, as SVG; the ledger's lines for a terminal."""
        from gradcli.events.ledger import build_ledgers
        from gradcli.report.svg_plot import grad_history_svg

        wanted = {names} if isinstance(names, str) else names
        ledgers = [ledger for ledger in build_ledgers(self.repl.session.result.events)
                   if wanted is None or ledger.name in wanted]
        if not ledgers:
            what = f"{names}.grad" if isinstance(names, str) else "any .grad"
            self._complain(f"no backward() has added to {what} yet: nothing to plot")
            return
        _display(grad_history_svg(ledgers), _plot_text(ledgers))

    def _screen(self) -> Screen:
        return self.repl.screen if self.repl is not None else notebook_screen()

    def _complain(self, message: str) -> None:
        err: Console = self._screen().err
        err.print(message, style="red", highlight=False, markup=False)


@contextmanager
def _help_without_escape_codes() -> Iterator[None]:
    """typer's help in a notebook: its colours in the HTML rich shows, none in the text/plain
    twin (typer's console has the colours its module says)."""
    from rich.console import Console
    from typer import rich_utils

    colours = rich_utils.COLOR_SYSTEM
    rich_utils.COLOR_SYSTEM = None if Console().is_jupyter else colours
    try:
        yield
    finally:
        rich_utils.COLOR_SYSTEM = colours


def _limits_change(running: Limits, asked: CellOptions) -> str:
    """Why a cell asking the running session for other limits did not run."""
    changed = [f"--{name.replace('_', '-')}" for name in sorted(asked.limits_given)
               if getattr(running, name) != getattr(asked.limits, name)]
    return (f"%%gradcli: {', '.join(changed)} set the session's limits when it starts: add "
            "--reset to start a new session with them (its variables are then gone); the cell "
            "did not run")


def _display(svg: str, text: str) -> None:
    """A picture in a notebook; its text twin where only text shows (IPython at a terminal)."""
    from IPython.display import display

    display({"image/svg+xml": svg, "text/plain": text}, raw=True)


def _graph_text(graph: Graph, width: int) -> str:
    """The graph as the repl's :graph draws it, without colour."""
    from rich.console import Console

    from gradcli.report.render_graph import depth_for, graph_trees, left_out_line

    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False,
                      force_jupyter=False)  # text, even in a notebook
    for tree in graph_trees(graph, depth_for(width)):
        console.print(tree)
    if graph.left_out:
        console.print(left_out_line(graph))
    return console.file.getvalue().rstrip("\n")


def _plot_text(ledgers: list[Ledger]) -> str:
    from gradcli.report.render_ledger import ledger_lines

    return "\n".join(ledger_lines(ledgers))


def load_magics(ipython: Any) -> None:
    """Register `%%gradcli` (a cell) and `%gradcli` (a command) in this IPython."""
    cells = Cells()

    def gradcli(line: str, cell: str | None = None) -> None:
        if cell is None:
            cells.run_line(line)
        else:
            cells.run_cell(line, cell)

    gradcli.__doc__ = f"{CELL_HELP}\n\n{LINE_HELP}"
    ipython.register_magic_function(gradcli, magic_kind="line_cell", magic_name="gradcli")
    if _options_alone not in ipython.input_transformers_cleanup:
        ipython.input_transformers_cleanup.append(_options_alone)


def _options_alone(lines: list[str]) -> list[str]:
    """`%%gradcli --help` (or `--reset`) with no code under it, as the line magic: IPython
    refuses a cell magic whose cell is empty before the magic sees it."""
    code = [line for line in lines if line.strip()]
    if len(code) == 1 and code[0].lstrip().startswith("%%gradcli"):
        return [code[0].lstrip().replace("%%", "%", 1)]
    return lines
