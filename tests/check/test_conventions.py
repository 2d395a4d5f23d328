"""PyTorch's conventions on the symbolic side: the expectation is torch's value, element by
element, even where sympy's own derivative says nan, -inf or 0. Every expected value below
was read from PyTorch 2.13 (float32, CPU)."""
import json
import math

import pytest

from gradcli.app.api import run_json, run_session
from gradcli.app.running import RunOptions
from gradcli.check import derive, replay, structured
from gradcli.check.records import TooLarge

NAN, INF = math.nan, math.inf


def rows(source: str, options: RunOptions | None = None):
    result = run_session("import torch\n" + source, "conventions.py", options)
    assert result.status in ("ok", "mismatch"), result.events
    return [g for e in result.events if e.kind == "backward" for g in e.grads]


def same(json_values, expected) -> bool:
    """JSON numbers ("nan"/"inf" as strings) against floats, nan equal to nan."""
    got = [float(v) for v in json_values]
    return len(got) == len(expected) and all(
        (math.isnan(g) and math.isnan(e)) or math.isclose(g, e, rel_tol=1e-4, abs_tol=1e-6)
        for g, e in zip(got, expected))


# ---- pow at a zero base: torch's masks (derivatives.yaml pow_backward_self/_exponent) ------

ZERO_OR_EXPONENT_ZERO = ("a = torch.tensor([0.0, 0.0, 2.0], requires_grad=True)\n"
                         "b = torch.tensor([0.0, 2.0, 0.0], requires_grad=True)")
ZERO_BASES = ("a = torch.tensor([0.0, 0.0, 0.0, 0.0], requires_grad=True)\n"
              "b = torch.tensor([0.5, 1.0, 3.0, -1.0], requires_grad=True)")


@pytest.mark.parametrize("setup, expression, grads", [
    (ZERO_OR_EXPONENT_ZERO, "a ** b", {"a": [0, 0, 0], "b": [0, 0, math.log(2)]}),
    (ZERO_BASES, "a ** b", {"a": [INF, 1, 0, -INF], "b": [0, 0, 0, -INF]}),
    ("b = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)", "0 ** b", {"b": [0, 0, -INF]}),
    ("b = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)", "(-2) ** b",
     {"b": [NAN, NAN, NAN]}),
    ("b = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)", "2 ** b",
     {"b": [math.log(2), 2 * math.log(2), math.log(2) / 2]}),
])
def test_pow_at_a_zero_or_negative_base_is_torchs(setup, expression, grads):
    checked = {r.name: r for r in rows(f"{setup}\n({expression}).sum().backward()")}
    for name, expected in grads.items():
        row = checked[name]
        assert row.method == "symbolic" and row.match, (name, row.grad, row.expected)
        assert same(row.expected, expected), (name, row.expected)


# ---- elements no op reads: torch multiplies their exact 0 by each slope below (0*inf) ----

X = "x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)\n"


@pytest.mark.parametrize("program, expected", [
    ("x.log()[1].backward()", [NAN, 1, 0]),
    ("x.log()[torch.tensor([1])].sum().backward()", [NAN, 1, 0]),
    ("x.log()[1:].sum().backward()", [NAN, 1, 0.5]),
    ("(x.log().max() ** 2).backward()", [NAN, 0, math.log(2)]),
    ("y = x.log() * 1\ny[0] = 5\ny.sum().backward()", [NAN, 1, 0.5]),
    ("x.sqrt().backward(torch.tensor([0.0, 1.0, 1.0]))", [NAN, 0.5, 0.5 / math.sqrt(2)]),
    # an element some op does read gets no such term: inf, as torch, not nan
    ("y = x.log()\n(y[1] + y[:2].sum()).backward()", [INF, 2, 0]),
])
def test_an_element_no_op_reads_still_meets_its_slope(program, expected):
    (row,) = rows(X + program)
    assert row.method == "symbolic" and row.match, (row.grad, row.expected)
    assert same(row.expected, expected), row.expected


