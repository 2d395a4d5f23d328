"""The time limit's last resort: a timer that interrupts a run wherever it is.

The interpreter, the builtins, backward passes, tensor ops and the check read the clock as
they go; a loop that reads none (a long Python loop inside the engine or the check over one
huge graph) would still run past the limit. The watchdog ends it: a thread waits for the
deadline and then makes the main thread run a signal handler, between two of its bytecodes,
that raises LimitHit (a BaseException: no `except Exception` on the way swallows it). It
repeats every second until the run has ended, in case one interrupt landed where Python
ignores exceptions (a `__del__`).
"""
from __future__ import annotations

import _thread
import math
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from gradcli.engine.limits import limit_message
from gradcli.engine.runtime import Runtime
from gradcli.language.limits import LimitHit

GRACE = 0.5  # seconds past the deadline: the clock reads along the way come first
REPEAT = 1.0  # seconds between two interrupts, should one be lost
SIGNAL = getattr(signal, "SIGUSR2", None)  # simulated by interrupt_main, never sent


@contextmanager
def watchdog(runtime: Runtime) -> Iterator[None]:
    """Interrupt the block with LimitHit once `runtime`'s time is up (in the main thread of a
    process that has SIGUSR2; elsewhere the clock reads alone end the run)."""
    if (SIGNAL is None or math.isinf(runtime.deadline)
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    armed, stop = [True], threading.Event()

    def on_time_up(signum, frame) -> None:
        if armed[0] and time.monotonic() >= runtime.deadline:
            raise LimitHit(limit_message(runtime.limits, "max_seconds"))

    def wait_and_interrupt() -> None:
        delay = runtime.deadline + GRACE - time.monotonic()
        while not stop.wait(max(delay, 0)):
            _thread.interrupt_main(SIGNAL)
            delay = REPEAT

    previous = signal.signal(SIGNAL, on_time_up)
    timer = threading.Thread(target=wait_and_interrupt, name="gradcli-watchdog", daemon=True)
    timer.start()
    try:
        yield
    finally:
        armed[0] = False
        stop.set()
        timer.join()
        signal.signal(SIGNAL, previous)
