"""The cross-check's behaviour: how each expectation is obtained, and what it explains."""
import numpy as np
import pytest

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.check import compare, derive, opgrads, replay, spread, structured
from gradcli.check.records import TooLarge


def rows(source: str):
    result = run_session("import torch\n" + source, "check.py")
    assert result.status in ("ok", "mismatch"), result.events
    return result, [g for e in result.events if e.kind == "backward" for g in e.grads]


def test_accumulated_formula_reads_as_the_sum_of_calls():
    _, (first, second) = rows("x = torch.ones(1, requires_grad=True)\n"
                              "(x**2).backward()\n(x**3).backward()")
    assert first.formula == ["2*x"] and second.formula == ["2*x + 3*x**2"]
    assert second.added_formula == ["3*x**2"] and second.expected == [5.0]


def test_zeroed_and_hand_set_gradients_are_noted():
    _, rs = rows("x = torch.ones(1, requires_grad=True)\n(x*2).backward()\nx.grad.zero_()\n"
                 "(x*3).backward()\nx.grad = torch.tensor([10.])\n(x*4).backward()")
    assert rs[1].formula == ["3"] and "zeroed" in rs[1].note
    assert rs[2].formula == ["10 + 4"] and "by hand" in rs[2].note and rs[2].match


def test_leaves_no_name_holds_any_more_are_distinct_symbols():
    # each `w` is rebound, yet all three stay in the graph: one shared symbol made a false mismatch
    result, rs = rows("loss = 0\nfor i in range(3):\n"
                      "    w = torch.tensor(float(i + 1), requires_grad=True)\n"
                      "    w.retain_grad()\n"
                      "    loss = loss + w * w * (i + 1)\nloss.backward()")
    assert result.status == "ok"
    assert [(r.name, r.formula) for r in rs] == [("w", ["6*w"]), ("tensor", ["4*tensor"]),
                                                 ("tensor#2", ["2*tensor#2"])]


def test_a_leaf_held_by_an_instance_is_named_by_its_attribute():
    _, rs = rows("class P:\n    def __init__(self):\n"
                 "        self.a = torch.tensor(2.0, requires_grad=True)\n"
                 "p = P()\n(p.a ** 2).backward()")
    assert [(r.name, r.formula) for r in rs] == [("p.a", ["2*p.a"])]


def test_retained_intermediate_is_differentiated_as_itself():
    _, rs = rows("x = torch.tensor([1., 2.], requires_grad=True)\ny = x * 3\ny.retain_grad()\n"
                 "(y ** 2).sum().backward()")
    y_row = next(r for r in rs if r.name == "y")
    assert y_row.formula == ["2*y[0]", "2*y[1]"] and y_row.expected == [6.0, 12.0]


def test_large_elementwise_programs_get_one_formula_evaluated_everywhere():
    _, (row,) = rows("x = torch.linspace(-1, 1, 200, requires_grad=True)\n"
                     "c = torch.linspace(0, 1, 200)\n"
                     "(torch.where(x > 0, x.sin() * x, c * x.exp())).mean().backward()")
    assert row.method == "symbolic" and row.match and "one formula" in row.note
    assert len(row.formula) == 1 and "sin(x)" in row.formula[0]


def test_large_general_programs_are_sampled_and_say_so(monkeypatch):
    monkeypatch.setattr(structured, "expect", no_structured_form)  # (an op it has no form for)
    _, (row,) = rows("x = torch.linspace(-1, 1, 200, requires_grad=True)\n"
                     "w = torch.linspace(0, 1, 10)\n"
                     "(x.view(20, 10) @ w).sin().sum().backward()")
    assert row.method == "sampled" and row.match
    assert f"{derive.SAMPLE} sampled elements of 200" in row.note
    assert sum(bool(f) for f in row.formula) == derive.SAMPLE  # the others have none


def no_structured_form(*args):
    raise TooLarge("(the structured path is off in this test)")


def test_numeric_fallback_when_sympy_would_be_too_slow(monkeypatch):
    monkeypatch.setattr(replay, "MAX_SYMBOLIC_ELEMENTS", 3)
    monkeypatch.setattr(structured, "expect", no_structured_form)
    _, (row,) = rows("x = torch.tensor([0.5, 1.5], requires_grad=True)\n"
                     "(x.exp() * x).sum().backward()")
    assert row.method == "numeric" and row.match and "central differences" in row.note


