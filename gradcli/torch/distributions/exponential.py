"""torch.distributions.Exponential(rate): rsample as exponential_() / rate, and torch's
log_prob, cdf, icdf and entropy."""
from __future__ import annotations

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
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
from gradcli.torch.distributions.utils import SCALAR, torch_function
from gradcli.torch.nn.modules.module import builtin_class

_rate = reader("rate")
LOG1P = torch_function("log1p")


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    return creation.empty(shape, dtype=_rate(self).dtype).exponential_() / _rate(self)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return _rate(self).log() - _rate(self) * value


def _cdf(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return 1 - (-_rate(self) * value).exp()


EXPONENTIAL = builtin_class("Exponential", EXPONENTIAL_FAMILY, {
    "__init__": lambda self, rate, validate_args=None: init_broadcast(
        self, {"rate": rate}, validate_args),
    "expand": lambda self, batch_shape, _instance=None: expand_params(
        self, EXPONENTIAL, batch_shape, ("rate",)),
    "rsample": _rsample, "log_prob": _log_prob, "cdf": _cdf,
    "icdf": lambda self, value: -LOG1P(-value) / _rate(self),
    "entropy": lambda self: 1.0 - _rate(self).log(),
}, {
    "arg_constraints": {"rate": constraints.positive},
    "support": constraints.nonnegative, "has_rsample": True,
    "mean": prop("Exponential", "mean", lambda self: _rate(self).reciprocal()),
    "mode": prop("Exponential", "mode", lambda self: creation.zeros_like(_rate(self))),
    "stddev": prop("Exponential", "stddev", lambda self: _rate(self).reciprocal()),
    "variance": prop("Exponential", "variance", lambda self: _rate(self).pow(-2)),
})
CLASSES = {"Exponential": EXPONENTIAL}
