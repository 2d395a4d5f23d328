"""Custom autograd Functions (torch.autograd.Function): what `apply` does with the script's
forward, and the node that runs the script's backward with PyTorch's checks of what it
returns. The language gives the forward and backward as callables and the ctx (its own
object, a FunctionState underneath).

One node per application: its edges are the tensor arguments' (non-tensor arguments have
none), its name `<Cls>Backward`. Several outputs share it through one OutputSlot each, which
hands its gradient on tagged with the output's index.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gradcli.engine.type_names import TYPE_NAMES, type_name

from . import opkit, runtime, trace
from .autograd import SECOND_BACKWARD, Meta, Node, Saved, check_saved_versions
from .errors import runtime_error
from .ops import OPS, Op
from .tensor import LEAF_INPLACE, Tensor, edge, meta, wrap_grad

NO_ARRAYS = ((), Meta((), None))  # what a Function node keeps in `saved`: ctx holds its tensors
LEAF_DIRTY = LEAF_INPLACE.replace("is being used", "has been used")


class FunctionState:
    """What ctx carries for autograd: the tensors to save, the marks, needs_input_grad."""

    __slots__ = ("to_save", "saved", "needs_input_grad", "non_differentiable", "dirty",
                 "materialize_grads", "node")

    def __init__(self):
        self.to_save: tuple = ()
        self.saved: tuple | None = ()  # None once backward freed them
        self.needs_input_grad: tuple[bool, ...] = ()
        self.non_differentiable: tuple = ()
        self.dirty: tuple = ()
        self.materialize_grads = True
        self.node: FunctionNode | None = None

    def saved_tensors(self) -> tuple:
        if self.saved is None:
            raise runtime_error(SECOND_BACKWARD)
        if self.node is not None:
            check_saved_versions(self.node)
        return self.saved


class FunctionNode(Node):
    """A custom Function's grad_fn, printed as PyTorch prints it."""

    __slots__ = ()
    checks_saved_on_run = False  # ctx.saved_tensors checks them, when the backward reads them

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{self.op.grad_fn} object>"


class OutputSlot(FunctionNode):
    """Output i of a Function with several: the grad_fn that output shows (printed as the
    Function's node), which passes its gradient on to the shared node as Slotted."""

    __slots__ = ()


class Slotted:
    """The gradients of a Function's outputs, as the engine sums them: per output, or None."""

    __slots__ = ("grads",)

    def __init__(self, grads: list):
        self.grads = grads

    def __add__(self, other: Slotted) -> Slotted:
        return Slotted([b if a is None else a if b is None else a + b
                        for a, b in zip(self.grads, other.grads, strict=True)])


def apply_function(name: str, state: FunctionState, forward: Callable[[], Any],
                   backward: Callable[..., Any], args: tuple,
                   jvp: Callable[..., Any] | None = None) -> Any:
    """`Cls.apply(*args)`: forward with grad mode off, then one node for all the outputs;
    inside a dual level, the outputs' tangents are the class's jvp of the inputs'."""
    rt = runtime.current
    tangents = _input_tangents(args)
    if tangents is not None:
        rt.dual, dual = None, rt.dual  # the forward's own ops push no tangents: jvp does
        try:
            made = apply_function(name, state, forward, backward, args)
        finally:
            rt.dual = dual
        _set_output_tangents(made, jvp(*tangents) if jvp is not None else None)
        return made
    tensors = [a for a in args if isinstance(a, Tensor)]
    state.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad and rt.grad_enabled
                                   for a in args)
    differentiable = any(state.needs_input_grad)
    recorder = trace.ForwardRecorder(tensors) if rt.tracing and differentiable else None
    previous = rt.grad_enabled, rt.forward_recorder
    rt.grad_enabled, rt.forward_recorder = False, recorder
    try:
        result = forward()
    finally:
        rt.grad_enabled, rt.forward_recorder = previous
    if not differentiable:
        return result
    outputs = result if isinstance(result, tuple) else (result,)
    op = Op(name, f"{name}Backward", _no_forward, _run_backward)
    node = FunctionNode(op, {}, tuple(edge(t) for t in tensors),
                        tuple(meta(t.data.shape, t.data.dtype) for t in tensors), (),
                        (), ())
    made = tuple(_output(o, tensors, state, node) for o in outputs)
    graphed = [o for o in made if isinstance(o, Tensor) and o.grad_fn is not None]
    node.params = {"function": _Application(state, args, backward, made)}
    node.out_shape = graphed[0].data.shape if graphed else ()
    node.saved = NO_ARRAYS
    _slots(node, graphed, made)
    _save(state, node, made)
    if recorder is not None:
        for o in graphed:
            o._record = recorder.output_record(o, OPS["clone"], name)
        node.params["function"].call = trace.FunctionCall(
            name, recorder, [getattr(o, "_record", None) if any(o is g for g in graphed)
                             else None for o in made])
    return made if isinstance(result, tuple) else made[0]


def _input_tangents(args: tuple) -> list | None:
    """Inside a dual level where an input has a tangent: each input's (zeros for a tensor
    without one, None for what is not a tensor); else None."""
    dual = runtime.current.dual
    if dual is None or not any(dual.tangent_of(a) is not None for a in args):
        return None
    return [None if not isinstance(a, Tensor) else dual.tangent_of(a) if
            dual.tangent_of(a) is not None else Tensor(np.zeros_like(a.data)) for a in args]


def _set_output_tangents(made: Any, tangents: Any) -> None:
    dual = runtime.current.dual
    outputs = made if isinstance(made, tuple) else (made,)
    tangents = tangents if isinstance(tangents, tuple) else (tangents,)
    for out, tangent in zip(outputs, tangents):
        if isinstance(out, Tensor) and isinstance(tangent, Tensor):
            dual.set_tangent(out, tangent)


