"""torch.distributions.Laplace(loc, scale): rsample from uniform_(eps - 1, 1) as torch's, and
its log_prob, cdf, icdf and entropy."""
from __future__ import annotations

import numpy as np

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

_loc, _scale = reader("loc"), reader("scale")


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    eps = float(np.finfo(_loc(self).dtype.np).eps)
    u = creation.empty(shape, dtype=_loc(self).dtype).uniform_(eps - 1, 1)
    return _loc(self) - _scale(self) * u.sign() * (-u.abs()).log1p()


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return -(2 * _scale(self)).log() - (value - _loc(self)).abs() / _scale(self)


def _cdf(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    centered = value - _loc(self)
    return 0.5 - 0.5 * centered.sign() * (-centered.abs() / _scale(self)).expm1()


def _icdf(self: ScriptInstance, value) -> Tensor:
    term = value - 0.5
    return _loc(self) - _scale(self) * term.sign() * (-2 * term.abs()).log1p()


LAPLACE = builtin_class("Laplace", DISTRIBUTION, {
    "__init__": lambda self, loc, scale, validate_args=None: init_broadcast(
        self, {"loc": loc, "scale": scale}, validate_args),
    "expand": lambda self, batch_shape, _instance=None: expand_params(
        self, LAPLACE, batch_shape, ("loc", "scale")),
    "rsample": _rsample, "log_prob": _log_prob, "cdf": _cdf, "icdf": _icdf,
    "entropy": lambda self: 1 + (2 * _scale(self)).log(),
}, {
    "arg_constraints": {"loc": constraints.real, "scale": constraints.positive},
    "support": constraints.real, "has_rsample": True,
    "mean": prop("Laplace", "mean", _loc), "mode": prop("Laplace", "mode", _loc),
    "variance": prop("Laplace", "variance", lambda self: 2 * _scale(self).pow(2)),
    "stddev": prop("Laplace", "stddev", lambda self: (2**0.5) * _scale(self)),
})
CLASSES = {"Laplace": LAPLACE}
