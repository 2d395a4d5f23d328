"""sympy's simplified derivative against torch's IEEE arithmetic: where the simplification
removed a singular point (sqrt(x*x)' = sign(x) at 0, log(exp(x))' = 1 where exp overflows) or
a float32 sum rounds past rtol, the chain rule through each op in IEEE float64, with the
rounding bound of its own sums, judges the elements sympy's form failed. Expected values read
from PyTorch 2.13 (float32, CPU)."""
import math

import pytest

from gradcli.app.api import run_session

NAN = math.nan


def rows(source: str):
    result = run_session("import torch\n" + source, "chain.py")
    return result, [g for e in result.events if e.kind == "backward" for g in e.grads]


def same(json_values, expected) -> bool:
    got = [float(v) for v in json_values]
    return len(got) == len(expected) and all(
        (math.isnan(g) and math.isnan(e)) or math.isclose(g, e, rel_tol=1e-5, abs_tol=1e-7)
        for g, e in zip(got, expected))


SINGULAR = [
    ("[0.0, 2.0, -3.0]", "torch.sqrt(x * x)", [NAN, 1, -1]),
    ("[0.0, 2.0, -3.0]", "(x ** 2) ** 0.5", [NAN, 1, -1]),
    ("[100.0, 1.0, 1000.0]", "torch.log(torch.exp(x))", [NAN, 1, NAN]),
    ("[0.0, 1.0]", "torch.sqrt(torch.exp(torch.log(x)))", [NAN, 0.5]),
    # XlogyBackward0's d/dother is self / other on every element: 0/0 at 0 (sympy's d/dt is 1)
    ("[0.0, 0.5, 2.0]", "torch.xlogy(x, x)", [NAN, math.log(0.5) + 1, math.log(2) + 1]),
]


@pytest.mark.parametrize("values, expression, grad", SINGULAR)
def test_a_singular_point_sympy_simplified_away_is_torchs(values, expression, grad):
    result, (row,) = rows(f"x = torch.tensor({values}, requires_grad=True)\n"
                          f"({expression}).sum().backward()")
    assert result.status == "ok", row
    assert row.method == "symbolic" and row.match and same(row.grad, grad)
    assert same(row.expected, grad) and "IEEE float64" in row.note


@pytest.mark.parametrize("values, expression, grad", SINGULAR)
def test_the_same_over_one_formula_for_every_element(values, expression, grad):
    """≥ 49 elements: the vectorised path, one formula for all, judged the same way."""
    result, (row,) = rows(f"x = torch.tensor({values} * 30, requires_grad=True)\n"
                          f"({expression}).sum().backward()")
    assert result.status == "ok" and row.match and same(row.grad, grad * 30), row.note
    assert "one formula for every element" in row.note


def faulty(monkeypatch, fault: str, source: str, mode: str = "scale"):
    """The session's result with the nodes named in `fault` passing on wrong gradients."""
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", mode)
    return rows(source)[0]


@pytest.mark.parametrize("fault", ["SqrtBackward0", "MulBackward0", "LogBackward0"])
def test_a_wrong_gradient_at_a_singular_point_is_still_caught(fault, monkeypatch):
    assert faulty(monkeypatch, fault, "x = torch.tensor([0.0, 2.0, -3.0], requires_grad=True)\n"
                  "torch.sqrt(x * x).sum().backward()\n"
                  "y = torch.tensor([0.5, 2.0], requires_grad=True)\n"
                  "torch.log(y * y).sum().backward()").status == "mismatch"


def test_a_wrong_xlogy_gradient_at_its_singular_point_is_still_caught(monkeypatch):
    assert faulty(monkeypatch, "XlogyBackward0",
                  "x = torch.tensor([0.0, 0.5, 2.0], requires_grad=True)\n"
                  "torch.xlogy(x, x).sum().backward()").status == "mismatch"


