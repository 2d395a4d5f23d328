"""Many scripts in one process: find them, run each in its own session, time each one."""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gradcli.events.events import ErrorEvent, SessionResult
from gradcli.events.results import ScriptRun

if TYPE_CHECKING:
    from gradcli.engine.limits import Limits

RunScript = Callable[[str, str], SessionResult]  # (source, name) -> its session

SKIPPED_FOLDERS = ("__pycache__", "node_modules")  # besides hidden ones (.git, .venv)


def discover(paths: list[str]) -> tuple[list[str], list[str]]:
    """(scripts, missing): files as given; folders searched for *.py, in sorted order, hidden
    folders and caches skipped; `-` is standard input. A script is listed once."""
    found: dict[str, None] = {}
    missing = []
    for path in paths:
        if path == "-" or Path(path).is_file():
            found[path] = None
        elif Path(path).is_dir():
            found.update(dict.fromkeys(_scripts_under(Path(path))))
        else:
            missing.append(path)
    return list(found), missing


def _scripts_under(folder: Path) -> list[str]:
    scripts = []
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith(".")
                            and f not in SKIPPED_FOLDERS)
        scripts += [os.path.join(root, f) for f in sorted(files) if f.endswith(".py")]
    return scripts


def run_scripts(paths: list[str], limits: Limits, run: RunScript,
                on_start: Callable[[str], None] | None = None,
                on_done: Callable[[ScriptRun], None] | None = None) -> list[ScriptRun]:
    runs = []
    for path in paths:
        if on_start is not None:
            on_start(path)
        started = time.perf_counter()
        result = _run_one(path, limits, run)
        script_run = ScriptRun(path, result, time.perf_counter() - started)
        runs.append(script_run)
        if on_done is not None:
            on_done(script_run)
    return runs


def _run_one(path: str, limits: Limits, run: RunScript) -> SessionResult:
    from gradcli.app.sources import load_script, rejected

    name, text, problem = load_script(path, None, limits)
    if problem is not None:
        return rejected(name, text, problem, lambda event: None)
    try:
        return run(text, name)
    except Exception as e:  # a bug in gradcli: this script's error, and the others go on
        if os.environ.get("GRADCLI_DEBUG") == "1":
            raise
        result = SessionResult(name, text)
        result.events.append(ErrorEvent(None, "InternalError",
                                        f"gradcli internal error: {e!r}; please report it"))
        return result
