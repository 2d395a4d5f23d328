"""The command line: each command reads its options, calls gradcli.app.api, shows the result
through gradcli.app.output, and exits."""
from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer._click.exceptions import UsageError  # typer 0.29 ships its own copy of click
from typer.core import TyperGroup

from gradcli.app.coercion import lean_coercion
from gradcli.app.limit_options import DEFAULT_LIMITS, limit_options
from gradcli.app.output import (
    CheckFormat,
    Color,
    Format,
    JsonData,
    OutputClosed,
    ReplFormat,
    Terminal,
    make_console,
    make_renderer,
    make_screen,
    reader_still_there,
    repl_banner,
    report_rejected,
    set_terminal,
    show_expectation,
    show_grad,
    show_graph,
    with_html_report,
)
from gradcli.app.sources import load_script, rejected
from gradcli.engine.limits import Limits
from gradcli.events.exit_status import ExitStatus

if TYPE_CHECKING:
    from gradcli.app.running import RunOptions
    from gradcli.app.sources import Unreadable
    from gradcli.events.expectations import Expectation

OVERVIEW = """Examples (gradcli COMMAND --help has more):

  gradcli run examples/accumulate.py --explain

  gradcli repl

  gradcli grad "x**2 * sin(y)" --at x=1 --at y=2

  gradcli graph examples/retain_grad.py

  gradcli check examples/ --junit report.xml"""

RUN_EXAMPLES = """Examples:

  gradcli run examples/accumulate.py

  gradcli run examples/accumulate.py --explain

  gradcli run - --format plain < examples/vector.py

  gradcli run -c 'x = torch.ones(2, requires_grad=True); x.sum().backward(); x.grad'

  gradcli run examples/training_loop.py --html report.html

--html writes one self-contained page (open it in any browser, offline): the script, each
echo, each backward's table with sympy's formulas typeset, the graph after each backward
(the first 12), the accumulation ledger and a plot of each .grad over the calls.

Exit codes:
  0  ok: every gradient matched sympy, every assert held (or it ended as its
     `# gradcli: expect ...` line declares)
  1  a gradient disagreed with sympy, an assert failed, or the ending was not the expected one
  2  the script was rejected before running
  3  the script raised an error, as PyTorch would, or hit a limit
  4  the command line was wrong
  70 a gradcli bug (please report it)"""

REPL_EXAMPLES = """Examples:

  gradcli repl

  printf 'x = torch.ones(2, requires_grad=True)\\n(x * x).sum().backward()\\nx.grad\\n' \\
    | gradcli repl

At the prompt: :grads, :graph NAME, :explain NAME, :reset, :help, :quit (also right after
a block); Tab completes the names in scope; a pasted block may hold blank lines, and pasted
doctest text (>>> and ... prompts) runs without its prompts and output lines. History is kept
in $XDG_STATE_HOME/gradcli/history (~/.local/state/gradcli/history; GRADCLI_HISTORY=path to
move it, empty to keep none).

Exit code: at a terminal, the last input's (0 when it succeeded); fed by a pipe, the highest
of the inputs' codes, as `run` numbers them (0 when all were ok)."""

GRAD_EXAMPLES = """Examples:

  gradcli grad "x**2 * sin(y)" --at x=1 --at y=2

  gradcli grad "(w * x).sum().sigmoid()" --at w=[0.5,-1] --at x=[1,2] --wrt w

  gradcli grad "torch.log(1 + exp(-x))" --at x=0 --format json

Exit codes:
  0  engine and sympy agree
  1  they disagree
  2  the expression is invalid
  3  the expression raised an error, as PyTorch would
  4  the command line (an --at or --wrt value) was wrong"""

GRAPH_EXAMPLES = """Examples:

  gradcli graph examples/retain_grad.py

  gradcli graph examples/second_backward.py --of y

  gradcli graph examples/vector.py --of y --svg graph.svg

  gradcli graph examples/training_loop.py --dot | dot -Tsvg > graph.svg

--svg draws the picture itself (no Graphviz needed): one box per tensor and grad_fn node,
with data, .grad and sympy's verdict. There is no --png: no pure-Python SVG-to-PNG path
exists without system libraries; open the SVG in a browser, or convert it with one.

Exit codes:
  0  the graph was drawn (also when the script stopped at an error: its graph so far)
  1  no tensor has a graph to draw
  2  the script was rejected, or --of names no tensor
  4  the command line was wrong"""

