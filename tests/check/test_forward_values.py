"""The structured check evaluates its derivatives at the forward's own values (float32, as
torch's backward reads them), taken from each op's record; where the op's memory was written
after it ran, the record's value is replayed from its inputs instead."""
import numpy as np

from gradcli.app.api import run_session
from gradcli.check import structured
from gradcli.events.events import BackwardEvent

PRODUCT = ("import torch\nx = torch.linspace(-1, 1, 400).reshape(20, 20)\n"
           "w = torch.linspace(-1, 1, 400).reshape(20, 20).requires_grad_()\n"
           "p = x @ w\ns = torch.sigmoid(p)\n{write}"
           "(torch.tanh(s) ** 2).mean().backward()\nw.grad\n")


def _checked(source: str, monkeypatch) -> tuple[list, list]:
    """The session's gradient rows, and the values each structured replay gave."""
    seen = []
    original = structured.replayed

    def spy(record, roots):
        values = original(record, roots)
        seen.append(values)
        return values
    monkeypatch.setattr(structured, "replayed", spy)
    result = run_session(source, "s.py")
    assert result.status == "ok", result.status
    rows = [row for e in result.events if isinstance(e, BackwardEvent) for row in e.grads]
    return rows, seen


def test_the_replay_takes_each_op_value_as_the_engine_made_it(monkeypatch):
    rows, seen = _checked(PRODUCT.format(write=""), monkeypatch)
    assert rows[0].method == "symbolic" and rows[0].match is True
    floating = [v for v in seen[0].values() if v.dtype == np.float64 and v.size == 400]
    assert len(floating) >= 4  # x, w, the product, sigmoid, tanh
    for v in floating:  # float32 values, held in float64: no float64 replay of the forward
        np.testing.assert_array_equal(v.astype(np.float32).astype(np.float64), v)


def test_an_op_whose_result_was_written_since_is_replayed_from_its_inputs(monkeypatch):
    """sigmoid saved its result, so torch lets p be written after it; the check's partial of
    sigmoid reads p as sigmoid saw it, not as it is now (three times that)."""
    rows, _ = _checked(PRODUCT.format(write="p.mul_(3)\n"), monkeypatch)
    assert rows[0].method == "symbolic" and rows[0].match is True
