"""Interrupting the main thread at a deadline, wherever it is.

Clock reads along the way end most long work; what reads no clock (a long Python loop inside
the engine, one sympy call that folds a deep Piecewise for minutes) is ended by a timer thread
that makes the main thread run a signal handler, between two of its bytecodes, which raises.
It repeats every REPEAT seconds until the block ends, in case one interrupt landed where
Python ignores exceptions (a `__del__`) or an `except Exception` swallowed it.
"""
from __future__ import annotations

import _thread
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

REPEAT = 1.0  # seconds between two interrupts, should one be lost


def can_interrupt(signum: int | None) -> bool:
    """Only the main thread runs signal handlers, and not every platform has the signal."""
    return signum is not None and threading.current_thread() is threading.main_thread()


@contextmanager
def interrupt_at(deadline: Callable[[], float], raise_: Callable[[], None],
                 signum: int) -> Iterator[None]:
    """Within the block, once time.monotonic() passes `deadline()` (read again at each try:
    a limit may move), the main thread calls `raise_()` wherever it is. `signum` is simulated
    with _thread.interrupt_main, never sent: each user of this picks its own."""
    armed, stop = [True], threading.Event()

    def on_signal(signum, frame) -> None:
        if armed[0] and time.monotonic() >= deadline():
            raise_()

    def wait_and_interrupt() -> None:
        while not stop.wait(max(deadline() - time.monotonic(), 0)):
            if time.monotonic() >= deadline():
                _thread.interrupt_main(signum)
                stop.wait(REPEAT)

    previous = signal.signal(signum, on_signal)
    timer = threading.Thread(target=wait_and_interrupt, name="gradcli-interrupt", daemon=True)
    timer.start()
    try:
        yield
    finally:
        armed[0] = False
        stop.set()
        timer.join()
        signal.signal(signum, previous)
