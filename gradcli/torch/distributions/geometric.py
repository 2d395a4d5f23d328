"""torch.distributions.Geometric(probs= or logits=): the number of failures before the first
success; samples from uniform_(tiny, 1) as torch's."""
from __future__ import annotations

import numpy as np

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.bernoulli import init_probs_or_logits
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    expand_params,
    extended_shape,
    logits_of,
    probs_and_logits,
    probs_of,
    prop,
    validated,
    value_error,
)
from gradcli.torch.distributions.utils import SCALAR, broadcast_all
from gradcli.torch.nn.functional.loss import binary_cross_entropy_with_logits
from gradcli.torch.nn.modules.module import builtin_class


def _init(self: ScriptInstance, probs=None, logits=None, validate_args=None) -> None:
    init_probs_or_logits(self, probs, logits, validate_args)
    del self.attributes["_param"]  # (torch's Geometric keeps none)
    if self.attribute("_validate_args") and probs is not None:
        value = self.attributes["probs"]
        valid = np.asarray(value.data > 0)
        if not valid.all():
            raise value_error(
                f"Expected parameter probs (Tensor of shape {tuple(value.shape)}) of "
                f"distribution {self!r} to be positive but found invalid values:\n"
                f"{Tensor(np.asarray(value.data)[~valid])}")


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    probs = probs_of(self)
    tiny = float(np.finfo(probs.dtype.np).tiny)
    with no_grad():
        u = creation.empty(shape, dtype=probs.dtype).uniform_(tiny, 1)
        return (u.log() / (-probs).log1p()).floor()


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    value, probs = broadcast_all(value, probs_of(self))
    probs = probs.clone()
    probs[(probs == 1) & (value == 0)] = 0
    return value * (-probs).log1p() + probs_of(self).log()


def _entropy(self: ScriptInstance) -> Tensor:
    return binary_cross_entropy_with_logits(logits_of(self), probs_of(self),
                                            reduction="none") / probs_of(self)


GEOMETRIC = builtin_class("Geometric", DISTRIBUTION, {
    "__init__": _init, "sample": _sample, "log_prob": _log_prob, "entropy": _entropy,
    "expand": lambda self, batch_shape, _instance=None: expand_params(
        self, GEOMETRIC, batch_shape, ("probs", "logits")),
}, {
    "arg_constraints": {"probs": constraints.unit_interval, "logits": constraints.real},
    "support": constraints.nonnegative_integer,
    **{name: value for name, value in probs_and_logits("Geometric", is_binary=True).items()
       if name != "param_shape"},
    "mean": prop("Geometric", "mean", lambda self: 1.0 / probs_of(self) - 1.0),
    "mode": prop("Geometric", "mode", lambda self: creation.zeros_like(probs_of(self))),
    "variance": prop("Geometric", "variance",
                     lambda self: (1.0 / probs_of(self) - 1.0) / probs_of(self)),
})
CLASSES = {"Geometric": GEOMETRIC}
