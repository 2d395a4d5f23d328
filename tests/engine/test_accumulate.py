"""AccumulateGrad keeps (steals) a first gradient that no one else holds, as torch does, and
copies every other one: no .grad ever shares memory with a caller's tensor or another .grad."""
import numpy as np

from gradcli.engine import functions as torch


def test_a_gradient_only_the_pass_holds_is_kept_without_a_copy():
    x, w = torch.ones(1000, requires_grad=True), torch.full((1000,), 2.0, requires_grad=True)
    (x * w).sum().backward()
    assert x.grad.data.base is None and x.grad.data.flags.writeable
    assert np.array_equal(x.grad.data, w.data) and not np.shares_memory(x.grad.data, w.data)


def test_the_callers_seed_is_never_kept():
    seed = torch.ones(3)
    y = torch.ones(3, requires_grad=True)
    y.backward(seed)
    y.backward(seed)  # accumulates in place into y.grad
    assert seed.tolist() == [1.0, 1.0, 1.0] and y.grad.tolist() == [2.0, 2.0, 2.0]


def test_one_gradient_sent_to_two_leaves_is_not_shared():
    a, c = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    for _ in range(3):
        (a + c).sum().backward()  # AddBackward0 passes the same array to both
    a.grad.data[0] = 100.0
    assert c.grad.tolist() == [3.0, 3.0, 3.0] and a.grad.tolist() == [100.0, 3.0, 3.0]


def test_a_kept_gradient_accumulates_in_place_afterwards():
    x = torch.ones(4, requires_grad=True)
    (x * 3).sum().backward()
    first = x.grad
    (x * 3).sum().backward()
    assert x.grad is first and x.grad.tolist() == [6.0] * 4


def test_a_saved_value_never_becomes_a_gradient():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    (y * y).sum().backward()  # MulBackward0 reads y twice: its gradient is new memory
    assert not np.shares_memory(x.grad.data, y.data)
    assert x.grad.tolist() == [8.0, 8.0, 8.0]


def test_exactly_the_gradients_no_one_else_holds_are_kept(monkeypatch):
    # pins autograd._ONLY_OURS: one reference more or less and this fails
    namespace, decisions = torch.NAMESPACE, []
    keep = namespace.accumulate_into

    def spy(t, grad, create_graph, owned=False):
        decisions.append(owned)
        keep(t, grad, create_graph, owned)

    monkeypatch.setattr(namespace, "accumulate_into", spy)
    x, w = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    (x * w).sum().backward()
    assert decisions == [True, True]
    decisions.clear()
    (x + w).sum().backward()  # one array for both: held by the other's buffer, then record
    assert decisions == [False, False]
    decisions.clear()
    x.backward(torch.ones(3))  # the caller's
    assert decisions == [False]
