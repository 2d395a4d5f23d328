"""torch.distributions.LogNormal(loc, scale): exp of a Normal, a TransformedDistribution by
ExpTransform as torch's."""
from __future__ import annotations

from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import attribute, delegated, prop, reader
from gradcli.torch.distributions.normal import NORMAL
from gradcli.torch.distributions.transformed_distribution import (
    TRANSFORMED_DISTRIBUTION,
    _init,
    expand_for,
)
from gradcli.torch.distributions.transforms import EXP_TRANSFORM
from gradcli.torch.nn.modules.module import builtin_class

_base = reader("base_dist")
_loc, _scale = delegated("base_dist", "loc"), delegated("base_dist", "scale")


def _log_normal_init(self: ScriptInstance, loc, scale, validate_args=None) -> None:
    _init(self, NORMAL(loc, scale, validate_args=validate_args), EXP_TRANSFORM(),
          validate_args=validate_args)


def _variance(self: ScriptInstance):
    scale2 = _scale(self).pow(2)
    return (scale2.exp() - 1) * (2 * _loc(self) + scale2).exp()


LOG_NORMAL = builtin_class("LogNormal", TRANSFORMED_DISTRIBUTION, {
    "__init__": _log_normal_init,
    "expand": lambda self, batch_shape, _instance=None: expand_for(LOG_NORMAL)(self, batch_shape),
    "entropy": lambda self: attribute(_base(self), "entropy")() + _loc(self),
}, {
    "arg_constraints": {"loc": constraints.real, "scale": constraints.positive},
    "support": constraints.positive, "has_rsample": True,
    "loc": prop("LogNormal", "loc", _loc), "scale": prop("LogNormal", "scale", _scale),
    "mean": prop("LogNormal", "mean", lambda self: (_loc(self) + _scale(self).pow(2) / 2).exp()),
    "mode": prop("LogNormal", "mode", lambda self: (_loc(self) - _scale(self).square()).exp()),
    "variance": prop("LogNormal", "variance", _variance),
})
CLASSES = {"LogNormal": LOG_NORMAL}
