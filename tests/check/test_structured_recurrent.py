"""The structured check on a recurrent graph: many small records of a few kinds, repeated at
every step (its partials and element maps are worked out once per kind, shape and params)."""
import pytest

from gradcli.app.api import run_session

LSTM = ("import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n"
        "lstm = nn.LSTM(4, 6, num_layers=2)\nx = torch.randn(5, 3, 4)\n"
        "for step in range(2):\n    lstm.zero_grad()\n    out, (h, c) = lstm(x)\n"
        "    (out.sum() + c.sum() * 2).backward()\n")
CHUNKS = ("import torch\ntorch.manual_seed(0)\nx = torch.randn(20, 40, requires_grad=True)\n"
          "a, b = x.chunk(2, 1)\n((a * 2) + (b * 3)).sum().backward()\n"
          "y = torch.randn(20, 40, requires_grad=True)\nc, d = y.chunk(2, 1)\n"
          "((d * 2) + (c * 3)).sum().backward()\n")


def grad_rows(source: str):
    result = run_session(source, "check.py")
    assert result.status in ("ok", "mismatch"), result.events
    return result, [g for e in result.events if e.kind == "backward" for g in e.grads]


def test_an_lstm_is_checked_exactly_at_every_step():
    result, rows = grad_rows(LSTM)
    assert result.status == "ok" and len(rows) == 16
    assert all(r.method == "symbolic" and "structured" in r.note and r.match for r in rows)


@pytest.mark.parametrize("fault", ["UnsafeSplitBackward0", "SigmoidBackward0", "TanhBackward0",
                                   "MulBackward0", "AddBackward0", "AddmmBackward0",
                                   "UnbindBackward0", "StackBackward0"])
def test_an_lstm_gradient_wrong_in_one_element_is_caught(fault, monkeypatch):
    """A float64 LSTM runs as torch's composite: a node per step op, each faulted."""
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, rows = grad_rows(LSTM.replace("num_layers=2)", "num_layers=2).double()")
                             .replace("(5, 3, 4)", "(5, 3, 4, dtype=torch.float64)"))
    assert result.status == "mismatch" and any(not r.match for r in rows)


@pytest.mark.parametrize("fault", ["MkldnnRnnLayerBackward0", "StackBackward0", "MulBackward0",
                                   "AddBackward0"])
def test_a_fused_lstm_layer_wrong_in_one_element_is_caught(fault, monkeypatch):
    """A float32 LSTM runs each layer as one node (torch's oneDNN layer): the check, which
    differentiates the recorded steps, catches its backward's fault as any other."""
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, rows = grad_rows(LSTM)
    assert result.status == "mismatch" and any(not r.match for r in rows)


def test_pieces_of_one_shape_are_told_apart_by_where_they_were_cut():
    """Two chunks of one op and shape, in both orders: each piece's gradient goes back to its
    own columns (the element map is per slice, not per shape)."""
    result, (first, second) = grad_rows(CHUNKS)
    assert result.status == "ok" and first.match and second.match
    assert first.method == second.method == "symbolic" and "structured" in first.note
    assert first.grad[0][:2] == [2.0, 2.0] and first.grad[0][-2:] == [3.0, 3.0]
    assert second.grad[0][:2] == [3.0, 3.0] and second.grad[0][-2:] == [2.0, 2.0]


def test_a_split_gradient_sent_to_the_wrong_piece_is_caught(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "SplitBackward0")
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, _ = grad_rows(CHUNKS)
    assert result.status == "mismatch"


HOOKED = ("import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n"
          "lstm = nn.LSTM(4, 8, batch_first=True)\nhead = nn.Linear(8, 1)\n"
          "x = torch.randn(2, 5, 4)\nout, _ = lstm(x)\nout.register_hook(lambda g: g * 2)\n"
          "head.weight.register_hook(lambda g: g + 1)\n"
          "head(out[:, -1]).pow(2).mean().backward()\n")


def test_hooks_cut_the_structured_path_at_the_hooked_tensor():
    """What the hooks received is checked, what they returned goes on (the LSTM's weights
    get twice the gradient), as on the symbolic path."""
    result, rows = grad_rows(HOOKED)
    assert result.status == "ok" and len(rows) == 7
    assert all(r.method == "symbolic" and r.match for r in rows)
    assert all("structured" in r.note for r in rows[:-1]) and rows[-1].name == "out (hook input)"
    assert "its hooks received sympy's value" in rows[1].note  # head.weight's own hook


@pytest.mark.parametrize("fault", ["MkldnnRnnLayerBackward0", "SelectBackward0",
                                   "AddmmBackward0"])
def test_a_fault_above_or_below_a_hook_is_caught(fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, rows = grad_rows(HOOKED)
    assert result.status == "mismatch" and any(not r.match for r in rows)
