"""grad_fn._saved_* (issue #33): the tensors a node saved, under torch's names, and torch's
errors: freed by a backward, modified in place since, a name the node does not have."""
from __future__ import annotations

import pytest
from test_sampling import assert_torchs_error, gradcli_values, torch_values

from gradcli.app.api import run_json


def test_saved_tensors_are_torchs(torch):
    source = """
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, 3.0], requires_grad=True)
m = x * w
print(m.grad_fn._saved_self is x, m.grad_fn._saved_other is w)
p = x ** w
print(p.grad_fn._saved_self is x, p.grad_fn._saved_exponent is w, p.grad_fn._saved_result)
print((x * True).grad_fn._saved_other, x.relu().grad_fn._saved_result)
print(x.log().grad_fn._saved_self is x, x.cos().grad_fn._saved_self is x)
r = x.exp().grad_fn._saved_result
print(r.requires_grad, r.is_leaf, r.grad_fn.name())
"""
    assert gradcli_values(source) == torch_values(torch, source)


@pytest.mark.parametrize("call", [
    "x = torch.ones(2, requires_grad=True)\ny = x.exp()\ny.sum().backward()\n"
    "y.grad_fn._saved_result",
    "x = torch.ones(2, requires_grad=True)\ny = x.exp()\ny.add_(1)\ny.grad_fn._saved_result",
    "x = torch.ones(2, requires_grad=True)\n(x * 2).grad_fn._saved_result",
    "x = torch.ones(2, requires_grad=True)\n(x + 2).grad_fn._saved_self",
])
def test_torchs_errors(torch, call):
    assert_torchs_error(torch, call)


def test_other_private_names_stay_out_of_reach():
    assert run_json("x = torch.ones(2, requires_grad=True)\n(x * 2).grad_fn._saved_foo",
                    "s.py")["status"] == "invalid"
