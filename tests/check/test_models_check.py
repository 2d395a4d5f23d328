"""Issue 35's models checked on every element by structure: a transformer LM, a LeNet CNN and
an LSTM LM (scripts/bench.py's, shrunk) have only exact rows, and a wrong element in any one
node of theirs (attention's bmm, layer norm, GELU, embedding, log-softmax, convolution,
max-pool, the fused LSTM layer...) is caught."""
import numpy as np
import pytest

from gradcli.app.api import run_session
from gradcli.check import opgrads
from gradcli.engine.ops import OPS

TRANSFORMER = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
V, D, T, B = 11, 8, 5, 2
embed = nn.Embedding(V, D)
layer = nn.TransformerEncoderLayer(D, 2, dim_feedforward=16, dropout=0.0, activation="gelu",
                                   batch_first=True)
encoder = nn.TransformerEncoder(layer, num_layers=2)
head = nn.Linear(D, V)
data = torch.randint(0, V, (B, T + 1))
mask = torch.triu(torch.full((T, T), float("-inf")), diagonal=1)
h = encoder(embed(data[:, :-1]), mask=mask, is_causal=True)
loss = F.cross_entropy(head(h).reshape(-1, V), data[:, 1:].reshape(-1))
loss.backward()
"""
LENET = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(1, 2, 5, padding=2), nn.MaxPool2d(2), nn.ReLU(),
                      nn.Conv2d(2, 3, 5), nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(),
                      nn.Linear(3 * 5 * 5, 10))
x = torch.randn(2, 1, 28, 28)
F.cross_entropy(model(x), torch.tensor([3, 7])).backward()
"""
LSTM_LM = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
embed = nn.Embedding(9, 4)
lstm = nn.LSTM(4, 5, num_layers=2, batch_first=True)
head = nn.Linear(5, 9)
data = torch.randint(0, 9, (2, 4))
out, _ = lstm(embed(data[:, :-1]))
F.cross_entropy(head(out).reshape(-1, 9), data[:, 1:].reshape(-1)).backward()
"""


def grad_rows(source: str):
    result = run_session(source, "model.py")
    assert result.status in ("ok", "mismatch"), result.events
    return result, [g for e in result.events if e.kind == "backward" for g in e.grads]


MODELS = {"transformer": TRANSFORMER, "lenet": LENET, "lstm-lm": LSTM_LM}


@pytest.mark.parametrize("model", MODELS)
def test_every_row_of_the_models_is_exact(model):
    result, rows = grad_rows(MODELS[model])
    assert result.status == "ok" and rows
    assert all(r.method == "symbolic" and "structured" in r.note for r in rows)


FAULTS = [("transformer", f) for f in (
    # (attention as torch runs it on the CPU without weights: one fused node)
    "NativeLayerNormBackward0", "ScaledDotProductFlashAttentionForCpuBackward0",
    "GeluBackward0", "EmbeddingBackward0", "LogSoftmaxBackward0", "NllLossBackward0",
    "AddmmBackward0", "SelectBackward0", "UnsqueezeBackward0", "TransposeBackward0",
    "UnsafeViewBackward0")] + [
    # (max-pool before ReLU, as it commutes: its faulty element is no ReLU's zero)
    ("lenet", f) for f in ("ConvolutionBackward0", "MaxPool2DWithIndicesBackward0",
                           "ReluBackward0")] + [
    ("lstm-lm", f) for f in ("MkldnnRnnLayerBackward0", "EmbeddingBackward0")]


@pytest.mark.parametrize(("model", "fault"), FAULTS)
def test_one_wrong_element_in_any_node_is_caught(model, fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, rows = grad_rows(MODELS[model])
    assert result.status == "mismatch" and any(r.match is False for r in rows)


@pytest.mark.parametrize(("name", "params", "order"), [
    ("view", {"shape": (6, 4)}, "same"), ("transpose", {"dim0": 0, "dim1": 1}, "permuted"),
    ("expand", {"shape": (3, 2, 3, 4)}, None)])
def test_a_rearrangement_is_added_back_by_its_order(name, params, order):
    """A view's gradient goes through as it is, a transpose's is scattered back, anything
    else (an expand's repeats) is summed: all three as the sum over each element's tags."""
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 3, 4)) if name != "expand" else rng.standard_normal((2, 1, 4))
    r = type("R", (), {"op": OPS[name], "params": params})()
    out = OPS[name].forward(a, **params)
    g = rng.standard_normal(np.shape(out))
    offsets = [0, a.size]
    assert opgrads._moved(r, [a], offsets).order == order
    tags = np.asarray(OPS[name].forward(np.arange(a.size, dtype=float).reshape(a.shape),
                                        **params)).astype(int)
    (part,) = opgrads._traced_back(r, g, [a])
    np.testing.assert_array_equal(part.reshape(-1),
                                  np.bincount(tags.reshape(-1), g.reshape(-1), a.size))


def test_an_affine_ops_forms_are_kept_per_value_of_its_other_inputs():
    """nll_loss's forms (its gradient's coefficients) are worked out once per targets: the
    same targets again reuse them, other targets get their own."""
    a = np.random.default_rng(4).standard_normal((6, 5))
    r = type("R", (), {"op": OPS["nll_loss"],
                       "params": {"weight": None, "reduction": "mean", "ignore_index": -100}})()
    for targets in ([0, 1, 2, 3, 4, 0], [4, 4, 4, 0, 1, 2], [0, 1, 2, 3, 4, 0]):
        t = np.array(targets)
        (part, _) = opgrads._linear(r, np.float64(2.0), [a, t])
        expected = np.zeros((6, 5))
        np.add.at(expected, (np.arange(6), t), -2.0 / 6)
        np.testing.assert_allclose(part, expected, rtol=1e-15)