def _no_forward(*args):
    raise AssertionError("a custom Function's forward is the script's")


def _output(o, inputs: list, state: FunctionState, node: FunctionNode):
    """An output as apply returns it: in the graph, unless marked non-differentiable."""
    if not isinstance(o, Tensor):
        return o
    if any(o is d for d in state.non_differentiable):
        o._requires_grad = False
        return o
    if any(o is t for t in inputs):
        if any(o is d for d in state.dirty):  # written in place: the input itself, rewired
            if o.requires_grad and o.grad_fn is None:
                raise runtime_error(LEAF_DIRTY)
        else:  # returned as it is: a view of the input, as torch
            view = Tensor(o.data)
            view._storage, view._base = o._storage, o if o._base is None else o._base
            o = view
    o._requires_grad = True
    o.grad_fn = node
    return o


def _slots(node: FunctionNode, graphed: list, made: tuple) -> None:
    """With several outputs, each in-graph one gets its OutputSlot as its grad_fn."""
    if len(made) == 1:
        return
    for o in graphed:
        index = next(i for i, m in enumerate(made) if m is o)
        slot = OutputSlot(Op(node.op.name, node.op.grad_fn, _no_forward, _pass_on), {
            "index": index, "count": len(made)}, (node,), (None,), NO_ARRAYS, (),
            o.data.shape)
        slot.shown_next = node.next
        o.grad_fn = slot


def _pass_on(xp, grad, out, *, index: int, count: int) -> tuple:
    grads = [None] * count
    grads[index] = grad
    return (Slotted(grads),)


def _save(state: FunctionState, node: FunctionNode, made: tuple) -> None:
    """ctx.save_for_backward's tensors: version-checked, freed after a backward as torch."""
    refs = []
    for t in state.to_save:
        if isinstance(t, Tensor):
            refs.append(Saved(t._storage, t, node if any(t is o for o in made) else None, -1))
    state.saved = state.to_save
    node.saved_refs = tuple(refs)
    node.frees = bool(refs)
    state.node = node


class _Application:
    """One apply's backward: the user's function, the arguments' kinds, the outputs' shapes."""

    __slots__ = ("state", "args", "backward", "outputs", "call")

    def __init__(self, state, args, backward, made):
        self.state, self.backward = state, backward
        self.call = None  # trace.FunctionCall, for the check of what backward returns
        self.args = tuple(isinstance(a, Tensor) for a in args)
        self.outputs = tuple(meta(o.data.shape, o.data.dtype) if isinstance(o, Tensor) else None
                             for o in made)


def _run_backward(xp, grad, out, *, function: _Application) -> tuple:
    """The node's VJP: the script's backward on the outputs' gradients, checked as torch."""
    create_graph = xp is not opkit.NUMPY
    node = function.state.node
    grads = grad.grads if isinstance(grad, Slotted) else [grad]
    grads = [_materialized(g, m, function.state.materialize_grads)
             for g, m in zip(grads, function.outputs, strict=True)]
    rt = runtime.current
    previous, rt.grad_enabled = rt.grad_enabled, create_graph
    try:
        result = function.backward(*grads)
    finally:
        rt.grad_enabled = previous
    if node.saved is None:  # the pass frees the graph: the saved tensors go with it, and
        function.state.saved = None  # reading them fails then (the node itself runs again)
        node.saved = NO_ARRAYS
    returned = result if isinstance(result, tuple) else (result,)
    checked = _checked(node, function.args, returned, create_graph)
    if function.call is not None:
        function.call.saw(grads, list(checked))
    return checked


def _materialized(g, m: Meta | None, materialize: bool):
    """An output's gradient as backward gets it: a tensor (zeros where none arrived, unless
    set_materialize_grads(False)); None for a non-tensor output."""
    if m is None or g is None and not materialize:
        return None
    if g is None:
        g = np.zeros(m.shape, m.dtype)
    return g if isinstance(g, Tensor) else wrap_grad(g)


def _checked(node: FunctionNode, is_tensor: tuple, returned: tuple, create_graph: bool) -> tuple:
    """The gradients of the tensor arguments, with torch's errors for what backward returned."""
    name = node.op.grad_fn
    if len(returned) < len(is_tensor) or any(
            g is not None for g in returned[len(is_tensor):]):
        raise runtime_error(f"function {name} returned an incorrect number of gradients "
                            f"(expected {len(is_tensor)}, got {len(returned)})")
    grads = []
    for position, (g, tensor) in enumerate(zip(returned, is_tensor)):
        if not tensor:
            if g is not None:
                raise runtime_error(f"function {name} returned a gradient different than None "
                                    f"at position {position + 1}, but the corresponding forward "
                                    "input was not a Variable")
            continue
        if g is not None and not isinstance(g, Tensor):
            raise runtime_error(f"expected Variable or None (got {type_name(g)})")
        grads.append(g)
    out = []
    for index, (g, m) in enumerate(zip(grads, node.metas, strict=True)):
        if g is not None and not _expandable(m.shape, g.data.shape):
            raise runtime_error(f"Function {name} returned an invalid gradient at index {index} "
                                f"- got {list(g.data.shape)} but expected shape compatible with "
                                f"{list(m.shape)}")
        out.append(None if g is None else g if create_graph else g.data)
    return tuple(out)


def _expandable(shape: tuple, to: tuple) -> bool:
    """Whether `shape` broadcasts to `to` (then the gradient is summed back to `shape`)."""
    if len(shape) > len(to):
        return False
    return all(s == t or s == 1 for s, t in zip(reversed(shape), reversed(to)))


TYPE_NAMES.update({FunctionNode: lambda node: node.op.grad_fn,
                   OutputSlot: lambda node: node.op.grad_fn})
