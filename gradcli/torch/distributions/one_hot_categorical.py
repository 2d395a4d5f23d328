"""torch.distributions.OneHotCategorical (and its StraightThrough variant): a Categorical whose
samples and values are one-hot vectors, as torch's wraps one."""
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
    init_distribution,
    prop,
    reader,
    validated,
)
from gradcli.torch.distributions.utils import SCALAR, as_size
from gradcli.torch.nn.functional.sparse import one_hot
from gradcli.torch.nn.modules.module import builtin_class

_categorical = reader("_categorical")


def of_categorical(name: str):
    """A property read from the wrapped Categorical."""
    return delegated("_categorical", name)


_probs = of_categorical("probs")


def _init(self: ScriptInstance, probs=None, logits=None, validate_args=None) -> None:
    categorical = self.attributes["_categorical"] = CATEGORICAL(probs, logits)
    event_shape = Size(categorical.attribute("param_shape")[-1:])
    init_distribution(self, categorical.attribute("batch_shape"), event_shape,
                      validate_args=validate_args)


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    categorical = attribute(_categorical(self), "expand")(as_size(batch_shape))
    return expanded(self, ONE_HOT_CATEGORICAL, batch_shape, {"_categorical": categorical},
                    self.attributes["_event_shape"])


def _mode(self: ScriptInstance) -> Tensor:
    probs = _probs(self)
    return one_hot(probs.argmax(dim=-1), num_classes=probs.shape[-1]).to(probs)


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    sample_shape = as_size(sample_shape)
    probs = _probs(self)
    num_events = _categorical(self).attributes["_num_events"]
    indices = attribute(_categorical(self), "sample")(sample_shape)
    return one_hot(indices, num_events).to(probs)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    return attribute(_categorical(self), "log_prob")(value.max(-1)[1])


def _enumerate_support(self: ScriptInstance, expand=True) -> Tensor:
    n = self.attributes["_event_shape"][0]
    batch_shape = self.attributes["_batch_shape"]
    values = creation.eye(n, dtype=of_categorical("_param")(self).dtype)
    values = values.view((n,) + (1,) * len(batch_shape) + (n,))
    return values.expand((n,) + batch_shape + (n,)) if expand else values


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    """The straight-through estimator: a one-hot sample forward, the probs' gradient back."""
    samples = self.attribute("sample")(sample_shape)
    probs = _probs(self)
    return samples + (probs - probs.detach())


def _property(name: str, getter) -> prop:
    return prop("OneHotCategorical", name, getter)


ONE_HOT_CATEGORICAL = builtin_class("OneHotCategorical", DISTRIBUTION, {
    "__init__": _init, "expand": _expand, "sample": _sample, "log_prob": _log_prob,
    "entropy": lambda self: attribute(_categorical(self), "entropy")(),
    "enumerate_support": _enumerate_support,
}, {
    "arg_constraints": {"probs": constraints.simplex, "logits": constraints.real_vector},
    "support": constraints.one_hot, "has_enumerate_support": True,
    "probs": _property("probs", _probs), "mean": _property("mean", _probs),
    "logits": _property("logits", of_categorical("logits")),
    "param_shape": _property("param_shape", of_categorical("param_shape")),
    "mode": _property("mode", _mode),
    "variance": _property("variance", lambda self: _probs(self) * (1 - _probs(self))),
})
ONE_HOT_CATEGORICAL_STRAIGHT_THROUGH = builtin_class(
    "OneHotCategoricalStraightThrough", ONE_HOT_CATEGORICAL, {"rsample": _rsample},
    {"has_rsample": True})
CLASSES = {"OneHotCategorical": ONE_HOT_CATEGORICAL,
           "OneHotCategoricalStraightThrough": ONE_HOT_CATEGORICAL_STRAIGHT_THROUGH}
