"""A computation graph (gradcli.events.results.Graph): a rich tree for people, or Graphviz DOT."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gradcli.events.results import Graph, GraphNode
from gradcli.report.inert import inert
from gradcli.report.text import compact

if TYPE_CHECKING:
    from rich.text import Text
    from rich.tree import Tree

MAX_DEPTH = 32  # deeper levels are summarised: a tree indented further is unreadable


# ---- the tree ---------------------------------------------------------------------------


def graph_trees(graph: Graph, max_depth: int = MAX_DEPTH) -> list[Tree]:
    """One tree per root tensor; a node reached again is named, not drawn twice (a loop's
    repeated steps are one node already: report/graph_runs.py)."""
    from rich.tree import Tree

    expanded: set[int] = set()
    trees = []
    for _, key in graph.roots:
        node_label = _Labels()  # per tree: a line's text is quoted at its first node only
        root = Tree(node_label(graph.nodes[key]), guide_style="dim")
        stack: list[tuple[int, Tree, int]] = [(key, root, 0)]
        while stack:  # iterative: graphs can be thousands of nodes deep
            key, tree, depth = stack.pop()
            node = graph.nodes[key]
            if key in expanded:
                tree.label = shared_label(node)
                continue
            expanded.add(key)
            if node.children and depth >= max_depth:
                tree.add(_text("… deeper nodes not shown (gradcli graph --dot draws all)",
                               "dim"))
                continue
            subtrees = [(child, tree.add(node_label(graph.nodes[child]))) for child in
                        node.children]
            stack.extend((child, sub, depth + 1) for child, sub in reversed(subtrees))
        trees.append(root)
    return trees


class _Labels:
    """Node labels for one tree, quoting each line's text at the first node it built (a
    line often builds several)."""

    def __init__(self) -> None:
        self.quoted: set[int | None] = set()

    def __call__(self, node: GraphNode) -> Text:
        label = full_label(node, node.line not in self.quoted)
        self.quoted.add(node.line)
        return label


def depth_for(width: int) -> int:
    """How deep a tree fits a screen `width` wide: each level indents 4 columns, and a label
    needs about 40."""
    return max(6, min(MAX_DEPTH, (width - 40) // 4))


def full_label(node: GraphNode, quote: bool = True) -> Text:
    """`PowBackward0 y [3] · line 3: y = x**2 · saved x (freed)`, in colour on a terminal;
    without `quote`, the line's number alone."""
    if node.run:
        return _text(f"{node.run} from line {node.line}, one after another", "dim")
    label = _text(node.kind, "bold blue" if node.kind == "AccumulateGrad" else "bold")
    if node.name:
        label.append(f" {inert(node.name)}", style="cyan")
    label.append(f" {list(node.shape)}")
    if node.kind == "AccumulateGrad":
        label.append(f" = {compact(node.value)}")
        label.append(f" · grad {compact(node.grad)}", style="green")
        return label
    if node.module:
        label.append(f" · in {inert(node.module)}", style="yellow")
    if node.line is not None:
        text = f": {inert(node.source.splitlines()[0])}" if quote and node.source else ""
        label.append(f" · line {node.line}{text}", style="dim")
    if node.saved == "freed":
        label.append(f" · saved {', '.join(node.saved_what)} (freed)", style="red")
    elif node.saved == "kept":
        label.append(f" · saved {', '.join(node.saved_what)}", style="dim")
    if node.retains_grad:
        label.append(f" · retains_grad: {node.retains_grad}.grad = {compact(node.grad)}",
                     style="magenta")
    return label


def shared_label(node: GraphNode) -> Text:
    named = f" {inert(node.name)}" if node.name else ""
    return _text(f"↑ {node.kind}{named} (shared: drawn above)", "dim")


def _text(text: str, style: str = "") -> Text:
    from rich.text import Text

    return Text(text, style=style)


def left_out_line(graph: Graph) -> str:
    return (f"… and {graph.left_out} more nodes (the graph is cut at {len(graph.nodes)})"
            if graph.left_out else "")


# ---- DOT --------------------------------------------------------------------------------


def graph_dot(graph: Graph) -> str:
    """Graphviz DOT, edges in the direction values flow (leaves on top), as torchviz draws."""
    roots = {key for _, key in graph.roots}
    lines = ["digraph gradcli {",
             '  node [shape=box, style="rounded,filled", fillcolor=white, fontname=Helvetica];']
    for node in graph.nodes:
        lines.append(f"  n{node.key} [label={_quoted(dot_label(node))}{_dot_style(node, roots)}];")
    for node in graph.nodes:
        lines.extend(f"  n{child} -> n{node.key};" for child in node.children)
    if graph.left_out:
        lines.append(f"  // {left_out_line(graph)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot_label(node: GraphNode) -> str:
    if node.run:
        return f"{node.run}\nline {node.line}: {node.source.splitlines()[0]}"
    parts = [node.kind, f"{node.name or ''} {list(node.shape)}".strip()]
    if node.kind == "AccumulateGrad":
        parts += [f"= {compact(node.value)}", f"grad {compact(node.grad)}"]
        return "\n".join(parts)
    if node.module:
        parts.append(f"in {node.module}")
    if node.line is not None:
        parts.append(f"line {node.line}: {node.source.splitlines()[0]}")
    if node.saved != "none":
        freed = " (freed)" if node.saved == "freed" else ""
        parts.append(f"saved {', '.join(node.saved_what)}{freed}")
    if node.retains_grad:
        parts.append(f"retains_grad: {node.retains_grad}.grad = {compact(node.grad)}")
    return "\n".join(parts)


def _dot_style(node: GraphNode, roots: set[int]) -> str:
    if node.kind == "AccumulateGrad":
        return ", fillcolor=lightblue"
    style = ", fillcolor=darkolivegreen1" if node.key in roots else ""
    if node.saved == "freed":
        style += ', style="rounded,filled,dashed", color=red'
    return style


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