def test_deep_chain_runs_iteratively_and_says_why_it_is_not_checked():
    result, (row,) = rows("x = torch.tensor([1.0], requires_grad=True)\ny = x\n"
                          "for i in range(100000):\n    y = y * 1.0\ny.backward()\nx.grad")
    assert row.grad == [1.0] and row.method == "none" and "too large" in row.note
    assert result.status == "ok"


@pytest.mark.parametrize("expression", [
    "x.relu()", "x.abs()", "x.clamp(0, 1)", "x.clamp(min=0)", "torch.maximum(x, torch.zeros(3))",
    "x.sqrt()", "F.leaky_relu(x, 0.1)", "x.max()", "x.amax()", "x ** 0",
    "torch.where(x > 0, x.sqrt(), 0)", "x.sqrt().masked_fill(x < 0.5, 1.0)",
])
def test_kinks_follow_pytorchs_conventions(expression):
    _, (row,) = rows(f"x = torch.tensor([0.0, 0.0, 1.0], requires_grad=True)\n"
                     f"({expression}).sum().backward()")
    assert row.match, (row.grad, row.expected)


def test_nan_leaks_through_where_in_large_programs_too():
    # (torch's linspace(-1, 1, 101)[50] is 2.2e-08, not 0: an exact 0 comes from arange)
    _, (row,) = rows("x = ((torch.arange(101.0) - 50) / 50).requires_grad_()\n"
                     "torch.where(x > 0, x.sqrt(), x * 0).sum().backward()")
    assert row.match and row.grad[50] == "nan" and "one formula" in row.note


def test_second_derivative_differentiates_sympys_first_derivative():
    _, rs = rows("x = torch.tensor(2.0, requires_grad=True)\n"
                 "(g,) = torch.autograd.grad(x ** 4, x, create_graph=True)\n"
                 "(h,) = torch.autograd.grad(g, x)")
    assert [r.formula for r in rs] == [["4*x**3"], ["12*x**2"]] and all(r.match for r in rs)


def test_hooks_are_followed_by_their_recorded_output():
    _, (row, hook_input) = rows("x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                                "h = x.register_hook(lambda g: g * 10)\ny = x * x\n"
                                "hy = y.register_hook(lambda g: g + 1)\ny.sum().backward()")
    assert row.grad == [40.0, 80.0] and row.match and row.method == "symbolic"
    assert "hooks received sympy's value" in row.note
    assert hook_input.name == "y (hook input)" and hook_input.match


def test_a_non_leaf_hook_input_is_checked_too(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "ExpBackward0")
    result, rs = rows("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 3\n"
                      "h = y.register_hook(lambda g: g * 0 + 1)\ny.exp().sum().backward()")
    hook_row = next(r for r in rs if r.name == "y (hook input)")
    assert not hook_row.match and result.status == "mismatch"
    assert next(r for r in rs if r.name == "x").match  # below the hook, all is well


