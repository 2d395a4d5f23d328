"""A float32 LSTM layer on CPU as torch runs it: one mkldnn_rnn_layer call, so that the layer's
output, h and c each have a MkldnnRnnLayerBackward0 grad_fn whose next_functions are the
layer's input, its four weights, h0 and c0 (torch's), not a graph of per-step ops.

The forward is the composite's cell (ATen's LSTMCell, recurrent.py's lstm_step) run with
grad mode off, each step's ops straight on arrays; while the check is on, those ops leave their
records (as a custom Function's forward does), so the check differentiates the layer step by
step, independently of the fused node's backward (ops_recurrent.py), which runs the recurrence
backwards with numpy on the saved activations.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gradcli.engine import runtime, trace
from gradcli.engine.autograd import OUTPUT_NR, Node, Saved
from gradcli.engine.layout import column_major
from gradcli.engine.ops import OPS
from gradcli.engine.ops_recurrent import LSTM_LAYER, step_order
from gradcli.engine.tensor import Tensor, apply, edge, meta
from gradcli.torch._tensor import shape


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
        if p.b_hh is None:
            output, hy, cy, acts = _composite(step, input, hidden, p, reverse)
        else:
            output, hy, cy, acts = _direct(input, hidden, p, reverse, recorder)
    finally:
        state.grad_enabled, state.forward_recorder = previous
    for which, t in enumerate((output, hy, cy)):
        _attach(t, which, inputs, acts, reverse, recorder)
    return output, (hy, cy)


def _composite(step: Callable, input: Tensor, hidden, p, reverse: bool) -> tuple:
    """nn/functional/recurrent.py's FullLayer, keeping each step's activations as arrays."""
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


class _Ops:
    """The composite's ops run on arrays (each op row's own forward: the values apply would
    give), each leaving the record apply would leave when a recorder is given; no tensors."""

    __slots__ = ("recorder",)

    def __init__(self, recorder):
        self.recorder = recorder

    def of(self, t: Tensor) -> tuple:
        """A tensor as (its array, its record)."""
        return t.data, (None if self.recorder is None else self.recorder._of(t))

    def __call__(self, name: str, *args: tuple, **params) -> tuple:
        op = OPS[name]
        value = op.forward(*[a for a, _ in args], **params)
        if self.recorder is None:
            return value, None
        return value, trace.OpRecord(op, tuple([r for _, r in args]), params)


def _direct(input: Tensor, hidden, p, reverse: bool, recorder) -> tuple:
    """The layer's steps on arrays, as _Ops: torch's composite cell (ATen's LSTMCell) in fewer
    ops, for fewer records to check (no script sees them): both biases added to the input's
    projection once, w_hh transposed once, h @ w_hh.T an mm (whose gradients the check works
    out from two operands, not addmm's three), one sigmoid over all four gates' columns."""
    run = _Ops(recorder)
    steps = [run.of(x) for x in shape.unbind(p.linear_ih(input) + p.b_hh, 0)]
    w_t = run("t", run.of(p.w_hh))
    size = p.w_hh.shape[1]
    ingate, forgetgate, cellgate, outgate = (slice(k * size, (k + 1) * size) for k in range(4))
    h, c = run.of(hidden[0]), run.of(hidden[1])
    acts: list = [None] * len(steps)
    outputs: list = [None] * len(steps)
    for t in step_order(len(steps), reverse):
        gates = run("add", run("mm", h, w_t, columns=(column_major(h[0]), True)), steps[t],
                    alpha=1)
        sigmoids = run("sigmoid", gates)
        i, f, o = (run("unsafe_split", sigmoids, dim=1, key=key)
                   for key in (ingate, forgetgate, outgate))
        g = run("tanh", run("unsafe_split", gates, dim=1, key=cellgate))
        c_next = run("add", run("mul", f, c), run("mul", i, g), alpha=1)
        tanh_c = run("tanh", c_next)
        acts[t] = (i[0], f[0], g[0], o[0], c_next[0], tanh_c[0], h[0], c[0])
        h = outputs[t] = run("mul", o, tanh_c)
        c = c_next
    output = run("mkldnn_rnn_layer", run("stack", *outputs, dim=0))
    return (*(_tensor(v, recorder) for v in (output, h, c)), tuple(acts))


def _tensor(value: tuple, recorder) -> Tensor:
    """An (array, record) as a tensor of its own memory, its record given to the recorder."""
    array, record = value
    t = Tensor(np.ascontiguousarray(array))
    if recorder is not None:
        recorder.made[id(t)] = (t, t._storage.version, record)
    return t


def _attach(t: Tensor, which: int, inputs: tuple, acts: tuple, reverse: bool,
            recorder) -> None:
    """Make t (output `which` of the layer) the output of a MkldnnRnnLayerBackward0 node that
    saves every input (version-checked, as torch's) and t itself."""
    present = [(k, x) for k, x in enumerate(inputs) if x is not None]
    node = Node(LSTM_LAYER, {"which": which, "reverse": reverse, "acts": acts},
                tuple([None if x is None else edge(x) for x in inputs]),
                tuple([None if x is None else meta(x.data.shape, x.data.dtype)
                       for x in inputs]),
                (), (), t.data.shape)
    node.saved = (tuple([None if x is None else x.data for x in inputs]), t.data)
    node.saved_refs = tuple([Saved(x._storage, x, None, k) for k, x in present] +
                            [Saved(t._storage, None, node, -1)])
    node.frees = True
    if which:  # (torch's one node of three outputs is three here, each backward running the
        OUTPUT_NR[node] = which  # recurrence from its own output's gradient)
    t._requires_grad = True
    t._grad_fn, t._view_version = node, t._storage.version
    if recorder is not None:
        t._record = node.record = recorder._of(t)

