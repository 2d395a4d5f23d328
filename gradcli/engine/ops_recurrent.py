"""The op of a whole LSTM layer, as torch runs a float32 one on CPU: one oneDNN call
(mkldnn_rnn_layer) whose node, MkldnnRnnLayerBackward0, takes the layer's input, its four
weights, h0 and c0, and runs the recurrence backwards in one go (recurrent_fused.py makes
it). Its forward here is the layer's reference arithmetic; the check never reads either side:
it differentiates the layer's per-step ops, recorded as the composite computes them."""
from __future__ import annotations

from . import opkit
from .optable import Op

GATES = 4  # input, forget, cell, output: the row blocks of w_ih and w_hh, in torch's order


def _sigmoid(xp, a):
    return 1 / (1 + xp.exp(-a))


def _tanh(xp, a):
    return 2 / (1 + xp.exp(-2 * a)) - 1


def step_order(steps: int, reverse: bool) -> range:
    """The time steps in the order the recurrence visits them."""
    return range(steps - 1, -1, -1) if reverse else range(steps)


def activations(xp, x, w_ih, w_hh, b_ih, b_hh, h0, c0, reverse: bool) -> tuple:
    """Per time step (in time order), the gates (i, f, g, o), c, tanh(c), and the h and c the
    step started from: what the backward reads."""
    hidden = w_hh.shape[1]
    proj = xp.matmul(x, xp.t(w_ih))
    if b_ih is not None:
        proj = proj + b_ih
    steps = x.shape[0]
    found: list = [None] * steps
    h, c = h0, c0
    for t in step_order(steps, reverse):
        gates = xp.select(proj, 0, t) + xp.matmul(h, xp.t(w_hh))
        if b_hh is not None:
            gates = gates + b_hh
        i, f, g, o = (gates[:, k * hidden:(k + 1) * hidden] for k in range(GATES))
        i, f, g, o = _sigmoid(xp, i), _sigmoid(xp, f), _tanh(xp, g), _sigmoid(xp, o)
        c_next = f * c + i * g
        tanh_c = _tanh(xp, c_next)
        found[t] = (i, f, g, o, c_next, tanh_c, h, c)
        h, c = o * tanh_c, c_next
    return tuple(found)


def _forward(x, w_ih, w_hh, b_ih, b_hh, h0, c0, which: int, reverse: bool, acts=None):
    """Output `which` of the layer: 0 every step's h (time order), 1 the last h, 2 the last c."""
    acts = activations(opkit.NUMPY, x, w_ih, w_hh, b_ih, b_hh, h0, c0, reverse)
    last = acts[0 if reverse else -1]
    if which == 0:
        return opkit.NUMPY.stack([o * tanh_c for _, _, _, o, _, tanh_c, _, _ in acts], 0)
    return last[3] * last[5] if which == 1 else last[4]


def lstm_layer_vjp(xp, g, o, x, w_ih, w_hh, b_ih, b_hh, h0, c0, which: int, reverse: bool,
                   acts=None) -> tuple:
    """Backpropagation through time of one output's gradient `g`: the gates' gradients step by
    step (h's and c's carried back), then the inputs' and weights' from all steps at once.
    `acts`: the forward's activations (activations()), else worked out again from the inputs,
    as under create_graph, where they must be functions of the inputs."""
    if acts is None or xp is not opkit.NUMPY:
        acts = activations(xp, x, w_ih, w_hh, b_ih, b_hh, h0, c0, reverse)
    dh = g if which == 1 else xp.zeros_like(h0)
    dc = g if which == 2 else xp.zeros_like(c0)
    dgates: list = [None] * len(acts)
    for t in reversed(step_order(len(acts), reverse)):
        i, f, gg, og, _, tanh_c, _, c_prev = acts[t]
        if which == 0:
            dh = dh + xp.select(g, 0, t)
        dc = dc + dh * og * (1 - tanh_c * tanh_c)
        dgates[t] = xp.cat([dc * gg * i * (1 - i), dc * c_prev * f * (1 - f),
                            dc * i * (1 - gg * gg), dh * tanh_c * og * (1 - og)], 1)
        dc = dc * f
        dh = xp.matmul(dgates[t], w_hh)
    d = xp.stack(dgates, 0)
    flat = xp.reshape(d, (-1, d.shape[-1]))
    h_prev = xp.stack([a[6] for a in acts], 0)
    d_bias = xp.sum(flat, axis=0)
    return (xp.matmul(d, w_ih), xp.matmul(xp.t(flat), xp.reshape(x, (-1, x.shape[-1]))),
            xp.matmul(xp.t(flat), xp.reshape(h_prev, (-1, h_prev.shape[-1]))),
            None if b_ih is None else d_bias, None if b_hh is None else d_bias, dh, dc)


# Not a row of the op table (as a custom Function's op is not): no script applies it, and no
# record holds it; its nodes save every input and output, with the forward's activations.
LSTM_LAYER = Op("lstm_layer", "MkldnnRnnLayerBackward0", _forward, lstm_layer_vjp)
