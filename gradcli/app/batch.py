"""Many scripts: find them, run each in its own session (in this process, or with `jobs` > 1 in
worker processes), judge each against its declared ending, time each one."""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING

from gradcli.app.files import not_regular
from gradcli.events.events import ErrorEvent, SessionResult
from gradcli.events.expectations import MalformedDirective, expectation
from gradcli.events.results import ScriptRun

if TYPE_CHECKING:
    from gradcli.engine.limits import Limits

RunScript = Callable[[str, str], SessionResult]  # (source, name) -> its session
OnStart = Callable[[str], None]
OnDone = Callable[[ScriptRun], None]

SKIPPED_FOLDERS = ("__pycache__", "node_modules")  # besides hidden ones (.git, .venv)


@dataclass
class Found:
    scripts: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): FIFOs, devices


def discover(paths: list[str], exclude: tuple[str, ...] = ()) -> Found:
    """Files as given; folders searched for *.py, in sorted order, hidden folders and caches
    skipped; `-` is standard input. A script is listed once. Only regular files are scripts:
    opening a FIFO would block, so it is skipped and said so. `exclude` globs match a path or
    its file name."""
    found, scripts = Found(), dict.fromkeys([])
    for path in paths:
        if path == "-":
            scripts[path] = None
        elif Path(path).is_dir():
            for script in _scripts_under(Path(path)):
                _add(script, scripts, found)
        elif os.path.lexists(path):
            _add(path, scripts, found)
        else:
            found.missing.append(path)
    found.scripts = [path for path in scripts if not excluded(path, exclude)]
    return found


def excluded(path: str, globs: tuple[str, ...]) -> bool:
    return any(fnmatch(path, glob) or fnmatch(os.path.basename(path), glob) for glob in globs)


def _add(path: str, scripts: dict[str, None], found: Found) -> None:
    kind = not_regular(path)
    if kind:
        found.skipped.append((path, kind))
    else:
        scripts[path] = None


def _scripts_under(folder: Path) -> list[str]:
    scripts = []
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith(".")
                            and f not in SKIPPED_FOLDERS)
        scripts += [os.path.join(root, f) for f in sorted(files) if f.endswith(".py")]
    return scripts


def run_scripts(paths: list[str], limits: Limits, run: RunScript, jobs: int = 1,
                on_start: OnStart | None = None, on_done: OnDone | None = None,
                exitfirst: bool = False) -> list[ScriptRun]:
    """Each script's ScriptRun, in the order they finish. `jobs` > 1 runs them in that many
    worker processes (gradcli/app/pool.py); `exitfirst` stops at the first that is not ok."""
    on_start = on_start or (lambda path: None)
    runs: list[ScriptRun] = []

    def done(script_run: ScriptRun) -> bool:
        runs.append(script_run)
        if on_done is not None:
            on_done(script_run)
        return exitfirst and script_run.outcome != "ok"

    if jobs > 1:
        from gradcli.app.pool import run_in_workers

        run_in_workers(paths, jobs, lambda path: run_item(path, limits, run), on_start, done,
                       limits)
        return runs
    for path in paths:
        on_start(path)
        if done(run_item(path, limits, run)):
            break
    return runs


def run_item(path: str, limits: Limits, run: RunScript) -> ScriptRun:
    """One script, judged against its `# gradcli: expect ...`: what `check` and the pytest
    plugin both run, so they always agree on pass (`outcome == "ok"`) and fail."""
    from gradcli.app.sources import Unreadable, load_script, rejected

    started = time.perf_counter()
    name, text, problem = load_script(path, None, limits)
    expected = None
    if problem is None:
        try:
            expected = expectation(text)
        except MalformedDirective as bad:
            problem = Unreadable(bad.message, bad.hint, bad.line, bad.col)
    if problem is not None:
        result = rejected(name, text, problem, lambda event: None)
    else:
        result = _run_guarded(text, name, run)
    return ScriptRun(path, result, time.perf_counter() - started, expected)


def _run_guarded(text: str, name: str, run: RunScript) -> SessionResult:
    try:
        return run(text, name)
    except Exception as e:  # a bug in gradcli: this script's error, and the others go on
        if os.environ.get("GRADCLI_DEBUG") == "1":
            raise
        result = SessionResult(name, text)
        result.events.append(ErrorEvent(None, "InternalError",
                                        f"gradcli internal error: {e!r}; please report it"))
        return result
