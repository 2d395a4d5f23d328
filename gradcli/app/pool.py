"""`check -j N`: each script in its own forked worker process, N at a time, so one script's
crash, hang or memory blow-up ends only its own process and never the others' results."""
from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait

from gradcli.events.results import ScriptRun, unfinished_run

Job = Callable[[str], ScriptRun]


def run_in_workers(paths: list[str], jobs: int, job: Job, on_start: Callable[[str], None],
                   on_done: Callable[[ScriptRun], bool]) -> None:
    """Run `job` on every path in up to `jobs` processes; `on_done` gets each ScriptRun as it
    finishes and returns True to stop (the running workers are then ended)."""
    fork = multiprocessing.get_context("fork")  # the child has gradcli imported already
    waiting = list(reversed(paths))
    running: dict[Connection, tuple[str, multiprocessing.Process, float]] = {}
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
            for reader in wait(list(running)):
                path, worker, started = running.pop(reader)
                script_run = _receive(reader, path, worker, started)
                if on_done(script_run):
                    return
    finally:
        for _, worker, _ in running.values():
            worker.kill()


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
