"""torch.optim.LBFGS: one parameter group whose step(closure) re-evaluates the script's
closure (which calls backward) as often as torch's algorithm asks; the algorithm itself is
engine/lbfgs_math.py, on the parameters' values and gradients flattened into one vector."""
from __future__ import annotations

from typing import Any

import numpy as np

from gradcli.engine import lbfgs_math, optim_math
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptClass, ScriptInstance
from gradcli.torch import _training_notes as training_notes
from gradcli.torch.autograd.grad import enable_grad, no_grad
from gradcli.torch.nn.modules.module import builtin_class
from gradcli.torch.optim.optimizer import (
    OPTIMIZER,
    STEPPED,
    check_nonnegative,
    init_optimizer,
    value_error,
)


def _lbfgs_init(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-7,
                tolerance_change=1e-9, history_size=100, line_search_fn=None) -> None:
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise value_error("Tensor lr must be 1-element")
    check_nonnegative(lr=lr)
    if max_eval is None:
        max_eval = max_iter * 5 // 4
    init_optimizer(self, params, {
        "lr": lr, "max_iter": max_iter, "max_eval": max_eval,
        "tolerance_grad": tolerance_grad, "tolerance_change": tolerance_change,
        "history_size": history_size, "line_search_fn": line_search_fn})
    if len(self.attributes["param_groups"]) != 1:
        raise value_error("LBFGS doesn't support per-parameter options (parameter groups)")


class _Parameters:
    """lbfgs_math's Problem: the group's parameters and the closure torch's step re-runs."""

    def __init__(self, params: list[Tensor], closure):
        self.params, self.closure = params, closure

    def call(self) -> Any:
        with enable_grad():
            return self.closure()

    def evaluate(self) -> float:
        return _as_float(self.call())

    def flat_grad(self) -> np.ndarray:
        return np.concatenate([np.zeros(p.numel(), p.data.dtype) if p.grad is None
                               else p.grad.data.reshape(-1) for p in self.params])

    def add_grad(self, step_size, update: np.ndarray) -> None:
        offset = 0
        for p in self.params:
            p._storage.before_write()  # torch's in-place add_ bumps the version
            piece = update[offset:offset + p.numel()].reshape(p.shape)
            p.data[...] = optim_math.add_scaled(p.data, piece, step_size)
            offset += p.numel()

    def clone_params(self) -> list[np.ndarray]:
        return [p.data.copy() for p in self.params]

    def set_params(self, values: list[np.ndarray]) -> None:
        for p, value in zip(self.params, values):
            p._storage.before_write()
            p.data[...] = value


def _as_float(loss: Any) -> float:
    """float(closure()): torch's error for a closure that returns no number."""
    if isinstance(loss, Tensor):
        return float(loss)
    if isinstance(loss, (int, float)):
        return float(loss)
    raise TorchError("TypeError", "float() argument must be a string or a real number, not "
                                  f"'{type_name(loss)}'")


def _lbfgs_step(self: ScriptInstance, closure):
    group = self.attributes["param_groups"][0]
    params = group["params"]
    problem = _Parameters(params, closure)
    with no_grad():
        orig_loss = problem.call()
        loss = _as_float(orig_loss)
        self.attributes[STEPPED] = True
        training_notes.optimizer_step(params)
        state = self.attributes["state"]
        arrays = {key: _array(value) for key, value in state[params[0]].items()}
        lbfgs_math.step(problem, arrays, loss, lr=_to_scalar(group["lr"]),
                        max_iter=group["max_iter"], max_eval=group["max_eval"],
                        tolerance_grad=group["tolerance_grad"],
                        tolerance_change=group["tolerance_change"],
                        history_size=group["history_size"],
                        line_search_fn=group["line_search_fn"])
        state[params[0]] = {key: _tensor(value) for key, value in arrays.items()}
    return orig_loss


def _to_scalar(lr: Any) -> Any:
    """torch's _to_scalar: a one-element tensor lr as a 0-d one (here its numpy scalar)."""
    return lr.data.reshape(())[()] if isinstance(lr, Tensor) else lr


def _array(value: Any) -> Any:
    """A state value as lbfgs_math works on it: a tensor's array (0-d ones as numpy scalars,
    which stay of the tensor's dtype in arithmetic with floats), lists item by item."""
    if isinstance(value, Tensor):
        return value.data[()] if value.ndim == 0 else value.data
    if isinstance(value, list):
        return [_array(item) for item in value]
    return value


def _tensor(value: Any) -> Any:
    """lbfgs_math's state value as torch keeps it: arrays and numpy scalars as tensors."""
    if isinstance(value, (np.ndarray, np.generic)) and not isinstance(value, np.bool_):
        return Tensor(np.asarray(value))
    if isinstance(value, list):
        return [_tensor(item) for item in value]
    return value


CLASSES: dict[str, ScriptClass] = {
    "LBFGS": builtin_class("LBFGS", OPTIMIZER, {"__init__": _lbfgs_init, "step": _lbfgs_step}),
}
