"""The formulas a person reads: short, in Python's words, and never the source of a value."""
import pytest
import sympy as sp

from gradcli.app.api import run_session
from gradcli.check import display


def formulas(source: str) -> list[list[str]]:
    """Each checked row's added_formula, in order."""
    result = run_session("import torch\nimport torch.nn.functional as F\n" + source, "f.py")
    assert result.status == "ok", result.events
    return [g.added_formula for e in result.events if e.kind == "backward" for g in e.grads]


X = "x = torch.tensor([-1.0, 2.0], requires_grad=True)\n"


@pytest.mark.parametrize("expression, shown", [
    ("x.pow(3).sum()", ["3*x[0]**2", "3*x[1]**2"]),
    ("torch.tanh(x).sum()", ["1 - tanh(x[0])**2", "1 - tanh(x[1])**2"]),
    ("torch.sigmoid(x).sum()", ["exp(-x[0])/(1 + exp(-x[0]))**2",
                                "exp(-x[1])/(1 + exp(-x[1]))**2"]),
    # kinks read as the branch the point is on, as where's masks do
    ("x.relu().sum()", ["0", "1"]),
    ("x.clamp(-0.5, 1.0).sum()", ["0", "0"]),
    ("torch.maximum(x, torch.tensor([-1.0, 0.0])).sum()", ["1/2", "1"]),
    ("torch.where(x > 0, x ** 2, -x).sum()", ["-1", "2*x[1]"]),
    ("(x.relu() * x).sum()", ["0", "2*x[1]"]),
    # float noise: 1.0 is 1, a mean's 0.333... is 1/3, a product of decimals reads short
    ("F.mse_loss(x, torch.tensor([0.5, 2.0]))", ["x[0] - 0.5", "x[1] - 2"]),
    ("(x * 0.1 * 0.7 * 1.3).sum()", ["0.091", "0.091"]),
    ("(x / 3.7).exp().sum()", ["10*exp(10*x[0]/37)/37", "10*exp(10*x[1]/37)/37"]),  # exact
    ("(x.exp() * x).sum()", ["(x[0] + 1)*exp(x[0])", "(x[1] + 1)*exp(x[1])"]),
    ("x.abs().sum()", ["sign(x[0])", "sign(x[1])"]),
    ("(x / 0).sum()", ["1/0", "1/0"]),
])
def test_common_formulas_read_at_a_glance(expression, shown):
    assert formulas(f"{X}({expression}).backward()") == [shown]


def test_a_relu_layer_shows_only_its_active_units():
    (b,) = formulas("v = torch.tensor([0.5, -1.0])\n"
                    "W = torch.tensor([[1.0, 2.0], [3.0, 4.0], [0.5, 0.1]])\n"
                    "b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)\n"
                    "(torch.relu(W @ v + b) ** 2).mean().backward()")
    assert b == ["0", "0", "2*b[2]/3 + 0.1"]  # 2*(W[2] @ v + b[2])/3, W and v constants


def test_one_formula_for_all_elements_keeps_its_branches_in_pythons_words():
    (f,) = formulas("x = torch.linspace(-1, 1, 100, requires_grad=True)\n"
                    "x.relu().sum().backward()")
    assert f == ["(0 if x <= 0 else 1)"]  # torch's threshold: relu'(nan) = 1


def test_softmax_cross_entropy_reads_with_exact_fractions():
    (f,) = formulas("x = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0], [1.0, 1.0, 1.0]],"
                    " requires_grad=True)\n"
                    "F.cross_entropy(x, torch.tensor([1, 2, 0])).backward()")
    # (softmax's form is exp(x − logsumexp(row)), which float64 evaluates where x is ~1000)
    assert f[1] == "exp(x[0,1] - logsumexp(x[0,0], x[0,1], x[0,2]))/3 - 1/3"


def test_second_derivatives_read_as_derived():
    assert formulas("y = torch.tensor([0.5, 1.5], requires_grad=True)\n"
                    "(g,) = torch.autograd.grad(torch.tanh(y).sum(), y, create_graph=True)\n"
                    "g.sum().backward()") == [
        ["1 - tanh(y[0])**2", "1 - tanh(y[1])**2"],
        ["-(2 - 2*tanh(y[0])**2)*tanh(y[0])", "-(2 - 2*tanh(y[1])**2)*tanh(y[1])"]]


def test_values_never_come_from_the_text(monkeypatch):
    # the same check with every formula shown as "?": the values and verdicts are unchanged
    source = "import torch\nx = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)\n" \
             "(x.relu() * x.exp() / 3.7 + x.clamp(-0.5, 1) * 0.1 + x / 0).sum().backward()\n"
    before = [g for e in run_session(source, "f.py").events if e.kind == "backward"
              for g in e.grads]
    monkeypatch.setattr(display, "text", lambda expr, point=None: "?")
    after = [g for e in run_session(source, "f.py").events if e.kind == "backward"
             for g in e.grads]
    assert [g.added_formula for g in after] == [["?"] * 3]
    assert [(g.expected, g.match) for g in after] == [(g.expected, g.match) for g in before]
    assert before[0].match and before[0].expected == ["inf", "inf", "inf"]


x, y = sp.Symbol("x", real=True), sp.Symbol("y", real=True)


@pytest.mark.parametrize("expr, shown", [
    (sp.Piecewise((1, x > 0), (0, True)), "(1 if x > 0 else 0)"),
    (sp.Piecewise((x, (x < -1) | (x > 1)), (y, sp.Ne(x, 0)), (x / 2, True)),
     "(x if x > 1 or x < -1 else y if x != 0 else x/2)"),
    (sp.Piecewise((1, x > 0)), "(1 if x > 0 else nan)"),
    (sp.Abs(x) * sp.Float(1.0), "abs(x)"),
    (sp.Float("0.0833333333333333") * x - sp.Float("0.5"), "x/12 - 0.5"),
    (sp.Float("0.25993762245501817", 17) / sp.sqrt(x), "0.25993762/sqrt(x)"),
    (sp.Float("0.1", 17) * x, "0.1*x"),
])
def test_the_printer_and_the_number_tidying(expr, shown):
    assert display.text(expr) == shown


def test_a_piecewise_is_resolved_at_the_point_as_the_evaluator_resolves_it():
    nan = float("nan")
    relu_grad = sp.Piecewise((1, x > 0), (0, True))
    assert display.text(relu_grad * y, {x: 2.0, y: 3.0}) == "y"
    assert display.text(relu_grad * y, {x: nan, y: 3.0}) == "0"  # nan > 0 is False
    assert display.text(relu_grad * y, {y: 3.0}) == "y*(1 if x > 0 else 0)"  # x unknown


def test_long_formulas_skip_factoring_but_are_printed_whole():
    long = sp.Add(*(sp.Symbol(f"w{i}", real=True) * sp.exp(x) for i in range(60)))
    shown = display.text(long)
    assert len(shown) > display.MAX_FACTOR_CHARS and shown.count("exp(x)") == 60
