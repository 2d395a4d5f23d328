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
    check_probs_or_logits,
    enumerated,
    expanded,
    extended_shape,
    init_distribution,
    logits_of,
    probs_and_logits,
    probs_of,
    prop,
    validated,
    value_error,
)
from gradcli.torch.distributions.utils import SCALAR, as_size
from gradcli.torch.nn.modules.module import builtin_class


def _init(self: ScriptInstance, probs=None, logits=None, validate_args=None) -> None:
    check_probs_or_logits(probs, logits)
    if probs is not None:
        if probs.dim() < 1:
            raise value_error("`probs` parameter must be at least one-dimensional.")
        param = self.attributes["probs"] = probs / probs.sum(-1, keepdim=True)
    else:
        if logits.dim() < 1:
            raise value_error("`logits` parameter must be at least one-dimensional.")
        param = self.attributes["logits"] = logits - logits.logsumexp(dim=-1, keepdim=True)
    self.attributes.update(_param=param, _num_events=param.size()[-1])
    batch_shape = Size(param.size()[:-1]) if param.dim() > 1 else SCALAR
    init_distribution(self, batch_shape, validate_args=validate_args)


def _full_of_nan(self: ScriptInstance) -> Tensor:
    """Categorical's mean and variance: NaN, as torch's."""
    return creation.full(extended_shape(self), math.nan, dtype=probs_of(self).dtype)


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    """torch.multinomial over probs as rows, one column of draws per sample, reshaped."""
    sample_shape = as_size(sample_shape)
    probs_2d = probs_of(self).reshape(-1, self.attributes["_num_events"])
    samples_2d = sampling.multinomial(probs_2d, sample_shape.numel(), True).T
    return samples_2d.reshape(extended_shape(self, sample_shape))


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    value = value.long().unsqueeze(-1)
    value, log_pmf = joining.broadcast_tensors(value, logits_of(self))
    value = value[..., :1]
    return log_pmf.gather(-1, value).squeeze(-1)


def _entropy(self: ScriptInstance) -> Tensor:
    logits = logits_of(self)
    logits = logits.clamp(min=float(np.finfo(logits.dtype.np).min))
    return -(logits * probs_of(self)).sum(-1)


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    param_shape = Size(as_size(batch_shape) + (self.attributes["_num_events"],))
    params = {name: self.attributes[name].expand(param_shape)
              for name in ("probs", "logits") if name in self.attributes}
    params.update(_param=params.get("logits", params.get("probs")),
                  _num_events=self.attributes["_num_events"])
    return expanded(self, CATEGORICAL, batch_shape, params)


def _enumerate_support(self: ScriptInstance, expand=True) -> Tensor:
    values = creation.arange(self.attributes["_num_events"], dtype=dtypes.int64)
    return enumerated(self, values, expand)


CATEGORICAL = builtin_class("Categorical", DISTRIBUTION, {
    "__init__": _init, "sample": _sample, "log_prob": _log_prob, "entropy": _entropy,
    "enumerate_support": _enumerate_support, "expand": _expand,
}, {
    "arg_constraints": {"probs": constraints.simplex, "logits": constraints.real_vector},
    "has_enumerate_support": True,
    "support": prop("Categorical", "support", lambda self: constraints.IntegerInterval(
        0, self.attributes["_num_events"] - 1)),
    **probs_and_logits("Categorical", is_binary=False),
    "mean": prop("Categorical", "mean", _full_of_nan),
    "variance": prop("Categorical", "variance", _full_of_nan),
    "mode": prop("Categorical", "mode", lambda self: probs_of(self).argmax(dim=-1)),
})
CLASSES = {"Categorical": CATEGORICAL}
