"""What `--explain` notes about a training loop, beyond any error: gradients carried from one
optimizer step into the next (no zero_grad() between), a step with no gradients at all, a
parameter the loss never reaches or no optimizer holds, Dropout still training under no_grad.

The interpreter keeps one Watch per session (CURRENT while it runs); the optimizers and
Dropout tell it what they do, backward passes tell it which leaves they reached. A note goes
out as a warning of the category FINDING, which the interpreter turns into a FindingEvent at
the current line, once per line and text.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.errors import warn
from gradcli.engine.tensor import Parameter
from gradcli.events.events import FINDING


class Watch:
    def __init__(self, name_of: Callable[[Any], str | None]):
        self.name_of = name_of
        self.steps = 0  # optimizer steps so far, of any optimizer
        self.fresh_at: dict[int, int] = {}  # id(leaf) -> steps when its .grad last started
        self.optimized: dict[int, Any] = {}  # id(param) -> param, of every optimizer
        self.reached: dict[int, Parameter] = {}  # Parameters backward reached since a step

    def pass_finished(self, record: Any) -> None:
        """A backward pass: which leaves started a new .grad, which Parameters it reached."""
        for touched in record.touched:
            leaf = touched.tensor
            if touched.before is None or not touched.before.any():
                self.fresh_at[id(leaf)] = self.steps
            if isinstance(leaf, Parameter):
                self.reached[id(leaf)] = leaf

    def start(self) -> None:
        """The session's script runs now: optimizers and dropout report to this watch."""
        global CURRENT
        CURRENT = self

    @staticmethod
    def stop() -> None:
        global CURRENT
        CURRENT = None

    def names(self, tensors: list) -> str:
        named = [self.name_of(t) for t in tensors]
        shown = [f"`{n}`" for n in named if n][:4]
        rest = len(tensors) - len(shown)
        return ", ".join(shown + ([f"{rest} more"] if rest else [])) or "its parameters"


CURRENT: Watch | None = None


def optimizer_made(params: list) -> None:
    if CURRENT is not None:
        CURRENT.optimized.update((id(p), p) for p in params)


def optimizer_step(params: list) -> None:
    """Before an optimizer's step: what its parameters' gradients say about the loop."""
    watch = CURRENT
    if watch is None:
        return
    with_grad = [p for p in params if p.grad is not None]
    if not with_grad:
        warn(f"optimizer.step() ran with no gradients: none of {watch.names(params)} has a "
             ".grad yet, so the step changed nothing; call loss.backward() before "
             "optimizer.step()", FINDING)
    carried = [p for p in with_grad if watch.fresh_at.get(id(p), watch.steps) < watch.steps]
    if carried:
        warn(f"optimizer.step() applied gradients carried over from an earlier step: "
             f"{watch.names(carried)} kept adding up every backward() since (no zero_grad() "
             "between the steps); call optimizer.zero_grad() before loss.backward() in each "
             "step", FINDING)
    unreached = [p for p in params if p.grad is None and p.requires_grad]
    if with_grad and unreached:
        warn(f"{watch.names(unreached)} still have no .grad after backward(): the loss does "
             "not depend on them (they are not in its graph), so optimizer.step() leaves "
             "them unchanged", FINDING)
    outside = [p for key, p in watch.reached.items() if key not in watch.optimized]
    if outside:
        warn(f"{watch.names(outside)} get gradients from backward() but are in no optimizer:"
             " optimizer.step() never changes them; give them to the optimizer, or set "
             "requires_grad=False", FINDING)
    watch.steps += 1
    watch.reached.clear()


def dropout_forward(module: Any, p: float, training: bool) -> None:
    """Dropout still in training mode while gradients are off: an evaluation gone random."""
    if CURRENT is None or not training or p == 0 or runtime.current.grad_enabled:
        return
    name = CURRENT.name_of(module)
    which = f"`{name}`, a Dropout layer (p={p})," if name else f"a Dropout layer (p={p})"
    warn(f"{which} is in training mode under torch.no_grad(): this evaluation zeroes "
         "activations at random; call model.eval() before evaluating, and model.train() "
         "before training again", FINDING)
