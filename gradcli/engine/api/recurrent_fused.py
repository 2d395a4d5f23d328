"""A float32 LSTM layer on CPU as torch runs it: one mkldnn_rnn_layer call, so that the layer's
output, h and c each have a MkldnnRnnLayerBackward0 grad_fn whose next_functions are the
layer's input, its four weights, h0 and c0 (torch's), not a graph of per-step ops.

The values are the composite's (api/recurrent.py), computed by the same ops with grad mode off;
while the check is on, those ops leave their records (as a custom Function's forward does), so
the check differentiates the layer step by step, independently of the fused node's backward
(ops_recurrent.py), which runs the recurrence backwards with numpy on the saved activations.
"""
from __future__ import annotations

from collections.abc import Callable

from .. import runtime, trace
from ..autograd import Node, Saved
from ..ops_recurrent import LSTM_LAYER, step_order
from ..tensor import Tensor, _edge_of, apply, meta
from . import shape


def applies(input: Tensor, hidden: tuple[Tensor, Tensor], p) -> bool:
    """Whether the layer records a graph at all, with nothing that follows each op (forward
    AD's tangents, functorch's transforms, a custom Function's forward) watching."""
    state = runtime.current
    if not state.grad_enabled or state.transforms or state.forward_recorder is not None or \
            (state.dual is not None and state.dual.tangents):
        return False
    return any(t is not None and t.requires_grad for t in _inputs(input, hidden, p))


def _inputs(input, hidden, p) -> tuple:
    """mkldnn_rnn_layer's tensor inputs, in its order (next_functions)."""
    return input, p.w_ih, p.w_hh, p.b_ih, p.b_hh, hidden[0], hidden[1]


def layer(step: Callable, input: Tensor, hidden: tuple[Tensor, Tensor], p, reverse: bool):
    """The layer's output (every step's h) and its final (h, c), each a node's output."""
    state = runtime.current
    inputs = _inputs(input, hidden, p)
    recorder = trace.ForwardRecorder([t for t in inputs if t is not None]) \
        if state.tracing else None
    previous = state.grad_enabled, state.forward_recorder
    state.grad_enabled, state.forward_recorder = False, recorder
    try:
        output, hy, cy, acts = _composite(step, input, hidden, p, reverse)
    finally:
        state.grad_enabled, state.forward_recorder = previous
    for which, t in enumerate((output, hy, cy)):
        _attach(t, which, inputs, acts, reverse, recorder)
    return output, (hy, cy)


def _composite(step: Callable, input: Tensor, hidden, p, reverse: bool) -> tuple:
    """api/recurrent.py's FullLayer, keeping each step's activations as arrays."""
    steps = shape.unbind(p.linear_ih(input), 0)
    acts: list = [None] * len(steps)
    outputs: list = [None] * len(steps)
    for t in step_order(len(steps), reverse):
        h, c = hidden
        i, f, g, o, cy, tanh_cy, hy = step(steps[t], hidden, p)
        acts[t] = tuple(a.data for a in (i, f, g, o, cy, tanh_cy, h, c))
        outputs[t], hidden = hy, (hy, cy)
    output = apply("mkldnn_rnn_layer", (shape.stack(outputs, 0),))
    return output, hidden[0], hidden[1], tuple(acts)


def _attach(t: Tensor, which: int, inputs: tuple, acts: tuple, reverse: bool,
            recorder) -> None:
    """Make t (output `which` of the layer) the output of a MkldnnRnnLayerBackward0 node that
    saves every input (version-checked, as torch's) and t itself."""
    present = [(k, x) for k, x in enumerate(inputs) if x is not None]
    node = Node(LSTM_LAYER, {"which": which, "reverse": reverse, "acts": acts},
                tuple([None if x is None else _edge_of(x) for x in inputs]),
                tuple([None if x is None else meta(x.data.shape, x.data.dtype)
                       for x in inputs]),
                (), (), t.data.shape)
    node.saved = (tuple([None if x is None else x.data for x in inputs]), t.data)
    node.saved_refs = tuple([Saved(x._storage, x, None, k) for k, x in present] +
                            [Saved(t._storage, None, node, -1)])
    node.frees = True
    t._requires_grad = True
    t._grad_fn, t._view_version = node, t._storage.version
    if recorder is not None:
        t._record = node.record = recorder._of(t)

