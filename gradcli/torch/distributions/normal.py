"""torch.distributions.Normal(loc, scale): sample by torch.normal under no_grad, rsample as
loc + eps * scale with eps from normal_(), and torch's log_prob, cdf, icdf and entropy."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    EXPONENTIAL_FAMILY,
    expand_params,
    extended_shape,
    init_broadcast,
    prop,
    reader,
    validated,
)
from gradcli.torch.distributions.utils import (
    NUMBER,
    SCALAR,
    standard_normal,
    torch_function,
)
from gradcli.torch.nn.modules.module import builtin_class

ERF, ERFINV = torch_function("erf"), torch_function("erfinv")


def _init(self: ScriptInstance, loc, scale, validate_args=None) -> None:
    init_broadcast(self, {"loc": loc, "scale": scale}, validate_args)


_loc, _scale = reader("loc"), reader("scale")


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    with no_grad():
        return creation.normal(_loc(self).expand(shape), _scale(self).expand(shape))


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    eps = standard_normal(shape, _loc(self).dtype)
    return _loc(self) + eps * _scale(self)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    scale = _scale(self)
    var = scale**2
    log_scale = math.log(scale) if isinstance(scale, NUMBER) else scale.log()
    return -((value - _loc(self)) ** 2) / (2 * var) - log_scale - math.log(math.sqrt(2 * math.pi))


def _cdf(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    standardized = (value - _loc(self)) * _scale(self).reciprocal() / math.sqrt(2)
    return 0.5 * (1 + ERF(standardized))


def _icdf(self: ScriptInstance, value) -> Tensor:
    return _loc(self) + _scale(self) * ERFINV(2 * value - 1) * math.sqrt(2)


def _entropy(self: ScriptInstance) -> Tensor:
    return 0.5 + 0.5 * math.log(2 * math.pi) + _scale(self).log()


NORMAL = builtin_class("Normal", EXPONENTIAL_FAMILY, {
    "expand": lambda self, batch_shape, _instance=None: expand_params(
        self, NORMAL, batch_shape, ("loc", "scale")),
    "__init__": _init, "sample": _sample, "rsample": _rsample, "log_prob": _log_prob,
    "cdf": _cdf, "icdf": _icdf, "entropy": _entropy,
}, {
    "arg_constraints": {"loc": constraints.real, "scale": constraints.positive},
    "support": constraints.real, "has_rsample": True,
    "mean": prop("Normal", "mean", _loc),
    "mode": prop("Normal", "mode", _loc),
    "stddev": prop("Normal", "stddev", _scale),
    "variance": prop("Normal", "variance", lambda self: self.attribute("stddev").pow(2)),
})
CLASSES = {"Normal": NORMAL}
