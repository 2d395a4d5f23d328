"""One run's engine state, in one object: what PyTorch keeps per process (grad mode, the default
generator) and what gradcli adds (limits and the memory meter, the forward trace for the check,
who hears of each backward pass, injected faults, writes hidden from autograd).

The engine reads `runtime.current`. A session makes its own Runtime and activates it while its
code runs, so two sessions in one process never see each other's state; outside every
session, `current` is a fresh default one.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .limits import Limits, MemoryMeter
from .rng import Generator


@dataclass(frozen=True)
class Faults:
    """Wrong gradients on purpose, to prove that the check catches them (GRADCLI_FAULT): every
    node whose grad_fn is named in `names` passes on 1.5 times the right gradient."""

    names: frozenset[str] = frozenset()
    scale: float = 1.5

    @classmethod
    def from_environment(cls) -> Faults:
        names = os.environ.get("GRADCLI_FAULT", "").replace(" ", "").split(",")
        return cls(frozenset(filter(None, names)))


@dataclass(eq=False)
class Runtime:
    limits: Limits = field(default_factory=Limits)
    tracing: bool = False  # record every op for the check (engine/trace.py)
    faults: Faults = field(default_factory=Faults)
    grad_enabled: bool = True  # torch.is_grad_enabled()
    generator: Generator = field(default_factory=Generator)  # seeded at random, as torch's
    hidden_writes: bool = False  # whether any memory was ever written through `.data`
    # called with each backward pass's autograd.PassRecord, in order (the provenance of the
    # language's explanations, then the check)
    backward_listeners: list[Callable[[Any], None]] = field(default_factory=list)
    memory: MemoryMeter = field(init=False)

    def __post_init__(self) -> None:
        self.memory = MemoryMeter(self.limits.max_memory)  # the process now is the zero

    def backward_finished(self, record: Any) -> None:
        for listener in self.backward_listeners:
            listener(record)


current = Runtime()


@contextmanager
def activated(runtime: Runtime) -> Iterator[Runtime]:
    """Make `runtime` the engine's state until the block ends (then the previous one again).
    inf and nan are values in torch's arithmetic, never numpy warnings: numpy is told so
    here once, not with an errstate around every op."""
    global current
    previous, current = current, runtime
    try:
        with np.errstate(all="ignore"):
            yield runtime
    finally:
        current = previous


def is_grad_enabled() -> bool:
    return current.grad_enabled
