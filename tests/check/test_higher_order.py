"""Every derivative a script computes is checked (issue #30): double backward, the products of
torch.autograd.functional, the transforms of torch.func and forward AD's tangents each get rows
that sympy checks, so a wrong derivative rule (GRADCLI_FAULT) in any of their passes is a
mismatch, and without the fault every row is ✓ by a named method.

The faults are chosen where they hurt only the derivative under test: CosBackward0 is met only
when sin's first derivative (cos) is differentiated again (Hessians, double backward); in a
JVP by the double-backward trick, SinBackward0's wrong first pass is J^T u at u = 0, zero
either way, so only the pass that gives J v can show it."""
import pytest

from gradcli.app.api import run_session
from gradcli.events.exit_status import ExitStatus

HEAD = ("import torch\nx = torch.tensor([0.5, 1.0, 2.0])\nv = torch.tensor([1.0, -0.5, 2.0])\n"
        "def f(t):\n    return t.sin() * t ** 2\ndef s(t):\n    return t.sin().sum() * 3\n")

# name: (the statement that computes the derivative, the fault its own pass must show, the
# name of the row that shows it)
CASES = {
    "functional.jvp": ("_, r = torch.autograd.functional.jvp(f, x, v)", "SinBackward0",
                       "tensor#2"),
    "functional.vjp": ("_, r = torch.autograd.functional.vjp(f, x, v)", "SinBackward0",
                       "tensor"),
    "functional.hvp": ("_, r = torch.autograd.functional.hvp(s, x, v)", "CosBackward0",
                       "tensor#2"),
    "functional.vhp": ("_, r = torch.autograd.functional.vhp(s, x, v)", "CosBackward0",
                       "tensor"),
    "functional.jacobian": ("r = torch.autograd.functional.jacobian(f, x)", "SinBackward0",
                            "tensor"),
    "functional.hessian": ("r = torch.autograd.functional.hessian(s, x)", "CosBackward0",
                           "tensor"),
    "func.jvp": ("_, r = torch.func.jvp(f, (x,), (v,))", "SinBackward0", "tensor"),
    "func.jacfwd": ("r = torch.func.jacfwd(f)(x)", "SinBackward0", "tensor"),
    "func.jacrev": ("r = torch.func.jacrev(f)(x)", "SinBackward0", "x"),
    "func.hessian": ("r = torch.func.hessian(s)(x)", "CosBackward0", "tensor"),
    "func.vmap_grad": ("r = torch.func.vmap(torch.func.grad(s))(torch.stack([x, v]))",
                       "SinBackward0", "tensor"),
    "func.grad_grad": ("r = torch.func.grad(torch.func.grad(lambda t: t.sin() * 2))(x[1])",
                       "CosBackward0", "tensor"),
    "forward_ad": ("with torch.autograd.forward_ad.dual_level():\n"
                   "    d = torch.autograd.forward_ad.make_dual(x, v)\n"
                   "    r = torch.autograd.forward_ad.unpack_dual(f(d)).tangent",
                   "SinBackward0", "tensor (tangent)"),
    "double_backward": ("w = x.clone().requires_grad_()\n"
                        "(g,) = torch.autograd.grad(s(w), w, create_graph=True)\n"
                        "(g * v).sum().backward()", "CosBackward0", "w"),
}


def _run(case: str):
    statement = CASES[case][0]
    result = run_session(HEAD + statement + "\n", "higher.py")
    last_line = len((HEAD + statement).splitlines())
    calls = [e for e in result.events if e.kind == "backward"]
    return result, calls, [e for e in calls if e.line == last_line or
                           (case == "forward_ad" and e.api == "forward_ad")]


@pytest.mark.parametrize("case", CASES)
def test_without_a_fault_every_row_is_checked_and_right(case):
    result, calls, _ = _run(case)
    rows = [r for e in calls for r in e.grads]
    assert result.status == "ok" and rows, result.events
    assert all(r.match and r.method != "none" for r in rows), \
        [(r.name, r.method, r.note) for r in rows if not r.match]


@pytest.mark.parametrize("mode", ["scale", "element"])
@pytest.mark.parametrize("case", CASES)
def test_a_wrong_derivative_rule_in_its_pass_is_a_mismatch(case, mode, monkeypatch):
    _, fault, name = CASES[case]
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", mode)
    result, _, own = _run(case)
    assert result.exit_code == ExitStatus.MISMATCH, result.events
    wrong = [r for e in own for r in e.grads if r.match is False]
    assert wrong and all(r.method == "symbolic" for r in wrong)
    assert name in {r.name for r in wrong}, [(r.name, r.grad, r.expected) for r in wrong]


def test_forward_ad_rows_name_the_tangent_and_its_formula():
    _, _, (event,) = _run("forward_ad")
    (row,) = event.grads
    assert event.api == "forward_ad" and row.name == "tensor (tangent)"
    assert "make_dual" in row.note and "cos" in row.formula[0]


def test_a_tangent_set_by_a_custom_functions_jvp_is_unchecked_with_its_reason():
    result = run_session(
        "import torch\nimport torch.autograd.forward_ad as fwAD\n"
        "class Sq(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a):\n"
        "        ctx.a = a\n        return a * a\n    @staticmethod\n"
        "    def jvp(ctx, t):\n        return 2 * ctx.a * t\n"
        "with fwAD.dual_level():\n    d = fwAD.make_dual(torch.tensor([3.0]), torch.ones(1))\n"
        "    t = fwAD.unpack_dual(Sq.apply(d)).tangent\n", "custom.py")
    (row,) = [r for e in result.events if e.kind == "backward" for r in e.grads]
    assert row.method == "none" and "custom Function's jvp" in row.note


def test_gradgradcheck_passes_are_checked_not_none():
    """gradgradcheck seeds its first gradient with outputs that require grad (the double-
    backward trick): each of its passes is checked, none is left `none`."""
    result = run_session(HEAD + "w = x.double().requires_grad_()\n"
                         "print(torch.autograd.gradgradcheck(lambda t: (t.sin() * t).sum(), "
                         "(w,)))\n", "gradgrad.py")
    rows = [r for e in result.events if e.kind == "backward" for r in e.grads]
    assert result.status == "ok" and rows
    assert all(r.match and r.method == "symbolic" for r in rows)
