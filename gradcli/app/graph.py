"""The computation graph a session left behind, as plain data: nodes named by the script.

Built from the tensors (their grad_fn chains) and the interpreter's record of which line
built each node; rendered as a tree or as Graphviz DOT by gradcli.report.render_graph.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gradcli.engine.type_names import type_name
from gradcli.events.exit_status import ExitStatus
from gradcli.events.results import Graph, GraphNode, NoGraph
from gradcli.report.graph_runs import fold_runs
from gradcli.sandbox.provenance import Provenance, graph_nodes

MAX_NODES = 400  # beyond this the graph is cut; the count of what was left out is kept
MAX_WALKED = 20_000  # nodes read before folding a loop's steps (past them, only counted)
MAX_PICTURES = 12  # run --html draws the graph after this many backward calls at most
SUMMARISED = 1000  # a value or .grad of more elements is kept as its summary, as torch prints it


def session_graph(session: Any, of: str | None = None) -> Graph:
    """The graph of variable `of`, or of every tensor that no other variable's graph uses,
    in `session` (an app Session) as it stands."""
    variables, provenance = session.variables, session.interpreter.provenance
    names = _Names(variables, session.interpreter.name_of)
    from gradcli.engine.tensor import Tensor
    from gradcli.events.encode import repl_text

    if of is not None:
        value = variables.get(of)
        if of not in variables:
            raise NoGraph(f"`{of}` is not defined when the script ends", ExitStatus.INVALID)
        if not isinstance(value, Tensor):
            shown = repl_text(value)
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            raise NoGraph(f"`{of}` is not a tensor when the script ends: it is {shown}",
                          ExitStatus.INVALID)
        if not value.requires_grad:
            raise NoGraph(f"`{of}` does not require grad: no graph records how it was made",
                          ExitStatus.MISMATCH)
        return _build({of: value}, names, provenance)
    outputs = _outputs(variables)
    if not outputs:
        raise NoGraph("no variable holds a tensor with a grad_fn: nothing was computed from a "
                      "tensor that requires grad", ExitStatus.MISMATCH)
    return _build(outputs, names, provenance)


def graph_after_each_pass(session: Any, graphs: dict[int, Graph]) -> None:
    """Have `session` put into `graphs`, after each backward/autograd.grad call, the graph of
    the tensors it started from (by the call's number), for the first MAX_PICTURES calls:
    the pictures of `run --html`. A listener that only runs when asked for."""
    runtime = session.interpreter.runtime

    def taken(record: Any) -> None:
        if len(graphs) >= MAX_PICTURES:
            runtime.backward_listeners.remove(taken)
            return
        names = _Names(session.variables, session.interpreter.name_of)
        roots = {(names.of(t) or f"the tensor #{i + 1} it ran from"): t
                 for i, t in enumerate(record.roots)}
        try:
            graph = _build(roots, names, session.interpreter.provenance)
        except Exception:  # a picture missing from the report must not change the run
            return
        graphs[session.result.summary.backward] = graph

    runtime.backward_listeners.append(taken)


def _outputs(variables: dict[str, Any]) -> dict[str, Any]:
    """Variables whose grad_fn no other variable's graph reaches: the ends of the graph."""
    from gradcli.engine.tensor import Tensor

    tensors = {name: v for name, v in variables.items()
               if isinstance(v, Tensor) and v.grad_fn is not None}
    below: set[int] = set()
    for node in graph_nodes(t.grad_fn for t in tensors.values()):
        below.update(id(e) for e in getattr(node, "next", ()) if e is not None)
    ends: dict[str, Any] = {}
    for name, t in tensors.items():
        if id(t.grad_fn) not in below and all(v.grad_fn is not t.grad_fn for v in ends.values()):
            ends[name] = t
    return ends


def _build(roots: dict[str, Any], names: _Names, provenance: Provenance) -> Graph:
    """The graph below `roots`, a loop's repeated steps folded, then cut at MAX_NODES."""
    starts = [t.grad_fn if t.grad_fn is not None else _accumulator(t) for t in roots.values()]
    order: list[Any] = []
    left_out = 0
    for node in graph_nodes(starts):
        if len(order) < MAX_WALKED:
            order.append(node)
        else:
            left_out += 1
    keys = {id(node): i for i, node in enumerate(order)}
    nodes = [_node(i, node, keys, names, provenance) for i, node in enumerate(order)]
    graph = Graph([(name, keys[id(s)]) for name, s in zip(roots, starts)], nodes, left_out)
    return _cut(fold_runs(graph))


def _cut(graph: Graph) -> Graph:
    """At most MAX_NODES nodes, nearest the roots first; the leaves and roots beyond that are
    kept all the same (a cut graph still shows what its gradients flow to)."""
    if len(graph.nodes) <= MAX_NODES:
        return graph
    roots = {key for _, key in graph.roots}
    kept = [node for node in graph.nodes if node.key < MAX_NODES or node.key in roots
            or node.kind == "AccumulateGrad"]
    new_key = {node.key: i for i, node in enumerate(kept)}
    nodes = [replace(node, key=new_key[node.key],
                     children=tuple(new_key[c] for c in node.children if c in new_key))
             for node in kept]
    return Graph([(name, new_key[key]) for name, key in graph.roots], nodes,
                 graph.left_out + len(graph.nodes) - len(kept))


def _accumulator(tensor: Any) -> Any:
    from gradcli.engine.tensor import accumulator

    return accumulator(tensor)


def _node(key: int, node: Any, keys: dict[int, int], names: _Names,
          provenance: Provenance) -> GraphNode:
    children = tuple(keys[id(e)] for e in getattr(node, "next", ()) if e is not None
                     and id(e) in keys)
    if hasattr(node, "variable"):  # AccumulateGrad: the leaf itself
        leaf = node.variable
        return GraphNode(key, "AccumulateGrad", names.of_leaf(leaf), tuple(leaf.data.shape), None,
                         "",
                         "none", (), None, _data(leaf.data), _grad(leaf), children)
    origin = provenance.origin_of(node)
    saved = "freed" if node.saved is None else ("kept" if node.saved_refs else "none")
    retained = node.retained
    output = names.output_of(node)
    return GraphNode(
        key, node.op.grad_fn, names.of_node(node), tuple(node.out_shape),
        origin.line if origin else None, origin.source if origin else "", saved,
        tuple(names.saved(ref) for ref in node.saved_refs),
        (names.of(retained) or "a tensor") if retained is not None else None,
        value=_data(output.data) if output is not None else None,
        grad=_grad(retained) if retained is not None else None, children=children,
        module=names.of_module(provenance.module_of(node)))


class _Names:
    """The script's names for tensors and nodes."""

    def __init__(self, variables: dict[str, Any],
                 name_of: Callable[[Any], str | None] = lambda value: None):
        self.name_of = name_of  # the interpreter's: `model.0.weight`, `params[0]`
        from gradcli.engine.tensor import Tensor

        self.by_tensor: dict[int, str] = {}
        self.by_node: dict[int, str] = {}
        self.outputs: dict[int, Any] = {}  # a node's named result, for its value
        self.modules: dict[int, str] = {}  # id(module) -> of_module's text, found once
        for name, value in variables.items():
            if isinstance(value, Tensor):
                self.by_tensor.setdefault(id(value), name)
                if value.grad_fn is not None:
                    self.by_node.setdefault(id(value.grad_fn), name)
                    self.outputs.setdefault(id(value.grad_fn), value)

    def of(self, tensor: Any) -> str | None:
        return self.by_tensor.get(id(tensor))

    def of_leaf(self, tensor: Any) -> str | None:
        """A leaf by the name its gradient row has: a variable, else `model.0.weight`."""
        return self.of(tensor) or self.name_of(tensor)

    def of_node(self, node: Any) -> str | None:
        return self.by_node.get(id(node))

    def of_module(self, module: Any) -> str:
        """`model.0 · Linear`, or the class alone for a module the script never named."""
        if module is None:
            return ""
        if id(module) not in self.modules:
            name = self.name_of(module)
            self.modules[id(module)] = f"{name} · {type_name(module)}" if name else \
                type_name(module)
        return self.modules[id(module)]

    def output_of(self, node: Any) -> Any:
        return self.outputs.get(id(node))

    def saved(self, ref: Any) -> str:
        """A saved tensor by its variable, else by its role, as PyTorch's `_saved_self` (a
        custom Function's ctx.save_for_backward keeps tensors of no role: `saved tensor`)."""
        named = self.of(ref.tensor)
        if named:
            return named
        if ref.index < 0:
            return "result" if ref.output_of is not None else "saved tensor"
        return ("self", "other")[ref.index] if ref.index < 2 else f"input {ref.index}"


def _data(array: Any) -> Any:
    """Nested lists; a large tensor's summary (shape, range, mean, first elements) instead."""
    from gradcli.events.encode import data_of, summarise

    return summarise(array) if array.size > SUMMARISED else data_of(array)


def _grad(tensor: Any) -> Any:
    grad = getattr(tensor, "_grad", None)  # not .grad: reading it may warn, as in PyTorch
    return None if grad is None else _data(grad.data)