@pytest.mark.parametrize("source, grad", [
    ("x = torch.tensor([2.0, 2.0, 2.0], requires_grad=True)\nx.std().backward()", [0, 0, 0]),
    ("x = torch.tensor([[1.0, 1.0], [1.0, 3.0]], requires_grad=True)\n"
     "x.std(dim=1).sum().backward()", [0, 0, -1 / math.sqrt(2), 1 / math.sqrt(2)]),
    ("x = torch.full((30, 40), 0.5, requires_grad=True)\nx.std(dim=0).sum().backward()",
     [0] * 1200),
])
def test_std_of_a_constant_has_torchs_zero_gradient(source, grad):
    """torch's std_backward is masked_fill(result == 0, 0): 0, where sympy's sqrt' says nan."""
    result, (row,) = rows(source)
    assert result.status == "ok" and row.match
    flat = [v for r in row.expected for v in (r if isinstance(r, list) else [r])]
    assert same(flat, grad)


POLYNOMIAL = """
import math
torch.manual_seed({seed})
x = torch.linspace(-math.pi, math.pi, 2000, dtype=torch.float)
y = torch.sin(x)
a = torch.randn((), dtype=torch.float, requires_grad=True)
b = torch.randn((), dtype=torch.float, requires_grad=True)
c = torch.randn((), dtype=torch.float, requires_grad=True)
d = torch.randn((), dtype=torch.float, requires_grad=True)
learning_rate = 1e-6
for t in range({steps}):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum()
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
"""


# PyTorch's polynomial_autograd tutorial (float32, a 2,000-element sum, SGD). Its whole 2,000
# steps end with 0 mismatches for seeds 0-9; here the steps at which a fixed rtol failed
# first: seeds 5 and 8 before step 100, seed 9 from step 413.
@pytest.mark.parametrize("seed, steps", [(s, 100) for s in range(10)] + [(9, 480)])
def test_the_polynomial_tutorial_in_float32_has_no_false_alarm(seed, steps):
    result, found = rows(POLYNOMIAL.format(seed=seed, steps=steps))
    assert result.status == "ok", [(r.name, r.grad, r.expected) for r in found if not r.match]
    assert len(found) == 4 * steps and all(r.match for r in found)


def test_the_rounding_bound_still_catches_a_wrong_element(monkeypatch):
    assert faulty(monkeypatch, "PowBackward0", POLYNOMIAL.format(seed=1, steps=3),
                  "element").status == "mismatch"


# logsumexp and logcumsumexp of values near 10000 (OpInfo's logcumsumexp samples): torch's
# backward reads exp(x - result) with its float32 result, whose rounding (ulp 1e-3) moves each
# factor by ~1e-4 relatively: within the bound of that computation, not rtol. From torch 2.13.
LARGE = [
    ("torch.logcumsumexp(x, 1)", "x[0] = 10000",
     [2.2823264598846436, 1.2827720642089844, 0.783377468585968, 0.44985583424568176,
      0.20001257956027985]),
    ("torch.logcumsumexp(x + 10000, 0)", "", None),
    ("torch.logsumexp(x + 10000, 1)", "",
     [0.00035362777998670936, 0.5082622170448303, 0.12951672077178955, 0.011871748603880405,
      0.3503480851650238]),
]


@pytest.mark.parametrize("expression, setup, first_grads", LARGE)
def test_exp_of_a_rounded_large_output_is_within_its_rounding_bound(expression, setup,
                                                                    first_grads):
    source = ("torch.manual_seed(0)\nx = torch.randn(5, 5, 5) * 4\n" + setup +
              "\nx.requires_grad_()\n" + f"({expression}).sum().backward()")
    result, (row,) = rows(source)
    assert result.status == "ok" and row.match, row.note
    if first_grads:
        assert same([v[0] for v in row.grad[0]], first_grads)


@pytest.mark.parametrize("mode", ["scale", "element"])
def test_a_wrong_logcumsumexp_gradient_at_10000_is_still_caught(mode, monkeypatch):
    result = faulty(monkeypatch, "LogcumsumexpBackward0,LogsumexpBackward0",
                    "x = torch.full((3, 4), 10000.0, requires_grad=True)\n"
                    "torch.logcumsumexp(x, 1).sum().backward()\n"
                    "y = torch.full((3, 4), 10000.0, requires_grad=True)\n"
                    "torch.logsumexp(y, 1).sum().backward()", mode)
    assert result.status == "mismatch"
    assert all(not g.match for e in result.events if e.kind == "backward" for g in e.grads)
