"""Run one session: parse, interpret on the engine, check every backward, collect the events.

Pure: no printing, no exit. Renderers consume the events (streamed through `on_event`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gradcli.app.running import RunOptions
from gradcli.events.events import Event, SessionResult


def run_session(source: str, source_name: str, options: RunOptions | None = None,
                on_event: Callable[[Event], None] | None = None,
                graphs: dict[int, Graph] | None = None) -> SessionResult:
    """Run `source` as a gradcli session; every event also goes to `on_event` as it happens.
    With `graphs`, the graph after each backward call goes in it too, by the call's number
    (app/graph.py MAX_PICTURES of them)."""
    from gradcli.app.session import Session

    session = Session(source_name, options, on_event)
    if graphs is not None:
        from gradcli.app.graph import graph_after_each_pass

        graph_after_each_pass(session, graphs)
    result = session.run(source)
    if options is not None and options.clock_origin is not None:
        # only the console script sets a clock origin, and it leaves by os._exit once the
        # result is out: freeing millions of tensors first would add seconds to the wait
        _LEFT_FOR_EXIT.append(session)
    return result


_LEFT_FOR_EXIT: list = []


def run_json(source: str, filename: str, options: RunOptions | None = None) -> dict:
    """The output contract's JSON object for one session (used by the test-suite)."""
    from gradcli.report.render_json import session_to_json

    return session_to_json(run_session(source, filename, options))


# ---- for the terminal commands: the repl, one-shot grad, graph, check --------------------

if TYPE_CHECKING:  # the commands' modules load only when a command needs them
    from gradcli.app.session import Session
    from gradcli.events.results import GradResult, Graph, NoGraph, ScriptRun


def open_session(source_name: str = "<stdin>", options: RunOptions | None = None,
                 on_event: Callable[[Event], None] | None = None) -> Session:
    """A Session (gradcli/app/session.py): input after input in the same variables
    (the repl)."""
    from gradcli.app.session import Session

    return Session(source_name, options, on_event)


def script_graph(source: str, source_name: str, of: str | None = None,
                 options: RunOptions | None = None) -> tuple[SessionResult, Graph | NoGraph]:
    """Run a script and take the computation graph it leaves: (SessionResult, Graph), or
    (SessionResult, NoGraph) saying why there is none. Without options, the check is off:
    the graph does not need it."""
    from gradcli.app.graph import session_graph
    from gradcli.app.session import Session
    from gradcli.events.exit_status import ExitStatus
    from gradcli.events.results import NoGraph

    session = Session(source_name, options or RunOptions(check=False))
    session.feed(source)
    if session.result.status == "invalid":
        return session.result, NoGraph("the script was rejected before it ran", ExitStatus.INVALID)
    try:
        graph = session_graph(session, of)
    except NoGraph as problem:
        return session.result, problem
    return session.result, graph


def grad_expression(expression: str, at: dict, wrt: list[str] | None = None,
                    dtype: str = "float64", options: RunOptions | None = None) -> GradResult:
    """The value of a scalar expression at `at` and its partial derivatives, engine and sympy
    side by side (a GradResult, gradcli/app/oneshot.py)."""
    from gradcli.app.oneshot import Generated, expression_problem, read_result
    from gradcli.events.results import GradResult

    problem = expression_problem(expression)
    if problem is not None:
        return GradResult(expression, at, dtype, problem=problem, status="invalid")
    generated = Generated.of(expression, at, dtype)
    session = run_session(generated.script, "<expression>", options)
    return read_result(expression, at, dtype, list(wrt or ()), session, generated)


def run_many(paths: list[str], options: RunOptions | None = None,
             on_start: Callable[[str], None] | None = None,
             on_done: Callable[[ScriptRun], None] | None = None, jobs: int = 1,
             exitfirst: bool = False) -> list[ScriptRun]:
    """Run each script in its own session, one after another in this process (or in `jobs`
    worker processes), each judged against its `# gradcli: expect ...`; a script that breaks
    gradcli itself is reported as an error and the others still run. Returns one ScriptRun
    (gradcli/app/batch.py) per script, in the order they finished, each also passed to
    `on_done`; `exitfirst` stops after the first whose outcome is not ok."""
    from gradcli.app.batch import run_scripts

    options = options or RunOptions()
    return run_scripts(paths, options.limits, lambda text, name: run_session(text, name, options),
                       jobs, on_start, on_done, exitfirst)


def check_script(path: str, options: RunOptions | None = None) -> ScriptRun:
    """One script as `check` runs it: its session judged against its declared ending."""
    from gradcli.app.batch import run_item

    options = options or RunOptions()
    return run_item(path, options.limits, lambda text, name: run_session(text, name, options))
