"""torch.distributions.Bernoulli(probs= or logits=): sample by torch.bernoulli under no_grad,
log_prob and entropy by binary_cross_entropy_with_logits, as torch's."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Size, Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation, sampling
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    EXPONENTIAL_FAMILY,
    expand_params,
    extended_shape,
    init_distribution,
    lazy,
    param_shape,
    prop,
    validated,
    value_error,
)
from gradcli.torch.distributions.utils import (
    NUMBER,
    SCALAR,
    broadcast_all,
    logits_to_probs,
    probs_to_logits,
)
from gradcli.torch.nn.functional.loss import binary_cross_entropy_with_logits
from gradcli.torch.nn.modules.module import builtin_class


def _init(self: ScriptInstance, probs=None, logits=None, validate_args=None) -> None:
    if (probs is None) == (logits is None):
        raise value_error("Either `probs` or `logits` must be specified, but not both.")
    name, given = ("probs", probs) if probs is not None else ("logits", logits)
    (param,) = broadcast_all(given)
    self.attributes.update({name: param, "_param": param})
    batch_shape = Size() if isinstance(given, NUMBER) else param.size()
    init_distribution(self, batch_shape, validate_args=validate_args)


def _probs(self: ScriptInstance) -> Tensor:
    return self.attribute("probs")


def _logits(self: ScriptInstance) -> Tensor:
    return self.attribute("logits")


def _mode(self: ScriptInstance) -> Tensor:
    probs = _probs(self)
    mode = (probs >= 0.5).to(probs)
    mode[probs == 0.5] = math.nan
    return mode


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    with no_grad():
        return sampling.bernoulli(_probs(self).expand(shape))


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    logits, value = broadcast_all(_logits(self), value)
    return -binary_cross_entropy_with_logits(logits, value, reduction="none")


def _entropy(self: ScriptInstance) -> Tensor:
    return binary_cross_entropy_with_logits(_logits(self), _probs(self), reduction="none")


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    new = expand_params(self, BERNOULLI, batch_shape, ("probs", "logits"))
    new.attributes["_param"] = new.attributes.get("logits", new.attributes.get("probs"))
    return new


def _enumerate_support(self: ScriptInstance, expand=True) -> Tensor:
    values = creation.arange(2, dtype=self.attributes["_param"].dtype)
    batch_shape = self.attributes["_batch_shape"]
    values = values.view((-1,) + (1,) * len(batch_shape))
    return values.expand((-1,) + batch_shape) if expand else values


BERNOULLI = builtin_class("Bernoulli", EXPONENTIAL_FAMILY, {
    "__init__": _init, "sample": _sample, "log_prob": _log_prob, "entropy": _entropy,
    "enumerate_support": _enumerate_support, "expand": _expand,
}, {
    "arg_constraints": {"probs": constraints.unit_interval, "logits": constraints.real},
    "support": constraints.boolean, "has_enumerate_support": True,
    "logits": lazy("Bernoulli", "logits", lambda self: probs_to_logits(_probs(self), True)),
    "probs": lazy("Bernoulli", "probs", lambda self: logits_to_probs(_logits(self), True)),
    "param_shape": param_shape("Bernoulli"),
    "mean": prop("Bernoulli", "mean", _probs),
    "mode": prop("Bernoulli", "mode", _mode),
    "variance": prop("Bernoulli", "variance", lambda self: _probs(self) * (1 - _probs(self))),
})
CLASSES = {"Bernoulli": BERNOULLI}
