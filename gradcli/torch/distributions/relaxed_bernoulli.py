"""torch.distributions.RelaxedBernoulli (the binary concrete) and LogitRelaxedBernoulli, its
logit-space base: rsample from clamped torch.rand draws, as torch's."""
from __future__ import annotations

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.bernoulli import init_probs_or_logits
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    expand_params,
    extended_shape,
    logits_of,
    probs_and_logits,
    probs_of,
    validated,
)
from gradcli.torch.distributions.relaxed_categorical import of_base
from gradcli.torch.distributions.transformed_distribution import (
    TRANSFORMED_DISTRIBUTION,
    _init,
    expand_for,
)
from gradcli.torch.distributions.transforms import SIGMOID_TRANSFORM
from gradcli.torch.distributions.utils import SCALAR, broadcast_all, clamp_probs
from gradcli.torch.nn.modules.module import builtin_class


def _logit_init(self: ScriptInstance, temperature, probs=None, logits=None,
                validate_args=None) -> None:
    self.attributes["temperature"] = temperature
    init_probs_or_logits(self, probs, logits, validate_args)


def _logit_expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    new = expand_params(self, LOGIT_RELAXED_BERNOULLI, batch_shape, ("probs", "logits"))
    new.attributes.update(temperature=self.attribute("temperature"),
                          _param=new.attributes.get("logits", new.attributes.get("probs")))
    return new


def _logit_rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    probs = clamp_probs(probs_of(self).expand(shape))
    uniforms = clamp_probs(creation.rand(shape, dtype=probs.dtype))
    return (uniforms.log() - (-uniforms).log1p() + probs.log() - (-probs).log1p()) / \
        self.attribute("temperature")


def _logit_log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    logits, value = broadcast_all(logits_of(self), value)
    temperature = self.attribute("temperature")
    diff = logits - value.mul(temperature)
    return temperature.log() + diff - 2 * diff.exp().log1p()


LOGIT_RELAXED_BERNOULLI = builtin_class("LogitRelaxedBernoulli", DISTRIBUTION, {
    "__init__": _logit_init, "expand": _logit_expand, "rsample": _logit_rsample,
    "log_prob": _logit_log_prob,
}, {
    "arg_constraints": {"probs": constraints.unit_interval, "logits": constraints.real},
    "support": constraints.real,
    **probs_and_logits("LogitRelaxedBernoulli", is_binary=True),
})


def _relaxed_init(self: ScriptInstance, temperature, probs=None, logits=None,
                  validate_args=None) -> None:
    _init(self, LOGIT_RELAXED_BERNOULLI(temperature, probs, logits), SIGMOID_TRANSFORM(),
          validate_args=validate_args)


RELAXED_BERNOULLI = builtin_class("RelaxedBernoulli", TRANSFORMED_DISTRIBUTION, {
    "__init__": _relaxed_init,
    "expand": lambda self, batch_shape, _instance=None: expand_for(RELAXED_BERNOULLI)(
        self, batch_shape),
}, {
    "arg_constraints": {"probs": constraints.unit_interval, "logits": constraints.real},
    "support": constraints.unit_interval, "has_rsample": True,
    **{name: of_base("RelaxedBernoulli", name) for name in ("temperature", "logits", "probs")},
})
CLASSES = {"LogitRelaxedBernoulli": LOGIT_RELAXED_BERNOULLI,
           "RelaxedBernoulli": RELAXED_BERNOULLI}