def test_a_hook_that_sees_a_wrong_gradient_is_a_mismatch(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "PowBackward0")
    result, (row,) = rows("x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                          "h = x.register_hook(lambda g: g * 10)\n(x ** 2).sum().backward()")
    assert result.status == "mismatch" and not row.match


def test_rtol_reaches_what_a_hook_received(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "PowBackward0")  # the hook sees 1.5x
    source = ("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
              "h = x.register_hook(lambda g: g * 10)\n(x ** 2).sum().backward()")
    result = run_session(source, "check.py", RunOptions(rtol=1.0))
    (row,) = [g for e in result.events if e.kind == "backward" for g in e.grads]
    assert "hooks received sympy's value" in row.note and row.match


def test_each_retained_tensor_is_differentiated_through_the_others():
    _, rs = rows("x = torch.tensor([1., 2.], requires_grad=True)\ny = x * 2\ny.retain_grad()\n"
                 "z = y ** 2\nz.retain_grad()\nz.sum().backward()")
    assert {r.name: r.expected for r in rs} == {"z": [1.0, 1.0], "y": [4.0, 8.0],
                                                "x": [8.0, 16.0]}


def test_tolerance_follows_the_dtype():
    _, (row,) = rows("x = torch.ones(2, dtype=torch.float64, requires_grad=True)\n"
                     "(x * 3).sum().backward()")
    assert row.tolerance == compare.TOLERANCES["float64"]


@pytest.mark.parametrize("divisor, expected", [
    ("0", ["inf", "inf", "inf"]), ("-0.0", ["-inf", "-inf", "-inf"]),
    ("torch.tensor([0.0, -0.0, 2.0])", ["inf", "-inf", 0.5]),
])
def test_a_zero_divisor_keeps_its_sign(divisor, expected):
    # sympy alone folds x/0 to zoo, an infinity without a sign; torch's 1/+-0 is +-inf
    _, (row,) = rows(f"x = torch.tensor([1.0, -1.0, 0.0], requires_grad=True)\n"
                     f"(x / {divisor}).sum().backward()")
    assert row.method == "symbolic" and row.match and row.expected == expected


def test_a_zero_divisor_in_a_large_elementwise_program():
    _, (row,) = rows("x = torch.linspace(-1, 1, 100, requires_grad=True)\n"
                     "(-x / 0).sum().backward()")
    assert "one formula" in row.note and row.match and row.expected == ["-inf"] * 100


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_an_overflowing_gradient_is_expected_as_inf(dtype):
    _, (row,) = rows(f"x = torch.tensor([100.0, -1.0], dtype=torch.{dtype}, requires_grad=True)\n"
                     "x.exp().sum().backward()")
    assert row.match and row.expected[0] == "inf"
    assert row.expected[1] == pytest.approx(0.3679, abs=1e-4)


def test_overflow_rounding_keeps_values_in_range_and_nan():
    got = compare.in_dtype([1e30, 1e39, -1e39, float("nan")], "float32")
    assert got[0] == 1e30 and list(got[1:3]) == [float("inf"), float("-inf")]
    assert compare.in_dtype([1e39], "float64")[0] == 1e39
    assert compare.matches(got, got, 1e-4, 1e-5)[0]  # nan matches nan, inf matches inf
    assert not compare.matches([float("inf")], got[:1], 1e-4, 1e-5)[0]  # inf is no 1e30
    assert not compare.matches([float("nan")], [1.0], 1e-4, 1e-5)[0]


def test_a_wrong_gradient_next_to_an_infinite_one_is_still_a_mismatch(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "MulBackward0")
    result, (row,) = rows("x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                          "(x / torch.tensor([0.0, 1.0]) + x * 3).sum().backward()")
    assert row.grad == ["inf", 5.5] and row.expected == ["inf", 4.0]
    assert result.status == "mismatch" and not row.match


def test_a_saved_value_written_through_data_is_not_checked_but_said():
    # torch's gradient reads the zeroed saved result (grad 0); no replay of the forward can
    # know that, so the row says why it has no expectation instead of a false mismatch
    _, (row,) = rows("a = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                     "out = a.sigmoid()\nout.data.zero_()\nout.sum().backward()")
    assert row.grad == [0.0, 0.0] and row.method == "none" and ".data" in row.note
    _, (row,) = rows("w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                     "loss = (w * w).sum()\nw.data.mul_(3)\nloss.backward()")
    assert row.method == "symbolic" and row.match  # a leaf's memory: the check sees it too


def test_a_value_computed_from_a_leaf_written_through_data_later_is_not_checked_but_said():
    # y was computed from the old x; MulBackward0 reads the saved y, MmBackward0 the new x
    _, rows_ = rows("x = torch.tensor([[1.0, 2.0]], requires_grad=True)\n"
                    "w = torch.tensor([[0.5], [2.0]], requires_grad=True)\n"
                    "y = x.mm(w)\nx.data.mul_(3)\n(y * y).sum().backward()")
    assert [r.method for r in rows_] == ["none", "none"]
    assert all("changed through .data after the graph was built" in r.note for r in rows_)
    _, rows_ = rows("x = torch.tensor([[1.0, 2.0]], requires_grad=True)\nx.data.mul_(3)\n"
                    "w = torch.tensor([[0.5], [2.0]], requires_grad=True)\n"
                    "(x.mm(w) ** 2).sum().backward()")  # built after the write: checked
    assert [r.method for r in rows_] == ["symbolic", "symbolic"] and all(r.match for r in rows_)


def test_a_write_under_no_grad_into_the_graph_is_read_as_a_constant_added():
    # torch's gradient flows as if the clamp were not there, and the division reads the
    # clamped values (cosine_similarity's and gaussian_nll_loss's clamps); it was a mismatch
    _, (row,) = rows("x = torch.tensor([1e-5, 2.0], requires_grad=True)\n"
                     "n = x.abs().clone()\nwith torch.no_grad():\n    n.clamp_min_(1.0)\n"
                     "(x / n).sum().backward()\nx.grad")
    assert row.method == "symbolic" and row.match
    _, (row,) = rows("x = torch.tensor([3.0, 2.0], requires_grad=True)\n"  # nothing changed
                     "n = x.abs().clone()\nwith torch.no_grad():\n    n.clamp_min_(1.0)\n"
                     "(x / n).sum().backward()")
    assert row.method == "symbolic" and row.match


def test_a_write_through_data_before_saving_leaves_later_graphs_checked():
    # sigmoid saved out before the write: behind; a graph built after a write: checked
    _, (row,) = rows("a = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                     "out = a.sigmoid()\nout.data.mul_(2)\n(out * out).sum().backward()")
    assert row.method == "none" and row.note.startswith("unchecked: written behind")
    _, (row,) = rows("a = torch.tensor([1.0, 2.0], requires_grad=True)\nout = a * 3\n"
                     "a.data.mul_(2)\nout2 = a.t() * a.t()\nout2.sum().backward()")
    assert row.method == "symbolic" and row.match


def test_training_with_data_updates_is_checked_on_every_backward():
    # the 60-minute blitz's LeNet update: addmm saves each weight's transpose, a view of the
    # memory `p.data -= lr * p.grad` writes; only a write after saving is behind the graph
    result, rs = rows(
        "import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.conv1 = nn.Conv2d(1, 2, 3)\n        self.fc1 = nn.Linear(18, 4)\n"
        "        self.fc2 = nn.Linear(4, 3)\n    def forward(self, x):\n"
        "        x = F.max_pool2d(F.relu(self.conv1(x)), 2)\n"
        "        return self.fc2(F.relu(self.fc1(torch.flatten(x, 1))))\n"
        "net = Net()\nx = torch.randn(2, 1, 8, 8)\ntarget = torch.randn(2, 3)\n"
        "for step in range(3):\n    net.zero_grad()\n"
        "    F.mse_loss(net(x), target).backward()\n"
        "    for p in net.parameters():\n        p.data -= 0.01 * p.grad")
    assert result.status == "ok" and len(rs) == 18
    assert all(r.method == "symbolic" and r.match for r in rs)


def test_a_gradient_the_engine_never_computed_is_a_mismatch(monkeypatch):
    # remainder's divisor, as an earlier engine dropped it: b's .grad stays None, sympy's
    # derivative there is -floor(a/b), and the row says the pass gave it nothing
    from dataclasses import replace

    from gradcli.engine.ops import OPS
    monkeypatch.setitem(OPS, "remainder_tensor", replace(
        OPS["remainder_tensor"], vjp=lambda xp, g, o, a, b: (g, None)))
    result, (a_row, b_row) = rows("a = torch.tensor([5., 7., 9.], requires_grad=True)\n"
                                  "b = torch.tensor([2., 3., 4.], requires_grad=True)\n"
                                  "torch.remainder(a, b).sum().backward()")
    assert result.status == "mismatch" and a_row.match and b_row.match is False
    assert b_row.expected == [-2.0, -2.0, -2.0] and "received no gradient" in b_row.note


def test_finite_differences_do_not_judge_where_the_function_is_not_finite(monkeypatch):
    monkeypatch.setattr(structured, "expect", no_structured_form)
    # y * y + y doubles the expression each line (numeric fallback) and overflows to inf
    result, (row,) = rows("x = torch.tensor(0.5, requires_grad=True)\ny = x\n"
                          "for i in range(30):\n    y = y * y + y\ny.backward()")
    assert result.status == "ok" and row.method == "none" and "not finite" in row.note


MLP = ("torch.manual_seed(0)\nX = torch.randn(6, 4)\nW1 = torch.randn(4, 5, requires_grad=True)\n"
       "b1 = torch.zeros(5, requires_grad=True)\nW2 = torch.randn(5, 2, requires_grad=True)\n"
       "h = torch.tanh(X @ W1 + b1)\nloss = ((h @ W2).t().sum(0) - 1).pow(2).mean()\n"
       "loss.backward()")


def test_large_networks_are_checked_exactly_by_structure(monkeypatch):
    monkeypatch.setattr(replay, "MAX_SYMBOLIC_ELEMENTS", 3)  # as if the network were large
    result, rs = rows(MLP)
    assert result.status == "ok" and len(rs) == 3
    assert all(r.method == "symbolic" and "structured" in r.note for r in rs)


@pytest.mark.parametrize("fault", ["MmBackward0", "TanhBackward0", "AddBackward0", "TBackward0",
                                   "SumBackward1", "PowBackward0", "MeanBackward0"])
def test_structure_catches_a_gradient_wrong_in_one_element(fault, monkeypatch):
    monkeypatch.setattr(replay, "MAX_SYMBOLIC_ELEMENTS", 3)
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, _ = rows(MLP)
    assert result.status == "mismatch"


CLASSIFIER = (
    "import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
    "model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))\n"
    "X = torch.randn(64, 8)\ny = torch.randint(0, 4, (64,))\nlogits = model(X) * 2\n"
    "loss = nn.CrossEntropyLoss()(logits, y) + F.mse_loss(logits.softmax(dim=1) / 3, "
    "torch.zeros(64, 4))\nloss = loss + F.binary_cross_entropy_with_logits(logits.cumsum(1), "
    "torch.ones(64, 4), reduction='sum')\nloss.backward()")


def test_a_network_past_the_formula_size_is_checked_by_structure_first():
    """Linear layers (addmm), losses, softmax and nll: every element exact, no per-element
    sympy (which would take seconds on 700 inputs)."""
    result, rs = rows(CLASSIFIER)
    assert result.status == "ok" and len(rs) == 4
    assert all(r.method == "symbolic" and "structured" in r.note for r in rs)


@pytest.mark.parametrize("fault", [
    "AddmmBackward0", "ReluBackward0", "TBackward0", "LogSoftmaxBackward0", "NllLossBackward0",
    "SoftmaxBackward0", "MseLossBackward0", "DivBackward0", "MulBackward0", "CumsumBackward0",
    "BinaryCrossEntropyWithLogitsBackward0"])
def test_structure_catches_one_wrong_element_in_a_network(fault, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, rs = rows(CLASSIFIER)
    assert result.status == "mismatch" and all("structured" in r.note for r in rs)


DEEP = ("torch.manual_seed(0)\nx = torch.randn(256, 256)\n"
        "layers = [(torch.randn(256, 256) / 16).requires_grad_() for _ in range(10)]\nh = x\n"
        "for W in layers:\n    h = torch.tanh(h @ W)\nh.sum().backward()")


def test_float32_sums_of_many_terms_get_their_rounding_not_a_false_mismatch(monkeypatch):
    """Ten 256-wide float32 layers: some small gradient elements are sums of large terms,
    off from float64 by more than rtol·|value| but within eps·Σ|terms|."""
    result, rs = rows(DEEP)
    assert result.status == "ok" and all(r.match for r in rs)
    assert any("float rounding of sums" in r.note for r in rs)
    monkeypatch.setattr(compare, "ROUNDING_EPS", 0)  # without the allowance: false alarms
    assert rows(DEEP)[0].status == "mismatch"


def test_the_rounding_allowance_still_catches_one_wrong_element(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "MmBackward0")
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    assert rows(DEEP)[0].status == "mismatch"


def test_the_spread_worked_out_at_the_failing_elements_is_the_whole_spread_there(monkeypatch):
    """A weight's spread is worked out only where the comparison without it fails: there it
    is what the whole spread (both products, in float32) says."""
    seen = []
    deviation = spread.Spread.deviation

    def both(self, record, where):
        part = deviation(self, record, where)
        if part is not None and where is not None:
            whole = deviation(self, record, None)
            seen.append((where.sum() / where.size, part[where], whole[where]))
        return part
    monkeypatch.setattr(spread.Spread, "deviation", both)
    assert rows(DEEP)[0].status == "ok"
    assert seen and any(share < spread.MAX_PICKED for share, _, _ in seen)
    for _, picked, whole in seen:
        np.testing.assert_allclose(picked, whole, rtol=1e-5)


@pytest.mark.parametrize("spec, shapes, scale", [
    ("ij,jk->ik", [(5, 4), (4, 3)], 1.0), ("bij,bjk->bik", [(2, 5, 4), (2, 4, 3)], 1.0),
    ("ij->", [(4, 3)], 0.25), ("ij,j->i", [(5, 4), (4,)], 1.0), ("ij->j", [(5, 3)], 0.2)])
def test_a_contraction_at_picked_elements_is_its_whole_gradient_there(spec, shapes, scale):
    rng = np.random.default_rng(0)
    args = [rng.normal(size=shape) for shape in shapes]
    g = rng.normal(size=np.einsum(spec, *args).shape)
    whole = opgrads.transposed((spec, scale), np.abs(g), [np.abs(a) for a in args])
    for i, a in enumerate(args):
        picked = np.nonzero(rng.random(a.shape) < 0.5)
        at = opgrads.contracted_at((spec, scale), g, args, i, picked, np.abs)
        np.testing.assert_allclose(at, whole[i][picked])


@pytest.mark.parametrize("masked", [
    "scores.masked_fill(mask, float('-inf'))", "torch.where(mask, float('-inf'), scores)",
    "torch.where(~mask, scores, torch.full((4, 4), float('-inf')))",
])
def test_a_causal_mask_of_minus_infinity_is_no_nan_in_the_expectation(masked):
    _, (row,) = rows("mask = torch.ones(4, 4).triu(1) > 0\n"
                     "scores = torch.linspace(-1, 1, 16).view(4, 4).requires_grad_()\n"
                     f"attn = torch.softmax({masked}, dim=-1)\n"
                     "attn[:, 0].sum().backward()")
    assert row.method == "symbolic" and row.match
    assert not any(str(x) == "nan" for line in row.expected for x in line)


def test_rounding_spread_that_overflows_float32_is_taken_in_float64(monkeypatch):
    """The spread's products run in float32; an infinite allowance would pass any value."""
    record = object()

    def variances(order, values, grads, narrow, asked):
        return None if narrow else ({id(record): np.array([3e38 * 10.0])}, {})
    monkeypatch.setattr(spread, "_variances", variances)
    found = spread.rounding_spread(None, [], [], {id(record): np.zeros(1)}, {})
    assert np.isfinite(found.deviation(record, None)).all()


def test_elementwise_formula_sums_over_what_the_other_input_broadcasts_to():
    # (10, 1, 5) + (1, 10, 5): d/dp of p * 4 + q is the constant 4, summed over q's 10 rows
    result, rs = rows("p = torch.linspace(-1, 1, 50).reshape(10, 1, 5).requires_grad_()\n"
                      "q = torch.linspace(0.5, 2, 50).reshape(1, 10, 5).requires_grad_()\n"
                      "(p * 4 + q).sum().backward()")
    assert result.status == "ok" and all(r.match and r.method == "symbolic" for r in rs)
    assert [r.formula for r in rs] == [["4"], ["1"]] or [r.formula for r in rs] == [["1"], ["4"]]


def test_steps_at_different_points_in_one_sum_are_flattened():
    # sympy cannot order an Add of two Subs(Derivative(floor)) at different points
    result, rs = rows("p = torch.tensor([[0.3], [2.5]], requires_grad=True)\n"
                      "q = torch.tensor([1.5, 0.75], requires_grad=True)\n"
                      "(p * 4 - q * torch.floor(p * 4 / q)).sum().backward()")
    assert result.status == "ok" and rs and all(r.match for r in rs)
