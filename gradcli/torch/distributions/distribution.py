"""torch.distributions.Distribution, the base of every distribution: its shapes, the
validation of parameters and values against their constraints, sample() as rsample() under
no_grad, and torch's repr. An instance keeps its attributes where torch keeps them in its
__dict__ (loc, scale, _batch_shape...), so that the repr and the lazy probs/logits see them."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import TorchError, warn
from gradcli.engine.tensor import Size, Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import (
    Property,
    ScriptClass,
    ScriptFunction,
    ScriptInstance,
    StaticMethod,
)
from gradcli.torch.autograd.grad import enable_grad, no_grad
from gradcli.torch.distributions.utils import (
    NUMBER,
    SCALAR,
    as_size,
    broadcast_all,
    logits_to_probs,
    probs_to_logits,
)
from gradcli.torch.nn.modules.module import builtin_class

_LAZY: list[Property] = []  # the lazy properties (probs, logits): unvalidated until computed


def attribute(obj: Any, name: str) -> Any:
    """obj.name as a script reads it: a distribution's attribute, else Python's error."""
    if isinstance(obj, ScriptInstance):
        return obj.attribute(name)
    raise TorchError("AttributeError", f"'{type_name(obj)}' object has no attribute '{name}'")


def value_error(message: str) -> TorchError:
    return TorchError("ValueError", message)


def not_implemented(message: str = "") -> TorchError:
    return TorchError("NotImplementedError", message)


def prop(owner: str, name: str, getter: Callable) -> Property:
    """A read-only property of torch's class `owner`."""
    return Property(ScriptFunction(f"{owner}.{name}", getter))


def lazy(owner: str, name: str, compute: Callable) -> Property:
    """torch's lazy_property: computed (under enable_grad) at the first reading, then kept as
    the instance's own attribute; an assignment replaces it."""
    def getter(self: ScriptInstance) -> Any:
        with enable_grad():
            value = compute(self)
        self.attributes[name] = value
        return value

    def setter(self: ScriptInstance, value: Any) -> None:
        self.attributes[name] = value
    made = Property(ScriptFunction(f"{owner}.{name}", getter),
                    ScriptFunction(f"{owner}.{name}", setter))
    _LAZY.append(made)
    return made


# ---- the distributions given probs or logits (Categorical, Bernoulli) ----


def check_probs_or_logits(probs, logits) -> None:
    if (probs is None) == (logits is None):
        raise value_error("Either `probs` or `logits` must be specified, but not both.")


def reader(name: str) -> Callable[[ScriptInstance], Any]:
    """self.name, read as a script reads it (a subclass's property, an assigned value)."""
    return lambda self: self.attribute(name)


probs_of, logits_of = reader("probs"), reader("logits")


def delegated(holder: str, name: str) -> Callable[[ScriptInstance], Any]:
    """self.holder.name: an attribute of the distribution self wraps (its base_dist...)."""
    return lambda self: attribute(self.attribute(holder), name)


def probs_and_logits(owner: str, is_binary: bool) -> dict[str, Property]:
    """The one of probs and logits not given, computed from the other when first read; and
    param_shape, the given one's size."""
    return {
        "logits": lazy(owner, "logits", lambda self: probs_to_logits(probs_of(self), is_binary)),
        "probs": lazy(owner, "probs", lambda self: logits_to_probs(logits_of(self), is_binary)),
        "param_shape": prop(owner, "param_shape",
                            lambda self: self.attributes["_param"].size())}


def enumerated(self: ScriptInstance, values: Tensor, expand) -> Tensor:
    """enumerate_support: the support's values along dim 0, over the batch's dims."""
    batch_shape = self.attributes["_batch_shape"]
    values = values.view((-1,) + (1,) * len(batch_shape))
    return values.expand((-1,) + batch_shape) if expand else values


# ---- the distributions of parameters broadcast together (Normal, Uniform) ----


def init_broadcast(self: ScriptInstance, params: dict[str, Any], validate_args) -> None:
    """The parameters broadcast to one shape, the batch's (none when all are numbers)."""
    tensors = broadcast_all(*params.values())
    self.attributes.update(zip(params, tensors))
    numbers = all(isinstance(value, NUMBER) for value in params.values())
    init_distribution(self, SCALAR if numbers else tensors[0].size(),
                      validate_args=validate_args)


