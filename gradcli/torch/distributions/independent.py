"""torch.distributions.Independent(base, n): the base distribution's `n` rightmost batch dims
read as event dims, its log_prob and entropy summed over them."""
from __future__ import annotations

from gradcli.engine.tensor import Size, Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    attribute,
    delegated,
    expanded,
    init_distribution,
    not_implemented,
    prop,
    reader,
    value_error,
)
from gradcli.torch.distributions.utils import SCALAR, as_size, sum_rightmost
from gradcli.torch.nn.modules.module import builtin_class


def _init(self: ScriptInstance, base_distribution, reinterpreted_batch_ndims,
          validate_args=None) -> None:
    base_batch = attribute(base_distribution, "batch_shape")
    if reinterpreted_batch_ndims > len(base_batch):
        raise value_error("Expected reinterpreted_batch_ndims <= len(base_distribution."
                          f"batch_shape), actual {reinterpreted_batch_ndims} vs "
                          f"{len(base_batch)}")
    shape = Size(base_batch + attribute(base_distribution, "event_shape"))
    event_dim = reinterpreted_batch_ndims + len(attribute(base_distribution, "event_shape"))
    self.attributes.update(base_dist=base_distribution,
                           reinterpreted_batch_ndims=reinterpreted_batch_ndims)
    init_distribution(self, Size(shape[:len(shape) - event_dim]),
                      Size(shape[len(shape) - event_dim:]), validate_args=validate_args)


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    batch_shape = as_size(batch_shape)
    event_shape = self.attributes["_event_shape"]
    base = attribute(_base(self), "expand")(
        Size(batch_shape + event_shape[:_reinterpreted(self)]))
    return expanded(self, INDEPENDENT, batch_shape, {
        "base_dist": base, "reinterpreted_batch_ndims": _reinterpreted(self)}, event_shape)


_base, _reinterpreted = reader("base_dist"), reader("reinterpreted_batch_ndims")


def _support(self: ScriptInstance):
    result = attribute(_base(self), "support")
    if _reinterpreted(self):
        result = constraints.IndependentConstraint(result, _reinterpreted(self))
    return result


def _log_prob(self: ScriptInstance, value) -> Tensor:
    return sum_rightmost(attribute(_base(self), "log_prob")(value), _reinterpreted(self))


def _entropy(self: ScriptInstance) -> Tensor:
    return sum_rightmost(attribute(_base(self), "entropy")(), _reinterpreted(self))


def _enumerate_support(self: ScriptInstance, expand=True) -> Tensor:
    if _reinterpreted(self) > 0:
        raise not_implemented("Enumeration over cartesian product is not implemented")
    return attribute(_base(self), "enumerate_support")(expand=expand)


def _of_base(name: str) -> prop:
    return prop("Independent", name, delegated("base_dist", name))


INDEPENDENT = builtin_class("Independent", DISTRIBUTION, {
    "__init__": _init, "log_prob": _log_prob, "entropy": _entropy,
    "enumerate_support": _enumerate_support, "expand": _expand,
    "sample": lambda self, sample_shape=SCALAR: attribute(_base(self), "sample")(sample_shape),
    "rsample": lambda self, sample_shape=SCALAR: attribute(_base(self), "rsample")(sample_shape),
    "__repr__": lambda self: f"{self.cls.name}({_base(self)!r}, {_reinterpreted(self)})",
}, {
    "arg_constraints": {},
    "support": prop("Independent", "support", _support),
    "has_rsample": _of_base("has_rsample"),
    "has_enumerate_support": prop("Independent", "has_enumerate_support", lambda self: (
        _reinterpreted(self) == 0 and attribute(_base(self), "has_enumerate_support"))),
    "mean": _of_base("mean"), "mode": _of_base("mode"), "variance": _of_base("variance"),
})
CLASSES = {"Independent": INDEPENDENT}
