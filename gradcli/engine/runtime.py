"""One run's engine state, in one object: what PyTorch keeps per process (grad mode, the default
generator) and what gradcli adds (limits and the memory meter, the forward trace for the check,
who hears of each backward pass, injected faults, writes hidden from autograd).

The engine reads `runtime.current`. A session makes its own Runtime and activates it while its
code runs, so two sessions in one process never see each other's state; outside every
session, `current` is a fresh default one.
"""
from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import dtypes
from .dtypes import DType
from .errors import TorchError
from .limits import Limits, MemoryMeter, limit_message
from .rng import Generator

FAULT_MODES = ("scale", "element")


@dataclass(frozen=True)
class Faults:
    """Wrong gradients on purpose, to prove that the check catches them (GRADCLI_FAULT): every
    node whose grad_fn is named in `names` passes on wrong gradients. Mode `scale` (the
    default) passes on 1.5 times the right ones; mode `element` (GRADCLI_FAULT_MODE) only
    corrupts the last element of each, to `1.5 * v + 1`: a check that samples misses it."""

    names: frozenset[str] = frozenset()
    mode: str = "scale"

    @classmethod
    def from_environment(cls) -> Faults:
        names = os.environ.get("GRADCLI_FAULT", "").replace(" ", "").split(",")
        mode = os.environ.get("GRADCLI_FAULT_MODE", "").strip() or "scale"
        if mode not in FAULT_MODES:
            raise ValueError(f"GRADCLI_FAULT_MODE={mode!r}: use one of {', '.join(FAULT_MODES)}")
        return cls(frozenset(filter(None, names)), mode)

    def corrupt(self, grad: Any) -> Any:
        """A gradient as the faulty node passes it on. (Under create_graph it is a Tensor:
        scaled in both modes.) A Function's output slot only routes its gradient to the
        Function's node (a Slotted, with `grads`), which corrupts what it passes on."""
        if isinstance(getattr(grad, "grads", None), list):
            return grad
        if self.mode == "scale" or not isinstance(grad, np.ndarray):
            return grad * 1.5
        flat = np.array(grad, copy=True).reshape(-1)
        if flat.size:
            flat[-1] = 1.5 * flat[-1] + 1
        return flat.reshape(np.shape(grad))


@dataclass
class PrintOptions:
    """torch.set_printoptions' settings (torch's PRINT_OPTS), one per session."""

    precision: int = 4
    threshold: float = 1000  # more elements than this -> summarize
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None  # None: chosen from the values


