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