CHECK_EXAMPLES = """Examples:

  gradcli check examples/

  gradcli check examples/ tests/sessions/ --junit report.xml

  gradcli check examples/ --format json > results.json

  gradcli check examples/ -j 2 --format github --exclude 'training_*'

A script that fails on purpose declares it: `# gradcli: expect RuntimeError: <message start>`
(or `expect mismatch`, `assertion`, `invalid`, `error`); ending so, it counts as ok.

Exit codes:
  0  every script ended ok (or as it declared)
  1  some script did not (mismatch, failed assert, error, rejected, or not as declared)
  4  a path does not exist, a flag is wrong, or the JUnit file cannot be written
  5  no scripts were found
  130, 143  interrupted by SIGINT, SIGTERM (the finished scripts are still reported)"""

class DType(str, Enum):
    float64 = "float64"
    float32 = "float32"


class GradcliGroup(TyperGroup):
    """Typer's command group, with command-line mistakes exiting ExitStatus.USAGE (4) instead of
    click's 2, which the output contract gives to a rejected script; its options' values
    coerced without pydantic when they are well-formed (gradcli/app/coercion.py)."""

    def make_context(self, *args, **kwargs) -> typer.Context:  # the group's own options
        with usage_status():
            return super().make_context(*args, **kwargs)

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        lean_coercion(self.get_params(ctx))  # (the help option is made for a context)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: typer.Context, args: list[str]):
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:  # its context takes the help option's names from ours
            lean_coercion(command.get_params(ctx))
        return name, command, rest

    def invoke(self, ctx: typer.Context):  # the command's name and options
        with usage_status():
            return super().invoke(ctx)


@contextmanager
def usage_status() -> Iterator[None]:
    try:
        yield
    except UsageError as mistake:
        mistake.exit_code = ExitStatus.USAGE
        raise


