"""What PyTorch's message leaves out: which tensor, which line built the node, and the fix."""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from gradcli.events.events import Clue
from gradcli.sandbox.provenance import Origin, Provenance, graph_nodes, names_in

SECOND_BACKWARD = "backward through the graph a second time"
VERSION_MISMATCH = "has been modified by an inplace operation"
NON_SCALAR = "grad can be implicitly created only for scalar outputs"
NONLEAF_GRAD = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed"
NAN_GRADIENT = "returned nan values in its"
LEAVES_SHOWN = 4  # leaves whose values the nan explanation shows
AUGMENTED = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**",
             ast.MatMult: "@", ast.FloorDiv: "//", ast.Mod: "%"}


@dataclass(frozen=True)
class Explanation:
    clues: tuple[Clue, ...]
    hint: str


@dataclass
class Scene:
    """What an explanation can look at: the script's variables and the recorded history."""

    env: dict[str, Any]
    provenance: Provenance
    statement: Origin | None  # the statement that raised or warned
    nan_node: Any = None  # the node whose gradient anomaly mode found nan in

    def name_of(self, tensor: Any) -> str | None:
        for name, value in self.env.items():
            if value is tensor:
                return name
        return None

    def name_of_node(self, node: Any) -> str | None:
        """`y.grad_fn` when the node is a variable's grad_fn."""
        for name, value in self.env.items():
            if getattr(value, "grad_fn", None) is node:
                return f"{name}.grad_fn"
        return None

    def sharing_memory(self, storage: Any) -> str | None:
        for name, value in self.env.items():
            if getattr(value, "_storage", None) is storage:
                return name
        return None

    def mentioned_tensors(self) -> Iterator[tuple[str, Any]]:
        """(name, tensor) for each variable the statement mentions that holds a tensor."""
        from gradcli.engine.tensor import Tensor

        if self.statement is None or self.statement.node is None:
            return
        for name in names_in(self.statement.node):
            value = self.env.get(name)
            if isinstance(value, Tensor):
                yield name, value

    def describe(self, node: Any) -> str:
        """`PowBackward0 (y.grad_fn)`, or just the class name for an unnamed node."""
        kind = node.op.grad_fn
        named = self.name_of_node(node)
        return f"{kind} ({named})" if named else kind


def explain_error(message: str, scene: Scene) -> Explanation | None:
    for needle, explain in ERRORS.items():
        if needle in message:
            return explain(scene)
    return None


def explain_warning(message: str, scene: Scene) -> Explanation | None:
    return nonleaf_grad(scene) if message.startswith(NONLEAF_GRAD) else None


# ---- the explanations ------------------------------------------------------------------


def second_backward(scene: Scene) -> Explanation | None:
    """The node whose saved tensors are gone, the line that built it, the pass that freed it."""
    roots = [t.grad_fn for _, t in scene.mentioned_tensors() if t.grad_fn is not None]
    node = next((n for n in graph_nodes(roots) if getattr(n, "saved", ()) is None), None)
    if node is None:
        return None
    clues = []
    built = scene.provenance.origin_of(node)
    if built is not None:
        clues.append(Clue(f"{scene.describe(node)} was built at line {built.line}, saving "
                          "tensors for its gradient:", built.line))
    freed = scene.provenance.freed_by(node)
    if freed is None:
        return Explanation(tuple(clues), "pass retain_graph=True to the backward() that ran "
                           "through this graph before, or rebuild the graph")
    clues.append(Clue(f"backward #{freed.call} at line {freed.origin.line} ran through it "
                      "without retain_graph=True and freed them:", freed.origin.line))
    rebuild = f" (run line {built.line} again)" if built is not None else ""
    hint = (f"pass retain_graph=True there (line {freed.origin.line}), or rebuild the "
            f"graph{rebuild} before backward() runs through it again")
    return Explanation(tuple(clues), hint)


def modified_in_place(scene: Scene) -> Explanation | None:
    """Which saved tensor changed after the node saved it, and the line that changed it."""
    roots = [t.grad_fn for _, t in scene.mentioned_tensors() if t.grad_fn is not None]
    for node in graph_nodes(roots):
        for ref in getattr(node, "saved_refs", ()):
            if ref.storage is not None and ref.storage.version != ref.version:
                return _stale(scene, node, ref)
    return None


def _stale(scene: Scene, node: Any, ref: Any) -> Explanation:
    name = (scene.name_of(ref.tensor) if ref.tensor is not None else None) \
        or scene.sharing_memory(ref.storage)
    what = f"`{name}`" if name else ("its output" if ref.index < 0 else "an input")
    clues = []
    built = scene.provenance.origin_of(node)
    where = f" at line {built.line}" if built else ""
    clues.append(Clue(f"{scene.describe(node)} was built{where} and saved {what} at version "
                      f"{ref.version} for its gradient:", built.line if built else None))
    written = scene.provenance.written(ref.storage, ref.version)
    now = ref.storage.version
    if written is None:
        clues.append(Clue(f"{what} was then modified in place (it is at version {now} now)"))
        hint = ("use out-of-place ops on tensors the graph still needs (y = y * 2, not "
                "y *= 2), or modify a .clone()")
        return Explanation(tuple(clues), hint)
    clues.append(Clue(f"line {written.line} modified {what} in place (version {now} now):",
                      written.line))
    return Explanation(tuple(clues), _out_of_place_fix(written, name))


