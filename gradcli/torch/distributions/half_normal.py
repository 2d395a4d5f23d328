"""torch.distributions.HalfNormal(scale): |x| of a Normal(0, scale), a TransformedDistribution
by AbsTransform with torch's own log_prob, cdf and icdf."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation, pointwise
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    attribute,
    delegated,
    prop,
    reader,
    validated,
)
from gradcli.torch.distributions.normal import NORMAL
from gradcli.torch.distributions.transformed_distribution import (
    TRANSFORMED_DISTRIBUTION,
    _init,
    expand_for,
)
from gradcli.torch.distributions.transforms import ABS_TRANSFORM
from gradcli.torch.nn.modules.module import builtin_class

_base = reader("base_dist")
_scale = delegated("base_dist", "scale")


def _half_init(self: ScriptInstance, scale, validate_args=None) -> None:
    _init(self, NORMAL(0, scale, validate_args=False), ABS_TRANSFORM(),
          validate_args=validate_args)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    log_prob = attribute(_base(self), "log_prob")(value) + math.log(2)
    return pointwise.where(value >= 0, log_prob, -math.inf)


def _cdf(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return 2 * attribute(_base(self), "cdf")(value) - 1


HALF_NORMAL = builtin_class("HalfNormal", TRANSFORMED_DISTRIBUTION, {
    "__init__": _half_init, "log_prob": _log_prob, "cdf": _cdf,
    "expand": lambda self, batch_shape, _instance=None: expand_for(HALF_NORMAL)(
        self, batch_shape),
    "icdf": lambda self, prob: attribute(_base(self), "icdf")((prob + 1) / 2),
    "entropy": lambda self: attribute(_base(self), "entropy")() - math.log(2),
}, {
    "arg_constraints": {"scale": constraints.positive},
    "support": constraints.nonnegative, "has_rsample": True,
    "scale": prop("HalfNormal", "scale", _scale),
    "mean": prop("HalfNormal", "mean", lambda self: _scale(self) * math.sqrt(2 / math.pi)),
    "mode": prop("HalfNormal", "mode", lambda self: creation.zeros_like(_scale(self))),
    "variance": prop("HalfNormal", "variance",
                     lambda self: _scale(self).pow(2) * (1 - 2 / math.pi)),
})
CLASSES = {"HalfNormal": HALF_NORMAL}
