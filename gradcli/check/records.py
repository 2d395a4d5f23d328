"""The forward records as the check walks them: create_graph stand-ins, bottom-up traversal,
the leaves below a root, and writes through `.data` behind the records' backs."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gradcli.engine import trace
from gradcli.engine.trace import Opaque

MAX_REPLAY_RECORDS = 20_000


class TooLarge(Exception):
    """sympy cannot (or should not) take this on: the caller falls back or says why."""


class NotReplayable(TooLarge):
    """The records hold an Opaque value: no replay, symbolic or numeric, can follow it."""


@dataclass
class Derived:
    """A gradient made under create_graph=True: on the check side it *is* sympy's derivative,
    so a second derivative differentiates sympy's first one, never the engine's VJPs."""

    exprs: np.ndarray
    value: np.ndarray
    depth = trace.UNKNOWN_DEPTH  # (a record the engine's depth cannot see through: walked)
    leaves: list = field(default_factory=list)  # the Leaf records its symbols stand for
    # the gradient of a retained intermediate: (id of its record, exprs in its cut symbols),
    # for a pass that cuts it again (y.grad.sum().backward() reaches y through y.grad)
    cut: tuple | None = None
    # autograd.grad's result with respect to an intermediate: (its record, its cut symbols,
    # exprs in them), for a replay to put in what *it* makes of the intermediate (a second
    # grad with respect to the same or another intermediate below: hessian of a view)
    through: tuple | None = None

    def exprs_for(self, cuts: dict) -> np.ndarray:
        return self.cut[1] if self.cut is not None and self.cut[0] in cuts else self.exprs


def post_order(root, evaluate, is_input=lambda record: False, values: dict | None = None):
    """Evaluate the records under `root` bottom-up with an explicit stack (graphs are deep):
    `evaluate(record, values)` sees its arguments' values in `values`, keyed by id (pass
    `values` to keep them all). Records for which `is_input` holds are evaluated without
    looking below them."""
    values = {} if values is None else values
    stack = [(root, False)]
    while stack:
        record, expanded = stack.pop()
        key = id(record)
        if key in values:
            continue
        args = getattr(record, "args", ())
        if expanded or not args or is_input(record):
            values[key] = evaluate(record, values)
            continue
        stack.append((record, True))
        stack.extend((a, False) for a in args if id(a) not in values)
    return values[id(root)]


def reverse_topological(roots, stops: frozenset = frozenset(), remember: bool = True) -> list:
    """The records under the roots, each after every record that reads it; what is under a
    record in `stops` (by id) is left out. Without stops the last roots' order is kept: the
    structured path and the matrix form both ask for it (records never change once made;
    the order is only read)."""
    roots = tuple(roots)
    remember = remember and not stops
    last_roots, last_order = _LAST_ORDER
    if remember and len(roots) == len(last_roots) and all(
            a is b for a, b in zip(roots, last_roots)):
        return last_order
    order, seen = [], set()
    for root in roots:
        stack = [(root, False)]
        while stack:
            r, expanded = stack.pop()
            if expanded:
                order.append(r)
                continue
            if id(r) in seen:
                continue
            seen.add(id(r))
            stack.append((r, True))
            if id(r) not in stops:
                stack.extend((a, False) for a in getattr(r, "args", ()) if id(a) not in seen)
    order.reverse()
    if remember:
        _LAST_ORDER[:] = [roots, order]  # (which keeps the roots, and so their ids, alive)
    return order


_LAST_ORDER: list = [(), []]  # [roots, reverse_topological's order under them]


def leaf_records(root) -> list:
    """Every Leaf record the root depends on, found with an explicit stack."""
    return _scan(root)[0]


def input_elements(root) -> int:
    """How many elements the graph's inputs (leaves and constants) hold together."""
    return _scan(root)[1]


def _scan(root) -> tuple[list, int]:
    """The leaves under root and its inputs' elements; the last root's are kept, as a pass
    asks for both (records never change once made)."""
    if _LAST_SCAN[0] is root:
        return _LAST_SCAN[1]
    _LAST_SCAN[:] = [root, _walk(root)]
    return _LAST_SCAN[1]


_LAST_SCAN: list = [None, None]  # [root, what _walk found under it]


def require_replayable_size(roots) -> None:
    """TooLarge, at once, for a root whose depth alone shows more than MAX_REPLAY_RECORDS
    records under it: what walking the graph would find (the depth is known only for graphs
    of ops, leaves and constants, where the walk can raise nothing else)."""
    for root in roots:
        if getattr(root, "depth", trace.UNKNOWN_DEPTH) >= MAX_REPLAY_RECORDS:
            # (depth ops on a path, and the leaf or constant below them: one more record)
            raise TooLarge(f"more than {MAX_REPLAY_RECORDS:,} recorded ops")


