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


def test_saved_tensors_hooks_pack_and_unpack_as_torch(torch):
    """pack in torch's order as nodes save (a Python number unhooked), unpack once per pass,
    nested managers (the innermost wins), _saved_* read through unpack, and what unpack
    returns is what the gradient uses."""
    source = """
log = []
def hooks(tag):
    def pack(t):
        log.append((tag, "pack", t.tolist()))
        return t
    def unpack(t):
        log.append((tag, "unpack", t.tolist()))
        return t
    return torch.autograd.graph.saved_tensors_hooks(pack, unpack)
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
outer, inner = hooks("outer"), hooks("inner")
with outer:
    a = (x * w).sigmoid()
    with inner:
        b = (a / w * 3).tanh()
    c = b.sum() * x.sum()
print(log)
log.clear()
c.backward(retain_graph=True)
print(log, x.grad, w.grad)
log.clear()
print(a.grad_fn._saved_result, log)
log.clear()
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t * 2):
    d = (x * w).exp().sum()
d.backward()
print(log, x.grad, w.grad)
"""
    assert gradcli_values(source) == torch_values(torch, source)


def test_the_rows_of_a_replaced_saved_tensor_say_so():
    source = ("x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
              "with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t + 1):\n"
              "    y = (x * x).sum()\ny.backward()\n")
    rows = [g for e in run_json(source, "s.py")["events"] if e["kind"] == "backward"
            for g in e["grads"]]
    assert rows[0]["method"] == "none" and "replaced by an unpack hook" in rows[0]["note"]


@pytest.mark.parametrize("unpack", ["lambda t: 5", "lambda t: torch.ones(3)"])
def test_what_unpack_must_return(unpack):
    source = ("x = torch.ones(2, requires_grad=True)\n"
              f"with torch.autograd.graph.saved_tensors_hooks(lambda t: t, {unpack}):\n"
              "    y = (x * x).sum()\ny.backward()\n")
    error = run_json(source, "s.py")["events"][-1]
    assert error["kind"] == "error" and "unpack_hook" in error["message"]


def test_what_pack_computes_is_not_packed_again(torch):
    source = """
x = torch.ones(2, requires_grad=True)
packed = []
def pack(t):
    packed.append(t.shape)
    return t * t  # an op that saves tensors itself: torch runs pack with the hooks off
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = (x * x * 3).sum()
y.backward()
print(len(packed), x.grad)
"""
    assert gradcli_values(source) == torch_values(torch, source)
