"""torch.autograd.forward_ad in a session: tangents pushed through the op table's VJPs,
what the level does to them, and the internal passes kept out of the script's record."""
import json

import numpy as np
import pytest

from gradcli.app.api import run_json

HEAD = "import torch\nimport torch.autograd.forward_ad as fwAD\n"


def events(source: str) -> list[dict]:
    return run_json(HEAD + source, "<test>")["events"]


def prints(source: str) -> list[str]:
    return [e["text"] for e in events(source) if e["kind"] == "print"]


def _tangent_and_jacobian_product(expr: str) -> tuple[list, list]:
    """The tangent forward AD gives for `expr` of d, and J @ t from jacrev."""
    found = prints(f"""x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], dtype=torch.double)
t = torch.tensor([[1.0, 0.5, -2.0], [0.25, 3.0, 1.5]], dtype=torch.double)
with fwAD.dual_level():
    d = fwAD.make_dual(x, t)
    out = {expr}
    print(fwAD.unpack_dual(out).tangent.reshape(-1).tolist())
f = lambda d: {expr}
jac = torch.func.jacrev(f)(x)
print((jac.reshape(-1, 6) @ t.reshape(6)).tolist())""")
    return [json.loads(line) for line in found]  # (lists of floats the session printed)


@pytest.mark.parametrize("expr", [
    "d.sin() * d.exp()", "d ** 3 / (d * d + 1)", "torch.softmax(d, dim=1)",
    "d @ d.t()", "d.norm(dim=1)", "d.max(dim=0).values", "torch.where(d > 0, d, d * d)",
    "d[:, ::2].sum(1)", "torch.cat([d, d.tanh()]).mean(0)", "d.clamp(-1, 1) * d.sigmoid()",
])
def test_tangents_are_the_jacobian_times_the_tangent(expr):
    tangent, expected = _tangent_and_jacobian_product(expr)
    np.testing.assert_allclose(tangent, expected, rtol=1e-12, atol=1e-12)


def test_pushing_tangents_adds_no_backward_tables_nor_checks():
    found = events("""x = torch.tensor([1.0, 2.0], requires_grad=True)
with fwAD.dual_level():
    y = (fwAD.make_dual(x, torch.ones(2)) * 3).sum()
y.backward()
print(x.grad)""")
    backward = [e for e in found if e["kind"] == "backward"]
    assert len(backward) == 1
    assert [g["name"] for g in backward[0]["grads"]] == ["x"]
    assert all(g["match"] for g in backward[0]["grads"])


def test_the_level_ends_every_tangent():
    assert prints("""with fwAD.dual_level():
    y = fwAD.make_dual(torch.ones(2), torch.ones(2)) * 2
print(y)
print(fwAD.unpack_dual(y).tangent)
with fwAD.dual_level():
    print(fwAD.unpack_dual(y).tangent)""") == ["tensor([2., 2.])", "None", "None"]


def test_an_inplace_write_moves_the_tangent():
    assert prints("""with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([1.0, -1.0]))
    w = torch.ones(2)
    w.mul_(d)
    print(fwAD.unpack_dual(w).tangent)
    d2 = d.clone()
    d2.fill_(3.0)
    print(fwAD.unpack_dual(d2).tangent)""") == ["tensor([ 1., -1.])", "tensor([0., 0.])"]


def test_a_zero_dim_tangent_prints_as_its_item():
    assert prints("""with fwAD.dual_level():
    print(fwAD.make_dual(torch.tensor(2.0), torch.tensor(0.5)))""") == [
        "tensor(2., tangent=0.5)"]


def test_del_of_an_attribute_other_than_the_scripts_own_is_refused():
    errors = [e for e in events("x = torch.ones(2)\ndel x.grad") if e["kind"] == "error"]
    assert "supported by gradcli only on the script's own objects" in errors[0]["message"]


def test_del_of_an_attribute_of_a_plain_instance_is_pythons():
    assert prints("""class A:
    pass
a = A()
a.x = 1
del a.x
try:
    del a.x
except AttributeError as e:
    print(e)""") == ["'A' object has no attribute 'x'"]
