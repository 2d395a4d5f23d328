"""A .grad clipped between passes by torch.nn.utils' clip_grad_norm_ or clip_grad_value_ is
a known function of the gradients the check verified: the next pass starts from a checked
value ("its start: the checked .grad scaled by clip_grad_norm_"), not one "set by hand";
a .grad changed besides, or clipped from one never checked, still says its start is not."""
import pytest

from gradcli.app.api import run_session


def rows(source: str):
    result = run_session("import torch\n" + source, "carried.py")
    return result, [e.grads for e in result.events if e.kind == "backward"]


TWO = """
w = torch.tensor([3.0, -4.0, 1.0], requires_grad=True)
b = torch.tensor([[0.5, 2.0]], requires_grad=True)
((w * w).sum() + (b ** 3).sum()).backward()
{clip}
((w * 2).sum() + b.sum()).backward()
"""


@pytest.mark.parametrize("clip, done", [
    ("torch.nn.utils.clip_grad_norm_([w, b], 1.0)", "scaled by clip_grad_norm_"),
    ("torch.nn.utils.clip_grad_norm_([w, b], 2.0, norm_type=float('inf'))",
     "scaled by clip_grad_norm_"),
    ("torch.nn.utils.clip_grad_norm_([w, b], 5.0, norm_type=1)", "scaled by clip_grad_norm_"),
    ("torch.nn.utils.clip_grad_value_([w, b], 0.5)", "clamped by clip_grad_value_"),
    ("torch.nn.utils.clip_grads_with_norm_([w, b], 1.0, torch.tensor(4.0))",
     "scaled by clip_grads_with_norm_"),
    ("torch.nn.utils.clip_grad_value_([w, b], 5.0)\n"
     "torch.nn.utils.clip_grad_norm_(iter([w, b]), 1.0)",
     "clamped by clip_grad_value_ then scaled by clip_grad_norm_"),
])
def test_a_clipped_grad_is_a_checked_start(clip, done):
    result, (_, second) = rows(TWO.format(clip=clip))
    assert result.status == "ok"
    for row in second:
        assert row.match and not row.unchecked, row.note
        assert f"its start: the checked .grad {done}" in row.note


@pytest.mark.parametrize("clip", [
    "torch.nn.utils.clip_grad_norm_([w, b], 1.0)\nwith torch.no_grad():\n    w.grad[0] += 1",
    "with torch.no_grad():\n    w.grad[2] -= 2\ntorch.nn.utils.clip_grad_value_([w, b], 0.5)",
])
def test_a_clipped_grad_changed_besides_is_an_unchecked_start(clip):
    result, (_, second) = rows(TWO.format(clip=clip))
    (w,) = [row for row in second if row.name == "w"]
    assert w.unchecked == "unchecked-start"
    assert "from a .grad never checked, or changed besides" in w.note


def test_a_grad_set_by_hand_then_clipped_is_not_carried():
    result, (second,) = rows("w = torch.tensor([3.0, -4.0], requires_grad=True)\n"
                             "w.grad = torch.tensor([10.0, 10.0])\n"
                             "torch.nn.utils.clip_grad_norm_([w], 1.0)\n"
                             "(w * 2).sum().backward()")
    assert second[0].unchecked == "unchecked-start"


def test_a_training_loop_with_clipping_is_checked_on_every_step():
    result, passes = rows("""
torch.manual_seed(1)
net = torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
data = torch.randn(6, 2)
for step in range(4):
    net(data).pow(2).mean().backward()  # (no zero_grad: each pass adds to the clipped .grad)
    torch.nn.utils.clip_grad_norm_(net.parameters(), 0.1)
    optimizer.step()
""")
    assert result.status == "ok" and len(passes) == 4
    for grads in passes[1:]:
        assert all(row.match and not row.unchecked for row in grads), [r.note for r in grads]
        assert all("scaled by clip_grad_norm_" in row.note for row in grads)
