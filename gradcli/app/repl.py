"""`gradcli repl`: an interactive session on the engine, with Python's REPL manners.

Input is gathered line by line until it forms complete statements (Python's own rule, so
blocks end with a blank line), then fed to a Session; its events are rendered as `run`
renders them. Lines starting with `:` are the repl's own commands.
"""
from __future__ import annotations

import codeop
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gradcli.events.exit_status import ExitStatus

if TYPE_CHECKING:
    from rich.console import Console

    from gradcli.app.running import RunOptions
    from gradcli.app.session import Session

PROMPT, MORE = ">>> ", "... "
CONTINUATIONS = ("else", "elif", "except", "finally")  # lines that continue an open block
HISTORY_LENGTH = 1000
HELP = """\
Type PyTorch code as in Python's REPL: values are echoed, and every backward() shows a table
of the gradients it touched, each checked against sympy. `torch` and `F` are ready to use.
  :grads          every tensor's gradient now
  :graph [NAME]   the computation graph of NAME (or of every result)
  :explain [NAME] how NAME.grad added up: every backward() and what it contributed
  :reset          start afresh: no variables, no graph, a new random seed
  :help           this help
  :quit           leave (or Ctrl-D)"""


@dataclass
class Screen:
    """Where the repl writes: rich consoles for tables and trees, and the event renderer."""

    out: Console
    err: Console
    renderer: Any  # a TableRenderer or PlainRenderer: .on_event(event), .source
    plain: bool  # plain text (the ledger as lines rather than tables)


class Repl:
    """The loop: read, run, render; keeps the worst exit code seen for the end."""

    def __init__(self, options: RunOptions, screen: Screen,
                 on_event: Callable[[Any], None]) -> None:
        self.options, self.screen = options, screen
        self.on_event = on_event  # the renderer's, guarded against a reader that left
        self.exit_code = ExitStatus.OK
        self.buffer: list[str] = []  # lines of statements not complete yet
        self.hinted: set[tuple[str, int]] = set()  # (tensor, line) accumulation hints shown
        self.session = self._new_session()

    def _new_session(self) -> Session:
        from gradcli.app.api import open_session

        self.screen.renderer.source = ""
        return open_session("<stdin>", self.options, self.on_event)

    # -- the loop ---------------------------------------------------------------------------
    def run(self, lines: Iterator[str | None]) -> ExitStatus:
        """Until the input ends or :quit. `lines` yields None for a Ctrl-C while typing."""
        for line in lines:
            if line is None:  # Ctrl-C: drop what was being typed, as Python does
                self.screen.err.print("KeyboardInterrupt", highlight=False)
                self.buffer = []
            elif not self.buffer and line.strip().startswith(":"):
                if self.command(line.strip()) == "quit":
                    break
            else:
                self.take(line)
        if "\n".join(self.buffer).strip():
            self.submit("\n".join(self.buffer))
        return self.exit_code

    def take(self, line: str) -> None:
        """Add a line; run the buffer once it is complete statements."""
        if self.buffer and _starts_new_statement(line) and \
                _complete("\n".join(self.buffer) + "\n\n"):
            self.submit("\n".join(self.buffer))  # no blank line needed after a block
            self.buffer = []
        self.buffer.append(line)
        source = "\n".join(self.buffer)
        if _complete(source) or len(source) > self.options.limits.max_script_chars:
            self.buffer = []
            if source.strip():
                self.submit(source)

    @property
    def prompt(self) -> str:
        return MORE if self.buffer else PROMPT

    def submit(self, source: str) -> None:
        text = source + "\n"
        self.screen.renderer.source = self.session.result.source + text
        try:
            piece = self.session.feed(text)
        except KeyboardInterrupt:  # Ctrl-C while a long loop runs: back to the prompt
            self.screen.err.print("KeyboardInterrupt", highlight=False)
            return
        self.exit_code = max(self.exit_code, piece.exit_code)
        self.show_new_hints()

    def show_new_hints(self) -> None:
        """Warn once when a .grad keeps accumulating at one line (a loop without zero_())."""
        from gradcli.events.ledger import accumulation_hints, build_ledgers

        for hint in accumulation_hints(build_ledgers(self.session.result.events)):
            if (hint.name, hint.line) not in self.hinted:
                self.hinted.add((hint.name, hint.line))
                self.screen.err.print(f"hint: {hint.message}", style="cyan", highlight=False,
                                      markup=False, soft_wrap=True)

    # -- the : commands -----------------------------------------------------------------------
    def command(self, line: str) -> str | None:
        name, _, argument = line[1:].partition(" ")
        argument = argument.strip()
        commands: dict[str, Callable[[str], str | None]] = {
            "grads": self.grads, "graph": self.graph, "explain": self.explain,
            "reset": self.reset, "help": self.help, "quit": lambda _: "quit",
            "q": lambda _: "quit", "exit": lambda _: "quit",
        }
        action = commands.get(name)
        if action is None:
            self.screen.err.print(f"unknown command :{name} (:help lists the commands)",
                                  highlight=False, markup=False)
            return None
        return action(argument)

    def help(self, _: str) -> None:
        self.screen.out.print(HELP, highlight=False, markup=False)

    def reset(self, _: str) -> None:
        self.session = self._new_session()
        self.hinted.clear()
        self.screen.err.print("session reset: no variables, no graph, a new random seed",
                              highlight=False)

    def grads(self, _: str) -> None:
        from gradcli.report.render_repl import gradient_lines, gradient_table

        rows = gradient_rows(self.session.variables)
        if not rows:
            self.screen.err.print("no variable holds a tensor that requires grad yet",
                                  highlight=False)
        elif self.screen.plain:
            for line in gradient_lines(rows):
                self.screen.out.print(line, highlight=False, markup=False, soft_wrap=True)
        else:
            for piece in gradient_table(rows):
                self.screen.out.print(piece)

    def graph(self, name: str) -> None:
        from gradcli.app.graph import session_graph
        from gradcli.events.results import NoGraph
        from gradcli.report.render_graph import depth_for, graph_trees, left_out_line

        try:
            graph = session_graph(self.session.variables, self.session.interpreter.provenance,
                                  name or None)
        except NoGraph as problem:
            self.screen.err.print(problem.message, highlight=False, markup=False)
            return
        for tree in graph_trees(graph, depth_for(self.screen.out.width)):
            self.screen.out.print(tree)
        if graph.left_out:
            self.screen.out.print(left_out_line(graph), highlight=False)

    def explain(self, name: str) -> None:
        from gradcli.events.ledger import build_ledgers
        from gradcli.report.render_ledger import ledger_lines, ledger_tables

        ledgers = [ledger for ledger in build_ledgers(self.session.result.events)
                   if not name or ledger.name == name]
        if not ledgers:
            what = f"{name}.grad" if name else "any .grad"
            self.screen.err.print(f"no backward() has added to {what} yet", highlight=False,
                                  markup=False)
        elif self.screen.plain:
            for line in ledger_lines(ledgers):
                self.screen.out.print(line, highlight=False, markup=False, soft_wrap=True)
        else:
            for piece in ledger_tables(ledgers):
                self.screen.out.print(piece)