def _shape(name: str) -> Property:
    return prop("Distribution", name, lambda self: self.attributes[f"_{name}"])


def init_distribution(self: ScriptInstance, batch_shape=SCALAR, event_shape=SCALAR,
                      validate_args=None) -> None:
    """Distribution.__init__: the shapes, then (when validating) each parameter the instance
    holds checked against its constraint."""
    self.attributes.update(_batch_shape=batch_shape, _event_shape=event_shape)
    if validate_args is not None:
        self.attributes["_validate_args"] = validate_args
    if self.attribute("_validate_args"):
        _validate_parameters(self)


def _validate_parameters(self: ScriptInstance) -> None:
    try:
        arg_constraints = self.attribute("arg_constraints")
    except TorchError as e:
        if e.type_name != "NotImplementedError":
            raise
        arg_constraints = {}
        warn(f"{class_repr(self.cls)} does not define `arg_constraints`. Please set "
             "`arg_constraints = {}` or initialize the distribution with "
             "`validate_args=False` to turn off validation.")
    for param, constraint in arg_constraints.items():
        if param not in self.attributes and any(self.cls.lookup(param) is p for p in _LAZY):
            continue  # a lazily computed parameter is not checked
        value = self.attribute(param)
        if not constraint.check(value).all():
            raise value_error(
                f"Expected parameter {param} ({type_name(value)} of shape "
                f"{tuple(value.shape)}) of distribution {self!r} to satisfy the constraint "
                f"{constraint!r}, but found invalid values:\n{value}")


def expanded(self: ScriptInstance, cls: ScriptClass, batch_shape, params: dict[str, Any],
             event_shape: Size = SCALAR) -> ScriptInstance:
    """torch's expand: a new instance of self's class holding `params` (the parameters
    expanded), unvalidated, validating later as self does."""
    if self.cls.lookup("__init__") is not cls.lookup("__init__"):
        raise not_implemented(
            f"Subclass {self.cls.name} of {cls.name} that defines a custom __init__ method "
            "must also define a custom .expand() method.")
    new = self.cls.instance_type(self.cls)
    new.attributes.update(params)
    init_distribution(new, as_size(batch_shape), event_shape, validate_args=False)
    new.attributes["_validate_args"] = self.attribute("_validate_args")
    return new


def expand_params(self: ScriptInstance, cls: ScriptClass, batch_shape,
                  names: tuple[str, ...]) -> ScriptInstance:
    """expand of a distribution whose parameters (those of `names` it holds) are of the batch
    shape: each expanded."""
    batch_shape = as_size(batch_shape)
    return expanded(self, cls, batch_shape, {
        name: self.attributes[name].expand(batch_shape)
        for name in names if name in self.attributes})


_MODULES = {"ExponentialFamily": "exp_family",  # torch's modules not named after their class
            "OneHotCategoricalStraightThrough": "one_hot_categorical"}


def class_repr(cls: ScriptClass) -> str:
    """<class 'torch.distributions.normal.Normal'> for torch's classes, as Python prints them;
    a script's class is the script's."""
    if not cls.shared:
        return repr(cls)
    module = _MODULES.get(cls.name) or re.sub(r"(?<!^)(?=[A-Z])", "_", cls.name).lower()
    return f"<class 'torch.distributions.{module}.{cls.name}'>"


def extended_shape(self: ScriptInstance, sample_shape=SCALAR) -> Size:
    """sample_shape + batch_shape + event_shape."""
    return Size(as_size(sample_shape) + self.attributes["_batch_shape"] +
                self.attributes["_event_shape"])


def validate_sample(self: ScriptInstance, value) -> None:
    """Distribution._validate_sample: a tensor, of a shape that broadcasts with the batch and
    event shapes, within the support."""
    if not isinstance(value, Tensor):
        raise value_error("The value argument to log_prob must be a Tensor")
    event_shape, batch_shape = self.attributes["_event_shape"], self.attributes["_batch_shape"]
    actual = value.size()
    if actual[len(actual) - len(event_shape):] != event_shape:
        raise value_error("The right-most size of value must match event_shape: "
                          f"{actual} vs {event_shape}.")
    expected = Size(batch_shape + event_shape)
    for i, j in zip(reversed(actual), reversed(expected)):
        if i != 1 and j != 1 and i != j:
            raise value_error("Value is not broadcastable with batch_shape+event_shape: "
                              f"{actual} vs {expected}.")
    support = self.attribute("support")
    if not support.check(value).all():
        raise value_error(
            f"Expected value argument ({type_name(value)} of shape {tuple(value.shape)}) to "
            f"be within the support ({support!r}) of the distribution {self!r}, but found "
            f"invalid values:\n{value}")


