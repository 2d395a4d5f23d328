"""The structured path reads what the replay has computed already: an op's value where sympy's
partial repeats its form (tanh's 1 - tanh**2), the replay's shapes for the matrix form; a
square evaluates as np.square, rounded as pow rounds it."""
import numpy as np

from gradcli.app.api import run_session
from gradcli.check import opgrads, structured
from gradcli.check.ieee import Program
from gradcli.engine.optable import OPS
from gradcli.engine.symforms import sp
from gradcli.events.events import BackwardEvent
from gradcli.events.ledger import Restart, build_ledgers


def test_tanh_partial_reads_the_op_value_and_agrees_with_the_one_that_does_not():
    tanh = OPS["tanh"]
    of_output = opgrads._symbolic_partial(tanh, 0, 1, (), of_output=True)
    plain = opgrads._symbolic_partial(tanh, 0, 1, (), of_output=False)
    steps = [what for what, _ in of_output.recipe]
    assert ("symbol", ["out", None]) in [tuple(what) for what in steps]
    assert all("tanh" not in str(what).lower() for what in steps)  # no second tanh
    x = np.linspace(-4, 4, 101)
    (with_out,) = of_output.run({"a0": x, "out": np.tanh(x)})
    (without,) = plain.run({"a0": x})
    np.testing.assert_allclose(with_out, without, rtol=1e-15, atol=1e-15)


def test_exp_partial_is_the_op_value_itself():
    program = opgrads._symbolic_partial(OPS["exp"], 0, 1, (), of_output=True)
    assert opgrads._shortcut(program) == opgrads.OUT
    x = np.array([-1.0, 0.0, 2.0])
    assert opgrads.partial_of(OPS["exp"], (), 0, [x], np.exp(x)) is not None
    np.testing.assert_array_equal(opgrads.partial_of(OPS["exp"], (), 0, [x], np.exp(x)),
                                  np.exp(x))


def test_a_square_rounds_as_pow_on_special_values():
    a = sp().Symbol("a0", real=True)
    x = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, 1e200, 1e-200, 3.0, -2.5, 1e-320])
    (squared,) = Program([a ** 2]).run({"a0": x})
    with np.errstate(over="ignore", under="ignore"):
        np.testing.assert_array_equal(squared, np.power(x, 2.0))


def test_a_loss_root_is_not_replayed_but_every_value_under_it_is():
    source = ("import torch\nx = torch.linspace(-1, 1, 400).reshape(20, 20)\n"
              "w = torch.linspace(-1, 1, 400).reshape(20, 20).requires_grad_()\n"
              "loss = (torch.tanh(x @ w) ** 2).mean()\nloss.backward()\nw.grad\n")
    seen = []
    original = structured.replayed

    def spy(record, roots):
        values = original(record, roots)
        seen.append((roots, values))
        return values
    structured.replayed = spy
    try:
        result = run_session(source, "s.py")
    finally:
        structured.replayed = original
    rows = [row for e in result.events if isinstance(e, BackwardEvent) for row in e.grads]
    assert result.status == "ok" and rows[0].match is True
    roots, values = seen[0]  # (a product of matrices: the structured path)
    assert id(roots[0]) not in values and id(roots[0].args[0]) in values


def test_a_zeroed_grad_restarts_the_ledger_from_zeros():
    source = ("import torch\nw = torch.tensor([1.0, 2.0], requires_grad=True)\n"
              "for i in range(2):\n    (w * w).sum().backward()\n    w.grad.zero_()\n")
    (ledger,) = build_ledgers(run_session(source, "s.py").events)
    restarts = [e for e in ledger.entries if isinstance(e, Restart)]
    assert restarts and "zeroed" in restarts[-1].reason and restarts[-1].start == [0.0, 0.0]


DEEP_CHAIN = ("import torch\ntorch.manual_seed(0)\nx = torch.randn(256, 256)\n"
              "layers = [(torch.randn(256, 256) / 16).requires_grad_() for _ in range(8)]\n"
              "h = x\nfor W in layers:\n    h = torch.tanh(h @ W)\nh.sum().backward()\n")


def test_a_deep_chain_checks_clean_and_catches_one_wrong_element_on_every_layer(monkeypatch):
    """The rounding allowance grows with each layer's own terms, not with the product of
    every layer's |Jacobian| (which excused a 1.5x element on the first layers of ten)."""
    clean = run_session(DEEP_CHAIN, "s.py")
    assert clean.status == "ok"
    monkeypatch.setenv("GRADCLI_FAULT", "MmBackward0")
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    faulty = run_session(DEEP_CHAIN, "s.py")
    rows = [row for e in faulty.events if isinstance(e, BackwardEvent) for row in e.grads]
    assert len(rows) == 8 and all(row.match is False for row in rows)


def test_relu_takes_its_branch_where_the_engine_compared_in_float32():
    """x @ w is exactly 0 in float32 and 2**-24 in float64: torch's relu passes no gradient
    there, and neither may the expectation (the float64 replay alone would say 1)."""
    source = ("import torch\nx = torch.full((64, 2), 1 + 2 ** -12)\nx[:, 1] = 1.0\n"
              "w = torch.tensor([[1 + 2 ** -12], [-(1 + 2 ** -11)]], requires_grad=True)\n"
              "torch.relu(x @ w).sum().backward()\n")
    result = run_session(source, "s.py")
    (row,) = [row for e in result.events if isinstance(e, BackwardEvent) for row in e.grads]
    assert result.status == "ok" and row.method == "symbolic" and row.match is True
