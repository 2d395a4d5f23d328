"""AccumulateGrad keeps (steals) a first gradient that no one else holds, as torch does, and
copies every other one: no .grad ever shares memory with a caller's tensor, another .grad, or a
gradient a hook sees."""
import numpy as np

from gradcli.engine.runtime import Runtime, activated
from gradcli.torch._tensor import creation as torch


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


def _kept(fn) -> dict:
    """Run fn; per leaf the pass touched: whether its .grad is the very array the pass added."""
    records = []
    with activated(Runtime(backward_listeners=[records.append])):
        fn()
    return {id(t.tensor): t.tensor.grad.data is t.added for r in records for t in r.touched}


def test_a_gradient_another_edge_held_is_kept_once_that_edge_lets_go():
    # pins autograd._GRAD_ALONE: AddBackward0 sends one array to b's AccumulateGrad and to
    # MulBackward0; once MulBackward0 has run, b.grad may keep it (one reference more or less
    # and this fails, or the two tests above do)
    x, w, b = (torch.full((3,), v, requires_grad=True) for v in (1.0, 2.0, 0.0))
    kept = _kept(lambda: ((x * w + b) * 3).sum().backward())
    assert kept == {id(x): True, id(w): True, id(b): True}
    assert b.grad.tolist() == [3.0] * 3 and x.grad.tolist() == [6.0] * 3


def test_a_shared_gradient_is_copied_before_a_hook_can_see_it():
    # (what PyTorch prints: the hook zeroes b.grad, not the gradient MulBackward0 receives;
    # one that changes its argument in place changes x's, not b's)
    x, w, b = (torch.full((3,), v, requires_grad=True) for v in (1.0, 2.0, 0.0))
    p = x * w

    def zero_b_grad(g):
        b.grad.mul_(0)

    p.register_hook(zero_b_grad)
    ((p + b) * 3).sum().backward()
    assert x.grad.tolist() == [6.0] * 3 and b.grad.tolist() == [0.0] * 3
    x, b = torch.ones(3, requires_grad=True), torch.zeros(3, requires_grad=True)
    p = x * w

    def scale_in_place(g):
        g.mul_(5)

    p.register_hook(scale_in_place)
    ((p + b) * 3).sum().backward()
    assert x.grad.tolist() == [30.0] * 3 and b.grad.tolist() == [3.0] * 3
