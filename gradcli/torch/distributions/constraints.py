"""torch.distributions.constraints: the constraints the distributions here check their
parameters and values against, with torch's reprs. A check reads the tensors' arrays: it
makes no graph, as torch's makes only boolean tensors."""
from __future__ import annotations

from typing import Any

import numpy as np

from gradcli.engine.tensor import Tensor


def _array(value: Any) -> np.ndarray:
    return value.data if isinstance(value, Tensor) else np.asarray(value)


class Constraint:
    """A region of values: `check` answers elementwise (over the batch for an event
    constraint), `event_dim` is how many rightmost dims one event takes."""

    is_discrete = False
    event_dim = 0

    def check(self, value) -> np.ndarray:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Real(Constraint):
    def check(self, value) -> np.ndarray:
        values = _array(value)
        return values == values  # not NaN


class Boolean(Constraint):
    is_discrete = True

    def check(self, value) -> np.ndarray:
        values = _array(value)
        return (values == 0) | (values == 1)


class Simplex(Constraint):
    event_dim = 1

    def check(self, value) -> np.ndarray:
        values = _array(value)
        total = values.sum(-1, dtype=values.dtype)
        return np.all(values >= 0, axis=-1) & (np.abs(total - 1) < 1e-6)


class _Bounded(Constraint):
    """A constraint with bounds, printed as torch prints them (a 0-d tensor as its number)."""

    bounds: tuple[str, ...] = ()

    def __init__(self, *bounds):
        self.values = bounds

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value}" for name, value in zip(self.bounds, self.values))
        return f"{type(self).__name__}({shown})"


class GreaterThan(_Bounded):
    bounds = ("lower_bound",)

    def check(self, value) -> np.ndarray:
        return _array(self.values[0]) < _array(value)


class LessThan(_Bounded):
    bounds = ("upper_bound",)

    def check(self, value) -> np.ndarray:
        return _array(value) < _array(self.values[0])


class Interval(_Bounded):
    bounds = ("lower_bound", "upper_bound")

    def check(self, value) -> np.ndarray:
        low, high = (_array(bound) for bound in self.values)
        return (low <= _array(value)) & (_array(value) <= high)


class IntegerInterval(Interval):
    is_discrete = True

    def check(self, value) -> np.ndarray:
        return (np.mod(_array(value), 1) == 0) & super().check(value)


class IndependentConstraint(Constraint):
    """A constraint of `reinterpreted` more rightmost dims: all of them must hold."""

    def __init__(self, base: Constraint, reinterpreted: int):
        self.base, self.reinterpreted = base, reinterpreted
        self.is_discrete = base.is_discrete
        self.event_dim = base.event_dim + reinterpreted

    def check(self, value) -> np.ndarray:
        result = self.base.check(value)
        if self.reinterpreted:
            result = result.reshape(result.shape[:result.ndim - self.reinterpreted] + (-1,))
            result = result.all(-1)
        return result

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base!r}, {self.reinterpreted})"


real = Real()
boolean = Boolean()
simplex = Simplex()
positive = GreaterThan(0.0)
unit_interval = Interval(0.0, 1.0)
real_vector = IndependentConstraint(real, 1)
