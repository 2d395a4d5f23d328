"""`gradcli repl`: an interactive session on the engine, with Python's REPL manners.

Input is gathered line by line until it forms complete statements (Python's own rule, so
blocks end with a blank line; in a paste they do not), then fed to a Session; its events are
rendered as `run` renders them. Lines starting with `:` are the repl's own commands, wherever
a statement could start. At a terminal prompt_toolkit reads the input: bracketed paste,
history, completion of the names in scope.
"""
from __future__ import annotations

import codeop
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gradcli.events.events import ErrorEvent, InvalidEvent
from gradcli.events.exit_status import ExitStatus

if TYPE_CHECKING:
    from prompt_toolkit.history import History
    from rich.console import Console

    from gradcli.app.running import RunOptions
    from gradcli.app.session import Session
    from gradcli.events.events import SessionResult

PROMPT, MORE = ">>> ", "... "
DOCTEST_PROMPTS = (">>> ", "... ", ">>>", "...")  # longest first; bare: an empty line
CONTINUATIONS = ("else", "elif", "except", "finally")  # lines that continue an open block
UNDEFINED = re.compile(r"name '\w+' is not defined")
WORD = re.compile(r"[:\w.]+")  # what completion completes: `x`, `torch.so`, `:gr`
COMMANDS = ("grads", "graph", "explain", "reset", "help", "quit")
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
    """The loop: read, run, render. Interactive, it exits with the last input's code (0 when it
    succeeded); fed by a pipe, with the worst code seen, as a script would."""

    source_name = "<stdin>"  # where errors say the input came from
    soft_wrap = True  # hints are one line each, wrapped by the terminal (copied whole)

    def __init__(self, options: RunOptions, screen: Screen, on_event: Callable[[Any], None],
                 interactive: bool = False) -> None:
        self.options, self.screen = options, screen
        self.on_event = on_event  # the renderer's, guarded against a reader that left
        self.interactive = interactive
        self.worst = self.last = ExitStatus.OK
        self.buffer: list[str] = []  # lines of statements not complete yet
        self.doctest = False  # reading `>>> ` examples: lines without a prompt are output
        self.hinted: set[tuple[str, int]] = set()  # (tensor, line) accumulation hints shown
        self.session = self._new_session()

    def _new_session(self) -> Session:
        from gradcli.app.api import open_session

        self.screen.renderer.source = ""
        return open_session(self.source_name, self.options,
                            lambda event: self.on_event(titled_as_python(event)))

    # -- the loop ---------------------------------------------------------------------------
    def run(self, inputs: Iterator[str | None]) -> ExitStatus:
        """Until the input ends or :quit. Each input is a line, or a paste of many; None is a
        Ctrl-C while typing."""
        for text in inputs:
            if text is None:  # Ctrl-C: drop what was being typed, as Python does
                self.screen.err.print("KeyboardInterrupt", highlight=False)
                self.buffer = []
            elif self.read(text) == "quit":
                break
        self.flush()
        return self.last if self.interactive else self.worst

    def read(self, text: str) -> str | None:
        """One input. In a paste a blank line does not end a block (its end does), and a
        doctest's prompts are stripped and its output lines skipped."""
        lines = text.split("\n")
        pasted = len(lines) > 1
        for line in lines:
            line = self.unprompted(line)
            if line is None:
                continue
            if line.strip().startswith(":") and self.at_statement_start():
                self.flush()
                if self.command(line.strip()) == "quit":
                    return "quit"
            else:
                self.take(line, pasted)
        if pasted:
            if self.buffer and _complete("\n".join(self.buffer) + "\n\n"):
                self.flush()
            self.doctest = self.doctest and not self.interactive  # a paste's own
        return None

    def unprompted(self, line: str) -> str | None:
        """`line` without a doctest prompt; None for a doctest's output line."""
        if line.startswith(">>>"):
            self.doctest = True
        if not self.doctest:
            return line
        prompt = next((p for p in DOCTEST_PROMPTS if line.startswith(p)), None)
        if prompt is not None:
            return line[len(prompt):]
        return "" if not line.strip() else None  # a blank line still ends an example

    def at_statement_start(self) -> bool:
        return not self.buffer or _complete("\n".join(self.buffer) + "\n\n")

    def take(self, line: str, pasted: bool = False) -> None:
        """Add a line; run the buffer once it is complete statements."""
        if self.buffer and _starts_new_statement(line) and \
                _complete("\n".join(self.buffer) + "\n\n"):
            self.flush()  # no blank line needed after a block
        if pasted and not line.strip():  # a paste's blank line: part of a block, if any
            if self.buffer:
                self.buffer.append(line)
            return
        self.buffer.append(line)
        source = "\n".join(self.buffer)
        if _complete(source) or len(source) > self.options.limits.max_script_chars:
            self.flush()

    def flush(self) -> None:
        """Run what the buffer holds, complete or not, and empty it."""
        source, self.buffer = "\n".join(self.buffer), []
        if source.strip():
            self.submit(source)

    @property
    def prompt(self) -> str:
        return MORE if self.buffer else PROMPT

    def submit(self, source: str) -> SessionResult | None:
        """Run `source` in the session; its own events (None when Ctrl-C stopped it)."""
        text = source + "\n"
        self.screen.renderer.source = self.session.result.source + text
        try:
            piece = self.session.feed(text)
        except KeyboardInterrupt:  # Ctrl-C while a long loop runs: back to the prompt
            self.screen.renderer.end_of_input()
            self.screen.err.print("KeyboardInterrupt", highlight=False)
            return None
        self.screen.renderer.end_of_input()
        self.last, self.worst = piece.exit_code, max(self.worst, piece.exit_code)
        self.show_new_hints()
        return piece

    def show_new_hints(self) -> None:
        """Warn once when a .grad keeps accumulating at one line (a loop without zero_())."""
        from gradcli.events.ledger import accumulation_hints, build_ledgers

        for hint in accumulation_hints(build_ledgers(self.session.result.events)):
            if (hint.name, hint.line) not in self.hinted:
                self.hinted.add((hint.name, hint.line))
                self.screen.err.print(f"hint: {hint.message}", style="cyan", highlight=False,
                                      markup=False, soft_wrap=self.soft_wrap)

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
            graph = session_graph(self.session, name or None)
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
    """Inputs typed (or pasted whole: bracketed paste) at the terminal, with line editing,
    history and completion; None for Ctrl-C."""
    from prompt_toolkit import PromptSession

    prompt = PromptSession(history=_history(), completer=_scope_completer(repl),
                           complete_while_typing=False, enable_suspend=True)
    with _keys_typed_ahead_kept(sys.stdin.fileno()):
        while True:
            try:
                yield prompt.prompt(repl.prompt)
            except KeyboardInterrupt:
                yield None
            except EOFError:
                return


