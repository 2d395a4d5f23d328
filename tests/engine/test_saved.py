"""The `needs` of every op in the table are complete: the gradient of each input reads only the
values its `needs` name. The engine saves just those (as torch does) and hands the VJP zeros for
the rest, so an incomplete `needs` would give a wrong gradient, silently. Here every VJP that
runs in the op-table sessions is run again with NaN in place of each value its input's `needs`
leave out: that gradient must not change."""
import numpy as np
import pytest
from test_ops import NOT_DIFFERENTIABLE, session

from gradcli.app.api import run_session
from gradcli.engine import autograd
from gradcli.engine.autograd import Meta
from gradcli.engine.ops import OPS


def _poisoned(value, keep: bool):
    if keep or isinstance(value, Meta) or value.dtype.kind != "f":
        return value
    return np.full(value.shape, np.nan, value.dtype)


def _check_needs(node, grad, checked: list) -> None:
    if not node.saved or not isinstance(grad, np.ndarray):
        return
    inputs, out = node.saved
    honest = node.op.vjp(autograd.opkit.NUMPY, grad, out, *inputs, **node.params)
    for i, needs in enumerate(node.op.needs):
        if node.next[i] is None or honest[i] is None:
            continue
        poisoned = [_poisoned(a, "abcd"[j] in needs if j < 4 else True)
                    for j, a in enumerate(inputs)]
        grads = node.op.vjp(autograd.opkit.NUMPY, grad, _poisoned(out, "o" in needs),
                            *poisoned, **node.params)
        assert np.array_equal(np.asarray(grads[i]), np.asarray(honest[i]), equal_nan=True), \
            f"{node.op.name}: the gradient of input {i} reads more than needs={needs!r}"
        checked.append(node.op.name)


@pytest.mark.parametrize("op", sorted(set(OPS) - NOT_DIFFERENTIABLE))
def test_each_gradient_reads_only_its_needs(op, monkeypatch):
    checked: list[str] = []
    original = autograd._apply_vjp

    def checking(node, grad, *rest):
        _check_needs(node, grad, checked)
        return original(node, grad, *rest)

    monkeypatch.setattr(autograd, "_apply_vjp", checking)
    result = run_session(session(op), f"{op}.py")
    assert result.status == "ok"
    if OPS[op].needs:
        assert op in checked or not any(OPS[op].needs), f"no {op} node ran its VJP"
