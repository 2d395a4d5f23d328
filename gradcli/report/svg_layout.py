"""A layered (Sugiyama-style) layout of a small DAG, in pure Python, for the graph pictures.

Layers by longest path from the sinks (the tensors backward starts from), so every box sits
one layer above its nearest consumer; edges across several layers get invisible points in
each layer between, so that ordering and routing see them; the order within each layer by
barycenter sweeps (fewer crossings); x by repeatedly pulling each box toward the mean of its
neighbours, keeping order and spacing (averaging a left-packed and a right-packed placement,
both valid, keeps the constraints and balances the row).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

H_GAP = 28.0  # between boxes in a layer
V_GAP = 56.0  # between layers, room for the edges
DUMMY_WIDTH = 10.0
SWEEPS = 8  # barycenter passes, each down then up
PULLS = 12  # x-placement passes


@dataclass
class Placed:
    """A box's top-left corner and size (dummies have no height)."""

    x: float
    y: float
    width: float
    height: float


@dataclass
class Layout:
    boxes: dict[str, Placed]
    routes: list[tuple[str, str, list[tuple[float, float]]]]  # (from, to, points between)
    width: float
    height: float


@dataclass
class _Dag:
    sizes: dict[str, tuple[float, float]]
    edges: list[tuple[str, str]]
    succ: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    pred: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))


def layered_layout(sizes: dict[str, tuple[float, float]], edges: list[tuple[str, str]]
                   ) -> Layout:
    """Place boxes (`sizes`: id -> (width, height), in insertion order) with `edges` pointing
    downward, sources on top. The graph must be acyclic (an autograd graph is)."""
    dag = _Dag(sizes, [(a, b) for a, b in edges if a in sizes and b in sizes and a != b])
    chains = _split_long_edges(dag, _layers(dag))
    rows = _order(dag, chains.layer)
    xs = _place_x(dag, rows)
    tops, heights = _row_tops(dag, rows)
    boxes = {}
    for r, row in enumerate(rows):
        for node in row:
            if node in sizes:
                w, h = sizes[node]
                boxes[node] = Placed(xs[node] - w / 2, tops[r] + (heights[r] - h) / 2, w, h)
    routes = []
    for a, b, dummies in chains.routes:
        points = []
        for d in dummies:
            r = chains.layer_row[d]
            points += [(xs[d], tops[r]), (xs[d], tops[r] + heights[r])]
        routes.append((a, b, points))
    width = max((p.x + p.width for p in boxes.values()), default=0.0)
    height = tops[-1] + heights[-1] if rows else 0.0
    return Layout(boxes, routes, width, height)


def _layers(dag: _Dag) -> dict[str, int]:
    """Longest distance to a sink, counted from the sinks (Kahn's order on the reverse)."""
    for a, b in dag.edges:
        dag.succ[a].append(b)
        dag.pred[b].append(a)
    waiting = {n: len(set(dag.succ[n])) for n in dag.sizes}
    ready = [n for n, count in waiting.items() if count == 0]
    layer = dict.fromkeys(ready, 0)
    while ready:
        node = ready.pop()
        for p in set(dag.pred[node]):
            layer[p] = max(layer.get(p, 0), layer[node] + 1)
            waiting[p] -= 1
            if waiting[p] == 0:
                ready.append(p)
    for n in dag.sizes:  # (a cycle, which autograd never makes: its nodes go on top)
        layer.setdefault(n, max(layer.values(), default=0) + 1)
    return layer


@dataclass
class _Chains:
    layer: dict[str, int]  # every node, dummies included
    layer_row: dict[str, int]  # row index from the top
    routes: list[tuple[str, str, list[str]]]


