"""A loop's repeats in a graph, folded once for every drawing (tree, DOT, SVG): a path of steps
of up to MAX_PERIOD ops, each step built by the same lines (`y = y * 1.01 + 0.1` 200 times),
keeps its first and last steps and, between them, one node that stands for the rest
(GraphNode.run: `… 197 more steps of MulBackward0 ← AddBackward0`).

The path runs through nodes that feed only the next step, carry no name, and have one input
that is not a leaf (the leaves beside it, a weight used every step, are drawn at the ends)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from gradcli.events.results import Graph, GraphNode

MAX_PERIOD = 4  # ops per step at most
MIN_FOLDED = 3  # nodes at least between the two ends for a fold to be worth its box


@dataclass(frozen=True)
class Run:
    keys: tuple[int, ...]  # the folded nodes, nearest the root first
    step: tuple[GraphNode, ...]  # one step's nodes, as the first folded step has them
    after: int  # the node the path goes on to below the fold

    @property
    def steps(self) -> int:
        return len(self.keys) // len(self.step)

    def describe(self) -> str:
        """`… 198 more MulBackward0`; of steps of several ops, `… 198 more steps of
        AddBackward0 ← MulBackward0` (the drawings add the line)."""
        if len(self.step) == 1:
            return f"… {self.steps} more {self.step[0].kind}"
        return f"… {self.steps} more steps of {' ← '.join(node.kind for node in self.step)}"


def graph_runs(graph: Graph) -> dict[int, Run]:
    """Each folded node's key -> its run."""
    roots = {key for _, key in graph.roots}
    consumers: dict[int, int] = {}
    for node in graph.nodes:
        for child in node.children:
            consumers[child] = consumers.get(child, 0) + 1
    onward = {node.key: _onward(graph, node, roots, consumers) for node in graph.nodes}
    below = {child for child in onward.values() if child is not None}
    runs: dict[int, Run] = {}
    for node in graph.nodes:
        if onward[node.key] is None or node.key in below:
            continue  # not the top of a path
        path = [node.key]
        while onward[path[-1]] is not None:
            path.append(onward[path[-1]])
        for run in _folds(graph, path):
            runs.update(dict.fromkeys(run.keys, run))
    return runs


def _onward(graph: Graph, node: GraphNode, roots: set[int], consumers: dict[int, int]
            ) -> int | None:
    """The next node down the path from `node`, or None where a path cannot go on."""
    if node.kind == "AccumulateGrad" or node.line is None or node.name or node.retains_grad \
            or consumers.get(node.key, 0) > 1:
        return None
    inner = [child for child in node.children if graph.nodes[child].kind != "AccumulateGrad"]
    if len(inner) != 1:
        return None
    child = graph.nodes[inner[0]]
    if child.name or child.retains_grad or child.key in roots or consumers.get(child.key) != 1:
        return None
    return child.key


def _folds(graph: Graph, path: list[int]) -> list[Run]:
    """The repeats along one path, greedily from its top: at each place the period (1 to
    MAX_PERIOD ops) that repeats the most nodes."""
    signature = [(graph.nodes[key].kind, graph.nodes[key].line) for key in path]
    runs, i = [], 0
    while i < len(path):
        best_period, best_steps = 1, 1
        for period in range(1, MAX_PERIOD + 1):
            steps = 1
            while i + (steps + 1) * period <= len(path) and \
                    signature[i + steps * period:i + (steps + 1) * period] == \
                    signature[i:i + period]:
                steps += 1
            if steps * period > best_steps * best_period:
                best_period, best_steps = period, steps
        folded = path[i + best_period:i + (best_steps - 1) * best_period]
        if len(folded) >= MIN_FOLDED and i + best_steps * best_period <= len(path):
            after = path[i + (best_steps - 1) * best_period]
            runs.append(Run(tuple(folded), tuple(graph.nodes[k] for k in folded[:best_period]),
                            after))
            i += best_steps * best_period
        else:
            i += 1
    return runs


def fold_runs(graph: Graph) -> Graph:
    """`graph` with each run's nodes replaced by one node (its key the run's first), keyed
    afresh; the leaves the folded steps used stay its children."""
    runs = graph_runs(graph)
    if not runs:
        return graph
    kept = [node for node in graph.nodes if node.key not in runs or runs[node.key].keys[0]
            == node.key]
    new_key = {node.key: i for i, node in enumerate(kept)}
    for key, run in runs.items():
        new_key[key] = new_key[run.keys[0]]
    nodes = []
    for node in kept:
        if node.key in runs:
            node = _run_node(runs[node.key], graph)
        children = tuple(dict.fromkeys(new_key[child] for child in node.children))
        nodes.append(replace(node, key=new_key[node.key], children=children))
    roots = [(name, new_key[key]) for name, key in graph.roots]
    return Graph(roots, nodes, graph.left_out)


def _run_node(run: Run, graph: Graph) -> GraphNode:
    """One node for the run: the step's first op, what it stands for, and the path below it
    (with the leaves the folded steps used)."""
    leaves = dict.fromkeys(child for key in run.keys for child in graph.nodes[key].children
                           if graph.nodes[child].kind == "AccumulateGrad")
    first = run.step[0]
    freed = any(graph.nodes[key].saved == "freed" for key in run.keys)
    return replace(first, saved="freed" if freed else "none", saved_what=(), value=None,
                   children=(run.after, *leaves), run=run.describe())
