"""`gradcli check`: run the scripts, stream one line per script as it finishes, write the
reports, and survive an interruption with every finished result kept."""
from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gradcli.app.files import write_atomically
from gradcli.app.output import CheckFormat
from gradcli.events.exit_status import ExitStatus
from gradcli.events.results import ScriptRun, unfinished_run

if TYPE_CHECKING:
    from gradcli.app.running import RunOptions

SIGNAL_EXIT = {signal.SIGINT: ExitStatus.INTERRUPTED, signal.SIGTERM: ExitStatus.TERMINATED}


@dataclass(frozen=True)
class CheckSettings:
    fmt: CheckFormat = CheckFormat.table
    junit: Path | None = None
    verbosity: int = 0  # -1 quiet, 1 verbose
    exitfirst: bool = False
    jobs: int = 1


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: stop running, report what finished."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def run_check(scripts: list[str], options: RunOptions, settings: CheckSettings) -> ExitStatus:
    """Run every script and report; the exit status (130/143 when interrupted)."""
    from gradcli.app.api import run_many

    finished: list[ScriptRun] = []
    started: list[str] = []
    stream = Stream(settings, len(scripts))
    status = None
    with stream, signals_interrupt():
        try:
            run_many(scripts, options, started.append,
                     lambda run: (finished.append(run), stream.done(run)), settings.jobs,
                     settings.exitfirst)
        except Interrupted as stop:
            status = SIGNAL_EXIT[stop.signum]
            done = {run.path for run in finished}
            finished += [unfinished_run(path, "Interrupted", f"gradcli check was stopped by "
                                        f"{stop} before this script finished")
                         for path in started if path not in done]
    order = {path: i for i, path in enumerate(scripts)}
    runs = sorted(finished, key=lambda run: order[run.path])
    with signals_ignored():  # the reports are written whole, even if a second signal comes
        if settings.junit is not None:
            from gradcli.report.render_check import junit_xml

            write_atomically(settings.junit, junit_xml(runs))
        show_summary(runs, settings)
    if status is not None:
        return status
    if any(run.outcome == "internal" for run in runs):  # a gradcli bug, as `run` says it
        return ExitStatus.INTERNAL
    return ExitStatus.MISMATCH if any(run.outcome != "ok" for run in runs) else ExitStatus.OK


@contextmanager
def signals_interrupt() -> Iterator[None]:
    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    with _handlers(interrupt):
        yield


@contextmanager
def signals_ignored() -> Iterator[None]:
    with _handlers(signal.SIG_IGN):
        yield


@contextmanager
def _handlers(handler) -> Iterator[None]:
    previous = {signum: signal.signal(signum, handler) for signum in SIGNAL_EXIT}
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


class Stream:
    """One line per script as it finishes: on stdout for plain and github, on stderr for the
    formats whose stdout is one document (table, json, junit), where a terminal gets a progress
    bar instead."""

    def __init__(self, settings: CheckSettings, total: int):
        from gradcli.app.output import make_console

        self.settings, self.total = settings, total
        self.to_stdout = settings.fmt in (CheckFormat.plain, CheckFormat.github)
        self.err = make_console(stderr=True)
        self.progress = None

    def __enter__(self) -> Stream:
        if not self.to_stdout and self.err.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self.progress = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(),
                                     console=self.err, transient=True)
            self.progress.start()
            self.task = self.progress.add_task("checking", total=self.total)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def done(self, run: ScriptRun) -> None:
        from gradcli.report.render_check import (
            details,
            github_line,
            github_warnings,
            plain_line,
            unchecked_lines,
        )

        if self.progress is not None:
            self.progress.advance(self.task)
            return
        failed = run.outcome != "ok"
        if self.settings.verbosity < 0 and not failed:
            return
        if self.settings.fmt is CheckFormat.github:
            lines = ([github_line(run)] if failed else []) + github_warnings(run)
        else:
            lines = [plain_line(run), *unchecked_lines(run)]
            if failed and self.settings.verbosity > 0:
                lines += ["    " + line for line in details(run.result).splitlines()]
        out = sys.stdout if self.to_stdout else sys.stderr
        for line in lines:
            out.write(line + "\n")
        out.flush()


def show_summary(runs: list[ScriptRun], settings: CheckSettings) -> None:
    from gradcli.report import render_check

    fmt = settings.fmt
    if fmt is CheckFormat.json:
        import json

        print(json.dumps(render_check.check_to_json(runs), allow_nan=False))
    elif fmt is CheckFormat.junit:
        sys.stdout.buffer.write(render_check.junit_xml(runs) + b"\n")
    elif fmt is CheckFormat.table:
        from gradcli.app.output import make_console

        render_check.print_summary(runs, make_console(stderr=False))
    else:
        print(render_check.totals(runs))
    sys.stdout.flush()