app = typer.Typer(
    cls=GradcliGroup,
    pretty_exceptions_enable=False,  # gradcli's own errors are handled in main()
    no_args_is_help=True,
    epilog=OVERVIEW,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Options several commands share. (A command's `limits` parameter stands for its --max-*
# options, made by limit_options from engine/limits.py's list.)
CheckOption = Annotated[bool, typer.Option(
    "--check/--no-check", help="Cross-check every gradient against sympy.")]
RtolOption = Annotated[float | None, typer.Option(
    "--rtol", min=0.0, help="Relative tolerance of the cross-check.", show_default=False)]
AtolOption = Annotated[float | None, typer.Option(
    "--atol", min=0.0, help="Absolute tolerance of the cross-check.", show_default=False)]
StrictOption = Annotated[bool, typer.Option(
    "--strict", help="Fail on any gradient the check could not verify whole (exit 1), and on "
    "an internal error of the check (exit 70); without it they are counted as unchecked.")]
ExplainOption = Annotated[bool, typer.Option(
    "--explain", help="After the run, show each tensor's .grad as the sum of what every "
    "backward() added, with the line, the formula and the running total.")]
WidthOption = Annotated[int | None, typer.Option(
    "--width", min=20, metavar="N", help="Lay output out for N columns (default: the "
    "terminal's width, or COLUMNS, or 100 in a pipe); below 70, one gradient per line.",
    show_default=False)]
ColorOption = Annotated[Color, typer.Option(
    "--color", help="Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")]

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


@app.command(epilog=RUN_EXAMPLES)
@limit_options()
def run(
    source: Annotated[str | None, typer.Argument(
        help="The script: a path, or - to read standard input.", metavar="SOURCE",
        show_default=False)] = None,
    code: Annotated[str | None, typer.Option(
        "-c", "--code", help="Run CODE instead of a script file.", show_default=False)] = None,
    fmt: Annotated[Format, typer.Option(
        "--format", help="table for people, plain for pipes and diffs, json for programs, "
        "jsonl for tools that tail a long run (one event per line, as it happens).",
    )] = Format.table,
    json_data: Annotated[JsonData, typer.Option(
        "--json-data", help="json/jsonl: bounded summarises gradients of more than 1,000 "
        "elements; full lists every element.")] = JsonData.bounded,
    check: CheckOption = True,
    strict: StrictOption = False,
    explain: ExplainOption = False,
    every_table: Annotated[bool, typer.Option(
        "--all-tables", help="table: show every backward()'s table. By default a line's "
        "calls after the third fold into one summary line (`backward #4–#2000 · line 38 · "
        "7,988 gradients ✓`), a call with a mismatch and the last call shown in full.")] = False,
    html: Annotated[Path | None, typer.Option(
        "--html", metavar="FILE", help="Also write the run as one self-contained HTML page: "
        "tables, typeset formulas, the graph after each backward, the ledger, a .grad plot.",
        show_default=False, dir_okay=False)] = None,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    limits: Limits = DEFAULT_LIMITS,
    width: WidthOption = None,
    color: ColorOption = Color.auto,
) -> None:
    """Run a PyTorch snippet and print every gradient it computes, checked with sympy."""
    set_terminal(Terminal(width, color))
    if (source is None) == (code is None):
        raise typer.BadParameter("give a script path, - for standard input, or -c CODE",
                                 param_hint="SOURCE")
    writable(html, "the HTML report")
    name, text, problem = load_script(source, code, limits)
    expected, problem = declared_ending(text, problem)
    renderer = make_renderer(fmt, name, text, explain, json_data, every_table)
    graphs = None
    if html is not None:
        graphs = {}
        renderer = with_html_report(renderer, name, text, html, graphs, expected)
    if problem is None:
        from gradcli.app.api import run_session

        gc.freeze()  # what the imports made lives as long as the process: no collection walks it
        options = run_options(check, rtol, atol, limits, strict)
        options.clock_origin = PROGRAM_STARTED  # the limit bounds the wait, imports included
        # the renderers take each event in full as it comes and read little of it at the end
        options.keep_event_data = html is not None
        result = run_session(text, name, options, reader_still_there(renderer.on_event), graphs)
    else:
        result = rejected(name, text, problem, reader_still_there(renderer.on_event))
    reader_still_there(renderer.finish)(result)  # (click would end a closed pipe with 1)
    if expected is None:
        raise typer.Exit(result.exit_code)
    from gradcli.events.results import ScriptRun

    raise typer.Exit(show_expectation(ScriptRun(name, result, 0.0, expected)))


@app.command(epilog=REPL_EXAMPLES)
@limit_options("max_steps", "max_elements")
def repl(
    fmt: Annotated[ReplFormat, typer.Option(
        "--format", help="table for people, plain for pipes.")] = ReplFormat.table,
    check: CheckOption = True,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    limits: Limits = DEFAULT_LIMITS,
    width: WidthOption = None,
    color: ColorOption = Color.auto,
) -> None:
    """An interactive session: type PyTorch code, see values and checked gradients as you go."""
    set_terminal(Terminal(width, color))
    from gradcli.app.repl import Repl, stream_lines, terminal_lines

    options = run_options(check, rtol, atol, limits)
    screen = make_screen(fmt)
    interactive = sys.stdin.isatty()
    session = Repl(options, screen, reader_still_there(screen.renderer.on_event), interactive)
    if interactive:
        screen.err.print(repl_banner(), highlight=False)
        raise typer.Exit(session.run(terminal_lines(session)))
    sys.stdin.reconfigure(errors="surrogateescape")  # bytes not UTF-8: the session rejects them
    raise typer.Exit(session.run(stream_lines(sys.stdin)))


@app.command(epilog=GRAD_EXAMPLES)
def grad(
    expression: Annotated[str, typer.Argument(
        metavar="EXPR", help="A scalar expression, e.g. \"x**2 * sin(y)\": bare sin cos tan exp "
        "log sqrt tanh sigmoid relu abs, or any torch. function.", show_default=False)],
    at: Annotated[list[str], typer.Option(
        "--at", metavar="NAME=VALUE", help="A variable and its value: a number or a list "
        "(x=1.5, w=[1,2,3]). Repeat for each variable.", show_default=False)],
    wrt: Annotated[list[str] | None, typer.Option(
        "--wrt", metavar="NAME", help="Show only the derivative by NAME (repeatable); "
        "default: by every --at variable.", show_default=False)] = None,
    fmt: Annotated[Format, typer.Option(
        "--format", help="table for people, plain for pipes, json for programs.")
    ] = Format.table,
    dtype: Annotated[DType, typer.Option(
        "--dtype", help="The variables' dtype.")] = DType.float64,
    width: WidthOption = None,
    color: ColorOption = Color.auto,
) -> None:
    """The value of an expression and each partial derivative: engine and sympy side by side."""
    set_terminal(Terminal(width, color))
    from gradcli.app.api import grad_expression

    bindings, wanted = grad_inputs(at, wrt or [])
    result = grad_expression(expression, bindings, wanted, dtype.value)
    show_grad(result, fmt)
    raise typer.Exit(result.exit_code)


@app.command(epilog=GRAPH_EXAMPLES)
@limit_options("max_steps", "max_elements")
def graph(
    source: Annotated[str, typer.Argument(
        help="The script: a path, or - to read standard input.", metavar="SCRIPT",
        show_default=False)],
    of: Annotated[str | None, typer.Option(
        "--of", metavar="NAME", help="Draw the graph of this variable; default: of every "
        "result that no other variable's graph uses.", show_default=False)] = None,
    dot: Annotated[bool, typer.Option(
        "--dot", help="Print Graphviz DOT instead of the tree (render it with `dot -Tsvg`).")
    ] = False,
    svg: Annotated[Path | None, typer.Option(
        "--svg", metavar="FILE", help="Draw the graph as an SVG picture in FILE (- for "
        "stdout) instead: data, .grad and sympy's verdict on every tensor (runs the check).",
        show_default=False,
        dir_okay=False)] = None,
    limits: Limits = DEFAULT_LIMITS,
    width: WidthOption = None,
    color: ColorOption = Color.auto,
) -> None:
    """The computation graph a script leaves: grad_fn nodes, saved tensors, leaves and grads."""
    set_terminal(Terminal(width, color))
    from gradcli.app.api import script_graph

    if dot and svg is not None:
        raise typer.BadParameter("give --dot or --svg, not both", param_hint="--svg")
    writable(None if str(svg) == "-" else svg, "the picture")
    name, text, problem = load_script(source, None, limits)
    if problem is not None:
        report_rejected(name, text, problem)
        raise typer.Exit(ExitStatus.INVALID)
    # the picture shows sympy's verdict beside each .grad: only it needs the check
    options = run_options(svg is not None, None, None, limits)
    result, drawn = script_graph(text, name, of, options)
    raise typer.Exit(show_graph(result, drawn, dot, svg))


@app.command(epilog=CHECK_EXAMPLES)
@limit_options()
def check(
    paths: Annotated[list[str], typer.Argument(
        help="Scripts, folders (searched for *.py), or - for standard input.", metavar="PATH",
        show_default=False)],
    junit: Annotated[Path | None, typer.Option(
        "--junit", metavar="FILE", help="Also write a JUnit XML report, as pytest does.",
        show_default=False, dir_okay=False)] = None,
    fmt: Annotated[CheckFormat, typer.Option(
        "--format", help="table for people; plain (path:line:col: status: message) for "
        "editors and logs; github for GitHub Actions annotations; json or junit for programs."
    )] = CheckFormat.table,
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", metavar="GLOB", help="Skip scripts whose path or file name matches GLOB "
        "(repeatable).", show_default=False)] = None,
    exitfirst: Annotated[bool, typer.Option(
        "-x", "--exitfirst", help="Stop after the first script that is not ok.")] = False,
    jobs: Annotated[int, typer.Option(
        "-j", "--jobs", min=1, metavar="N", help="Run N scripts at a time, each in its own "
        "worker process (a crash or blow-up ends only its own).")] = 1,
    quiet: Annotated[bool, typer.Option(
        "-q", "--quiet", help="Stream only the scripts that are not ok.")] = False,
    verbose: Annotated[bool, typer.Option(
        "-v", "--verbose", help="Stream each failure's whole report.")] = False,
    check_gradients: CheckOption = True,
    strict: StrictOption = False,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    limits: Limits = DEFAULT_LIMITS,
    width: WidthOption = None,
    color: ColorOption = Color.auto,
) -> None:
    """Run many scripts, one line each as it finishes, and summarise; exit 0 only when every
    script ended ok or as its `# gradcli: expect ...` line declares."""
    set_terminal(Terminal(width, color))
    from gradcli.app.batch import discover
    from gradcli.app.check_run import CheckSettings, run_check

    scripts = existing_scripts(paths, tuple(exclude or ()), discover)
    writable(junit, "the JUnit report")
    options = run_options(check_gradients, rtol, atol, limits, strict)
    settings = CheckSettings(fmt, junit, verbose - quiet, exitfirst, jobs)
    raise typer.Exit(run_check(scripts, options, settings))


