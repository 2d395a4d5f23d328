"""Tensor.register_post_accumulate_grad_hook (issue #33): torch's order, values and errors, and
gradient rows that still check what each pass accumulated when a hook changes .grad."""
from __future__ import annotations

import pytest
from test_sampling import assert_torchs_error, gradcli_values, torch_values

from gradcli.app.api import run_json


def test_post_accumulate_hooks_see_the_summed_grad_and_may_change_it(torch):
    source = """
w = torch.tensor([1.0, 2.0], requires_grad=True)
seen = []
h1 = w.register_post_accumulate_grad_hook(lambda p: seen.append(p.grad.tolist()))
def halve(p):
    p.grad.mul_(0.5)
h2 = w.register_post_accumulate_grad_hook(halve)
(w * w * w).sum().backward()
(w * 3).sum().backward()
print(seen, w.grad)
h2.remove()
torch.autograd.grad((w * w).sum(), w)  # autograd.grad accumulates nothing: no hook
(w + w).sum().backward(retain_graph=True)
print(seen, w.grad)
"""
    assert gradcli_values(source) == torch_values(torch, source)


def test_rows_check_the_accumulation_before_the_hook_changed_grad():
    source = ("w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
              "opt = torch.optim.SGD([w], lr=0.1)\n"
              "def step(p):\n    opt.step()\n    opt.zero_grad()\n"
              "w.register_post_accumulate_grad_hook(step)\n"
              "for i in range(3):\n    (w ** 3).sum().backward()\n"
              "print(w, w.grad)")
    trace = run_json(source, "s.py")
    assert trace["status"] == "ok"
    rows = [g for e in trace["events"] if e["kind"] == "backward" for g in e["grads"]]
    assert len(rows) == 3 and all(r["match"] for r in rows)


@pytest.mark.parametrize("call", [
    "x = torch.ones(2, requires_grad=True)\n(x * 2).register_post_accumulate_grad_hook(print)",
    "torch.ones(2).register_post_accumulate_grad_hook(print)",
    "x = torch.ones(2, requires_grad=True)\n"
    "x.register_post_accumulate_grad_hook(lambda t: t.grad.mul_(10))\n(x * x).sum().backward()",
])
def test_torchs_errors(torch, call):
    assert_torchs_error(torch, call)
