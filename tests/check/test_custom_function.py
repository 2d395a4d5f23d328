"""The check of a script's own derivative: gradients through a custom autograd.Function are
checked against sympy's derivative of its forward, and the row names the Function."""
from test_checker import rows

from gradcli.report.render_json import grad_row_to_json
from gradcli.report.render_plain import check_line

EXP = """
class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * {derivative}

x = torch.tensor([0.5, 1.0], requires_grad=True)
(MyExp.apply(x) * 3).sum().backward()
"""


def test_a_right_backward_agrees_with_the_forwards_derivative():
    result, (row,) = rows(EXP.format(derivative="y"))
    assert result.status == "ok" and row.match and row.method == "symbolic"
    assert row.formula == ["3*exp(x[0])", "3*exp(x[1])"]
    assert row.note == ("MyExp.backward (the script's own derivative) agrees with sympy's d/dx "
                        "of MyExp.forward")
    assert row.functions == ("MyExp",)


def test_a_wrong_backward_is_a_mismatch_that_names_the_function():
    result, (row,) = rows(EXP.format(derivative="2"))
    assert result.status == "mismatch" and row.match is False
    assert row.expected == [3 * 1.6487212707001282, 3 * 2.718281828459045]
    assert row.note == ("MyExp.backward disagrees with sympy's d/dx of MyExp.forward: element "
                        "[1] of x's gradient is 6, sympy's 3*exp(x[1]) = 8.155")
    event = next(e for e in result.events if e.kind == "backward")
    assert f"({row.note})" in \
        check_line(event, row)
    assert grad_row_to_json(row)["note"] == row.note


def test_only_the_functions_on_a_tensors_path_are_named():
    _, rs = rows(EXP.format(derivative="y") + "w = torch.ones(2, requires_grad=True)\n"
                 "(MyExp.apply(x) * w).sum().backward()\n")
    w_row = next(r for r in rs if r.name == "w")
    assert w_row.match and w_row.functions == () and w_row.note == ""


def test_a_forward_the_replay_cannot_follow_is_unchecked_and_says_why():
    result, (row,) = rows("""
class Detached(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.tensor(x.tolist()) * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2

x = torch.tensor([0.5, 1.0], requires_grad=True)
Detached.apply(x).sum().backward()
""")
    assert result.status == "ok" and row.method == "none" and row.match is None
    assert "Detached.forward computes its output from its inputs' values by means the " \
           "symbolic replay cannot follow" in row.note


def test_a_forward_that_writes_its_own_tensors_in_place_is_followed():
    result, (row,) = rows("""
class Clamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x * 1
        out.clamp_(min=0)
        ctx.save_for_backward(x)
        return out

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * (x > 0).float()

x = torch.tensor([-0.5, 1.0], requires_grad=True)
Clamp.apply(x).sum().backward()
""")
    assert result.status == "ok" and row.match and row.method == "symbolic"


def test_a_straight_through_estimator_is_flagged_as_the_scripts_own_derivative():
    result, (row,) = rows("""
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.round()

    @staticmethod
    def backward(ctx, g):
        return g

w = torch.tensor([0.2, 1.7], requires_grad=True)
RoundSTE.apply(w).sum().backward()
""")
    assert result.status == "mismatch" and row.expected == [0.0, 0.0]
    assert row.note == ("RoundSTE.backward disagrees with sympy's d/dw of RoundSTE.forward: "
                        "element [0] of w's gradient is 1, sympy's 0")
