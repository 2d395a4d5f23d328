"""The command line: read a script, run it through gradcli.api, render the events, exit."""
from __future__ import annotations

import codecs
import gc
import os
import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Callable, Optional, Protocol

import typer

from gradcli.engine import limits as engine_limits
from gradcli.language.limits import Limits, limit_message

if TYPE_CHECKING:  # imported where used: `gradcli --version` should not pay for them
    from rich.console import Console

    from gradcli.report.events import Event, SessionResult

EXAMPLES = """Examples:

  gradcli run examples/accumulate.py

  gradcli run - --format plain < snippet.py

  gradcli run -c 'x = torch.ones(2, requires_grad=True); x.sum().backward(); x.grad'

Exit codes: 0 ok · 1 gradient mismatch or failed assert · 2 invalid script or usage · 3 the
script raised an error or hit a limit."""

LIMITS_PANEL = "Limits"
UTF8_MAX_BYTES = 4  # per character: a script of N characters is at most 4N bytes


class Renderer(Protocol):
    """What every output format offers: events while the script runs, the result at the end."""

    def on_event(self, event: Event) -> None: ...

    def finish(self, result: SessionResult) -> None: ...


class Format(str, Enum):
    table = "table"
    plain = "plain"
    json = "json"


app = typer.Typer(
    pretty_exceptions_enable=False,  # gradcli's own errors are handled in main()
    add_completion=False,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def show_version(value: bool) -> None:
    if value:
        from gradcli import __version__

        print(f"gradcli {__version__}")
        raise typer.Exit()


@app.callback()
def gradcli(
    version: Annotated[
        bool,
        typer.Option("--version", callback=show_version, is_eager=True,
                     help="Show gradcli's version and exit."),
    ] = False,
) -> None:
    """Run PyTorch snippets on gradcli's own autograd engine; check every gradient with sympy."""


@app.command(epilog=EXAMPLES)
def run(
    source: Annotated[Optional[str], typer.Argument(
        help="The script: a path, or - to read standard input.", metavar="SOURCE",
        show_default=False)] = None,
    code: Annotated[Optional[str], typer.Option(
        "-c", "--code", help="Run CODE instead of a script file.", show_default=False)] = None,
    fmt: Annotated[Format, typer.Option(
        "--format", help="table for people, plain for pipes and diffs, json for programs.",
    )] = Format.table,
    check: Annotated[bool, typer.Option(
        "--check/--no-check", help="Cross-check every gradient against sympy.")] = True,
    rtol: Annotated[Optional[float], typer.Option(
        min=0.0, help="Relative tolerance of the cross-check.",
        show_default=False)] = None,
    atol: Annotated[Optional[float], typer.Option(
        min=0.0, help="Absolute tolerance of the cross-check.",
        show_default=False)] = None,
    max_steps: Annotated[int, typer.Option(
        min=1, help="Statements, loop iterations and lambda calls to execute at most.",
        rich_help_panel=LIMITS_PANEL)] = Limits.max_steps,
    max_script_chars: Annotated[int, typer.Option(
        min=1, help="Characters of the script's source at most.",
        rich_help_panel=LIMITS_PANEL)] = Limits.max_script_chars,
    max_nesting: Annotated[int, typer.Option(
        min=1, help="Depth of one expression at most.",
        rich_help_panel=LIMITS_PANEL)] = Limits.max_nesting,
    max_int_bits: Annotated[int, typer.Option(
        min=1, help="Bits of a Python int made by ** * << at most.",
        rich_help_panel=LIMITS_PANEL)] = Limits.max_int_bits,
    max_sequence: Annotated[int, typer.Option(
        min=1, help="Length of a list, tuple or str made by * or + at most.",
        rich_help_panel=LIMITS_PANEL)] = Limits.max_sequence,
    max_elements: Annotated[int, typer.Option(
        min=1, help="Elements of one tensor at most.",
        rich_help_panel=LIMITS_PANEL)] = engine_limits.max_elements,
) -> None:
    """Run a PyTorch snippet and print every gradient it computes, checked with sympy."""
    if (source is None) == (code is None):
        raise typer.BadParameter("give a script path, - for standard input, or -c CODE",
                                 param_hint="SOURCE")
    limits = Limits(max_steps=max_steps, max_script_chars=max_script_chars,
                    max_nesting=max_nesting, max_int_bits=max_int_bits, max_sequence=max_sequence)
    name, text, problem = load_script(source, code, limits)
    renderer = make_renderer(fmt, name, text)
    if problem is None:
        from gradcli.api import RunOptions, run_session

        options = RunOptions(check=check, rtol=rtol, atol=atol, limits=limits,
                             max_elements=max_elements)
        result = run_session(text, name, options, reader_still_there(renderer.on_event))
    else:
        result = rejected(name, text, problem, renderer.on_event)
    renderer.finish(result)
    raise typer.Exit(result.exit_code)


class OutputClosed(BaseException):
    """The reader of our output went away (`| head`). A BaseException, so that no handler in
    the core mistakes it for the script's error or a bug: it ends the run quietly."""


def reader_still_there(on_event: Callable[[Event], None]) -> Callable[[Event], None]:
    def guarded(event: Event) -> None:
        try:
            on_event(event)
        except BrokenPipeError:
            raise OutputClosed from None
    return guarded


# ---- reading the script -----------------------------------------------------------------


class Unreadable(Exception):
    """The script cannot be read or decoded: it is rejected before it runs."""

    def __init__(self, message: str, hint: str = "", line: int | None = None,
                 col: int | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint
        self.line, self.col = line, col  # None: the file as a whole, not a spot in it


def load_script(
    path: str | None, code: str | None, limits: Limits
) -> tuple[str, str, Unreadable | None]:
    """(source name, text, why it cannot run): from -c CODE, a file, or stdin when path is -."""
    if code is not None:
        name, text = "<string>", code
    else:
        name = "<stdin>" if path == "-" else str(path)
        try:
            text = decode(read_bytes(str(path), UTF8_MAX_BYTES * limits.max_script_chars), limits)
        except Unreadable as problem:
            return name, "", problem
    if len(text) > limits.max_script_chars:
        return name, "", Unreadable(limit_message(limits, "max_script_chars"))
    return name, text, None


def read_bytes(path: str, max_bytes: int) -> bytes:
    """At most max_bytes + 1 bytes, so a huge file (or /dev/zero) is never read whole."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(max_bytes + 1)
        with open(path, "rb") as file:
            return file.read(max_bytes + 1)
    except FileNotFoundError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror}",
                         "check the path, or pass the code itself with -c") from None
    except IsADirectoryError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror}", "give a script file") from None
    except OSError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror or e}") from None


def decode(data: bytes, limits: Limits) -> str:
    """The script's text: UTF-8 (with or without a BOM), no NUL bytes, within the size limit."""
    if len(data) > UTF8_MAX_BYTES * limits.max_script_chars:
        raise Unreadable(limit_message(limits, "max_script_chars"))
    data = data.removeprefix(codecs.BOM_UTF8)
    if b"\0" in data:
        raise Unreadable("source code cannot contain null bytes",
                         "this looks like a binary file, not a Python script",
                         *byte_position(data, data.index(b"\0")))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Unreadable(f"invalid UTF-8: byte 0x{data[e.start]:02x} ({e.reason})",
                         "save the script as UTF-8",
                         *byte_position(data, e.start)) from None


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """(line, col), 1-based, of a byte; the column counts characters, not bytes."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, offset) + 1, col


def rejected(name: str, text: str, problem: Unreadable,
             on_event: Callable[[Event], None]) -> SessionResult:
    """The session of a script that never ran: one `invalid` event."""
    from gradcli.report.events import InvalidEvent, SessionResult

    event = InvalidEvent(problem.line, problem.col, problem.message, problem.hint)
    on_event(event)
    return SessionResult(name, text, events=[event])


# ---- rendering --------------------------------------------------------------------------


def make_renderer(fmt: Format, name: str, text: str) -> Renderer:
    """The format's renderer; each is imported only when chosen, to keep startup fast."""
    if fmt is Format.json:
        from gradcli.report.render_json import JsonRenderer

        return JsonRenderer(sys.stdout)
    if fmt is Format.plain:
        from gradcli.report.render_plain import PlainRenderer

        return PlainRenderer(name, text, sys.stdout, sys.stderr)
    from gradcli.report.render_table import TableRenderer

    return TableRenderer(name, text, make_console(stderr=False), make_console(stderr=True))


def make_console(stderr: bool) -> Console:
    """A rich console: colour only on a terminal and without NO_COLOR; 100 columns in a pipe."""
    from rich.console import Console

    no_color = os.environ.get("NO_COLOR", "") != ""
    console = Console(stderr=stderr, no_color=no_color, color_system=None if no_color else "auto",
                      highlight=False, emoji=False)
    if not console.is_terminal:
        console.width = 100
    return console


# ---- the entry point --------------------------------------------------------------------


def main() -> None:
    """The console script: `run_main`, then leave at once. The interpreter's own teardown of
    sympy's large heap costs ~0.1 s and does nothing a finished run needs."""
    try:
        run_main()
    except SystemExit as done:
        code = done.code
    else:
        code = 0
    if isinstance(code, str):  # SystemExit("message"), as Python itself would show it
        print(code, file=sys.stderr)
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # the reader went away (`gradcli run ... | head`): nothing left to say
        pass
    os._exit(code or 0)


def run_main() -> None:
    """Run the app, and never let a Python traceback reach a user."""
    # Imports allocate heavily and free nothing: rare collections make them ~25% faster
    # (sympy's), while long sessions still get their reference cycles collected.
    gc.set_threshold(200_000, 50, 50)
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)  # the shell's code for Ctrl-C
    except (OutputClosed, BrokenPipeError):
        # Like any Unix filter whose reader left: stop, silently, with SIGPIPE's code.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(141)
    except BaseException as exc:  # a bug in gradcli itself: the script's errors are events
        if os.environ.get("GRADCLI_DEBUG"):
            import traceback

            traceback.print_exc()
        print(f"gradcli internal error: {type(exc).__name__}: {exc} "
              "(set GRADCLI_DEBUG=1 for the traceback)", file=sys.stderr)
        sys.exit(3)
