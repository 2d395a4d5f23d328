"""A computation graph (gradcli.events.results.Graph) as a standalone SVG picture.

One box per tensor and per grad_fn node, values flowing down: leaves (blue) with their data
and .grad, each grad_fn node (rounded, grey) with its op, output shape and line, a named
result (green) or a non-leaf that retain_grad() keeps (violet) under the node that made it;
saved tensors that a backward freed make a node's border red and dashed. The sympy check's
verdict stands beside each .grad. A legend on top. No system binary, no network: the layout
is gradcli.report.svg_layout's.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gradcli.events.results import Graph, GraphNode
from gradcli.report.render_graph import left_out_line
from gradcli.report.svg_layout import Layout, layered_layout
from gradcli.report.svg_text import (
    LINE_HEIGHT,
    clipped,
    svg_document,
    text_width,
    xml_text,
)
from gradcli.report.text import compact

LINE_CHARS = 46  # a box's lines are cut here; the box's tooltip has them whole
VALUE_CHARS = 60  # a matrix row may be longer: cut, its columns would not line up
PAD = 8.0
MARGIN = 16.0

KIND = "gradcli-graph"  # the <svg>'s class, which scopes its style
STYLE = """<style>
svg.gradcli-graph text{white-space:pre}
svg.gradcli-graph .box text{dominant-baseline:middle}
svg.gradcli-graph .head{font-weight:bold}
svg.gradcli-graph .dim{fill:#555}
svg.gradcli-graph .ok{fill:#12813a;font-weight:bold}
svg.gradcli-graph .bad{fill:#c62828;font-weight:bold}
svg.gradcli-graph .freed{fill:#c62828}
svg.gradcli-graph .module{fill:#8a5a00}
svg.gradcli-graph .edge{fill:none;stroke:#7a8594;stroke-width:1.3}
svg.gradcli-graph .arrow{fill:#7a8594}
</style>"""

# box kind -> (fill, stroke, corner radius)
LOOKS = {
    "leaf": ("#dbeafe", "#1d4ed8", 3),
    "result": ("#ecfccb", "#4d7c0f", 3),
    "retained": ("#fae8ff", "#a21caf", 3),
    "op": ("#f4f6f8", "#64748b", 12),
}
CHECK_MARKS = {True: ("✓ sympy", "ok"), False: ("✗ sympy disagrees", "bad")}


@dataclass
class Box:
    ident: str
    kind: str  # a key of LOOKS
    lines: list[tuple[str, str]]  # (text, css class)
    freed: bool = False
    root: bool = False
    tooltip: list[str] = field(default_factory=list)

    @property
    def size(self) -> tuple[float, float]:
        widest = max(text_width(text) for text, _ in self.lines)
        return widest + 2 * PAD, len(self.lines) * LINE_HEIGHT + PAD


def graph_svg(graph: Graph) -> str:
    """The whole picture: legend, boxes, edges, and a note when the graph was cut."""
    boxes, edges = graph_boxes(graph)
    layout = layered_layout({b.ident: b.size for b in boxes}, edges)
    legend, legend_height = _legend(max(layout.width, 560.0))
    top = MARGIN + legend_height + 12
    body = [STYLE, *legend, f'<g transform="translate({MARGIN:.0f},{top:.0f})">']
    body += _edges(layout)
    body += [_box_svg(box, layout) for box in boxes]
    body.append("</g>")
    height = top + layout.height + MARGIN
    if graph.left_out:
        body.append(_line(MARGIN, height + 4, left_out_line(graph), "bad"))
        height += LINE_HEIGHT + 4
    width = max(layout.width, 560.0) + 2 * MARGIN
    names = ", ".join(name for name, _ in graph.roots)
    return svg_document(width, height, body, f"gradcli: the graph of {names}", KIND)


# ---- boxes -----------------------------------------------------------------------------


def graph_boxes(graph: Graph) -> tuple[list[Box], list[tuple[str, str]]]:
    """The boxes and the edges between them (from input to consumer); a loop's folded steps
    (GraphNode.run) are one box."""
    roots = {key: name for name, key in reversed(graph.roots)}
    boxes: list[Box] = []
    into: dict[int, str] = {}  # node key -> the box its inputs flow into
    out: dict[int, str] = {}  # node key -> the box its value flows out of
    for node in graph.nodes:
        if node.run:
            boxes.append(_run_box(node))
            into[node.key] = out[node.key] = boxes[-1].ident
            continue
        if node.kind == "AccumulateGrad":
            boxes.append(_tensor_box(f"n{node.key}", "leaf", node, node.name or roots.get(
                node.key) or "leaf", "leaf · AccumulateGrad"))
            boxes[-1].root = node.key in roots
            into[node.key] = out[node.key] = boxes[-1].ident
            continue
        boxes.append(_op_box(node))
        into[node.key] = out[node.key] = boxes[-1].ident
        name = node.retains_grad or node.name or roots.get(node.key)
        if name:
            kind = "retained" if node.retains_grad else "result"
            note = "non-leaf · retain_grad()" if node.retains_grad else "non-leaf"
            boxes.append(_tensor_box(f"t{node.key}", kind, node, name, note))
            boxes[-1].root = node.key in roots
            out[node.key] = boxes[-1].ident
    edges = [(into[node.key], out[node.key]) for node in graph.nodes]
    edges += [(out[child], into[node.key]) for node in graph.nodes for child in node.children]
    return boxes, [edge for edge in dict.fromkeys(edges) if edge[0] != edge[1]]


def _run_box(node: GraphNode) -> Box:
    head, _, ops = node.run.partition(" of ")  # `… 197 more steps` / `of Mul ← Add`
    lines = [(head, "head"), (f"of {ops}" if ops else "one after another", "dim"),
             (f"line {node.line}: {node.source}", "dim")]
    return Box(f"n{node.key}", "op", _clip(lines), node.saved == "freed",
               tooltip=[text for text, _ in lines])


def _tensor_box(ident: str, kind: str, node: GraphNode, name: str, note: str) -> Box:
    lines = [(f"{name}  {list(node.shape)}", "head"), (note, "dim")]
    if node.value is not None:
        lines += _value_lines("data", node.value)
    if kind == "result":
        lines.append((".grad None (a non-leaf)", "dim"))
    else:
        lines += _value_lines("grad", node.grad)
        if node.checked in CHECK_MARKS:
            lines.append(CHECK_MARKS[node.checked])
        elif node.grad is not None:
            lines.append((f"not checked: {node.unchecked}" if node.unchecked else "not checked",
                          "dim"))
    return Box(ident, kind, _clip(lines), tooltip=[text for text, _ in lines])


def _value_lines(label: str, data: object) -> list[tuple[str, str]]:
    """`data [[1, 2],` / `      [3, 4]]`: a matrix one row per line, as torch prints it (a
    long one keeps its first rows and its last, as compact elides)."""
    rows = compact(data, rows=True).split("\n")
    indent = " " * (len(label) + 1)
    lines = [f"{label} {rows[0]}"] + [indent + row for row in rows[1:]]
    return [(clipped(line, VALUE_CHARS), "value") for line in lines]


def _op_box(node: GraphNode) -> Box:
    lines = [(node.kind, "head"), (f"→ {list(node.shape)}", "dim")]
    if node.module:
        lines.append((f"in {node.module}", "module"))
    if node.line is not None:
        lines.append((f"line {node.line}: {node.source}", "dim"))
    saved = ", ".join(node.saved_what) or "tensors"
    if node.saved == "freed":
        lines.append((f"saved {saved}: freed", "freed"))
    elif node.saved == "kept":
        lines.append((f"saved {saved}", "dim"))
    tooltip = [text for text, _ in lines]
    return Box(f"n{node.key}", "op", _clip(lines), node.saved == "freed", tooltip=tooltip)


def _clip(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(text if style == "value" else clipped(text, LINE_CHARS), style)
            for text, style in lines]


# ---- drawing ---------------------------------------------------------------------------


def _box_svg(box: Box, layout: Layout) -> str:
    place = layout.boxes[box.ident]
    fill, stroke, radius = LOOKS[box.kind]
    dash = ' stroke-dasharray="5 3"' if box.freed else ""
    stroke = "#c62828" if box.freed else stroke
    width = 2.6 if box.root else 1.3
    parts = [f'<g class="box {box.kind}" data-id="{box.ident}">',
             f"<title>{xml_text(chr(10).join(box.tooltip))}</title>",
             f'<rect x="{place.x:.1f}" y="{place.y:.1f}" width="{place.width:.1f}" '
             f'height="{place.height:.1f}" rx="{radius}" fill="{fill}" stroke="{stroke}" '
             f'stroke-width="{width}"{dash}/>']
    for i, (text, style) in enumerate(box.lines):
        y = place.y + PAD / 2 + (i + 0.5) * LINE_HEIGHT
        parts.append(_line(place.x + PAD, y, text, style))
    parts.append("</g>")
    return "".join(parts)


def _line(x: float, y: float, text: str, style: str) -> str:
    css = f' class="{style}"' if style else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{css}>{xml_text(text)}</text>'


def _edges(layout: Layout) -> list[str]:
    """Each edge a curve from the bottom of its input to the top of its consumer, through
    its points in the layers between; where several meet a box they are spread along it."""
    pairs = [(a, b) for a, b, _ in layout.routes]
    starts, ends = _spread(layout, pairs, outgoing=True), _spread(layout, pairs, outgoing=False)
    drawn = []
    for i, (_, _, between) in enumerate(layout.routes):
        points = [starts[i], *between, ends[i]]
        path = f"M{points[0][0]:.1f},{points[0][1]:.1f}"
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            middle = (y0 + y1) / 2
            path += f" C{x0:.1f},{middle:.1f} {x1:.1f},{middle:.1f} {x1:.1f},{y1:.1f}"
        x, y = ends[i]
        drawn.append(f'<path class="edge" d="{path}"/>'
                     f'<path class="arrow" d="M{x - 4:.1f},{y - 7:.1f} L{x + 4:.1f},'
                     f'{y - 7:.1f} L{x:.1f},{y:.1f} Z"/>')
    return drawn


def _spread(layout: Layout, edges: list[tuple[str, str]], outgoing: bool
            ) -> list[tuple[float, float]]:
    """Where each edge leaves (bottom edge) or enters (top edge) its box."""
    by_box: dict[str, list[int]] = {}
    for i, (a, b) in enumerate(edges):
        by_box.setdefault(a if outgoing else b, []).append(i)
    spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(edges)
    for ident, indices in by_box.items():
        place = layout.boxes[ident]
        other = [layout.boxes[edges[i][1] if outgoing else edges[i][0]] for i in indices]
        indices = [i for _, i in sorted(zip([o.x + o.width / 2 for o in other], indices))]
        span = min(place.width * 0.6, 24.0 * (len(indices) - 1))
        y = place.y + place.height if outgoing else place.y
        for n, i in enumerate(indices):
            offset = span * (n / (len(indices) - 1) - 0.5) if len(indices) > 1 else 0.0
            spots[i] = (place.x + place.width / 2 + offset, y)
    return spots


# ---- legend ----------------------------------------------------------------------------

LEGEND = [  # (swatch: a box kind, or a text style; freed; meaning)
    ("leaf", False, "leaf tensor: data, .grad"),
    ("result", False, "named result (non-leaf)"),
    ("retained", False, "non-leaf kept by retain_grad()"),
    ("op", False, "grad_fn node: op, shape, line"),
    ("op", True, "saved tensors freed by backward"),
    ("ok", False, "✓ sympy agrees with .grad"),
    ("bad", False, "✗ sympy disagrees"),
    ("dim", False, "values flow down, backward runs up"),
]


def _legend(width: float) -> tuple[list[str], float]:
    """Swatches and marks with their meaning, wrapped to `width`; its height."""
    parts, x, y = [], MARGIN, MARGIN
    for kind, freed, text in LEGEND:
        swatch = kind in LOOKS
        item_width = (28 if swatch else 0) + text_width(text) + 24
        if x + item_width > width + MARGIN and x > MARGIN:
            x, y = MARGIN, y + LINE_HEIGHT + 8
        if swatch:
            fill, stroke, radius = LOOKS[kind]
            stroke = "#c62828" if freed else stroke
            dash = ' stroke-dasharray="4 2"' if freed else ""
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="22" height="14" '
                         f'rx="{min(radius, 6)}" fill="{fill}" stroke="{stroke}"{dash}/>')
        parts.append(_line(x + (28 if swatch else 0), y + 11, text, "" if swatch else kind))
        x += item_width
    return parts, y + LINE_HEIGHT - MARGIN
