"""Where the graph came from: the script line that built each node, freed it, or wrote a tensor."""
from __future__ import annotations

import ast
from array import array
from bisect import bisect_right
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from gradcli.engine import autograd
from gradcli.engine.tensor import Tensor

WRITES_KEPT = 32  # in-place writes remembered per tensor memory: enough to find the culprit
MEMORIES_KEPT = 4096  # tensor memories whose writes are remembered, the most recent ones
TENSORS_WATCHED = 64  # items of one list/tuple whose versions a statement snapshots


@dataclass(frozen=True, eq=False)
class Origin:
    """One statement of the script: its line, its text and its syntax tree."""

    line: int
    source: str
    node: ast.stmt | None = None


@dataclass(frozen=True)
class FreedBy:
    """The backward pass that freed a node's saved tensors."""

    call: int  # 1-based, as the gradient tables number them
    origin: Origin


def graph_nodes(starts: Iterable[Any]) -> Iterator[Any]:
    """Every node reachable from `starts` (grad_fn nodes and AccumulateGrad), breadth first,
    each once, without recursion (graphs can be thousands of nodes deep)."""
    seen: set[int] = set()
    queue = deque(n for n in starts if n is not None)
    while queue:
        node = queue.popleft()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        queue.extend(e for e in getattr(node, "next", ()) if e is not None)


class Provenance:
    """Records, cheaply while the script runs, what the explanations need afterwards.

    Which statement built a node: every statement takes a number from the engine's node
    sequence as it starts, so a node's `seq` falls between its statement's number and the
    next one. Only statements that built something are kept.
    """

    __slots__ = ("_starts", "_origins", "_current_start", "current", "passes", "_freeing",
                 "_writes", "_sequence", "_scope_starts", "_scopes", "_scope_stack")

    def __init__(self) -> None:
        self._starts = array("q")  # sequence numbers at which kept statements started
        self._origins: list[Origin] = []
        self._current_start = -2
        self.current: Origin | None = None  # the statement running now (or last)
        self.passes = 0
        self._freeing: dict[int, FreedBy] = {}  # the engine's pass number -> the pass, here
        # id(storage) -> (storage, writes): kept alive so that the id stays its own
        self._writes: OrderedDict[int, tuple[Any, deque]] = OrderedDict()
        self._sequence = autograd._sequence
        # Which module call built a node, the same way: the sequence number at which the
        # innermost module call changed, and that module (None: the script's own code).
        self._scope_starts = array("q")
        self._scopes: list[Any] = []
        self._scope_stack: list[Any] = []

    # -- while the script runs (every statement: keep it cheap) ----------------------------
    def statement_started(self, origin: Origin) -> None:
        # NOTE: taking a number leaves a gap in the engine's sequence; the engine only
        # compares sequence numbers, so gaps change nothing.
        start = next(self._sequence)
        if start != self._current_start + 1 and self.current is not None:
            self._starts.append(self._current_start)  # the previous statement built nodes
            self._origins.append(self.current)
        self._current_start = start
        self.current = origin

    def entered(self, module: Any) -> None:
        """A module's call starts: the nodes built until it ends, or until a module it calls
        starts, are its."""
        self._scope_stack.append(module)
        self._scope_changed(module)

    def left(self) -> None:
        self._scope_stack.pop()
        self._scope_changed(self._scope_stack[-1] if self._scope_stack else None)

    def _scope_changed(self, scope: Any) -> None:
        start = next(self._sequence)
        if self._scope_starts and self._scope_starts[-1] == start - 1:
            self._scopes[-1] = scope  # nothing was built in the one before: forget it
            self._scope_starts[-1] = start
        else:
            self._scope_starts.append(start)
            self._scopes.append(scope)

    def pass_finished(self, number: int) -> None:
        """After each backward pass (the engine's pass `number`): which statement ran it. The
        nodes it freed carry the number (Node.freed_in): nothing to walk here."""
        self.passes += 1
        self._freeing[number] = FreedBy(self.passes, self.current or Origin(0, ""))

    def freed_by(self, node: Any) -> FreedBy | None:
        """The backward pass that freed the node's saved tensors (None: none did, or one that
        failed half-way)."""
        return self._freeing.get(getattr(node, "freed_in", None))

    def versions(self, values: Iterable[Any]) -> list[tuple[Any, int]]:
        """(memory, version) of every tensor among `values`, of their .grad, and of tensors
        in lists among them: a snapshot to compare after a statement that may write."""
        snapshot = []
        for tensor in _tensors(values):
            snapshot.append((tensor._storage, tensor._storage.version))
            grad = tensor._grad
            if grad is not None:
                snapshot.append((grad._storage, grad._storage.version))
        return snapshot

    def note_writes(self, before: list[tuple[Any, int]], origin: Origin) -> None:
        for storage, version in before:
            if storage.version == version:
                continue
            entry = self._writes.get(id(storage))
            if entry is None:
                entry = self._writes[id(storage)] = (storage, deque(maxlen=WRITES_KEPT))
                if len(self._writes) > MEMORIES_KEPT:
                    self._writes.popitem(last=False)
            writes = entry[1]
            if not writes or writes[-1][1] != storage.version:  # `a = a` lists it twice
                writes.append((version, storage.version, origin))

    # -- afterwards -------------------------------------------------------------------------
    def origin_of(self, node: Any) -> Origin | None:
        """The statement that built `node` (None for AccumulateGrad, or unknown)."""
        seq = getattr(node, "seq", None)
        if seq is None or seq < 0:
            return None
        if self.current is not None and seq > self._current_start:
            return self.current
        i = bisect_right(self._starts, seq) - 1
        return self._origins[i] if i >= 0 else None

    def module_of(self, node: Any) -> Any:
        """The innermost module whose call built `node` (None: the script's own code)."""
        seq = getattr(node, "seq", None)
        if seq is None or seq < 0:
            return None
        i = bisect_right(self._scope_starts, seq) - 1
        return self._scopes[i] if i >= 0 else None

    def written(self, storage: Any, since_version: int) -> Origin | None:
        """The statement whose in-place write took this memory past `since_version`."""
        entry = self._writes.get(id(storage))
        if entry is None or entry[0] is not storage:
            return None
        for before, after, origin in entry[1]:
            if before <= since_version < after:
                return origin
        return None


