"""torch.distributions.Categorical: K classes by probs (normalized to sum to 1) or logits
(normalized by their logsumexp); samples drawn by torch.multinomial, as torch's."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.tensor import Size, Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation, joining, sampling
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    expanded,
    extended_shape,
    init_distribution,
    lazy,
    param_shape,
    prop,
    validated,
    value_error,
)
from gradcli.torch.distributions.utils import SCALAR, as_size, logits_to_probs, probs_to_logits
from gradcli.torch.nn.modules.module import builtin_class


def _init(self: ScriptInstance, probs=None, logits=None, validate_args=None) -> None:
    if (probs is None) == (logits is None):
        raise value_error("Either `probs` or `logits` must be specified, but not both.")
    if probs is not None:
        if probs.dim() < 1:
            raise value_error("`probs` parameter must be at least one-dimensional.")
        param = self.attributes["probs"] = probs / probs.sum(-1, keepdim=True)
    else:
        if logits.dim() < 1:
            raise value_error("`logits` parameter must be at least one-dimensional.")
        param = self.attributes["logits"] = logits - logits.logsumexp(dim=-1, keepdim=True)
    self.attributes.update(_param=param, _num_events=param.size()[-1])
    batch_shape = Size(param.size()[:-1]) if param.dim() > 1 else Size()
    init_distribution(self, batch_shape, validate_args=validate_args)


def _probs(self: ScriptInstance) -> Tensor:
    return self.attribute("probs")


def _logits(self: ScriptInstance) -> Tensor:
    return self.attribute("logits")


def _full_of_nan(self: ScriptInstance) -> Tensor:
    """Categorical's mean and variance: NaN, as torch's."""
    return creation.full(extended_shape(self), math.nan, dtype=_probs(self).dtype)


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    """torch.multinomial over probs as rows, one column of draws per sample, reshaped."""
    sample_shape = as_size(sample_shape)
    probs_2d = _probs(self).reshape(-1, self.attributes["_num_events"])
    samples_2d = sampling.multinomial(probs_2d, sample_shape.numel(), True).T
    return samples_2d.reshape(extended_shape(self, sample_shape))


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    value = value.long().unsqueeze(-1)
    value, log_pmf = joining.broadcast_tensors(value, _logits(self))
    value = value[..., :1]
    return log_pmf.gather(-1, value).squeeze(-1)


def _entropy(self: ScriptInstance) -> Tensor:
    logits = _logits(self)
    logits = logits.clamp(min=float(np.finfo(logits.dtype.np).min))
    return -(logits * _probs(self)).sum(-1)


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    param_shape = Size(as_size(batch_shape) + (self.attributes["_num_events"],))
    params = {name: self.attributes[name].expand(param_shape)
              for name in ("probs", "logits") if name in self.attributes}
    params.update(_param=params.get("logits", params.get("probs")),
                  _num_events=self.attributes["_num_events"])
    return expanded(self, CATEGORICAL, batch_shape, params)


def _enumerate_support(self: ScriptInstance, expand=True) -> Tensor:
    values = creation.arange(self.attributes["_num_events"], dtype=dtypes.int64)
    batch_shape = self.attributes["_batch_shape"]
    values = values.view((-1,) + (1,) * len(batch_shape))
    return values.expand((-1,) + batch_shape) if expand else values


CATEGORICAL = builtin_class("Categorical", DISTRIBUTION, {
    "__init__": _init, "sample": _sample, "log_prob": _log_prob, "entropy": _entropy,
    "enumerate_support": _enumerate_support, "expand": _expand,
}, {
    "arg_constraints": {"probs": constraints.simplex, "logits": constraints.real_vector},
    "has_enumerate_support": True,
    "support": prop("Categorical", "support", lambda self: constraints.IntegerInterval(
        0, self.attributes["_num_events"] - 1)),
    "logits": lazy("Categorical", "logits", lambda self: probs_to_logits(_probs(self))),
    "probs": lazy("Categorical", "probs", lambda self: logits_to_probs(_logits(self))),
    "param_shape": param_shape("Categorical"),
    "mean": prop("Categorical", "mean", _full_of_nan),
    "variance": prop("Categorical", "variance", _full_of_nan),
    "mode": prop("Categorical", "mode", lambda self: _probs(self).argmax(dim=-1)),
})
CLASSES = {"Categorical": CATEGORICAL}