def _out_of_place_fix(written: Origin, name: str | None) -> str:
    node = written.node
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) \
            and type(node.op) in AUGMENTED:
        target, op = node.target.id, AUGMENTED[type(node.op)]
        return (f"at line {written.line}, write `{target} = {target} {op} "
                f"{ast.unparse(node.value)}` (a new tensor) instead, or modify it only after "
                "backward()")
    call = _inplace_call(node)
    if call is not None and isinstance(call.func.value, ast.Name):
        target, method = call.func.value.id, call.func.attr[:-1]
        arguments = ", ".join(ast.unparse(a) for a in [*call.args, *call.keywords])
        return (f"at line {written.line}, write `{target} = {target}.{method}({arguments})` "
                "(a new tensor) instead, or modify it only after backward()")
    copy = f" ({name}.clone())" if name else ""
    return (f"at line {written.line}, use an out-of-place op (mul instead of mul_), or modify "
            f"a copy{copy}, or modify it only after backward()")


def _inplace_call(node: ast.AST | None) -> ast.Call | None:
    """`a.mul_(2)` when the statement is that call."""
    value = node.value if isinstance(node, ast.Expr) else None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
            and value.func.attr.endswith("_") and value.func.attr[:-1].isidentifier():
        return value
    return None


def non_scalar(scene: Scene) -> Explanation | None:
    """The output's shape, and what gradient= means."""
    name, output = _differentiated_output(scene)
    if output is None:
        return None
    shape = list(output.shape)
    clues = []
    built = scene.provenance.origin_of(output.grad_fn) if output.grad_fn is not None else None
    where = f", built at line {built.line}" if built else ""
    clues.append(Clue(f"`{name}` has shape {shape} ({output.numel()} elements){where}:",
                      built.line if built else None))
    clues.append(Clue(
        "backward() without gradient= starts from d out/d out = 1, which exists only for a "
        "one-element output. gradient= is the vector v of the vector-Jacobian product: "
        f"{name}.backward(gradient=v) adds v·∂{name}/∂x to each leaf's x.grad, and "
        f"v = torch.ones_like({name}) gives the gradient of {name}.sum()."))
    hint = (f"reduce it to a scalar first, {name}.sum().backward(), or pass "
            f"gradient=torch.ones_like({name}) (a tensor of shape {shape})")
    return Explanation(tuple(clues), hint)


def _differentiated_output(scene: Scene) -> tuple[str, Any]:
    """The tensor `NAME.backward()` or `torch.autograd.grad(NAME, ...)` is called on."""
    node = scene.statement.node if scene.statement else None
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)) if node else ():
        func = call.func
        target = None
        if isinstance(func, ast.Attribute) and func.attr == "backward":
            target = func.value
        elif isinstance(func, ast.Attribute) and func.attr == "grad" and call.args:
            target = call.args[0]
        if isinstance(target, ast.Name) and hasattr(scene.env.get(target.id), "grad_fn"):
            return target.id, scene.env[target.id]
    return "", None


def nonleaf_grad(scene: Scene) -> Explanation | None:
    """Which tensor is not a leaf, who built it, what a leaf is, and retain_grad()."""
    node = scene.statement.node if scene.statement else None
    reads = [n.value.id for n in ast.walk(node) if isinstance(n, ast.Attribute)
             and n.attr == "grad" and isinstance(n.value, ast.Name)] if node else []
    for name in reads:
        tensor = scene.env.get(name)
        if getattr(tensor, "grad_fn", None) is not None:
            return _not_a_leaf(scene, name, tensor)
    return None


def _not_a_leaf(scene: Scene, name: str, tensor: Any) -> Explanation:
    built = scene.provenance.origin_of(tensor.grad_fn)
    where = f" at line {built.line}" if built else ""
    leaves = [scene.name_of(n.variable) for n in graph_nodes([tensor.grad_fn])
              if hasattr(n, "variable")]
    named = [f"`{leaf}`" for leaf in leaves if leaf]
    example = f" (here {', '.join(named)})" if named else ""
    clues = (
        Clue(f"`{name}` is not a leaf: {tensor.grad_fn.op.grad_fn} computed it{where}:",
             built.line if built else None),
        Clue(f"a leaf is a tensor created directly with requires_grad=True{example}, not the "
             f"result of an op; backward() fills .grad only for leaves, so `{name}.grad` "
             "stays None"),
    )
    leaf = f", or read {named[0].strip('`')}.grad" if named else ""
    return Explanation(clues, f"call {name}.retain_grad() before backward() to keep its "
                       f"gradient{leaf}")


def nan_gradient(scene: Scene) -> Explanation | None:
    """What torch's anomaly-mode warning shows (the line that built the node), and the leaf
    values its inputs came from."""
    node = scene.nan_node
    if node is None:
        return None
    built = scene.provenance.origin_of(node)
    where = f" at line {built.line}" if built else ""
    clues = [Clue(f"{scene.describe(node)} was built{where}:", built.line if built else None)]
    leaves = [n.variable for n in graph_nodes([node]) if hasattr(n, "variable")]
    for leaf in leaves[:LEAVES_SHOWN]:
        name = scene.name_of(leaf) or "a leaf"
        clues.append(Clue(f"it came from {name} = {_short_repr(leaf)}"))
    hint = (f"{node.name()}'s gradient is nan where its derivative is 0/0, inf*0 or inf-inf "
            "(sqrt or x/y at 0, log(0)*0): keep those values out of the forward's inputs "
            "(clamp them, add a small eps), since masking the output (torch.where) still sends "
            "nan back")
    return Explanation(tuple(clues), hint)


def _short_repr(tensor: Any) -> str:
    text = repr(tensor)
    return text if len(text) <= 120 else f"a tensor of shape {list(tensor.shape)}"


ERRORS: dict[str, Callable[[Scene], Explanation | None]] = {
    NAN_GRADIENT: nan_gradient,
    SECOND_BACKWARD: second_backward,
    VERSION_MISMATCH: modified_in_place,
    NON_SCALAR: non_scalar,
}
