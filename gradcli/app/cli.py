"""The command line: each command reads its options, calls gradcli.app.api, shows the result
through gradcli.app.output, and exits."""
from __future__ import annotations

import dataclasses
import gc
import os
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Callable, Optional

import typer

from gradcli.app.output import (
    CheckFormat,
    Format,
    JsonData,
    OutputClosed,
    ReplFormat,
    check_progress,
    make_renderer,
    make_screen,
    reader_still_there,
    repl_banner,
    report_rejected,
    show_check,
    show_grad,
    show_graph,
    write_junit,
)
from gradcli.app.sources import load_script, rejected
from gradcli.engine.limits import Limits
from gradcli.events.exit_status import ExitStatus

if TYPE_CHECKING:
    from gradcli.app.running import RunOptions

OVERVIEW = """Examples (gradcli COMMAND --help has more):

  gradcli run examples/accumulate.py --explain

  gradcli repl

  gradcli grad "x**2 * sin(y)" --at x=1 --at y=2

  gradcli graph examples/retain_grad.py

  gradcli check examples/ --junit report.xml"""

RUN_EXAMPLES = """Examples:

  gradcli run examples/accumulate.py

  gradcli run examples/accumulate.py --explain

  gradcli run - --format plain < snippet.py

  gradcli run -c 'x = torch.ones(2, requires_grad=True); x.sum().backward(); x.grad'

Exit codes:
  0  ok: every gradient matched sympy, every assert held
  1  a gradient disagreed with sympy, or an assert failed
  2  the script was rejected before running, or the command line was wrong
  3  the script raised an error, as PyTorch would, or hit a limit"""

REPL_EXAMPLES = """Examples:

  gradcli repl

  printf 'x = torch.ones(2, requires_grad=True)\\n(x * x).sum().backward()\\nx.grad\\n' | gradcli repl

At the prompt: :grads, :graph NAME, :explain NAME, :reset, :help, :quit. History is kept in
~/.gradcli_history (GRADCLI_HISTORY=path to move it, empty for none).

Exit code: the highest of the inputs' codes, as `run` numbers them (0 when all were ok)."""

GRAD_EXAMPLES = """Examples:

  gradcli grad "x**2 * sin(y)" --at x=1 --at y=2

  gradcli grad "(w * x).sum().sigmoid()" --at w=[0.5,-1] --at x=[1,2] --wrt w

  gradcli grad "torch.log(1 + exp(-x))" --at x=0 --format json

Exit codes:
  0  engine and sympy agree
  1  they disagree
  2  the expression or an --at value is invalid
  3  the expression raised an error, as PyTorch would"""

GRAPH_EXAMPLES = """Examples:

  gradcli graph examples/retain_grad.py

  gradcli graph examples/second_backward.py --of y

  gradcli graph examples/training_loop.py --dot | dot -Tsvg > graph.svg

Exit codes:
  0  the graph was drawn (also when the script stopped at an error: its graph so far)
  1  no tensor has a graph to draw
  2  the script was rejected, or --of names no tensor"""

CHECK_EXAMPLES = """Examples:

  gradcli check examples/

  gradcli check tests/corpus examples/accumulate.py --junit report.xml

  gradcli check examples/ --format json > results.json

Exit codes:
  0  every script ended ok
  1  some script did not (mismatch, failed assert, error or rejected)
  2  a path does not exist, no scripts were found, or the JUnit file cannot be written"""

LIMITS_PANEL = "Limits"


class DType(str, Enum):
    float64 = "float64"
    float32 = "float32"