# ---- reading the command line ------------------------------------------------------------


def declared_ending(text: str, problem: Unreadable | None
                    ) -> tuple[Expectation | None, Unreadable | None]:
    """The script's `# gradcli: expect ...`, or the problem that rejects it."""
    from gradcli.app.sources import Unreadable
    from gradcli.events.expectations import MalformedDirective, expectation

    if problem is not None:
        return None, problem
    try:
        return expectation(text), None
    except MalformedDirective as bad:
        return None, Unreadable(bad.message, bad.hint, bad.line, bad.col)


def writable(path: Path | None, what: str) -> None:
    """Exit 4 before anything runs when `path` (given) cannot be written."""
    if path is None:
        return
    from gradcli.app.files import ReportPathError, check_report_path

    try:
        check_report_path(path, what)
    except ReportPathError as problem:
        make_console(stderr=True).print(str(problem), highlight=False, markup=False,
                                        soft_wrap=True)
        raise typer.Exit(ExitStatus.USAGE) from None


def run_options(check: bool, rtol: float | None, atol: float | None, limits: Limits,
                strict: bool = False) -> RunOptions:
    from gradcli.app.running import RunOptions

    return RunOptions(check=check, rtol=rtol, atol=atol, limits=limits, strict=strict)


def grad_inputs(at: list[str], wrt: list[str]) -> tuple[dict, list[str]]:
    """The --at bindings and --wrt names, or a usage error (exit 2) saying what is wrong."""
    from gradcli.app.oneshot import BadInput, check_wrt, parse_binding

    bindings: dict = {}
    try:
        for text in at:
            name, value = parse_binding(text)
            if name in bindings:
                raise BadInput(f"{name} is given twice")
            bindings[name] = value
    except BadInput as problem:
        raise typer.BadParameter(str(problem), param_hint="--at") from None
    try:
        check_wrt(bindings, wrt)
    except BadInput as problem:
        raise typer.BadParameter(str(problem), param_hint="--wrt") from None
    return bindings, wrt