def _tensors(values: Iterable[Any]) -> Iterator[Any]:
    for v in values:
        if isinstance(v, Tensor):
            yield v
        elif type(v) in (list, tuple):
            yield from (item for item in v[:TENSORS_WATCHED] if isinstance(item, Tensor))


def may_write_in_place(node: ast.stmt) -> bool:
    """Whether a simple statement can modify a tensor in place: `a += b`, `a[i] = b`,
    `a.data = b`, or a call of an in-place method (`mul_`, `zero_`, ...)."""
    if isinstance(node, (ast.For, ast.If, ast.With, ast.Try)):
        return False  # their statements are watched one by one
    if isinstance(node, ast.AugAssign) or isinstance(node, ast.AnnAssign) and \
            not isinstance(node.target, ast.Name):
        return True
    if isinstance(node, ast.Assign) and any(
            not isinstance(t, (ast.Name, ast.Tuple, ast.List)) for t in node.targets):
        return True
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
               and n.func.attr.endswith("_") and not n.func.attr.startswith("_")
               for n in ast.walk(node))


def names_in(node: ast.AST) -> tuple[str, ...]:
    """The variable names a statement mentions, in order of first appearance."""
    found = sorted((n for n in ast.walk(node) if isinstance(n, ast.Name)),
                   key=lambda n: (n.lineno, n.col_offset))
    return tuple(dict.fromkeys(n.id for n in found))
