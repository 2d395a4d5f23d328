"""Right gradients the check once called wrong, each with the wrong gradient it must still
catch: a constant an op writes (zero_'s zeros, fill_'s value) is not an element it moved, and
the forms of logsumexp, softmax and log_softmax stay in float64's range where their inputs are
~1000."""
import pytest

from gradcli.app.api import run_session
from gradcli.events.events import BackwardEvent


def checked(source: str, monkeypatch, fault: str = "", mode: str = "") -> list:
    """The session's gradient rows, run with the engine's gradients of `fault` made wrong."""
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", mode)
    result = run_session("import torch\ntorch.manual_seed(0)\n" + source, "s.py")
    rows = [row for e in result.events if isinstance(e, BackwardEvent) for row in e.grads]
    assert rows and all(row.method != "none" for row in rows), rows
    return rows


# (a tensor of 125 elements: the structured check, which traces the write on element tags)
WRITES = [("ZeroBackward0", "y.zero_()"), ("FillBackward2", "y.fill_(3)"),
          ("FillBackward2", "y.fill_(0)"), ("FillBackward2", "y[1:40].fill_(float('nan'))"),
          ("CopySlices", "y[7:90] = -2.0")]


@pytest.mark.parametrize(("grad_fn", "write"), WRITES)
def test_a_written_constant_passes_no_gradient_and_a_wrong_one_is_caught(grad_fn, write,
                                                                         monkeypatch):
    source = (f"x = torch.randn(5, 5, 5, requires_grad=True)\ny = x * 2\n{write}\n"
              "(y * torch.randn(5, 5, 5)).sum().backward()\n")
    assert all(row.match for row in checked(source, monkeypatch))
    wrong = checked(source, monkeypatch, grad_fn, "element")
    assert not any(row.match for row in wrong)


# (5x5: sympy's form of the whole; 20x30: the structured check, a slice's Jacobian for softmax)
@pytest.mark.parametrize("shape", [(5, 5), (20, 30)])
@pytest.mark.parametrize(("grad_fn", "call"), [
    ("LogsumexpBackward0", "torch.logsumexp(x, 1, True)"), ("SoftmaxBackward0", "x.softmax(1)"),
    ("LogSoftmaxBackward0", "x.log_softmax(1)")])
def test_exp_normalizing_ops_of_large_inputs_are_checked_in_range_and_a_wrong_one_is_caught(
        shape, grad_fn, call, monkeypatch):
    source = (f"x = (torch.randn{shape} * 3 + 1000).requires_grad_()\ny = {call}\n"
              "(y * torch.randn_like(y)).sum().backward()\n")
    assert all(row.match for row in checked(source, monkeypatch))
    for mode in ("scale", "element"):
        wrong = checked(source, monkeypatch, grad_fn, mode)
        assert not any(row.match for row in wrong)


@pytest.mark.parametrize(("grad_fn", "call"), [("NanToNumBackward0", "y.nan_to_num()"),
                                               ("NansumBackward0", "y.nansum(0)")])
def test_a_constant_nan_an_op_drops_has_no_slope_and_a_wrong_one_is_caught(grad_fn, call,
                                                                          monkeypatch):
    """where(cond, nan, x) feeds a constant nan to an op that passes it no gradient: 0 * nan
    must not turn the whole objective nan."""
    source = ("x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], requires_grad=True)\n"
              f"y = torch.where(x > 1, float('nan'), x)\n({call} * 2).sum().backward()\n")
    assert all(row.match for row in checked(source, monkeypatch))
    assert not any(row.match for row in checked(source, monkeypatch, grad_fn, "element"))
