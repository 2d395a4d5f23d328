"""Loops whose number of items is known when they start: their cost foreseen, not waited for.

A `for` loop over a range, list, tuple, str or dict, and a list, set or dict comprehension,
knows how many times it will run. When nothing but running out of items (or an error) can
end it, its steps are at least one per item (two for a `for` loop: the iteration and its
first statement): beyond the step budget it is refused before its first item. And after
its first items, their time foretells the rest's: a loop that cannot finish in the time
left ends then, not when the time is up.
"""
from __future__ import annotations

import ast
import time
from collections.abc import Iterator

from gradcli.engine.limits import Limits, limit_message
from gradcli.engine.runtime import Runtime
from gradcli.sandbox.limits import LimitHit

# A loop is refused when its foreseen time exceeds the time left by this factor: its first
# items may include one-time costs (a first allocation), so the forecast can run high.
MARGIN = 1.5
MEASURED = 0.5  # seconds of a loop's running, at least, that a rate is taken from
EXITS = (ast.Break, ast.Return, ast.Raise)
NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def ends_only_by_its_items(body: list[ast.stmt]) -> bool:
    """Whether a loop with this body can end only by running out of items or by an error:
    no `break` of its own, no `return` or `raise` (a nested function's do not count)."""
    pending: list[tuple[ast.AST, bool]] = [(s, False) for s in body]
    while pending:
        node, in_inner_loop = pending.pop()
        if isinstance(node, NESTED_SCOPES):
            continue
        if isinstance(node, (ast.Return, ast.Raise)):
            return False
        if isinstance(node, ast.Break) and not in_inner_loop:
            return False
        inner = in_inner_loop or isinstance(node, (ast.For, ast.While))
        pending.extend((child, inner) for child in ast.iter_child_nodes(node))
    return True


def refuse_steps(limits: Limits, executed: int, items: int, each: int, what: str) -> None:
    """Refuse a loop of `items` items, each at least `each` steps, beyond the step budget."""
    if executed + items * each > limits.max_steps:
        raise LimitHit(limit_message(
            limits, "max_steps", f"by {what} of {items:,} items, each at least {each} "
            f"step{'s' if each > 1 else ''} (foreseen before its first item)"))


class Forecast:
    """The time of one running loop of `total` items, foretold from its items after the first
    (the first pays one-time costs: a training loop's first step imports sympy and derives
    its formulas, seconds where later steps take milliseconds). `due(n)` says when to look
    again: after each of the first 1,024 items (a clock read is ~0.1 us, and loops that run
    out of time have slow items), then every 256; `next_look(n)` is the next n it is due at."""

    __slots__ = ("runtime", "total", "what", "started", "mark_time", "mark_n", "checked_before")

    def __init__(self, runtime: Runtime, total: int, what: str):
        self.runtime, self.total, self.what = runtime, total, what
        self.started = self.mark_time = time.monotonic()  # (until the first item is done)
        self.mark_n = 0  # the items done at mark_time
        self.checked_before = 0.0  # the gradient check's seconds when the first item was done

    @staticmethod
    def due(n: int) -> bool:
        return n <= 1024 or not n & 255

    @staticmethod
    def next_look(n: int) -> int:
        """The first count of items done after n at which `due` holds (n ≥ 1)."""
        return n + 1 if n < 1024 else (n | 255) + 1

    def look(self, done: int) -> None:
        """`done` items are done: refuse the rest if, at the rate of the items since the
        first or of the latest half or more (the faster: only a loop that cannot finish even
        so is ended early), they cannot finish. Rates are taken only over MEASURED seconds
        and two items or more: one item may be far slower than the others (a lazy import, a
        pass of the garbage collector)."""
        now = time.monotonic()
        if done == 1:  # the rate is measured from here
            self.started = self.mark_time = now
            self.mark_n = 1
            self.checked_before = self.runtime.check_seconds
            return
        measured = done - 1
        if measured < 2 or now - self.started < MEASURED:
            return
        rate = (now - self.started) / measured
        since = done - self.mark_n  # items since the mark, which moves on as `done` doubles
        if since >= max(2, self.mark_n // 2) and now - self.mark_time >= MEASURED:
            rate = min(rate, (now - self.mark_time) / since)
        if done >= 2 * self.mark_n:
            self.mark_time, self.mark_n = now, done
        needed, left = rate * (self.total - done), self.runtime.seconds_left()
        if needed > MARGIN * max(left, 0.0):
            raise LimitHit(limit_message(
                self.runtime.limits, "max_seconds",
                f"by {self.what}: at the rate of its items after the first "
                f"(~{rate:.2g} s each) the other {self.total - done:,} need ~{needed:,.0f} s, "
                f"and {max(left, 0):.1f} s are left{self._check_share(now, needed, left)}"))

    def _check_share(self, now: float, needed: float, left: float) -> str:
        """What part of the items' time the gradient check took, and whether the loop would
        finish without it: a long training loop's time may be mostly the check's."""
        share = min((self.runtime.check_seconds - self.checked_before) / (now - self.started),
                    1.0)
        if share < 0.25:
            return ""
        without = needed * (1 - share)
        fits = " and fit" if without <= max(left, 0.0) else ""
        return (f"; the gradient check took {share:.0%} of its items' time: with --no-check "
                f"the rest would need ~{without:,.0f} s{fits}")


def watched(items: Iterator, forecast: Forecast) -> Iterator:
    """The items, the forecast told of each one done."""
    done = 0
    for item in items:
        yield item
        done += 1
        if forecast.due(done):
            forecast.look(done)