def _walk(root) -> tuple[list, int]:
    require_replayable_size((root,))
    seen, out, stack, elements = set(), [], [root], 0
    while stack:
        r = stack.pop()
        if id(r) in seen:
            continue
        seen.add(id(r))
        if len(seen) > MAX_REPLAY_RECORDS:
            raise TooLarge(f"more than {MAX_REPLAY_RECORDS:,} recorded ops")
        if isinstance(r, (trace.Leaf, trace.Const)):
            elements += r.value.array.size
        if isinstance(r, trace.Leaf):
            out.append(r)
        if isinstance(r, Opaque):
            raise NotReplayable(r.reason)
        stack.extend(r.leaves if isinstance(r, Derived) else getattr(r, "args", ()))
    return out, elements


def graph_key(roots, targets, name_of: Callable, remember: bool = True) -> tuple:
    """The graph's structure: each record's op, params and inputs (by position in a walk), the
    leaves' names and shapes, the targets; a loop's every step gives the same key. What a
    matrix form depends on (matrix_form.py), and what sympy's budget refused (checker.py)."""
    order = reverse_topological(roots, remember=remember)  # (remember: the last roots' order)
    if len(order) > 5000:
        raise TooLarge("too many records to key the graph by")
    index: dict = {}
    parts: list = []
    for r in reversed(order):  # (each record's inputs before it)
        index[id(r)] = len(parts)
        parts.append(_record_key(r, [index[id(a)] for a in getattr(r, "args", ())], name_of))
    wanted = tuple(_target_key(t, index) for t in targets)
    return tuple(parts), tuple(index[id(r)] for r in roots), wanted


def _record_key(r, args: list, name_of: Callable) -> tuple:
    if isinstance(r, trace.OpRecord):
        return (r.op.name, _params_key(r.params), tuple(args))
    value = input_value(r)
    if isinstance(r, trace.Leaf):
        return ("leaf", name_of(r.tensor), np.shape(value))
    shown = float(np.reshape(value, -1)[0]) if isinstance(r, trace.Const) and \
        np.size(value) == 1 else None
    return (type(r).__name__, np.shape(value), shown)  # a Const, a Derived gradient, an Opaque


def _params_key(params: dict) -> tuple:
    if not params:
        return ()
    return tuple(sorted((k, _param_key(v)) for k, v in params.items()))


def _param_key(value):
    """A param as part of a key: a number, a string or a tuple of them as it is (with their
    types: 1 and 1.0 are two keys, as their reprs are), an array by its shape, anything else
    by its repr (building reprs was most of what keying an LSTM's 700 records a step cost)."""
    if isinstance(value, np.ndarray):
        return ("array", np.shape(value))
    if type(value) in _PLAIN:
        return type(value), value
    if type(value) is tuple and all(type(v) in _PLAIN for v in value):
        return tuple, value, tuple(type(v) for v in value)
    return repr(value)


_PLAIN = frozenset({int, float, bool, str, type(None)})


def _target_key(t, index: dict) -> tuple:
    record = getattr(t.tensor, "_record", None)
    # (whether it has a grad_fn, read without asking the tensor for it: asking rebases a view
    # written through its base, which is the script's to do, not the check's)
    return (id(record) in index and index[id(record)],
            not isinstance(record, (trace.OpRecord, Derived)))


def input_value(r):
    value = getattr(r, "value", None)
    return getattr(value, "array", value)


class Remembered:
    """Values worked out from recorded inputs, kept while those inputs are unchanged (the key
    names them by identity and version): a loop's repeated passes over the same inputs
    (retain_graph, steps without updates) reuse them. An entry keeps alive what its key's ids
    name, so that no id is reused while it is kept."""

    def __init__(self, size: int = 16):
        self.size, self.entries = size, {}

    def get(self, key, alive, compute: Callable[[], Any]) -> Any:
        hit = self.entries.get(key)
        if hit is None:
            hit = self.entries[key] = (compute(), alive)
            while len(self.entries) > self.size:
                self.entries.pop(next(iter(self.entries)))
        return hit[0]


def inputs_written_behind(roots) -> bool:
    """Whether a leaf or constant the records under `roots` read was written through `.data`
    since: the forward's values then came from memory that no longer holds them."""
    return _written_behind(roots)[0]


def values_written_behind(roots) -> bool:
    """Whether the gradient reads a value the forward computed from a leaf or constant that
    was written through `.data` after (y = x.mm(w); x.data -= ...; (y * y).sum(): the saved y
    is the old product, a replay's the new one). A leaf an op reads itself is its memory, old
    or new, as the replay's."""
    return _written_behind(roots)[1]


def _written_behind(roots) -> tuple[bool, bool]:
    """(an input was written behind, a gradient reads a value computed from one)."""
    found = []

    def stale(record, values) -> bool:
        if isinstance(record, (trace.Leaf, trace.Const)):
            return record.written_behind()
        if isinstance(record, Derived):
            return any(leaf.written_behind() for leaf in record.leaves)
        if not isinstance(record, trace.OpRecord):
            return False
        ins = [values[id(a)] for a in record.args]
        reads = record.op.reads
        if any(s and isinstance(a, trace.OpRecord) and letter in reads
               for letter, a, s in zip("abcd", record.args, ins)) or (any(ins) and "o" in reads):
            found.append(record)
        return any(ins)

    values: dict = {}
    inputs = [post_order(root, stale, values=values) for root in roots]
    return any(inputs), bool(found)


