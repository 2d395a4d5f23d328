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


class OneHot(Constraint):
    is_discrete = True
    event_dim = 1

    def check(self, value) -> np.ndarray:
        values = _array(value)
        return ((values == 0) | (values == 1)).all(-1) & (values.sum(-1) == 1)


class LowerCholesky(Constraint):
    """Lower-triangular square matrices with a positive diagonal."""

    event_dim = 2

    def check(self, value) -> np.ndarray:
        values = _array(value)
        lower = (np.tril(values) == values).all((-2, -1))
        return lower & (np.diagonal(values, axis1=-2, axis2=-1) > 0).all(-1)


class PositiveDefinite(Constraint):
    """Symmetric matrices (to torch.isclose's tolerance) whose Cholesky factor exists."""

    event_dim = 2

    def check(self, value) -> np.ndarray:
        values = _array(value)
        if values.shape[-2] != values.shape[-1]:
            return np.zeros(values.shape[:-2], bool)
        transposed = np.swapaxes(values, -2, -1)
        symmetric = (np.abs(values - transposed) <= 1e-6 + 1e-5 * np.abs(transposed)).all(
            (-2, -1))
        if not symmetric.all():
            return symmetric
        return np.array([_factors(m) for m in values.reshape((-1,) + values.shape[-2:])],
                        bool).reshape(values.shape[:-2])


def _factors(matrix: np.ndarray) -> bool:
    try:
        np.linalg.cholesky(matrix)
    except np.linalg.LinAlgError:
        return False
    return True


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


class GreaterThanEq(_Bounded):
    bounds = ("lower_bound",)

    def check(self, value) -> np.ndarray:
        return _array(self.values[0]) <= _array(value)


class IntegerGreaterThan(_Bounded):
    bounds = ("lower_bound",)
    is_discrete = True

    def check(self, value) -> np.ndarray:
        values = _array(value)
        return (np.mod(values, 1) == 0) & (values >= _array(self.values[0]))


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
nonnegative = GreaterThanEq(0.0)
nonnegative_integer = IntegerGreaterThan(0)
unit_interval = Interval(0.0, 1.0)
real_vector = IndependentConstraint(real, 1)
one_hot = OneHot()
lower_cholesky = LowerCholesky()
positive_definite = PositiveDefinite()

# torch.distributions.constraints as a script reaches it: the constraints above, and the
# functions that make the bounded ones
MEMBERS = {
    "Constraint": Constraint, "real": real, "boolean": boolean, "simplex": simplex,
    "positive": positive, "nonnegative": nonnegative, "unit_interval": unit_interval,
    "nonnegative_integer": nonnegative_integer, "integer_greater_than": IntegerGreaterThan,
    "real_vector": real_vector, "one_hot": one_hot, "lower_cholesky": lower_cholesky,
    "positive_definite": positive_definite, "greater_than": GreaterThan,
    "greater_than_eq": GreaterThanEq, "less_than": LessThan, "interval": Interval,
    "integer_interval": IntegerInterval, "independent": IndependentConstraint}


def _checked(constraint: Constraint, value) -> Tensor:
    """constraint.check(value) for a script: the boolean tensor."""
    return Tensor(np.asarray(constraint.check(value)))


KINDS = (Real, Boolean, Simplex, OneHot, LowerCholesky, PositiveDefinite, GreaterThan,
         GreaterThanEq, IntegerGreaterThan, LessThan, Interval, IntegerInterval,
         IndependentConstraint)
ATTRIBUTES = {"check": ("method", _checked),
              "event_dim": ("property", lambda c: c.event_dim),
              "is_discrete": ("property", lambda c: c.is_discrete)}
