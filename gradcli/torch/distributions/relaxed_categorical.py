"""torch.distributions.RelaxedOneHotCategorical (Gumbel-softmax) and ExpRelaxedCategorical,
its log-space base: rsample as torch's, Gumbel noise from clamped torch.rand draws."""
from __future__ import annotations

from gradcli.engine.tensor import Size, Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.categorical import CATEGORICAL
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    attribute,
    delegated,
    expanded,
    extended_shape,
    init_distribution,
    prop,
    validated,
)
from gradcli.torch.distributions.one_hot_categorical import of_categorical
from gradcli.torch.distributions.transformed_distribution import (
    TRANSFORMED_DISTRIBUTION,
    _init,
    expand_for,
)
from gradcli.torch.distributions.transforms import EXP_TRANSFORM
from gradcli.torch.distributions.utils import (
    SCALAR,
    as_size,
    broadcast_all,
    clamp_probs,
    torch_function,
)
from gradcli.torch.nn.modules.module import builtin_class

FULL_LIKE, LGAMMA = torch_function("full_like"), torch_function("lgamma")
_logits = of_categorical("logits")


def _exp_init(self: ScriptInstance, temperature, probs=None, logits=None,
              validate_args=None) -> None:
    categorical = self.attributes["_categorical"] = CATEGORICAL(probs, logits)
    self.attributes["temperature"] = temperature
    init_distribution(self, categorical.attribute("batch_shape"),
                      Size(categorical.attribute("param_shape")[-1:]),
                      validate_args=validate_args)


def _exp_expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    categorical = attribute(self.attributes["_categorical"], "expand")(as_size(batch_shape))
    return expanded(self, EXP_RELAXED_CATEGORICAL, batch_shape, {
        "temperature": self.attribute("temperature"), "_categorical": categorical},
        self.attributes["_event_shape"])


def _exp_rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    uniforms = clamp_probs(creation.rand(shape, dtype=_logits(self).dtype))
    gumbels = -((-(uniforms.log())).log())
    scores = (_logits(self) + gumbels) / self.attribute("temperature")
    return scores - scores.logsumexp(dim=-1, keepdim=True)


def _exp_log_prob(self: ScriptInstance, value) -> Tensor:
    K = self.attributes["_categorical"].attributes["_num_events"]  # noqa: N806 (torch's)
    validated(self, value)
    logits, value = broadcast_all(_logits(self), value)
    temperature = self.attribute("temperature")
    log_scale = LGAMMA(FULL_LIKE(temperature, float(K))) - temperature.log().mul(-(K - 1))
    score = logits - value.mul(temperature)
    score = (score - score.logsumexp(dim=-1, keepdim=True)).sum(-1)
    return score + log_scale


EXP_RELAXED_CATEGORICAL = builtin_class("ExpRelaxedCategorical", DISTRIBUTION, {
    "__init__": _exp_init, "expand": _exp_expand, "rsample": _exp_rsample,
    "log_prob": _exp_log_prob,
}, {
    "arg_constraints": {"probs": constraints.simplex, "logits": constraints.real_vector},
    "support": constraints.real_vector, "has_rsample": True,
    "param_shape": prop("ExpRelaxedCategorical", "param_shape", of_categorical("param_shape")),
    "logits": prop("ExpRelaxedCategorical", "logits", _logits),
    "probs": prop("ExpRelaxedCategorical", "probs", of_categorical("probs")),
})


def of_base(owner: str, name: str) -> prop:
    """A relaxed distribution's property read from its base (temperature, logits, probs)."""
    return prop(owner, name, delegated("base_dist", name))


def _relaxed_init(self: ScriptInstance, temperature, probs=None, logits=None,
                  validate_args=None) -> None:
    base = EXP_RELAXED_CATEGORICAL(temperature, probs, logits, validate_args=validate_args)
    _init(self, base, EXP_TRANSFORM(), validate_args=validate_args)


RELAXED_ONE_HOT_CATEGORICAL = builtin_class("RelaxedOneHotCategorical",
                                            TRANSFORMED_DISTRIBUTION, {
    "__init__": _relaxed_init,
    "expand": lambda self, batch_shape, _instance=None: expand_for(
        RELAXED_ONE_HOT_CATEGORICAL)(self, batch_shape),
}, {
    "arg_constraints": {"probs": constraints.simplex, "logits": constraints.real_vector},
    "support": constraints.simplex, "has_rsample": True,
    **{name: of_base("RelaxedOneHotCategorical", name)
       for name in ("temperature", "logits", "probs")},
})
CLASSES = {"ExpRelaxedCategorical": EXP_RELAXED_CATEGORICAL,
           "RelaxedOneHotCategorical": RELAXED_ONE_HOT_CATEGORICAL}
