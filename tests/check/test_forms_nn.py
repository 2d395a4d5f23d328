"""Norms, statistics and extrema checked by structure on every element (check/forms_nn.py):
no sampling, no finite differences, and a fault in one element of their gradient is caught."""
from types import SimpleNamespace

import numpy as np
import pytest
from test_checker import rows

from gradcli.check import forms_nn, opgrads
from gradcli.engine.ops import OPS

NORMS = (
    "import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(7)\n"
    "lin = nn.Linear(16, 32)\nln = nn.LayerNorm(32)\nbn = nn.BatchNorm1d(32)\n"
    "head = nn.Linear(32, 1)\nx = torch.randn(24, 16)\ny = torch.randn(24, 1)\n"
    "h = bn(torch.relu(ln(lin(x))))\n"
    "loss = F.mse_loss(head(h), y) + F.batch_norm(h.view(4, 6, 32), None, None, "
    "training=True).pow(2).mean()\nloss.backward()")

STATS = (
    "torch.manual_seed(19)\nx = torch.randn(20, 16, requires_grad=True)\n"
    "W = torch.randn(16, 16, requires_grad=True)\nh = torch.tanh(x @ W)\n"
    "loss = h.var(dim=1).sum() + h.std(dim=0, keepdim=True).mean() + "
    "torch.logsumexp(h, dim=1).mean() + h.norm(dim=1).sum() + torch.norm(h, p=3, dim=0).sum()\n"
    "loss = loss + h.amax(dim=1).sum() + h.amin(dim=0).sum() + h.max() - h.min() + h.var()\n"
    "loss.backward()")


@pytest.mark.parametrize("source", [NORMS, STATS])
def test_norms_and_statistics_are_exact_on_every_element(source):
    result, rs = rows(source)
    assert result.status == "ok" and rs
    assert all(r.method == "symbolic" and "structured" in r.note for r in rs)


def test_a_gather_past_the_exact_formula_count_is_checked_on_every_element():
    """140 logits: per-element sympy would sample 16 of them; the structured path takes all."""
    result, (row,) = rows(
        "torch.manual_seed(14)\nlogits = torch.randn(20, 7, requires_grad=True)\n"
        "idx = torch.randint(0, 7, (20, 1))\n"
        "picked = torch.gather(logits.log_softmax(dim=1), 1, idx)\n"
        "loss = -picked.mean() + logits[:, 2:5].pow(2).sum() * 0.01\nloss.backward()")
    assert result.status == "ok" and row.method == "symbolic" and "structured" in row.note


MASKED = (
    "import math\ntorch.manual_seed(21)\nT, d = 8, 16\nx = torch.randn(T, d)\n"
    "Wq = torch.randn(d, d, requires_grad=True)\nWk = torch.randn(d, d, requires_grad=True)\n"
    "mask = torch.arange(T).reshape(T, 1) < torch.arange(T).reshape(1, T)\n"
    "scores = ((x @ Wq) @ (x @ Wk).T / math.sqrt(d)).masked_fill(mask, float('-inf'))\n"
    "att = torch.softmax(scores, dim=-1)\ny = torch.where(att > 0.1, att, att * 0.5)\n"
    "(y @ x).pow(2).sum().backward()")


def test_choices_by_a_condition_are_exact_on_every_element():
    result, rs = rows(MASKED)
    assert result.status == "ok" and len(rs) == 2
    assert all(r.method == "symbolic" and "structured" in r.note for r in rs)


FAULTS = [(NORMS, f) for f in ("NativeLayerNormBackward0", "NativeBatchNormBackward0")] + [
    (STATS, f) for f in ("VarBackward0", "StdBackward0", "LogsumexpBackward0",
                         "LinalgVectorNormBackward0", "AmaxBackward0", "AminBackward0",
                         "MaxBackward1", "MinBackward1")] + [
    (MASKED, f) for f in ("WhereBackward0", "MaskedFillBackward0")]


@pytest.mark.parametrize(("source", "fault"), FAULTS, ids=[f for _, f in FAULTS])
def test_one_wrong_element_of_their_gradients_is_caught(source, fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    assert rows(source)[0].status == "mismatch"


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
@pytest.mark.parametrize(("shape", "dim"), [((3, 5), 1), ((4, 2, 3), 0), ((), 0), ((6,), -1)])
def test_softmax_as_steps_is_sympys_jacobian_of_a_slice(name, shape, dim):
    """The form any width takes (diag(p) − p·pᵀ applied through the slice's sum) against
    sympy's Jacobian of each slice entry by entry, where that can be built (masked -inf too)."""
    rng = np.random.default_rng(5)
    a, g = rng.standard_normal(shape) * 3, rng.standard_normal(shape)
    if a.ndim > 1:
        a[0, 0] = -np.inf  # (masked attention: a slice with one masked element)
    r = SimpleNamespace(op=OPS[name], params={"dim": dim})
    (steps,) = forms_nn.input_grads(r, g, [a], lambda v: v)
    (entries,) = opgrads._sliced(r, g, [a])
    np.testing.assert_allclose(steps, entries, rtol=1e-12, atol=1e-12)


CE = ("import torch.nn.functional as F\ntorch.manual_seed(3)\n"
      "x = torch.randn(4, 16)\nW = torch.randn(16, 2000, requires_grad=True)\n"
      "t = torch.randint(0, 2000, (4,))\nlogits = x @ W\n"
      "loss = F.cross_entropy(logits, t) + logits.softmax(dim=1).pow(2).sum()\nloss.backward()")


def test_a_wide_softmax_and_cross_entropy_are_exact_on_every_element():
    result, (row,) = rows(CE)
    assert result.status == "ok" and row.method == "symbolic" and "structured" in row.note
    assert row.shape == (16, 2000)


@pytest.mark.parametrize("fault", ["LogSoftmaxBackward0", "NllLossBackward0",
                                   "SoftmaxBackward0"])
def test_one_wrong_element_of_a_wide_softmax_is_caught(fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    assert rows(CE)[0].status == "mismatch"