@contextmanager
def _keys_typed_ahead_kept(fd: int) -> Iterator[None]:
    """Between prompts, keep the terminal out of line mode: keys typed while an input runs
    then wait for the next prompt as keys. In line mode the terminal itself would take a
    Ctrl-D for an end of input that the prompt, starting later, never sees."""
    try:
        import termios
    except ImportError:  # Windows: no line mode to leave
        yield
        return
    saved = termios.tcgetattr(fd)
    keys = [*saved[:6], list(saved[6])]
    keys[3] &= ~termios.ICANON
    keys[6][termios.VMIN], keys[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, keys)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)


def _history() -> History:
    """The history file: GRADCLI_HISTORY, or `history` in the user's state directory
    ($XDG_STATE_HOME/gradcli, ~/.local/state/gradcli). Set GRADCLI_HISTORY empty, or leave the
    place unwritable, and it lasts as long as the session."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    path = os.environ.get("GRADCLI_HISTORY", str(state / "gradcli" / "history"))
    if not path:
        return InMemoryHistory()
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a"):  # writable: or else keep it in memory
            pass
    except OSError:
        return InMemoryHistory()
    return FileHistory(path)


def _scope_names(repl: Repl, word: str) -> list[str]:
    """What `word` may complete to: a :command, a member of a module in scope (`torch.`), or
    a variable, builtin or module name."""
    from gradcli.torch.api import BUILTINS, ROOT_NAMES

    if word.startswith(":"):
        return [f":{command}" for command in COMMANDS]
    owner, dot, _ = word.rpartition(".")
    scope = {**BUILTINS, **ROOT_NAMES, **repl.session.variables}
    if not dot:
        return sorted(scope)
    members = getattr(scope.get(owner), "members", {})  # a module: torch, F, nn
    return sorted(f"{owner}.{name}" for name in members if not name.startswith("_"))


def _scope_completer(repl: Repl) -> Any:
    """prompt_toolkit's completer of the names in scope (made here: it is imported lazily)."""
    from prompt_toolkit.completion import Completer, Completion

    class ScopeCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Any]:
            word = document.get_word_before_cursor(pattern=WORD)
            for name in _scope_names(repl, word):
                if name.startswith(word) and name != word:
                    yield Completion(name, -len(word))

    return ScopeCompleter()


def titled_as_python(event: Any) -> Any:
    """At a prompt an unknown name is Python's NameError (a script is rejected before it runs,
    with its other mistakes; an input is one statement)."""
    if isinstance(event, InvalidEvent) and UNDEFINED.fullmatch(event.message):
        return ErrorEvent(event.line, "NameError", event.message, event.col, event.end_col,
                          event.hint)
    return event
