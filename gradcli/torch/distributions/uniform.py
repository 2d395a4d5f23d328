"""torch.distributions.Uniform(low, high): rsample as low + rand * (high - low) (sample is
that under no_grad), and torch's log_prob, cdf, icdf and entropy."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    expand_params,
    extended_shape,
    init_broadcast,
    prop,
    reader,
    validated,
)
from gradcli.torch.distributions.utils import SCALAR
from gradcli.torch.nn.modules.module import builtin_class


def _init(self: ScriptInstance, low, high, validate_args=None) -> None:
    init_broadcast(self, {"low": low, "high": high}, validate_args)


_low, _high = reader("low"), reader("high")


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    rand = creation.rand(shape, dtype=_low(self).dtype)
    return _low(self) + rand * (_high(self) - _low(self))


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    lb = _low(self).le(value).type_as(_low(self))
    ub = _high(self).gt(value).type_as(_low(self))
    return lb.mul(ub).log() - (_high(self) - _low(self)).log()


def _cdf(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    result = (value - _low(self)) / (_high(self) - _low(self))
    return result.clamp(min=0, max=1)


def _icdf(self: ScriptInstance, value) -> Tensor:
    return value * (_high(self) - _low(self)) + _low(self)


UNIFORM = builtin_class("Uniform", DISTRIBUTION, {
    "expand": lambda self, batch_shape, _instance=None: expand_params(
        self, UNIFORM, batch_shape, ("low", "high")),
    "__init__": _init, "rsample": _rsample, "log_prob": _log_prob, "cdf": _cdf,
    "icdf": _icdf, "entropy": lambda self: (_high(self) - _low(self)).log(),
}, {
    "has_rsample": True,
    "arg_constraints": prop("Uniform", "arg_constraints", lambda self: {
        "low": constraints.LessThan(_high(self)), "high": constraints.GreaterThan(_low(self))}),
    "support": prop("Uniform", "support", lambda self: constraints.Interval(
        _low(self), _high(self))),
    "mean": prop("Uniform", "mean", lambda self: (_high(self) + _low(self)) / 2),
    "mode": prop("Uniform", "mode", lambda self: math.nan * _high(self)),
    "stddev": prop("Uniform", "stddev", lambda self: (_high(self) - _low(self)) / 12**0.5),
    "variance": prop("Uniform", "variance",
                     lambda self: (_high(self) - _low(self)).pow(2) / 12),
})
CLASSES = {"Uniform": UNIFORM}