def gradient_rows(variables: dict[str, Any]) -> list[tuple[str, Any]]:
    """(name, tensor) for every variable whose tensor has, or can get, a gradient."""
    from gradcli.engine.tensor import Tensor

    return [(name, value) for name, value in variables.items()
            if isinstance(value, Tensor) and (value.requires_grad or value._grad is not None)]


# ---- telling complete input from a block still open ------------------------------------------


def _complete(source: str) -> bool:
    """Python's REPL rule: True when `source` is complete statements (or a syntax error,
    which the session reports), False while a block or a bracket is still open. Compiling
    here only checks the syntax: nothing runs."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return codeop.compile_command(source, "<stdin>", "single") is not None
    except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError):
        return True


def _starts_new_statement(line: str) -> bool:
    """An unindented line that cannot continue the block above it."""
    if not line.strip() or line[0].isspace():
        return False
    word = line.split(None, 1)[0].rstrip(":")
    return word not in CONTINUATIONS


# ---- where lines come from --------------------------------------------------------------


def stream_lines(stream: Any) -> Iterator[str]:
    """Lines of a pipe or file, read as they arrive."""
    for line in iter(stream.readline, ""):
        yield line.rstrip("\r\n")


def terminal_lines(repl: Repl) -> Iterator[str | None]:
    """Lines typed at the terminal with prompts, line editing and history; None for Ctrl-C."""
    history = _start_history()
    try:
        while True:
            try:
                line = input(repl.prompt)
            except KeyboardInterrupt:
                print()
                yield None
                continue
            except EOFError:
                print()
                return
            yield line
    finally:
        _save_history(history)


def _start_history() -> Path | None:
    """Turn on readline's editing and load the history file (GRADCLI_HISTORY, or
    ~/.gradcli_history; set it empty for none)."""
    try:
        import readline
    except ImportError:  # no readline (some builds): input() still works, without history
        return None
    path = os.environ.get("GRADCLI_HISTORY", str(Path.home() / ".gradcli_history"))
    if not path:
        return None
    readline.set_history_length(HISTORY_LENGTH)
    try:
        readline.read_history_file(path)
    except OSError:  # none yet, or unreadable: start without
        pass
    return Path(path)


def _save_history(path: Path | None) -> None:
    if path is None:
        return
    import readline

    try:
        readline.write_history_file(str(path))
    except OSError as e:
        print(f"gradcli: history not saved to {path}: {e.strerror or e}", file=sys.stderr)
