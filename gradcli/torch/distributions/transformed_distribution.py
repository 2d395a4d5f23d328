"""torch.distributions.TransformedDistribution(base, transforms): the base's samples pushed
through the transforms; log_prob the base's at the inverse, less each log |det J|, summed over
the event dims as torch's composition does. LogNormal is one, by ExpTransform."""
from __future__ import annotations

from gradcli.engine.tensor import Size, Tensor
from gradcli.sandbox.objects import ScriptClass, ScriptInstance
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    attribute,
    expanded,
    init_distribution,
    prop,
    reader,
    validate_sample,
    validated,
    value_error,
)
from gradcli.torch.distributions.independent import INDEPENDENT
from gradcli.torch.distributions.transforms import is_transform
from gradcli.torch.distributions.utils import SCALAR, as_size, sum_rightmost
from gradcli.torch.nn.modules.module import builtin_class

_base, _transforms = reader("base_dist"), reader("transforms")


def _event_dims(part) -> tuple[int, int]:
    return attribute(part, "domain").event_dim, attribute(part, "codomain").event_dim


def composed_event_dims(parts: list) -> tuple[int, int]:
    """The event dims of the domain and codomain of the parts composed (ComposeTransform's)."""
    if not parts:
        return 0, 0
    domain = _event_dims(parts[0])[0]
    event_dim = _event_dims(parts[-1])[1]
    for part in reversed(parts):
        part_domain, part_codomain = _event_dims(part)
        event_dim = max(event_dim + part_domain - part_codomain, part_domain)
    codomain = _event_dims(parts[-1])[1]
    out_dim = domain
    for part in parts:
        part_domain, part_codomain = _event_dims(part)
        out_dim = max(out_dim + part_codomain - part_domain, part_codomain)
    return max(domain, event_dim), max(codomain, out_dim)


def _shape_through(parts, shape, method: str):
    for part in parts:
        shape = attribute(part, method)(shape)
    return shape


def _init(self: ScriptInstance, base_distribution, transforms, validate_args=None) -> None:
    if is_transform(transforms):
        transforms = [transforms]
    elif isinstance(transforms, list):
        if not all(is_transform(t) for t in transforms):
            raise value_error("transforms must be a Transform or a list of Transforms")
    else:
        raise value_error(f"transforms must be a Transform or list, but was {transforms}")
    self.attributes["transforms"] = transforms
    base_event_shape = attribute(base_distribution, "event_shape")
    base_shape = Size(attribute(base_distribution, "batch_shape") + base_event_shape)
    domain_dim, codomain_dim = composed_event_dims(transforms)
    if len(base_shape) < domain_dim:
        raise value_error(f"base_distribution needs to have shape with size at least "
                          f"{domain_dim}, but got {base_shape}.")
    forward_shape = _shape_through(transforms, base_shape, "forward_shape")
    expanded_shape = _shape_through(transforms[::-1], forward_shape, "inverse_shape")
    if base_shape != expanded_shape:
        base_distribution = attribute(base_distribution, "expand")(
            Size(expanded_shape[:len(expanded_shape) - len(base_event_shape)]))
    if domain_dim - len(base_event_shape) > 0:
        base_distribution = INDEPENDENT(base_distribution, domain_dim - len(base_event_shape))
    self.attributes["base_dist"] = base_distribution
    event_dim = max(codomain_dim, len(base_event_shape) + codomain_dim - domain_dim)
    cut = len(forward_shape) - event_dim
    init_distribution(self, Size(forward_shape[:cut]), Size(forward_shape[cut:]),
                      validate_args=validate_args)


def _support(self: ScriptInstance):
    transforms = _transforms(self)
    if not transforms:
        return attribute(_base(self), "support")
    support = attribute(transforms[-1], "codomain")
    event_dims = len(self.attributes["_event_shape"])
    if event_dims > support.event_dim:
        support = constraints.IndependentConstraint(support, event_dims - support.event_dim)
    return support


def _pushed(self: ScriptInstance, method: str, sample_shape) -> Tensor:
    x = attribute(_base(self), method)(sample_shape)
    for transform in _transforms(self):
        x = transform(x)
    return x


def _sample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    with no_grad():
        return _pushed(self, "sample", sample_shape)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    """The base's log_prob at the transforms' inverse of value, less each log |det J|."""
    validated(self, value)
    event_dim = len(self.attributes["_event_shape"])
    log_prob, y = 0.0, value
    for transform in reversed(_transforms(self)):
        x = attribute(transform, "inv")(y)
        domain_dim, codomain_dim = _event_dims(transform)
        event_dim += domain_dim - codomain_dim
        log_prob = log_prob - sum_rightmost(
            attribute(transform, "log_abs_det_jacobian")(x, y), event_dim - domain_dim)
        y = x
    base = _base(self)
    return log_prob + sum_rightmost(attribute(base, "log_prob")(y),
                                    event_dim - len(attribute(base, "event_shape")))


def _monotonized(self: ScriptInstance, value):
    sign = 1
    for transform in _transforms(self):
        sign = sign * attribute(transform, "sign")
    if isinstance(sign, int) and sign == 1:
        return value
    return sign * (value - 0.5) + 0.5


def _cdf(self: ScriptInstance, value) -> Tensor:
    for transform in _transforms(self)[::-1]:
        value = attribute(transform, "inv")(value)
    if self.attribute("_validate_args"):
        validate_sample(_base(self), value)
    return _monotonized(self, attribute(_base(self), "cdf")(value))


def _icdf(self: ScriptInstance, value) -> Tensor:
    value = attribute(_base(self), "icdf")(_monotonized(self, value))
    for transform in _transforms(self):
        value = transform(value)
    return value


def expand_for(cls: ScriptClass):
    """TransformedDistribution.expand, for `cls` (LogNormal's passes its own class)."""
    def expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
        batch_shape = as_size(batch_shape)
        event_shape = self.attributes["_event_shape"]
        shape = _shape_through(_transforms(self)[::-1], Size(batch_shape + event_shape),
                               "inverse_shape")
        base = _base(self)
        base_batch = Size(shape[:len(shape) - len(attribute(base, "event_shape"))])
        return expanded(self, cls, batch_shape, {
            "base_dist": attribute(base, "expand")(base_batch),
            "transforms": _transforms(self)}, event_shape)
    return expand


TRANSFORMED_DISTRIBUTION = builtin_class("TransformedDistribution", DISTRIBUTION, {
    "__init__": _init, "sample": _sample,
    "rsample": lambda self, sample_shape=SCALAR: _pushed(self, "rsample", sample_shape),
    "log_prob": _log_prob, "cdf": _cdf, "icdf": _icdf,
    "expand": lambda self, batch_shape, _instance=None: expand_for(TRANSFORMED_DISTRIBUTION)(
        self, batch_shape),
}, {
    "arg_constraints": {},
    "support": prop("TransformedDistribution", "support", _support),
    "has_rsample": prop("TransformedDistribution", "has_rsample",
                        lambda self: attribute(_base(self), "has_rsample")),
})
CLASSES = {"TransformedDistribution": TRANSFORMED_DISTRIBUTION}
