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
    assert row.note == ("MyExp.backward: input 0, element [1]: returned 6, sympy's "
                        "3·d/dx exp(x) = 8.155; MyExp.backward returns values unrelated to "
                        "d/dx of its forward; if that is intended (a surrogate gradient), "
                        "declare it: `# gradcli: surrogate MyExp`")
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
    assert row.note == ("RoundSTE.backward: input 0, element [0]: returned 1, sympy's "
                        "d/dx round(x) = 0; RoundSTE.backward returns the gradient it received "
                        "unchanged (identity), not d/dx of its forward; if that is intended (a "
                        "surrogate gradient), declare it: `# gradcli: surrogate RoundSTE`")


WRONG_IN_A_NETWORK = """
class MyTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.tanh()
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        d = 1 - out * out
        d[{row}, 0] = 1.0
        return g * d

torch.manual_seed(3)
X = torch.randn(64, 16)
W = torch.randn(16, 32, requires_grad=True)
MyTanh.apply(X @ W).sum().backward()
"""


def test_what_a_backward_returned_is_checked_where_it_returned_it():
    """One element of what MyTanh.backward returns is wrong (the Function's input is
    X @ W, 64x32): the message names that element, not one of W's gradient it spoils."""
    result, (row,) = rows(WRONG_IN_A_NETWORK.format(row=5))
    assert result.status == "mismatch" and row.method == "symbolic"
    assert row.note.startswith("MyTanh.backward: input 0, element [5, 0]: returned 1, sympy's "
                               "d/dx tanh(x) = ")


def test_two_inputs_the_wrong_one_is_named():
    result, rs = rows("""
class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b + a

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * (b + 1), g * b

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
MulAdd.apply(a, b).sum().backward()
""")
    a_row, b_row = sorted(rs, key=lambda r: r.name)
    assert a_row.match and b_row.match is False
    assert b_row.note.startswith("MulAdd.backward: input 1, element [1]: returned -1, sympy's "
                                 "derivative of MulAdd.forward = 2; MulAdd.backward returns ")


def test_a_fault_elsewhere_is_not_blamed_on_a_right_backward(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "MmBackward0")
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result, (row,) = rows(WRONG_IN_A_NETWORK.replace("        d[{row}, 0] = 1.0\n", ""))
    assert result.status == "mismatch"
    assert row.note.startswith("MyTanh.backward returned sympy's values (checked on what it "
                               "was given), so the mismatch is elsewhere in the graph")


MUL = """
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        ctx.save_for_backward(a, b)
        ctx.k = k
        return a * b if k else a

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b if ctx.k else g, None, None

a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([4., 5., 6.], requires_grad={b_grad})
"""


def test_none_for_an_input_that_requires_grad_is_a_mismatch_naming_it():
    result, (a_row, b_row) = rows(MUL.format(b_grad=True) + "Mul.apply(a, b, 1).sum().backward()")
    assert result.status == "mismatch" and a_row.match and b_row.match is False
    assert b_row.name == "b" and b_row.grad == [0.0, 0.0, 0.0] and b_row.expected == [1, 2, 3]
    assert b_row.note.startswith("Mul.backward returned None for input 1 (b), sympy's d/db = "
                                 "a = [1, 2, 3]")
    assert "received no gradient in this pass (.grad is None)" in b_row.note


def test_none_is_right_for_what_needs_no_gradient():
    # b needs no grad, k is no tensor; backward(inputs=[a]) asks nothing of b
    result, (row,) = rows(MUL.format(b_grad=False) + "Mul.apply(a, b, 1).sum().backward()")
    assert result.status == "ok" and row.name == "a"
    result, (row,) = rows(MUL.format(b_grad=True) +
                          "Mul.apply(a, b, 1).sum().backward(inputs=[a])")
    assert result.status == "ok" and row.name == "a"
    # b requires grad but the forward's derivative there is zero: None is right
    result, rs = rows(MUL.format(b_grad=True) + "Mul.apply(a, b, 0).sum().backward()")
    assert result.status == "ok" and [r.name for r in rs] == ["a"]


def test_a_retained_tensor_no_gradient_reached_is_a_mismatch():
    result, rs = rows(MUL.format(b_grad=True) + "y = b * 1\ny.retain_grad()\n"
                      "Mul.apply(a, y, 1).sum().backward()")
    assert result.status == "mismatch"
    assert {r.name: r.match for r in rs} == {"a": True, "y": False, "b": False}
