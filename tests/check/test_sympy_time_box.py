"""The symbolic check's time box: one sympy call that reads no clock (a deep stack of relu's
Piecewise folding for minutes) is interrupted at the check's own deadline, and the check
falls back instead of the run ending at its time limit."""
import time

import pytest

from gradcli.app.api import run_session
from gradcli.check import replay, structured
from gradcli.check.records import TooLarge

pytestmark = pytest.mark.skipif(replay.SIGNAL is None, reason="no SIGUSR1 on this platform")


def test_work_that_reads_no_clock_is_interrupted_at_the_deadline():
    finished = []
    with pytest.raises(TooLarge, match="sympy took more than"):
        with replay.sympy_time_box(time.monotonic() + 0.2):
            total = 0
            for i in range(10**9):  # minutes of bytecodes, not one clock read
                total += i
            finished.append(total)
    assert not finished


def test_a_block_that_ends_in_time_is_left_alone():
    with replay.sympy_time_box(time.monotonic() + 60):
        value = sum(range(1000))
    assert value == 499500


def test_a_slow_sympy_derivative_falls_back_and_the_run_goes_on(monkeypatch):
    def derive_slowly(*args, **kwargs):
        for _ in range(10**9):  # as sympy's piecewise_fold of a deep relu stack, reading no clock
            pass
        raise AssertionError("not interrupted")

    monkeypatch.setattr(replay, "SYMPY_SECONDS", 0.3)
    monkeypatch.setattr("gradcli.check.checker.Checker._derivative", derive_slowly)
    monkeypatch.setattr(structured, "expect", no_structured_form)  # the last resort, then
    result = run_session("import torch\nx = torch.tensor([0.5, 1.5], requires_grad=True)\n"
                         "(x.exp() * x).relu().sum().backward()\n", "slow.py")
    (row,) = [g for e in result.events if e.kind == "backward" for g in e.grads]
    assert result.status == "ok"
    assert row.method == "numeric" and row.match and "sympy took more than" in row.note


def no_structured_form(*args):
    raise TooLarge("(the structured path is off in this test)")
