"""torch.distributions.HalfNormal(scale) and HalfCauchy(scale): |x| of a Normal(0, scale) or
a Cauchy(0, scale), TransformedDistributions by AbsTransform with torch's own log_prob, cdf,
icdf and entropy (the base's folded at 0)."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation, pointwise
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.cauchy import CAUCHY
from gradcli.torch.distributions.distribution import (
    attribute,
    delegated,
    extended_shape,
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
from gradcli.torch.distributions.utils import torch_function
from gradcli.torch.nn.modules.module import builtin_class

AS_TENSOR = torch_function("as_tensor")
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


def folded(methods: dict) -> dict:
    """The methods HalfNormal and HalfCauchy share: the base's, folded at 0."""
    return {
        "log_prob": _log_prob, "cdf": _cdf,
        "icdf": lambda self, prob: attribute(_base(self), "icdf")((prob + 1) / 2),
        "entropy": lambda self: attribute(_base(self), "entropy")() - math.log(2),
        **methods}


HALF_NORMAL = builtin_class("HalfNormal", TRANSFORMED_DISTRIBUTION, folded({
    "__init__": _half_init,
    "expand": lambda self, batch_shape, _instance=None: expand_for(HALF_NORMAL)(
        self, batch_shape)}), {
    "arg_constraints": {"scale": constraints.positive},
    "support": constraints.nonnegative, "has_rsample": True,
    "scale": prop("HalfNormal", "scale", _scale),
    "mean": prop("HalfNormal", "mean", lambda self: _scale(self) * math.sqrt(2 / math.pi)),
    "mode": prop("HalfNormal", "mode", lambda self: creation.zeros_like(_scale(self))),
    "variance": prop("HalfNormal", "variance",
                     lambda self: _scale(self).pow(2) * (1 - 2 / math.pi)),
})


def _half_cauchy_log_prob(self: ScriptInstance, value) -> Tensor:
    """HalfCauchy's: the value made a tensor of the scale's dtype first (torch.as_tensor)."""
    validated(self, value)
    value = AS_TENSOR(value, dtype=_scale(self).dtype)
    log_prob = attribute(_base(self), "log_prob")(value) + math.log(2)
    return pointwise.where(value >= 0, log_prob, -math.inf)


HALF_CAUCHY = builtin_class("HalfCauchy", TRANSFORMED_DISTRIBUTION, folded({
    "__init__": lambda self, scale, validate_args=None: _init(
        self, CAUCHY(0, scale, validate_args=False), ABS_TRANSFORM(), validate_args=validate_args),
    "expand": lambda self, batch_shape, _instance=None: expand_for(HALF_CAUCHY)(
        self, batch_shape),
    "log_prob": _half_cauchy_log_prob}), {
    "arg_constraints": {"scale": constraints.positive},
    "support": constraints.nonnegative, "has_rsample": True,
    "scale": prop("HalfCauchy", "scale", _scale),
    "mean": prop("HalfCauchy", "mean", lambda self: creation.full(
        extended_shape(self), math.inf, dtype=_scale(self).dtype)),
    "mode": prop("HalfCauchy", "mode", lambda self: creation.zeros_like(_scale(self))),
    "variance": prop("HalfCauchy", "variance", delegated("base_dist", "variance")),
})
CLASSES = {"HalfNormal": HALF_NORMAL, "HalfCauchy": HALF_CAUCHY}