def existing_scripts(paths: list[str], exclude: tuple[str, ...], discover: Callable
                     ) -> list[str]:
    """The scripts under `paths`: a usage error (exit 4) for a missing path, exit 5 when there
    are none (as pytest's "no tests collected"); special files are skipped, and said so."""
    found = discover(paths, exclude)
    if found.missing:
        raise typer.BadParameter(f"no such file or directory: {', '.join(found.missing)}",
                                 param_hint="PATH")
    err = make_console(stderr=True)
    for path, kind in found.skipped:
        err.print(f"{path}: skipped: {kind}, not a regular file", highlight=False, markup=False,
                  soft_wrap=True)
    if not found.scripts:
        err.print(f"no *.py scripts under {', '.join(paths)}", highlight=False, markup=False,
                  soft_wrap=True)
        raise typer.Exit(ExitStatus.NO_SCRIPTS)
    return found.scripts


# ---- the entry point --------------------------------------------------------------------


# When the process started, if it is the console script (`python -m gradcli` included): the
# time limit of `run` counts from there. None in a host process (a test's CliRunner).
PROGRAM_STARTED: float | None = None


def main() -> None:
    """The console script: `run_main`, then leave at once. The interpreter's own teardown of
    sympy's large heap costs ~0.1 s and does nothing a finished run needs."""
    from gradcli.engine.process import tune_process
    from gradcli.engine.runtime import process_started

    global PROGRAM_STARTED
    PROGRAM_STARTED = process_started()
    tune_process()
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
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(ExitStatus.INTERRUPTED)
    except (OutputClosed, BrokenPipeError):
        # Like any Unix filter whose reader left: stop, silently, with SIGPIPE's code.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(ExitStatus.BROKEN_PIPE)
    except BaseException as exc:  # a bug in gradcli itself: the script's errors are events
        if os.environ.get("GRADCLI_DEBUG"):
            import traceback

            traceback.print_exc()
        print(internal_error_message(exc), file=sys.stderr)
        sys.exit(ExitStatus.INTERNAL)


def internal_error_message(exc: BaseException) -> str:
    from gradcli import __version__

    return (f"gradcli internal error: {type(exc).__name__}: {exc} (a bug in gradcli "
            f"{__version__}: please report it, with GRADCLI_DEBUG=1's traceback)")