app = typer.Typer(
    pretty_exceptions_enable=False,  # gradcli's own errors are handled in main()
    no_args_is_help=True,
    epilog=OVERVIEW,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Options several commands share.
CheckOption = Annotated[bool, typer.Option(
    "--check/--no-check", help="Cross-check every gradient against sympy.")]
RtolOption = Annotated[Optional[float], typer.Option(
    "--rtol", min=0.0, help="Relative tolerance of the cross-check.", show_default=False)]
AtolOption = Annotated[Optional[float], typer.Option(
    "--atol", min=0.0, help="Absolute tolerance of the cross-check.", show_default=False)]
MaxSteps = Annotated[int, typer.Option(
    "--max-steps", min=1, help="Statements, loop iterations and lambda calls to execute at most.",
    rich_help_panel=LIMITS_PANEL)]
MaxScriptChars = Annotated[int, typer.Option(
    "--max-script-chars", min=1, help="Characters of the script's source at most.",
    rich_help_panel=LIMITS_PANEL)]
MaxNesting = Annotated[int, typer.Option(
    "--max-nesting", min=1, help="Depth of one expression at most.",
    rich_help_panel=LIMITS_PANEL)]
MaxIntBits = Annotated[int, typer.Option(
    "--max-int-bits", min=1, help="Bits of a Python int made by ** * << at most.",
    rich_help_panel=LIMITS_PANEL)]
MaxSequence = Annotated[int, typer.Option(
    "--max-sequence", min=1, help="Items of a list, tuple or str, or of a range a builtin "
    "consumes, at most.",
    rich_help_panel=LIMITS_PANEL)]
MaxElements = Annotated[int, typer.Option(
    "--max-elements", min=1, help="Elements of one tensor at most.",
    rich_help_panel=LIMITS_PANEL)]
MaxMemory = Annotated[int, typer.Option(
    "--max-memory", min=1, help="Bytes of memory the session may take (tensors, graphs, "
    "lists) at most.", rich_help_panel=LIMITS_PANEL)]


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
def run(
    source: Annotated[Optional[str], typer.Argument(
        help="The script: a path, or - to read standard input.", metavar="SOURCE",
        show_default=False)] = None,
    code: Annotated[Optional[str], typer.Option(
        "-c", "--code", help="Run CODE instead of a script file.", show_default=False)] = None,
    fmt: Annotated[Format, typer.Option(
        "--format", help="table for people, plain for pipes and diffs, json for programs, "
        "jsonl for tools that tail a long run (one event per line, as it happens).",
    )] = Format.table,
    json_data: Annotated[JsonData, typer.Option(
        "--json-data", help="json/jsonl: bounded summarises gradients of more than 1,000 "
        "elements; full lists every element.")] = JsonData.bounded,
    check: CheckOption = True,
    explain: Annotated[bool, typer.Option(
        "--explain", help="After the run, show each tensor's .grad as the sum of what every "
        "backward() added, with the line, the formula and the running total.")] = False,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    max_steps: MaxSteps = Limits.max_steps,
    max_script_chars: MaxScriptChars = Limits.max_script_chars,
    max_nesting: MaxNesting = Limits.max_nesting,
    max_int_bits: MaxIntBits = Limits.max_int_bits,
    max_sequence: MaxSequence = Limits.max_sequence,
    max_elements: MaxElements = Limits.max_elements,
    max_memory: MaxMemory = Limits.max_memory,
) -> None:
    """Run a PyTorch snippet and print every gradient it computes, checked with sympy."""
    if (source is None) == (code is None):
        raise typer.BadParameter("give a script path, - for standard input, or -c CODE",
                                 param_hint="SOURCE")
    limits = Limits(max_steps=max_steps, max_script_chars=max_script_chars,
                    max_nesting=max_nesting, max_int_bits=max_int_bits, max_sequence=max_sequence,
                    max_memory=max_memory)
    name, text, problem = load_script(source, code, limits)
    renderer = make_renderer(fmt, name, text, explain, json_data)
    if problem is None:
        from gradcli.app.api import run_session

        gc.freeze()  # what the imports made lives as long as the process: no collection walks it
        options = run_options(check, rtol, atol, limits, max_elements)
        result = run_session(text, name, options, reader_still_there(renderer.on_event))
    else:
        result = rejected(name, text, problem, renderer.on_event)
    renderer.finish(result)
    raise typer.Exit(result.exit_code)


@app.command(epilog=REPL_EXAMPLES)
def repl(
    fmt: Annotated[ReplFormat, typer.Option(
        "--format", help="table for people, plain for pipes.")] = ReplFormat.table,
    check: CheckOption = True,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    max_steps: MaxSteps = Limits.max_steps,
    max_elements: MaxElements = Limits.max_elements,
) -> None:
    """An interactive session: type PyTorch code, see values and checked gradients as you go."""
    from gradcli.app.repl import Repl, stream_lines, terminal_lines

    options = run_options(check, rtol, atol, Limits(max_steps=max_steps), max_elements)
    screen = make_screen(fmt)
    session = Repl(options, screen, reader_still_there(screen.renderer.on_event))
    if sys.stdin.isatty():
        screen.err.print(repl_banner(), highlight=False)
        raise typer.Exit(session.run(terminal_lines(session)))
    sys.stdin.reconfigure(errors="surrogateescape")  # bytes not UTF-8: the session rejects them
    raise typer.Exit(session.run(stream_lines(sys.stdin)))


@app.command(epilog=GRAD_EXAMPLES)
def grad(
    expression: Annotated[str, typer.Argument(
        metavar="EXPR", help="A scalar expression, e.g. \"x**2 * sin(y)\": bare sin cos tan exp log sqrt "
        "tanh sigmoid relu abs, or any torch. function.", show_default=False)],
    at: Annotated[list[str], typer.Option(
        "--at", metavar="NAME=VALUE", help="A variable and its value: a number or a list "
        "(x=1.5, w=[1,2,3]). Repeat for each variable.", show_default=False)],
    wrt: Annotated[Optional[list[str]], typer.Option(
        "--wrt", metavar="NAME", help="Show only the derivative by NAME (repeatable); "
        "default: by every --at variable.", show_default=False)] = None,
    fmt: Annotated[Format, typer.Option(
        "--format", help="table for people, plain for pipes, json for programs.")
    ] = Format.table,
    dtype: Annotated[DType, typer.Option(
        "--dtype", help="The variables' dtype.")] = DType.float64,
) -> None:
    """The value of an expression and each partial derivative: engine and sympy side by side."""
    from gradcli.app.api import grad_expression

    bindings, wanted = grad_inputs(at, wrt or [])
    result = grad_expression(expression, bindings, wanted, dtype.value)
    show_grad(result, fmt)
    raise typer.Exit(result.exit_code)


@app.command(epilog=GRAPH_EXAMPLES)
def graph(
    source: Annotated[str, typer.Argument(
        help="The script: a path, or - to read standard input.", metavar="SCRIPT",
        show_default=False)],
    of: Annotated[Optional[str], typer.Option(
        "--of", metavar="NAME", help="Draw the graph of this variable; default: of every "
        "result that no other variable's graph uses.", show_default=False)] = None,
    dot: Annotated[bool, typer.Option(
        "--dot", help="Print Graphviz DOT instead of the tree (render it with `dot -Tsvg`).")
    ] = False,
    max_steps: MaxSteps = Limits.max_steps,
    max_elements: MaxElements = Limits.max_elements,
) -> None:
    """The computation graph a script leaves: grad_fn nodes, saved tensors, leaves and grads."""
    from gradcli.app.api import script_graph

    limits = Limits(max_steps=max_steps)
    name, text, problem = load_script(source, None, limits)
    if problem is not None:
        report_rejected(name, text, problem)
        raise typer.Exit(ExitStatus.INVALID)
    result, drawn = script_graph(text, name, of, run_options(False, None, None, limits,
                                                             max_elements))
    raise typer.Exit(show_graph(result, drawn, dot))


@app.command(epilog=CHECK_EXAMPLES)
def check(
    paths: Annotated[list[str], typer.Argument(
        help="Scripts, folders (searched for *.py), or - for standard input.", metavar="PATH",
        show_default=False)],
    junit: Annotated[Optional[Path], typer.Option(
        "--junit", metavar="FILE", help="Also write a JUnit XML report, as pytest does.",
        show_default=False, dir_okay=False)] = None,
    fmt: Annotated[CheckFormat, typer.Option(
        "--format", help="table for people, json for programs.")] = CheckFormat.table,
    check_gradients: CheckOption = True,
    rtol: RtolOption = None,
    atol: AtolOption = None,
    max_steps: MaxSteps = Limits.max_steps,
    max_elements: MaxElements = Limits.max_elements,
) -> None:
    """Run many scripts in one process and summarise them; exit 0 only when all are ok."""
    from gradcli.app.api import run_many
    from gradcli.app.batch import discover

    scripts = existing_scripts(paths, discover)
    options = run_options(check_gradients, rtol, atol, Limits(max_steps=max_steps), max_elements)
    with check_progress(len(scripts)) as (on_start, on_done):
        runs = run_many(scripts, options, on_start, on_done)
    written = write_junit(junit, runs) if junit is not None else True
    show_check(runs, fmt)
    if not written:
        raise typer.Exit(ExitStatus.INVALID)
    failed = any(run.result.status != "ok" for run in runs)
    raise typer.Exit(ExitStatus.MISMATCH if failed else ExitStatus.OK)


# ---- reading the command line ------------------------------------------------------------


def run_options(check: bool, rtol: float | None, atol: float | None, limits: Limits,
                max_elements: int) -> RunOptions:
    from gradcli.app.running import RunOptions

    return RunOptions(check=check, rtol=rtol, atol=atol,
                      limits=dataclasses.replace(limits, max_elements=max_elements))


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


def existing_scripts(paths: list[str], discover: Callable) -> list[str]:
    """The scripts under `paths`; a usage error (exit 2) for a missing path or none found."""
    scripts, missing = discover(paths)
    if missing:
        raise typer.BadParameter(f"no such file or directory: {', '.join(missing)}",
                                 param_hint="PATH")
    if not scripts:
        raise typer.BadParameter(f"no *.py scripts under {', '.join(paths)}",
                                 param_hint="PATH")
    return scripts


# ---- the entry point --------------------------------------------------------------------


def main() -> None:
    """The console script: `run_main`, then leave at once. The interpreter's own teardown of
    sympy's large heap costs ~0.1 s and does nothing a finished run needs."""
    from gradcli.engine.process import tune_process

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
        sys.exit(ExitStatus.SCRIPT_ERROR)
