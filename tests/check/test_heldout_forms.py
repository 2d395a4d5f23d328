"""Held-out style programs (issue #15): new ops checked by structure on every element, and a
gradient penalty's second derivative checked by sympy through its first (check/chained.py)."""
import pytest
from test_checker import rows

from gradcli.app.api import run_session

SCATTERED = (
    "torch.manual_seed(0)\nx = torch.rand(40, 6, requires_grad=True)\n"
    "W = torch.randn(6, 6, requires_grad=True)\ny = torch.cumprod(torch.sigmoid(x @ W), dim=1)\n"
    "z = torch.roll(y, 1, 0).flip(1)\n"
    "s = torch.zeros(40, 6).scatter(1, torch.randint(0, 6, (40, 1)), y[:, :1])\n"
    "a = torch.zeros(8, 6).index_add(0, torch.randint(0, 8, (40,)), y, alpha=0.5)\n"
    "loss = (z * torch.randn(40, 6)).sum() + s.exp().sum() + a.pow(2).sum()\nloss.backward()")

PENALTY = (
    "import torch.nn as nn\ntorch.manual_seed(21)\n"
    "D = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))\n"
    "interp = torch.randn(4, 3).requires_grad_(True)\nout = D(interp)\n"
    "grads = torch.autograd.grad(outputs=out, inputs=interp, grad_outputs=torch.ones_like(out),"
    " create_graph=True)[0]\n"
    "gp = ((grads.norm(2, dim=1) - 1) ** 2).mean()\ngp.backward()")


def test_cumprod_roll_flip_scatter_index_add_are_exact_on_every_element():
    result, rs = rows(SCATTERED)
    assert result.status == "ok" and len(rs) == 2
    assert all(r.method == "symbolic" and r.match and "structured" in r.note for r in rs)


@pytest.mark.parametrize("fault", ["CumprodBackward0", "IndexAddBackward0", "ScatterBackward0",
                                   "RollBackward0"])
def test_a_fault_in_one_element_of_the_new_ops_is_caught(fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    assert run_session("import torch\n" + SCATTERED, "s.py").status == "mismatch"


def test_a_gradient_penalty_is_checked_by_sympy_through_the_first_derivative():
    result, rs = rows(PENALTY)
    first, *second = rs
    assert result.status == "ok" and first.name == "interp" and len(second) == 4
    assert all(r.method == "symbolic" and r.match for r in rs)
    # the second pass's formulas read the first derivative's elements as symbols
    assert any("∂interp" in f for r in second for f in r.added_formula)


@pytest.mark.parametrize("fault", ["LinalgVectorNormBackward0", "TanhBackward0",
                                   "AddmmBackward0"])
def test_a_fault_in_the_gradient_penalty_is_caught(fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    assert run_session("import torch\n" + PENALTY, "gp.py").status == "mismatch"
