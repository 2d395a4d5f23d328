"""sympy's budget is counted, never timed (issue #29): what sympy is asked to build and
differentiate is measured before it is asked, and what is too large falls back at once, the
same way on a busy machine as on a quiet one. A structure refused once is refused again without
being counted. A sympy call that runs away regardless ends the run by its time limit, a named
limit, never by a switch of method."""
from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.check import checker, derive, replay, structured
from gradcli.check.records import TooLarge
from gradcli.engine.limits import Limits

# a residual stack of layer norm, linear and relu: sympy folded its Piecewise for minutes
RESIDUAL = ("import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n"
            "x = torch.randn(1, 3, requires_grad=True)\nh = x\n"
            "for i in range(3):\n    norm = nn.LayerNorm(3, elementwise_affine=False)\n"
            "    h = h + torch.relu(nn.Linear(3, 3)(norm(h)))\n"
            "h.sum().backward()\n")
SMALL = ("import torch\nx = torch.tensor([0.5, 1.5], requires_grad=True)\n"
         "for i in range(3):\n    (x.exp() * x).relu().sum().backward()\n")


def rows(result):
    return [g for e in result.events if e.kind == "backward" for g in e.grads]


def test_a_relu_around_many_folded_piecewise_parts_is_refused_by_its_count(monkeypatch):
    monkeypatch.setattr(structured, "expect", no_structured_form)  # the last resort, then
    result = run_session(RESIDUAL, "residual.py")
    assert result.status == "ok" and len(rows(result)) == 7  # x, and each Linear's two
    for row in rows(result):
        assert row.method == "numeric" and row.match
        assert "a relu around an expression of 36 piecewise parts" in row.note


def test_an_inf_norm_of_many_elements_is_refused_by_its_count():
    """Its form is a Piecewise nested once per element (sympy folded OpInfo's 5x5 sample for
    minutes): past symforms.MAX_PAIRWISE_PIECEWISE elements it falls back at once."""
    result = run_session("x = torch.arange(25.0).reshape(5, 5).requires_grad_()\n"
                         "torch.linalg.vector_norm(x, float('-inf')).backward()", "norm.py")
    (row,) = rows(result)
    assert row.method == "numeric" and row.match and "inf-norm of 25 elements" in row.note


def test_derivatives_past_the_work_budget_fall_back_before_sympy_starts(monkeypatch):
    def no_sympy_diff(*args, **kwargs):
        raise AssertionError("sympy was asked for a derivative the budget had no room for")

    monkeypatch.setattr(replay, "MAX_DERIVATIVE_WORK", 10)
    monkeypatch.setattr(derive, "torch_conventions", no_sympy_diff)
    monkeypatch.setattr(structured, "expect", no_structured_form)
    result = run_session(SMALL, "small.py")
    assert result.status == "ok"
    for row in rows(result):
        assert row.method == "numeric" and row.match
        assert "sympy's derivatives would walk more than 10 operations" in row.note


def test_a_structure_refused_once_is_refused_again_without_replaying_it(monkeypatch):
    replays = []
    run = replay.Replay.run
    monkeypatch.setattr(replay.Replay, "run", lambda self, root: replays.append(1) or
                        run(self, root))
    monkeypatch.setattr(replay, "MAX_DERIVATIVE_WORK", 10)
    monkeypatch.setattr(structured, "expect", no_structured_form)
    result = run_session(SMALL, "small.py")
    notes = {row.note for row in rows(result)}
    assert len(rows(result)) == 3 and len(notes) == 1  # each step says the same
    assert len(replays) == 1  # the first step's; the others were known too large


def test_the_memory_of_refusals_is_the_session_s_own(monkeypatch):
    monkeypatch.setattr(replay, "MAX_DERIVATIVE_WORK", 10)
    monkeypatch.setattr(structured, "expect", no_structured_form)
    run_session(SMALL, "small.py")
    monkeypatch.setattr(replay, "MAX_DERIVATIVE_WORK", 500_000)
    assert {row.method for row in rows(run_session(SMALL, "again.py"))} == {"symbolic"}


def test_a_sympy_call_that_runs_away_ends_the_run_by_its_time_limit(monkeypatch):
    def derive_for_ever(*args, **kwargs):
        for _ in range(10**10):  # as sympy's fold of a deep Piecewise, reading no clock
            pass
        raise AssertionError("not interrupted")

    monkeypatch.setattr(checker.Checker, "_derivative", derive_for_ever)
    result = run_session(SMALL, "slow.py", RunOptions(limits=Limits(max_seconds=1)))
    (error,) = [e for e in result.events if e.kind == "error"]
    assert error.type == "LimitExceeded" and "time limit" in error.message
    assert not rows(result)  # no row fell back to another method


def no_structured_form(*args):
    raise TooLarge("(the structured path is off in this test)")
