"""What the commands hand the renderers besides events: a batch's runs, a one-shot gradient,
a session's graph. Plain data, so the renderers never import the application layer."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from gradcli.events.events import (
    UNCHECKED_REASONS,
    ErrorEvent,
    GradRow,
    InvalidEvent,
    SessionResult,
    unchecked_reason,
)
from gradcli.events.exit_status import STATUS_EXIT, ExitStatus
from gradcli.events.expectations import Expectation, verdict


@dataclass(frozen=True)
class ScriptRun:
    path: str
    result: SessionResult
    seconds: float
    expected: Expectation | None = None  # the script's `# gradcli: expect ...`

    @property
    def outcome(self) -> str:
        """`ok` when the script ended as it declared; see expectations.verdict."""
        return verdict(self.result, self.expected)


def unfinished_run(path: str, kind: str, message: str, seconds: float = 0.0) -> ScriptRun:
    """The run of a script that never finished: interrupted, or its worker died."""
    result = SessionResult(path, "")
    result.events.append(ErrorEvent(None, kind, message))
    return ScriptRun(path, result, seconds)


@dataclass(frozen=True)
class Partial:
    """∂f/∂wrt: the engine's value beside sympy's formula and value."""

    wrt: str
    shape: tuple[int, ...]
    formula: list[str] | None  # sympy's derivative, per element
    sympy: Any  # its value (nested lists or a number); None when not checked
    engine: Any  # the engine's .grad
    match: bool | None
    method: str
    note: str = ""


@dataclass
class GradResult:
    expression: str
    at: dict[str, Any]
    dtype: str
    value: Any = None  # the expression's value (a number, or nested lists)
    partials: list[Partial] = field(default_factory=list)
    problem: InvalidEvent | ErrorEvent | None = None  # located in `expression` when it can be
    status: str = "ok"  # as the output contract: ok, mismatch, invalid, error

    @property
    def exit_code(self) -> ExitStatus:
        return STATUS_EXIT[self.status]


@dataclass(frozen=True)
class GraphNode:
    key: int  # position in Graph.nodes
    kind: str  # PyTorch's class name: "PowBackward0", "AccumulateGrad"
    name: str | None  # the variable this node's tensor is bound to (a leaf's, for AccumulateGrad)
    shape: tuple[int, ...]
    line: int | None  # the line that built it (None for a leaf's AccumulateGrad)
    source: str
    saved: str  # "kept", "freed" or "none" (the node saved nothing)
    saved_what: tuple[str, ...]  # what it saved, by the script's names: ("x", "its result")
    retains_grad: str | None  # name of the non-leaf whose .grad it keeps (retain_grad())
    value: Any = None  # a leaf's or named non-leaf's data (nested lists, or a summary)
    grad: Any = None  # a leaf's or retained tensor's .grad (nested lists), None when None
    children: tuple[int, ...] = ()  # next_functions, in order
    checked: bool | None = None  # whether sympy agreed with .grad (None: not checked)
    run: str = ""  # a loop's folded steps this node stands for: `… 197 more MulBackward0`
    module: str = ""  # the module call that built it: `model.0 · Linear` ("": the script's code)
    unchecked: str = ""  # why `checked` is None for a .grad it holds (UNCHECKED_REASONS' words)


@dataclass
class Graph:
    roots: list[tuple[str, int]]  # (variable, node key) of each tensor drawn
    nodes: list[GraphNode] = field(default_factory=list)
    left_out: int = 0  # nodes cut off beyond the size cap (app/graph.py MAX_NODES)


def mark_checked(graph: Graph, rows: Iterable[GradRow]) -> Graph:
    """`graph` with each tensor's sympy verdict from a backward's rows: a leaf's or retained
    tensor's, when the row's .grad is the one the graph holds (a later reset makes it stale);
    and, for a .grad with no verdict, why."""
    last = {row.name: row for row in rows}

    def marked(node: GraphNode) -> GraphNode:
        name = node.name if node.kind == "AccumulateGrad" else node.retains_grad
        if node.grad is None or not name:
            return node
        row = last.get(name)
        if row is None or row.grad != node.grad:
            return replace(node, unchecked="no checked backward made it")
        if row.match is None:
            why = unchecked_reason(row)
            return replace(node, unchecked=UNCHECKED_REASONS.get(why, why))
        return replace(node, checked=row.match)

    return Graph(graph.roots, [marked(node) for node in graph.nodes], graph.left_out)


class NoGraph(Exception):
    """There is nothing to draw; the message says why (and exit_code what kind of problem)."""

    def __init__(self, message: str, exit_code: ExitStatus):
        super().__init__(message)
        self.message, self.exit_code = message, exit_code