@pytest.mark.parametrize("step", ["floor()", "sign()", "round()"])
@pytest.mark.parametrize("n", [3, 99])  # per-element sympy, and one formula for all elements
def test_a_step_function_reads_nothing_but_its_input_meets_its_slope(step, n):
    (row,) = rows(f"x = (torch.arange({n}.0) % 3).requires_grad_()\n"
                  f"x.log().{step}.sum().backward()")
    assert row.method == "symbolic" and row.match
    assert same(row.expected, [NAN, 0, 0] * (n // 3))


def test_a_nan_from_an_unread_element_shows_its_term_only_where_it_is_nan():
    (row,) = rows(X + "x.log()[1:].sum().backward()")
    assert row.added_formula == ["0/x[0]", "1/x[1]", "1/x[2]"]


# ---- a gradient with respect to an intermediate, differentiated again -------------------

def test_create_graph_gradient_of_an_intermediate_reaches_the_leaf_below():
    # x_{k+1} = x_k - 0.1 * d(x_k**2)/dx_k = 0.8 x_k: after three steps x = 0.512 x_init
    checked = rows("x_init = torch.tensor([0.5, -1.0], requires_grad=True)\nx = x_init\n"
                   "for _ in range(3):\n"
                   "    g, = torch.autograd.grad((x ** 2).sum(), x, create_graph=True)\n"
                   "    x = x - 0.1 * g\n"
                   "x.sum().backward()")
    last = checked[-1]
    assert last.name == "x_init" and last.match and same(last.expected, [0.512, 0.512])


# ---- abs of a real tensor: sympy must not go complex ------------------------------------

def test_abs_of_an_expression_sympy_cannot_prove_real():
    (sqrt_row,) = rows("x = torch.tensor([0.5, 2.0], requires_grad=True)\n"
                       "(x - 1).sqrt().abs().sum().backward()")
    assert sqrt_row.method == "symbolic" and sqrt_row.match
    assert same(sqrt_row.expected, [NAN, 0.5])
    (log_row,) = rows("x = torch.tensor([1.0, 0.5], requires_grad=True)\n"
                      "x.log().abs().sum().backward()")
    assert log_row.match and same(log_row.expected, [0, -2])  # abs'(0) = sign(0) = 0
    assert log_row.added_formula[0] == "sign(log(x[0]))/x[0]"
    assert not any(w in f for f in log_row.added_formula for w in ("re(", "im(", "atan2"))


def test_sign_of_nan_is_zero_as_torchs():
    # abs'(nan) is torch.sign(nan) = 0; log(-1) is nan (the engine's abs VJP says nan there)
    (row,) = rows("x = torch.tensor([float('nan'), 1.0], requires_grad=True)\n"
                  "x.abs().sum().backward()")
    assert same(row.expected, [0, 1])
    (row,) = rows("x = torch.tensor([-1.0, 2.0], requires_grad=True)\n"
                  "x.log().abs().sum().backward()")
    assert same(row.expected, [0, 0.5])


def test_relu_of_nan_passes_the_gradient_as_torchs_threshold():
    (row,) = rows("x = torch.tensor([float('nan'), 0.0, -1.0, 2.0], requires_grad=True)\n"
                  "x.relu().sum().backward()")
    assert row.match and same(row.expected, [1, 0, 0, 1])


# ---- the numeric fallback on an elementwise graph ---------------------------------------

def no_structured_form(*args):
    raise TooLarge("(the structured path is off in this test)")


def test_numeric_differences_of_an_elementwise_graph_are_per_element(monkeypatch):
    monkeypatch.setattr(replay, "MAX_SYMBOLIC_ELEMENTS", 1)
    monkeypatch.setattr(structured, "expect", no_structured_form)
    (row,) = rows("x = torch.tensor([0.5, 2.0, 5.0], requires_grad=True)\n"
                  "(x - 1).sqrt().abs().sum().backward()")
    assert row.method == "numeric" and row.match
    assert same(row.expected, [NAN, 0.5, 0.25])  # one nan element does not poison the rest


# ---- elements the check did not evaluate --------------------------------------------------

@pytest.fixture
def unstructured(monkeypatch):
    """Sampling is for graphs with an op the structured path has no form for: as if."""
    def no_form(*args):
        raise TooLarge("(no structured form in this test)")
    monkeypatch.setattr(structured, "expect", no_form)


SAMPLED = ("x = torch.linspace(-1, 1, 60, requires_grad=True)\n"
           "w = torch.linspace(0, 1, 10)\n"
           "(x.view(6, 10) @ w).sin().sum().backward()\n")


def test_unchecked_elements_are_null_in_json_never_nan(unstructured):
    session = run_json("import torch\n" + SAMPLED, "sampled.py")
    (row,) = [g for e in session["events"] if e["kind"] == "backward" for g in e["grads"]]
    assert row["method"] == "sampled" and row["match"] is True
    checked = [v for v in row["expected"] if v is not None]
    assert len(checked) == derive.SAMPLE and "nan" not in row["expected"]
    assert json.loads(json.dumps(row["expected"])).count(None) == 60 - derive.SAMPLE


def test_a_real_nan_gradient_stays_nan_beside_unchecked_elements(unstructured):
    (row,) = rows("x = torch.linspace(0.5, 2, 60, requires_grad=True)\n"
                  "w = torch.linspace(0, 1, 10)\n"
                  "((x.view(6, 10) @ w).sum() + (x - 1).sqrt().sum()).backward()\n")
    assert row.method == "sampled" and row.match
    assert "nan" in row.expected and None in row.expected  # x < 1 is a real nan; · unchecked


def test_unchecked_elements_read_as_a_dot_in_plain_and_table(unstructured):
    from gradcli.report.render_plain import check_line
    from gradcli.report.render_table import expected_cell
    from gradcli.report.text import compact, torch_style

    result = run_session("import torch\n" + SAMPLED, "sampled.py")
    event = next(e for e in result.events if e.kind == "backward")
    (row,) = event.grads
    line = check_line(event, row)
    assert "·" in torch_style(row.expected) and "nan" not in line
    assert "(·, ·" in line  # the formulas of unsampled elements
    assert "·" in compact(row.expected) and "nan" not in expected_cell(row).plain
