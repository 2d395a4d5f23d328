"""`check -j N`: each script in its own forked worker process, N at a time, so one script's
crash, hang or memory blow-up ends only its own process and never the others' results.

A worker still running GRACE seconds past the time limit is stuck where no clock reaches (one
C call that never returns to Python): it is killed, and its script ends by the time limit,
so the check always ends and writes its reports."""
from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait

from gradcli.engine.limits import Limits, limit_message
from gradcli.events.results import ScriptRun, unfinished_run

Job = Callable[[str], ScriptRun]
GRACE = 10.0  # seconds past the time limit: loading the script and reporting it come first
Running = dict[Connection, tuple[str, multiprocessing.Process, float]]


def run_in_workers(paths: list[str], jobs: int, job: Job, on_start: Callable[[str], None],
                   on_done: Callable[[ScriptRun], bool], limits: Limits = Limits()) -> None:
    """Run `job` on every path in up to `jobs` processes; `on_done` gets each ScriptRun as it
    finishes and returns True to stop (the running workers are then ended)."""
    fork = multiprocessing.get_context("fork")  # the child has gradcli imported already
    waiting = list(reversed(paths))
    running: Running = {}
    allowed = limits.max_seconds + GRACE
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                path = waiting.pop()
                on_start(path)
                reader, writer = fork.Pipe(duplex=False)
                worker = fork.Process(target=_work, args=(job, path, writer), daemon=True)
                worker.start()
                writer.close()
                running[reader] = (path, worker, time.perf_counter())
            for reader in wait(list(running), _time_to_next_deadline(running, allowed)):
                path, worker, started = running.pop(reader)
                if on_done(_receive(reader, path, worker, started)):
                    return
            for script_run in _end_overdue(running, allowed, limits):
                if on_done(script_run):
                    return
    finally:
        for _, worker, _ in running.values():
            worker.kill()


def _time_to_next_deadline(running: Running, allowed: float) -> float | None:
    """Seconds until the first running worker is overdue (None: no deadline)."""
    if math.isinf(allowed):
        return None
    first = min(started for _, _, started in running.values())
    return max(first + allowed - time.perf_counter(), 0.0)


def _end_overdue(running: Running, allowed: float, limits: Limits) -> list[ScriptRun]:
    """Kills the workers past their deadline: their scripts' runs, ended by the time limit."""
    ended = []
    for reader, (path, worker, started) in list(running.items()):
        seconds = time.perf_counter() - started
        if seconds > allowed:
            del running[reader]
            worker.kill()
            worker.join()
            reader.close()
            ended.append(unfinished_run(path, "LimitExceeded", limit_message(
                limits, "max_seconds", f"(the worker running this script was still busy "
                f"{GRACE:g} seconds later, in one call no clock reaches, and was ended; the "
                "other scripts are unaffected)"), seconds))
    return ended


def _work(job: Job, path: str, writer: Connection) -> None:
    writer.send(job(path))
    writer.close()


def _receive(reader: Connection, path: str, worker: multiprocessing.Process,
             started: float) -> ScriptRun:
    try:
        script_run = reader.recv()
    except (EOFError, OSError):  # the worker died before it could answer
        worker.join()
        return unfinished_run(path, "WorkerCrashed", f"the worker running this script died "
                              f"(exit code {worker.exitcode}); the other scripts are unaffected",
                              time.perf_counter() - started)
    finally:
        reader.close()
    worker.join()
    return script_run