@dataclass(eq=False)
class Runtime:
    limits: Limits = field(default_factory=Limits)
    tracing: bool = False  # record every op for the check (engine/trace.py)
    # while a custom Function's forward runs (grad mode off): its ops' records, for the check
    forward_recorder: Any = None
    faults: Faults = field(default_factory=Faults)
    grad_enabled: bool = True  # torch.is_grad_enabled()
    inference_mode: bool = False  # torch.is_inference_mode_enabled(): new tensors are
    # inference tensors (storage.InferenceStorage)
    generator: Generator = field(default_factory=Generator)  # seeded at random, as torch's
    # torch.set_default_dtype's: factories' floats, Python floats meeting integer tensors
    default_dtype: DType = dtypes.float32
    # the torch.func transforms running, outermost first (transforms.TransformLevel): what
    # torch would wrap inside them, for functorch's refusals (backward() is one)
    transforms: list = field(default_factory=list)
    # inside torch.autograd.forward_ad.dual_level(): its api.forward_ad.DualLevel (tangents)
    dual: Any = None
    # id(a torch.func transform's own input) -> (weak references to it and to the script's
    # tensor it stands for (the check names its gradient's row after that one), the
    # transform call whose leaf it is (weakly too), or None for a view of the caller's tensor)
    stand_ins: dict = field(default_factory=dict)
    hidden_writes: bool = False  # whether any memory was ever written through `.data`
    # the .grad transformations of known functions (clip_grad_norm_, clip_grad_value_) made
    # while tracing, in order (trace.GradTransform): the check carries checked gradients on
    grad_transforms: list = field(default_factory=list)
    # the operand tensors of Python numbers (tensor.wrapped_number), and their Saved records
    wrapped_numbers: dict = field(default_factory=dict)
    number_saves: dict = field(default_factory=dict)
    print_options: PrintOptions = field(default_factory=PrintOptions)
    # torch.autograd.graph.saved_tensors_hooks in force: (pack, unpack) pairs, innermost last
    saved_hooks: list = field(default_factory=list)
    # what the script assigned to objects every session shares (torch's classes, the torch
    # namespaces): {shared object: {name: value}}, read before the object's own table, so
    # that `nn.Linear.forward = f` holds in this session only and the object is never written
    patches: dict = field(default_factory=dict)
    # anomaly mode (torch.autograd.set_detect_anomaly): on, and whether backward checks for
    # nan; the node whose gradient was nan, for the explanation of the error
    anomaly_enabled: bool = False
    anomaly_check_nan: bool = True
    nan_node: Any = None
    # called with each backward pass's autograd.PassRecord, in order (the provenance of the
    # language's explanations, then the check)
    backward_listeners: list[Callable[[Any], None]] = field(default_factory=list)
    # called with each tangent forward AD gave that the script read (autograd.TangentRead):
    # the check compares it with sympy's Jacobian-vector product
    tangent_listeners: list[Callable[[Any], None]] = field(default_factory=list)
    # told as each nn.Module call starts and ends (`entered(module)`, `left()`: the sandbox's
    # Provenance), so that a picture names the module call that built each node
    module_calls: Any = None
    memory: MemoryMeter = field(init=False)
    deadline: float = field(init=False)  # time.monotonic() past which the run must stop
    # work done inside one statement (graph nodes visited by backward, items a builtin walks):
    # counted against the step budget apart from the statements, so that one call can't run
    # for ever within its single step
    work: int = field(init=False)
    # tensors made and tensors read as Python values: the clock is read every TICK_EVERY + 1,
    # so that loops in C over tensors (any(), sorted(), map(abs, ...)) end by the time limit
    ticks: int = 0

    def __post_init__(self) -> None:
        self.memory = MemoryMeter(self.limits.max_memory)  # the process now is the zero
        self.start_budgets()

    def start_budgets(self, origin: float | None = None) -> None:
        """The time limit and the work budget start now, or at `origin` (time.monotonic()),
        when a run starts or a REPL input."""
        self.deadline = (time.monotonic() if origin is None else origin) + self.limits.max_seconds
        self.work = 0
        # of the time since, what the gradient check took (a loop the time limit ends early
        # says the check's part of its items' time)
        self.check_seconds = 0.0

    def count_work(self, n: int, where: str, unit: str) -> None:
        """`n` units of work (`unit`: "graph node visited") were done `where` ("in backward()"),
        or are about to be. Callers count in chunks of hundreds; the clock is read with each."""
        self.expect_work(n, where, unit)
        self.work += n
        self.check_clock(where)

    def expect_work(self, n: int, where: str, unit: str) -> None:
        """Refuse `n` units of work about to be done if they would take the work over the
        step budget: `sum([x] * 10**8)` ends before its first addition."""
        if self.work + n > self.limits.max_steps:
            raise TorchError("LimitExceeded", limit_message(
                self.limits, "max_steps", f"{where}, where each {unit} counts as a step"))

    def tick(self) -> None:
        """One small unit of tensor work was done (a tensor made, one read as a bool)."""
        self.ticks += 1
        if not self.ticks & TICK_EVERY:
            self.check_clock()

    def seconds_left(self) -> float:
        return self.deadline - time.monotonic()

    def check_clock(self, context: str = "") -> None:
        """Raise LimitExceeded once the time limit is over. Reading the clock costs ~50 ns:
        loops call this every few hundred steps, not every step."""
        if time.monotonic() > self.deadline:
            raise TorchError("LimitExceeded", limit_message(self.limits, "max_seconds", context))

    def foresee(self, elements: int, itemsize: int, what: str) -> None:
        """Before an op allocates `elements` of `itemsize` bytes, its result or a temporary
        proportional to a product of sizes (`what`: "F.one_hot's result"): refuse what the
        element limit or the memory limit could not hold, rather than find out after."""
        self.limits.check_elements(elements, what)
        self.memory.foresee(elements * itemsize, what)

    def backward_finished(self, record: Any) -> None:
        for listener in self.backward_listeners:
            listener(record)

    def project(self, done: int, total: int, started: float, what: str) -> None:
        """`done` of the `total` items of one call (`what`: "sum() of 9,999,999 items") took
        the time since `started`: refuse the rest at once if, at that rate, it cannot finish
        in the time left, rather than find out when the time is up."""
        if not 0 < done < total:
            return
        elapsed, left = time.monotonic() - started, self.seconds_left()
        needed = elapsed / done * (total - done)
        if needed > left:
            raise TorchError("LimitExceeded", limit_message(
                self.limits, "max_seconds",
                f"by {what}: at the rate of its first {done:,} the rest needs ~{needed:.0f} s, "
                f"more than the {max(left, 0):.1f} s left"))

    def check_flops(self, flops: int, what: str) -> None:
        """Refuse a kernel that cannot finish in the time left, before running it; one big
        enough to be worth timing reads the clock too (a loop of them would else run for
        1,024 steps before the interpreter looks)."""
        if flops < TIMED_FLOPS:
            return
        self.check_clock()
        if flops > self.seconds_left() * FLOPS_PER_SECOND:
            raise TorchError("LimitExceeded", limit_message(
                self.limits, "max_seconds",
                f"by {what}: {flops:,} floating-point operations cannot finish in the "
                f"{max(self.seconds_left(), 0):.1f} s left at {FLOPS_PER_SECOND:.0e} flop/s"))


# A conservative rate for numpy's matrix products on a small machine (measured: 2-5e10 flop/s
# for float64 on two cores), and the size from which a kernel's time is worth estimating.
FLOPS_PER_SECOND = 1e10
TIMED_FLOPS = 10**7
TICK_EVERY = 1023  # a tensor op costs microseconds: 1,024 of them take milliseconds

def process_started() -> float:
    """When this process started, on time.monotonic()'s scale (Linux; elsewhere: now). Python
    and gradcli's imports take a second or more on a loaded machine."""
    now = time.monotonic()
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: ticks since boot
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):
        return now
    return now - min(max(age, 0.0), 60.0)


# Outside any run (a library import, a report rendered after the run): no clock, no budget.
current = IDLE = Runtime(Limits(max_seconds=math.inf))


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


def default_dtype() -> DType:
    """torch.get_default_dtype(): this session's."""
    return current.default_dtype
