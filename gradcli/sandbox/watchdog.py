"""The time limit's last resort: the kernel's timer, which interrupts a run wherever it is.

The interpreter, the builtins, backward passes, tensor ops and the check read the clock as
they go; a loop that reads none (a long Python loop inside the engine or the check over one
huge graph) would still run past the limit. The watchdog ends it (engine/interrupt.py): at the
deadline SIGALRM makes the main thread raise LimitHit (a BaseException: no `except Exception`
on the way swallows it) between two of its bytecodes.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from gradcli.engine.interrupt import can_interrupt, interrupt_at
from gradcli.engine.limits import limit_message
from gradcli.engine.runtime import Runtime
from gradcli.sandbox.limits import LimitHit

GRACE = 0.5  # seconds past the deadline: the clock reads along the way come first


@contextmanager
def watchdog(runtime: Runtime) -> Iterator[None]:
    """Interrupt the block with LimitHit once `runtime`'s time is up (in the main thread of a
    process that has setitimer; elsewhere the clock reads alone end the run)."""
    if not can_interrupt() or math.isinf(runtime.deadline):
        yield
        return

    def time_up() -> None:
        raise LimitHit(limit_message(runtime.limits, "max_seconds"))

    with interrupt_at(lambda: runtime.deadline + GRACE, time_up):
        yield