def _split_long_edges(dag: _Dag, layer: dict[str, int]) -> _Chains:
    """Replace each edge spanning k > 1 layers by a chain through k-1 dummies."""
    top = max(layer.values(), default=0)
    layer = dict(layer)
    dag.succ, dag.pred = defaultdict(list), defaultdict(list)
    routes = []
    for i, (a, b) in enumerate(dag.edges):
        path = [a]
        for step, level in enumerate(range(layer[a] - 1, layer[b], -1)):
            dummy = f"\0{i}.{step}"
            layer[dummy] = level
            path.append(dummy)
        path.append(b)
        for u, v in zip(path, path[1:]):
            dag.succ[u].append(v)
            dag.pred[v].append(u)
        routes.append((a, b, path[1:-1]))
    return _Chains(layer, {n: top - level for n, level in layer.items()}, routes)


def _order(dag: _Dag, layer: dict[str, int]) -> list[list[str]]:
    """Rows from the top; within each, an order with few crossings."""
    top = max(layer.values(), default=-1)
    rows: list[list[str]] = [[] for _ in range(top + 1)]
    for node in _first_seen(dag, layer):
        rows[top - layer[node]].append(node)
    for _ in range(SWEEPS):
        for r in range(1, len(rows)):
            rows[r] = _by_barycenter(rows[r], rows[r - 1], dag.pred)
        for r in range(len(rows) - 2, -1, -1):
            rows[r] = _by_barycenter(rows[r], rows[r + 1], dag.succ)
    return rows


def _first_seen(dag: _Dag, layer: dict[str, int]) -> list[str]:
    """Nodes depth first from the sinks, following inputs in order: a starting order that
    keeps a node's inputs together."""
    seen: dict[str, None] = {}
    sinks = [n for n in layer if not dag.succ[n]]
    stack = list(reversed(sinks))
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen[node] = None
        stack.extend(reversed(dag.pred[node]))
    seen.update(dict.fromkeys(layer))
    return list(seen)


def _by_barycenter(row: list[str], fixed: list[str], links: dict[str, list[str]]) -> list[str]:
    where = {n: i for i, n in enumerate(fixed)}

    def center(item: tuple[int, str]) -> float:
        i, node = item
        spots = [where[m] for m in links[node] if m in where]
        return sum(spots) / len(spots) if spots else float(i) * len(fixed) / max(len(row), 1)

    return [n for _, n in sorted(enumerate(row), key=lambda item: (center(item), item[0]))]


def _width(dag: _Dag, node: str) -> float:
    return dag.sizes[node][0] if node in dag.sizes else DUMMY_WIDTH


def _place_x(dag: _Dag, rows: list[list[str]]) -> dict[str, float]:
    """Box centres: packed, then pulled toward their neighbours a few times."""
    xs: dict[str, float] = {}
    for row in rows:
        xs.update(zip(row, _packed(dag, row, [0.0] * len(row), from_left=True)))
    for _ in range(PULLS):
        for row in rows:
            wanted = [_mean([xs[m] for m in dag.pred[n] + dag.succ[n]], xs[n]) for n in row]
            left = _packed(dag, row, wanted, from_left=True)
            right = _packed(dag, row, wanted, from_left=False)
            xs.update(zip(row, [(a + b) / 2 for a, b in zip(left, right)]))
    low = min((xs[n] - _width(dag, n) / 2 for n in xs), default=0.0)
    return {n: x - low for n, x in xs.items()}


def _packed(dag: _Dag, row: list[str], wanted: list[float], from_left: bool) -> list[float]:
    """Centres as near `wanted` as the order and spacing allow, pushing one way."""
    order = range(len(row)) if from_left else range(len(row) - 1, -1, -1)
    xs = list(wanted)
    previous = None
    for i in order:
        if previous is not None:
            gap = (_width(dag, row[previous]) + _width(dag, row[i])) / 2 + H_GAP
            xs[i] = max(xs[i], xs[previous] + gap) if from_left else min(xs[i], xs[previous] - gap)
        previous = i
    return xs


def _mean(values: list[float], default: float) -> float:
    return sum(values) / len(values) if values else default


def _row_tops(dag: _Dag, rows: list[list[str]]) -> tuple[list[float], list[float]]:
    heights = [max((dag.sizes[n][1] for n in row if n in dag.sizes), default=0.0)
               for row in rows]
    tops, y = [], 0.0
    for h in heights:
        tops.append(y)
        y += h + V_GAP
    return tops, heights
