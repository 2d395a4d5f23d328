"""torch.distributions.Cauchy(loc, scale): rsample as loc + cauchy_() * scale, and torch's
log_prob, cdf, icdf and entropy."""
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
from gradcli.torch.distributions.utils import SCALAR, torch_function
from gradcli.torch.nn.modules.module import builtin_class

ATAN, TAN = torch_function("atan"), torch_function("tan")
_loc, _scale = reader("loc"), reader("scale")


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    eps = creation.empty(shape, dtype=_loc(self).dtype).cauchy_()
    return _loc(self) + eps * _scale(self)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return -math.log(math.pi) - _scale(self).log() - \
        (((value - _loc(self)) / _scale(self)) ** 2).log1p()


def _cdf(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return ATAN((value - _loc(self)) / _scale(self)) / math.pi + 0.5


def _filled(value: float):
    """Cauchy's mean (nan) or variance (inf): a tensor of the extended shape full of it."""
    return lambda self: creation.full(extended_shape(self), value, dtype=_loc(self).dtype)


CAUCHY = builtin_class("Cauchy", DISTRIBUTION, {
    "__init__": lambda self, loc, scale, validate_args=None: init_broadcast(
        self, {"loc": loc, "scale": scale}, validate_args),
    "expand": lambda self, batch_shape, _instance=None: expand_params(
        self, CAUCHY, batch_shape, ("loc", "scale")),
    "rsample": _rsample, "log_prob": _log_prob, "cdf": _cdf,
    "icdf": lambda self, value: TAN(math.pi * (value - 0.5)) * _scale(self) + _loc(self),
    "entropy": lambda self: math.log(4 * math.pi) + _scale(self).log(),
}, {
    "arg_constraints": {"loc": constraints.real, "scale": constraints.positive},
    "support": constraints.real, "has_rsample": True,
    "mean": prop("Cauchy", "mean", _filled(math.nan)), "mode": prop("Cauchy", "mode", _loc),
    "variance": prop("Cauchy", "variance", _filled(math.inf)),
})
CLASSES = {"Cauchy": CAUCHY}
