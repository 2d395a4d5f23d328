"""torch.distributions.Gumbel(loc, scale): a TransformedDistribution of Uniform(tiny, 1 - eps)
through -log(-log(u)), as torch's builds it, with torch's own log_prob."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import prop, reader, validated
from gradcli.torch.distributions.transformed_distribution import (
    TRANSFORMED_DISTRIBUTION,
    _init,
    expand_for,
)
from gradcli.torch.distributions.transforms import AFFINE_TRANSFORM, EXP_TRANSFORM
from gradcli.torch.distributions.uniform import UNIFORM
from gradcli.torch.distributions.utils import NUMBER, broadcast_all, torch_function
from gradcli.torch.nn.modules.module import builtin_class

EULER_CONSTANT = 0.57721566490153286060  # torch.distributions.utils.euler_constant
EXPAND = torch_function("expand", "Tensor")
_loc, _scale = reader("loc"), reader("scale")


def _gumbel_init(self: ScriptInstance, loc, scale, validate_args=None) -> None:
    self.attributes["loc"], self.attributes["scale"] = broadcast_all(loc, scale)
    finfo = np.finfo(_loc(self).dtype.np)
    tiny, top = float(finfo.tiny), 1 - float(finfo.eps)
    if isinstance(loc, NUMBER) and isinstance(scale, NUMBER):
        base = UNIFORM(tiny, top, validate_args=validate_args)
    else:
        base = UNIFORM(creation.full_like(_loc(self), tiny), creation.full_like(_loc(self), top),
                       validate_args=validate_args)
    transforms = [EXP_TRANSFORM().attribute("inv"),
                  AFFINE_TRANSFORM(loc=0, scale=-creation.ones_like(_scale(self))),
                  EXP_TRANSFORM().attribute("inv"), AFFINE_TRANSFORM(loc=loc, scale=-_scale(self))]
    _init(self, base, transforms, validate_args=validate_args)


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    """torch's order: loc and scale expanded first (Tensor.expand's checks), then the rest."""
    loc, scale = EXPAND(_loc(self), batch_shape), EXPAND(_scale(self), batch_shape)
    new = expand_for(GUMBEL)(self, batch_shape)
    new.attributes.update(loc=loc, scale=scale)
    return new


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    y = (_loc(self) - value) / _scale(self)
    return (y - y.exp()) - _scale(self).log()


def _stddev(self: ScriptInstance) -> Tensor:
    return (math.pi / math.sqrt(6)) * _scale(self)


GUMBEL = builtin_class("Gumbel", TRANSFORMED_DISTRIBUTION, {
    "__init__": _gumbel_init, "expand": _expand, "log_prob": _log_prob,
    "entropy": lambda self: _scale(self).log() + (1 + EULER_CONSTANT),
}, {
    "arg_constraints": {"loc": constraints.real, "scale": constraints.positive},
    "support": constraints.real,
    "mean": prop("Gumbel", "mean", lambda self: _loc(self) + _scale(self) * EULER_CONSTANT),
    "mode": prop("Gumbel", "mode", _loc), "stddev": prop("Gumbel", "stddev", _stddev),
    "variance": prop("Gumbel", "variance", lambda self: _stddev(self).pow(2)),
})
CLASSES = {"Gumbel": GUMBEL}
