"""The fused LSTM layer's backward (ops_recurrent.lstm_layer_vjp) against central differences
of its forward, in float64: every input, each of the three outputs, both directions, with and
without biases; and with the forward's saved activations as with those worked out again."""
import numpy as np
import pytest

from gradcli.engine import opkit
from gradcli.engine.ops_recurrent import LSTM_LAYER, activations

STEPS, BATCH, FEATURES, HIDDEN = 3, 2, 3, 2


def _inputs(bias: bool) -> list:
    rng = np.random.default_rng(7)
    shapes = [(STEPS, BATCH, FEATURES), (4 * HIDDEN, FEATURES), (4 * HIDDEN, HIDDEN),
              (4 * HIDDEN,), (4 * HIDDEN,), (BATCH, HIDDEN), (BATCH, HIDDEN)]
    arrays = [rng.normal(size=s) for s in shapes]
    if not bias:
        arrays[3] = arrays[4] = None
    return arrays


def _numeric(inputs: list, which: int, reverse: bool, seed: np.ndarray, k: int) -> np.ndarray:
    grad = np.zeros_like(inputs[k])
    for index in np.ndindex(inputs[k].shape):
        values = []
        for step in (1e-6, -1e-6):
            moved = [None if a is None else a.copy() for a in inputs]
            moved[k][index] += step
            values.append((LSTM_LAYER.forward(*moved, which, reverse) * seed).sum())
        grad[index] = (values[0] - values[1]) / 2e-6
    return grad


@pytest.mark.parametrize("saved", [True, False])
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_the_backward_is_the_forwards_derivative(which, reverse, bias, saved):
    inputs = _inputs(bias)
    out = LSTM_LAYER.forward(*inputs, which, reverse)
    seed = np.random.default_rng(which).normal(size=out.shape)
    acts = activations(opkit.NUMPY, *inputs, reverse) if saved else None
    grads = LSTM_LAYER.vjp(opkit.NUMPY, seed, out, *inputs, which=which, reverse=reverse,
                           acts=acts)
    for k, (a, g) in enumerate(zip(inputs, grads, strict=True)):
        if a is None:
            assert g is None
            continue
        np.testing.assert_allclose(g, _numeric(inputs, which, reverse, seed, k), rtol=1e-5,
                                   atol=1e-7, err_msg=f"input {k}")


@pytest.mark.parametrize("reverse", [False, True])
def test_the_direct_steps_compute_and_record_what_the_composite_does(reverse):
    """recurrent_fused's loop on arrays computes the values of the composite (recurrent.py's
    lstm_step, run with grad mode off) up to float32 rounding, and its records replayed in
    float64 (as the check replays them) give the values it computed."""
    from gradcli.check.numeric import replay
    from gradcli.engine import runtime, trace
    from gradcli.engine.tensor import Tensor
    from gradcli.torch._tensor import creation
    from gradcli.torch.nn.functional import recurrent, recurrent_fused

    rng = np.random.default_rng(3)
    weights = [Tensor(rng.normal(size=s).astype(np.float32), requires_grad=True)
               for s in [(8, 3), (8, 2), (8,), (8,)]]
    p = recurrent.CellParams(*weights)
    x = Tensor(rng.normal(size=(4, 2, 3)).astype(np.float32))
    hidden = (creation.zeros(2, 2), Tensor(rng.normal(size=(2, 2)).astype(np.float32)))
    state, made = runtime.current, []
    for run in (lambda r: recurrent_fused._composite(recurrent.lstm_step, x, hidden, p, reverse),
                lambda r: recurrent_fused._direct(x, hidden, p, reverse, r)):
        recorder = trace.ForwardRecorder([x, *weights, *hidden])
        previous = state.grad_enabled, state.forward_recorder
        state.grad_enabled, state.forward_recorder = False, recorder
        try:
            *outputs, acts = run(recorder)
        finally:
            state.grad_enabled, state.forward_recorder = previous
        made.append(([recorder._of(t) for t in outputs], [t.data for t in outputs], acts))
    (_, values, acts), (records, direct_values, direct_acts) = made
    for a, b in zip(values + [a for step in acts for a in step],
                    direct_values + [a for step in direct_acts for a in step], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)
    for record, value in zip(records, direct_values, strict=True):
        np.testing.assert_allclose(replay(record, {})[id(record)], value, rtol=1e-5, atol=1e-6)
