"""torch.distributions.Bernoulli(probs= or logits=): sample by torch.bernoulli under no_grad,
log_prob and entropy by binary_cross_entropy_with_logits, as torch's."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation, sampling
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    EXPONENTIAL_FAMILY,
    check_probs_or_logits,
    enumerated,
    expand_params,
    extended_shape,
    init_distribution,
    logits_of,
    probs_and_logits,
    probs_of,
    prop,
    validated,
)
from gradcli.torch.distributions.utils import NUMBER, SCALAR, broadcast_all
from gradcli.torch.nn.functional.loss import binary_cross_entropy_with_logits
from gradcli.torch.nn.modules.module import builtin_class


def init_probs_or_logits(self: ScriptInstance, probs=None, logits=None,
                         validate_args=None) -> None:
    """Bernoulli's (and LogitRelaxedBernoulli's) __init__: the one given, broadcast."""
    check_probs_or_logits(probs, logits)
    name, given = ("probs", probs) if probs is not None else ("logits", logits)
    (param,) = broadcast_all(given)
    self.attributes.update({name: param, "_param": param})
    batch_shape = SCALAR if isinstance(given, NUMBER) else param.size()
    init_distribution(self, batch_shape, validate_args=validate_args)


def _mode(self: ScriptInstance) -> Tensor:
    probs = probs_of(self)
    mode = (probs >= 0.5).to(probs)
    mode[probs == 0.5] = math.nan
    return mode


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    with no_grad():
        return sampling.bernoulli(probs_of(self).expand(shape))


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    logits, value = broadcast_all(logits_of(self), value)
    return -binary_cross_entropy_with_logits(logits, value, reduction="none")


def _entropy(self: ScriptInstance) -> Tensor:
    return binary_cross_entropy_with_logits(logits_of(self), probs_of(self), reduction="none")


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    new = expand_params(self, BERNOULLI, batch_shape, ("probs", "logits"))
    new.attributes["_param"] = new.attributes.get("logits", new.attributes.get("probs"))
    return new


def _enumerate_support(self: ScriptInstance, expand=True) -> Tensor:
    return enumerated(self, creation.arange(2, dtype=self.attributes["_param"].dtype), expand)


BERNOULLI = builtin_class("Bernoulli", EXPONENTIAL_FAMILY, {
    "__init__": init_probs_or_logits, "sample": _sample, "log_prob": _log_prob, "entropy": _entropy,
    "enumerate_support": _enumerate_support, "expand": _expand,
}, {
    "arg_constraints": {"probs": constraints.unit_interval, "logits": constraints.real},
    "support": constraints.boolean, "has_enumerate_support": True,
    **probs_and_logits("Bernoulli", is_binary=True),
    "mean": prop("Bernoulli", "mean", probs_of),
    "mode": prop("Bernoulli", "mode", _mode),
    "variance": prop("Bernoulli", "variance", lambda self: probs_of(self) * (1 - probs_of(self))),
})
CLASSES = {"Bernoulli": BERNOULLI}
