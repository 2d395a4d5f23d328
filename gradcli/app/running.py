"""What every run shares: its options, the fresh engine state it starts from, and the guarded
check of one backward pass. Both the one-shot run (api) and the live session (session) use it."""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from gradcli.engine import autograd, limits as engine_limits, trace
from gradcli.engine.tensor import set_grad_enabled_flag
from gradcli.events.events import GradRow
from gradcli.language.limits import Limits


@dataclass
class RunOptions:
    check: bool = True  # the symbolic cross-check (--no-check turns it off)
    rtol: float | None = None  # override the per-dtype tolerances
    atol: float | None = None
    limits: Limits = field(default_factory=Limits)
    max_elements: int = engine_limits.max_elements


def checked_rows(checker, record: autograd.PassRecord) -> list[GradRow]:
    """The checker's rows for one backward pass; a bug in the check leaves them unchecked."""
    try:
        return checker.check(record)
    except Exception as e:  # a bug in the check must not take the session down with it
        if os.environ.get("GRADCLI_DEBUG") == "1":
            raise
        return checker.unchecked_rows(record, f"internal error in the check: {e!r}")


def reset_engine(options: RunOptions) -> None:
    """Each session starts from PyTorch's fresh-process state."""
    from gradcli.engine import rng

    set_grad_enabled_flag(True)
    trace.enabled = options.check
    engine_limits.max_elements = options.max_elements
    rng.default_generator = rng.Generator()