def validated(self: ScriptInstance, value) -> None:
    """The check of `value` torch's log_prob, cdf make first when the instance validates."""
    if self.attribute("_validate_args"):
        validate_sample(self, value)


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    with no_grad():
        return self.attribute("rsample")(sample_shape)


def _repr(self: ScriptInstance) -> str:
    """Name(param: value or its size, ...): the parameters the instance holds, in the order
    of arg_constraints."""
    shown = []
    for name in self.attribute("arg_constraints"):
        if name in self.attributes:
            value = self.attributes[name]
            shown.append(f"{name}: {value if value.numel() == 1 else value.size()}")
    return f"{self.cls.name}({', '.join(shown)})"


def _set_default_validate_args(value) -> None:
    """Distribution.set_default_validate_args: for this session (as torch's class attribute)."""
    if value not in [True, False]:
        raise value_error("")
    DISTRIBUTION.set_attribute("_validate_args", value)


def _unimplemented(self: ScriptInstance):
    raise not_implemented()


# the methods each distribution implements, with torch's parameters (so that Python's own
# error for a call that does not fit reads as torch's)
def _rsample(self: ScriptInstance, sample_shape=SCALAR):
    raise not_implemented()


def _of_value(self: ScriptInstance, value):
    raise not_implemented()


def _enumerate_support(self: ScriptInstance, expand=True):
    raise not_implemented()


def _expand(self: ScriptInstance, batch_shape, _instance=None):
    raise not_implemented()


def _no_mode(self: ScriptInstance):
    raise not_implemented(f"{class_repr(self.cls)} does not implement mode")


DISTRIBUTION = builtin_class("Distribution", None, {
    "__init__": init_distribution, "sample": _sample, "rsample": _rsample,
    "log_prob": _of_value, "cdf": _of_value, "icdf": _of_value, "entropy": _unimplemented,
    "enumerate_support": _enumerate_support, "expand": _expand,
    "perplexity": lambda self: self.attribute("entropy")().exp(), "__repr__": _repr,
    "_extended_shape": extended_shape, "_validate_sample": validate_sample,
}, {
    "set_default_validate_args": StaticMethod(_set_default_validate_args),
    "has_rsample": False, "has_enumerate_support": False, "_validate_args": True,
    "batch_shape": _shape("batch_shape"), "event_shape": _shape("event_shape"),
    "arg_constraints": prop("Distribution", "arg_constraints", _unimplemented),
    "support": prop("Distribution", "support", _unimplemented),
    "mean": prop("Distribution", "mean", _unimplemented),
    "variance": prop("Distribution", "variance", _unimplemented),
    "mode": prop("Distribution", "mode", _no_mode),
    "stddev": prop("Distribution", "stddev", lambda self: self.attribute("variance").sqrt()),
})
EXPONENTIAL_FAMILY = builtin_class("ExponentialFamily", DISTRIBUTION, {})

# torch's private attributes a script's own distribution reads (or its Transform defines), as
# torch's docs show them
SCRIPT_PRIVATE = frozenset({"_validate_args", "_validate_sample", "_extended_shape",
                            "_batch_shape", "_event_shape", "_call", "_inverse"})
# the attribute names of the distributions, for the validator (the sandbox's vocabulary)
ATTRIBUTES = frozenset({
    "sample", "rsample", "log_prob", "cdf", "icdf", "entropy", "enumerate_support", "expand",
    "perplexity", "set_default_validate_args", "has_rsample", "has_enumerate_support",
    "batch_shape", "event_shape", "arg_constraints", "support", "mean", "mode", "variance",
    "stddev", "probs", "logits", "param_shape", "loc", "scale", "low", "high", "base_dist",
    "reinterpreted_batch_ndims", "covariance_matrix", "precision_matrix", "scale_tril",
    "transforms", "inv", "domain", "codomain", "bijective", "sign", "event_dim",
    "log_abs_det_jacobian", "with_cache", "forward_shape", "inverse_shape", "temperature",
    *SCRIPT_PRIVATE})
