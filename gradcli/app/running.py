"""What a run is made of: its options, the fresh engine state it starts from, and the guarded
check of one backward pass (the Session in app/session.py puts them together)."""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field

from gradcli.engine import autograd
from gradcli.engine.limits import Limits
from gradcli.engine.runtime import Faults, Runtime
from gradcli.events.encode import unlisted
from gradcli.events.events import BackwardEvent, Event, GradRow, ValueEvent


@dataclass
class RunOptions:
    check: bool = True  # the symbolic cross-check (--no-check turns it off)
    rtol: float | None = None  # override the per-dtype tolerances
    atol: float | None = None
    limits: Limits = field(default_factory=Limits)
    faults: Faults = field(default_factory=Faults.from_environment)  # GRADCLI_FAULT
    # time.monotonic() the time limit counts from (`gradcli run`: the process's start, so that
    # the limit bounds what the user waits); None: when the run starts
    clock_origin: float | None = None
    # False: once `on_event` has had an event in full, the SessionResult keeps of it only what
    # the verdict, the accumulation ledger and a declared ending read (see `lightened`): what
    # the CLI's streaming formats need, in a fraction of the memory on a long loop
    keep_event_data: bool = True
    strict: bool = False  # --strict: an unchecked row fails the run (1), a check error is 70


def lightened(event: Event) -> Event:
    """`event` without the data no one reads once it is shown: an echo's encoded value, the
    expectation and formulas of each row that matched (a mismatch keeps its own), and the
    arrays its rows' lists were made from (the renderers had them)."""
    if isinstance(event, ValueEvent):
        return dataclasses.replace(event, value=None)
    if isinstance(event, BackwardEvent):
        rows = tuple(dataclasses.replace(row, grad=unlisted(row.grad), added=unlisted(row.added),
                                         **({"expected": unlisted(row.expected)}
                                            if row.match is False else
                                            {"expected": None, "formula": None}))
                     for row in event.grads)
        return dataclasses.replace(event, grads=rows)
    return event


def new_runtime(options: RunOptions) -> Runtime:
    """The engine state of a new session: PyTorch's fresh-process state, and these options."""
    return Runtime(limits=options.limits, tracing=options.check, faults=options.faults)


def _checked_tangent(checker, read: autograd.TangentRead) -> GradRow:
    try:
        return checker.check_tangent(read)
    except Exception as e:  # (as for a pass: a bug in the check leaves the row unchecked)
        if os.environ.get("GRADCLI_DEBUG") == "1":
            raise
        return checker.check_tangent(read, f"internal error in the check: {e!r}")


def checked_rows(checker, record: autograd.PassRecord | autograd.TangentRead) -> list[GradRow]:
    """The checker's rows for one backward pass or one tangent forward AD gave; a bug in the
    check leaves them unchecked."""
    if isinstance(record, autograd.TangentRead):
        return [_checked_tangent(checker, record)]
    try:
        return checker.check(record)
    except Exception as e:  # a bug in the check must not take the session down with it
        if os.environ.get("GRADCLI_DEBUG") == "1":
            raise
        return checker.unchecked_rows(record, f"internal error in the check ({e!r})",
                                      "internal-error")
