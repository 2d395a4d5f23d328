"""lbfgs_math against real torch.optim.LBFGS: both minimise the same objective, whose loss and
gradient torch computes for both, so only the optimizer's arithmetic is compared: parameters,
counters and state after each step, at torch.testing.assert_close's tolerance."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from oracle.tolerance import assert_close

from gradcli.engine import lbfgs_math

SHAPES = [(3,), (2, 4), ()]
STEPS = 4
CASES = [dict(zip(("line_search_fn", "history_size", "lr", "max_iter"), values))
         for values in itertools.product([None, "strong_wolfe"], [100, 2], [1, 0.3], [20, 3])]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch", reason="real torch is the oracle for LBFGS")


def objective(torch, params: list):
    """A smooth, mildly coupled and non-quadratic loss over parameters of several shapes."""
    loss = 0
    for index, p in enumerate(params):
        loss = loss + ((p - 0.5 * index) ** 2 * (1 + index)).sum() + 0.1 * (p ** 4).sum()
    return loss + (params[0].sum() * params[1].mean() - 1) ** 2


class TorchObjective:
    """lbfgs_math's Problem over numpy parameters, the loss and gradient from torch."""

    def __init__(self, torch, params: list[np.ndarray]):
        self.torch, self.params, self.grads = torch, params, None

    def evaluate(self) -> float:
        tensors = [self.torch.tensor(p, requires_grad=True) for p in self.params]
        loss = objective(self.torch, tensors)
        loss.backward()
        self.grads = [t.grad.numpy() for t in tensors]
        return float(loss.detach())

    def flat_grad(self) -> np.ndarray:
        return np.concatenate([g.reshape(-1) for g in self.grads])

    def add_grad(self, step_size, update: np.ndarray) -> None:
        offset = 0
        for p in self.params:
            p[...] = lbfgs_math.add_scaled(p, update[offset:offset + p.size].reshape(p.shape),
                                           step_size)
            offset += p.size

    def clone_params(self) -> list[np.ndarray]:
        return [p.copy() for p in self.params]

    def set_params(self, values: list[np.ndarray]) -> None:
        for p, value in zip(self.params, values):
            p[...] = value


def assert_same_state(ours: dict, theirs: dict, what: str) -> None:
    assert list(ours) == list(theirs), what
    for key in ("func_evals", "n_iter"):
        assert ours[key] == theirs[key], f"{what} {key}"
    assert_close(ours["d"], theirs["d"].numpy(), f"{what} d")
    assert_close(ours["prev_flat_grad"], theirs["prev_flat_grad"].numpy(), f"{what} grad")
    assert len(ours["old_dirs"]) == len(theirs["old_dirs"]), f"{what} history"
    dtype = ours["d"].dtype.type  # the loss is a float of the parameters' dtype
    assert_close(dtype(ours["prev_loss"]), dtype(theirs["prev_loss"]), f"{what} loss")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("options", CASES, ids=[str(i) for i in range(len(CASES))])
def test_step_matches_torch(torch, options, dtype):
    rs = np.random.default_rng(0)
    params = [rs.standard_normal(shape).astype(dtype) for shape in SHAPES]
    theirs = [torch.tensor(p, requires_grad=True) for p in params]
    optimizer = torch.optim.LBFGS(theirs, **options)
    group = optimizer.param_groups[0]

    def closure():
        optimizer.zero_grad()
        loss = objective(torch, theirs)
        loss.backward()
        return loss

    problem = TorchObjective(torch, params)
    state: dict = {}
    for step_number in range(1, STEPS + 1):
        optimizer.step(closure)
        loss = problem.evaluate()
        lbfgs_math.step(problem, state, loss, lr=group["lr"], max_iter=group["max_iter"],
                        max_eval=group["max_eval"], tolerance_grad=group["tolerance_grad"],
                        tolerance_change=group["tolerance_change"],
                        history_size=group["history_size"],
                        line_search_fn=group["line_search_fn"])
        what = f"{options} {dtype} step {step_number}"
        for ours, tensor in zip(params, theirs):
            assert_close(ours, tensor.detach().numpy(), what)
        assert_same_state(state, optimizer.state[theirs[0]], what)


def test_cubic_interpolate_matches_torch(torch):
    """The slopes are 0-d tensors in torch (y·d), numpy scalars here; the step is as torch's."""
    from torch.optim.lbfgs import _cubic_interpolate
    for x1, f1, g1, x2, f2, g2 in [(0.0, 1.0, -2.0, 1.0, 0.5, 1.0), (1.0, 0.5, 1.0, 0.0, 1.0, -2.0),
                                   (0.0, 1.0, 2.0, 1.0, 3.0, 2.5), (0.3, 2.0, -1.5, 0.9, 1.7, 0.2)]:
        ours = lbfgs_math.cubic_interpolate(x1, f1, np.float32(g1), x2, f2, np.float32(g2))
        theirs = _cubic_interpolate(x1, f1, torch.tensor(g1), x2, f2, torch.tensor(g2))
        assert float(ours) == float(theirs)
