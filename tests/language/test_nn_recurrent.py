"""nn.RNN/LSTM/GRU and their cells: what the corpus does not show (edge cases, errors, the
float32 LSTM's fused node)."""
import pytest

from gradcli.app.api import run_json


def events(source: str) -> list[dict]:
    return run_json("import torch\nimport torch.nn as nn\n" + source, "<test>")["events"]


def prints(source: str) -> list[str]:
    return [e["text"] for e in events(source) if e["kind"] == "print"]


def test_parameter_order_bidirectional_two_layers():
    out = prints("m = nn.GRU(2, 3, num_layers=2, bidirectional=True)\n"
                 "print([(n, tuple(p.shape)) for n, p in m.named_parameters()][4:8])")
    assert out == ["[('weight_ih_l0_reverse', (9, 2)), ('weight_hh_l0_reverse', (9, 3)), "
                   "('bias_ih_l0_reverse', (9,)), ('bias_hh_l0_reverse', (9,))]"]


def test_float32_lstm_output_is_the_fused_node_float64_the_stack():
    out = prints("x = torch.randn(3, 1, 2)\n"
                 "print(nn.LSTM(2, 3)(x)[0].grad_fn.name())\n"
                 "print(nn.LSTM(2, 3, dtype=torch.float64)(x.double())[0].grad_fn.name())")
    assert out == ["MkldnnRnnLayerBackward0", "StackBackward0"]


def test_empty_batch_runs():
    out = prints("out, (h, c) = nn.LSTM(3, 4)(torch.randn(2, 0, 3))\n"
                 "print(out.shape, h.shape)")
    assert out == ["torch.Size([2, 0, 4]) torch.Size([1, 0, 4])"]


@pytest.mark.parametrize("source, kind, message", [
    ("nn.LSTM(3, 4)(torch.randn(0, 2, 3))", "RuntimeError",
     "Expected sequence length to be larger than 0 in RNN"),
    ("nn.RNNCell(3, 4, nonlinearity='gelu')(torch.randn(2, 3))", "RuntimeError",
     "Unknown nonlinearity: gelu"),
    ("nn.LSTM(3, 4, proj_size=2)(torch.randn(5, 2, 3), (torch.zeros(1, 2, 4), "
     "torch.zeros(1, 2, 4)))", "RuntimeError", "Expected hidden[0] size (1, 2, 2), got [1, 2, 4]"),
    ("nn.LSTM(3, 4, proj_size=2)(torch.randn(5, 2, 3), (torch.zeros(1, 2, 2), "
     "torch.zeros(1, 2, 2)))", "RuntimeError", "Expected hidden[1] size (1, 2, 4), got [1, 2, 2]"),
    ("nn.LSTM(3, 4, proj_size=4)", "ValueError", "proj_size has to be smaller than hidden_size"),
])
def test_errors(source, kind, message):
    errors = [e for e in events(source) if e["kind"] == "error"]
    assert errors and errors[0]["type"] == kind and errors[0]["message"] == message, errors
