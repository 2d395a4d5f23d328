"""Interrupting the main thread at a deadline, wherever it is.

Clock reads along the way end most long work; what reads no clock (a long Python loop inside
the engine, one sympy call that folds a deep Piecewise for minutes) is ended by the kernel's
timer: SIGALRM at the deadline makes the main thread run a handler, between two of its
bytecodes, which raises. A thread would do the same only when it gets the GIL, which one long
C call holds; the kernel's signal is pending however busy the process is, and its handler
runs as soon as that call returns. (A call that is too long is refused before it starts: the
language's guards bound each one by the session's limits.) The alarm repeats every REPEAT
seconds until the block ends, in case one interrupt landed where Python ignores exceptions (a
`__del__`) or an `except Exception` swallowed it.
"""
from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

REPEAT = 1.0  # seconds between two interrupts, should one be lost
SOON = 1e-3  # seconds: setitimer's 0 would disarm the timer instead


def can_interrupt() -> bool:
    """Only the main thread runs signal handlers, and not every platform has setitimer."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def interrupt_at(deadline: Callable[[], float], raise_: Callable[[], None]) -> Iterator[None]:
    """Within the block, once time.monotonic() passes `deadline()` (read again at each alarm:
    a limit may move), the main thread calls `raise_()` wherever it is. A timer armed outside
    (a test's own alarm) still rings at its time, and goes on after the block."""
    started = time.monotonic()
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, 0)
    outer = [started + outer_delay if outer_delay else math.inf]  # when it rings
    armed = [True]

    def arm(now: float) -> None:
        delay = min(deadline(), outer[0]) - now
        if delay < math.inf:  # (no limit left: no alarm)
            signal.setitimer(signal.ITIMER_REAL, max(delay, SOON), REPEAT)

    def on_alarm(signum, frame) -> None:
        now = time.monotonic()
        if now >= outer[0]:
            outer[0] = math.inf
            if callable(previous):
                previous(signum, frame)
        if armed[0] and now >= deadline():
            raise_()  # and the timer's interval rings again in REPEAT seconds
        elif armed[0]:
            arm(now)  # the limit moved, or the outer timer rang first

    previous = signal.signal(signal.SIGALRM, on_alarm)
    arm(started)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer[0] < math.inf or outer_interval:
            left = outer[0] - time.monotonic() if outer[0] < math.inf else outer_interval
            signal.setitimer(signal.ITIMER_REAL, max(left, SOON), outer_interval)
