"""torch.distributions.transforms: the bijections a TransformedDistribution pushes its base's
samples through (Exp, Sigmoid, Tanh, Affine), their inverses (`t.inv`) and log |det J|, each
torch's composition of ops; a script's own Transform subclass defines _call, _inverse and
log_abs_det_jacobian as torch's docs have it. cache_size=1 keeps the last (x, y): the inverse
of a y the transform made is that x, not a recomputation (SAC's tanh-squashed actions)."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import Property, ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    attribute,
    not_implemented,
    prop,
    reader,
    value_error,
)
from gradcli.torch.distributions.utils import NUMBER, broadcast_shapes, torch_function
from gradcli.torch.nn.functional.activation import softplus
from gradcli.torch.nn.modules.module import builtin_class

ATANH = torch_function("atanh")


def _init(self: ScriptInstance, cache_size=0) -> None:
    if cache_size not in (0, 1):
        raise value_error("cache_size must be 0 or 1")
    self.attributes.update(_cache_size=cache_size, _inv=None, _cached_x_y=(None, None))


def _cached(self: ScriptInstance, given, method: str, position: int):
    """The transform (position 0: x -> y) or its inverse (1: y -> x) of `given`, the cached
    other side when `given` is the value cached last."""
    if self.attribute("_cache_size") == 0:
        return self.attribute(method)(given)
    pair = self.attributes["_cached_x_y"]
    if given is pair[position]:
        return pair[1 - position]
    found = self.attribute(method)(given)
    self.attributes["_cached_x_y"] = (given, found) if position == 0 else (found, given)
    return found


def _inverse_of(self: ScriptInstance) -> ScriptInstance:
    """t.inv: made once, and kept."""
    if self.attributes.get("_inv") is None:
        inverse = INVERSE_TRANSFORM.instance_type(INVERSE_TRANSFORM)
        _init(inverse, self.attribute("_cache_size"))
        inverse.attributes["_inv"] = self
        self.attributes["_inv"] = inverse
    return self.attributes["_inv"]


def _event_dim(self: ScriptInstance) -> int:
    domain, codomain = self.attribute("domain"), self.attribute("codomain")
    if domain.event_dim == codomain.event_dim:
        return domain.event_dim
    raise value_error("Please use either .domain.event_dim or .codomain.event_dim")


def _with_cache(self: ScriptInstance, cache_size=1) -> ScriptInstance:
    if self.attribute("_cache_size") == cache_size:
        return self
    if self.cls.lookup("__init__") is TRANSFORM.lookup("__init__"):
        return self.cls(cache_size=cache_size)
    raise not_implemented(f"{self.cls!r}.with_cache is not implemented")


def _unimplemented(self: ScriptInstance, value):
    raise not_implemented()


def _no_jacobian(self: ScriptInstance, x, y):
    raise not_implemented()


def _no_sign(self: ScriptInstance):
    raise not_implemented()


TRANSFORM = builtin_class("Transform", None, {
    "__init__": _init,
    "__call__": lambda self, x: _cached(self, x, "_call", 0),
    "_inv_call": lambda self, y: _cached(self, y, "_inverse", 1),
    "_call": _unimplemented, "_inverse": _unimplemented,
    "log_abs_det_jacobian": _no_jacobian, "with_cache": _with_cache,
    "forward_shape": lambda self, shape: shape, "inverse_shape": lambda self, shape: shape,
    "__repr__": lambda self: f"{self.cls.name}()",
}, {
    "bijective": False,
    "inv": prop("Transform", "inv", _inverse_of),
    "sign": prop("Transform", "sign", _no_sign),
    "event_dim": prop("Transform", "event_dim", _event_dim),
})

_forward = reader("_inv")  # (an inverse's transform)


def _of_forward(name: str) -> Property:
    return prop("_InverseTransform", name, lambda self: attribute(_forward(self), name))


INVERSE_TRANSFORM = builtin_class("_InverseTransform", TRANSFORM, {
    "__call__": lambda self, x: attribute(_forward(self), "_inv_call")(x),
    "log_abs_det_jacobian": lambda self, x, y: -attribute(
        _forward(self), "log_abs_det_jacobian")(y, x),
    "with_cache": lambda self, cache_size=1: attribute(attribute(
        _forward(self), "with_cache")(cache_size), "inv"),
    "forward_shape": lambda self, shape: attribute(_forward(self), "inverse_shape")(shape),
    "inverse_shape": lambda self, shape: attribute(_forward(self), "forward_shape")(shape),
    "__repr__": lambda self: f"{self.cls.name}({_forward(self)!r})",
}, {
    "domain": _of_forward("codomain"), "codomain": _of_forward("domain"),
    "bijective": _of_forward("bijective"), "sign": _of_forward("sign"),
    "inv": prop("_InverseTransform", "inv", _forward),
})


def _bijection(name: str, codomain: constraints.Constraint, methods: dict) -> Any:
    """A bijection of the reals with a fixed codomain, increasing (sign +1)."""
    return builtin_class(name, TRANSFORM, methods, {
        "domain": constraints.real, "codomain": codomain, "bijective": True, "sign": 1})


def _sigmoid_inverse(self: ScriptInstance, y: Tensor) -> Tensor:
    finfo = np.finfo(y.dtype.np)
    y = y.clamp(min=float(finfo.tiny), max=1.0 - float(finfo.eps))
    return y.log() - (-y).log1p()


def _clipped_sigmoid(x: Tensor) -> Tensor:
    finfo = np.finfo(x.dtype.np)
    return x.sigmoid().clamp(min=float(finfo.tiny), max=1.0 - float(finfo.eps))


EXP_TRANSFORM = _bijection("ExpTransform", constraints.positive, {
    "_call": lambda self, x: x.exp(), "_inverse": lambda self, y: y.log(),
    "log_abs_det_jacobian": lambda self, x, y: x})
SIGMOID_TRANSFORM = _bijection("SigmoidTransform", constraints.unit_interval, {
    "_call": lambda self, x: _clipped_sigmoid(x), "_inverse": _sigmoid_inverse,
    "log_abs_det_jacobian": lambda self, x, y: -softplus(-x) - softplus(x)})
TANH_TRANSFORM = _bijection("TanhTransform", constraints.Interval(-1.0, 1.0), {
    "_call": lambda self, x: x.tanh(), "_inverse": lambda self, y: ATANH(y),
    "log_abs_det_jacobian": lambda self, x, y: 2.0 * (
        math.log(2.0) - x - softplus(-2.0 * x))})


ABS_TRANSFORM = builtin_class("AbsTransform", TRANSFORM, {
    "_call": lambda self, x: x.abs(), "_inverse": lambda self, y: y,
}, {"domain": constraints.real, "codomain": constraints.positive})


# ---- AffineTransform: loc + scale * x ----


def _affine_init(self: ScriptInstance, loc, scale, event_dim=0, cache_size=0) -> None:
    _init(self, cache_size)
    self.attributes.update(loc=loc, scale=scale, _event_dim=event_dim)


def _reals(self: ScriptInstance) -> constraints.Constraint:
    event_dim = self.attributes["_event_dim"]
    return constraints.IndependentConstraint(constraints.real, event_dim) if event_dim else \
        constraints.real


def _affine_sign(self: ScriptInstance):
    scale = self.attribute("scale")
    if isinstance(scale, NUMBER):
        return 1 if float(scale) > 0 else -1 if float(scale) < 0 else 0
    return scale.sign()


def _affine_jacobian(self: ScriptInstance, x, y) -> Tensor:
    shape, scale = x.shape, self.attribute("scale")
    if isinstance(scale, NUMBER):
        result = creation.full_like(x, math.log(abs(scale)))
    else:
        result = scale.abs().log()
    event_dim = self.attributes["_event_dim"]
    if event_dim:
        result = result.view(result.size()[:-event_dim] + (-1,)).sum(-1)
        shape = shape[:-event_dim]
    return result.expand(shape)


def _affine_shape(self: ScriptInstance, shape):
    return broadcast_shapes(shape, getattr(self.attribute("loc"), "shape", ()),
                            getattr(self.attribute("scale"), "shape", ()))


AFFINE_TRANSFORM = builtin_class("AffineTransform", TRANSFORM, {
    "__init__": _affine_init,
    "_call": lambda self, x: self.attribute("loc") + self.attribute("scale") * x,
    "_inverse": lambda self, y: (y - self.attribute("loc")) / self.attribute("scale"),
    "log_abs_det_jacobian": _affine_jacobian,
    "with_cache": lambda self, cache_size=1: self if self.attribute(
        "_cache_size") == cache_size else AFFINE_TRANSFORM(
        self.attribute("loc"), self.attribute("scale"), self.attributes["_event_dim"],
        cache_size=cache_size),
    "forward_shape": _affine_shape, "inverse_shape": _affine_shape,
}, {
    "bijective": True,
    "event_dim": prop("AffineTransform", "event_dim", lambda self: self.attributes["_event_dim"]),
    "domain": prop("AffineTransform", "domain", _reals),
    "codomain": prop("AffineTransform", "codomain", _reals),
    "sign": prop("AffineTransform", "sign", _affine_sign),
})


def is_transform(value) -> bool:
    return isinstance(value, ScriptInstance) and TRANSFORM in value.cls.mro


def _same_values(a, b) -> bool:
    """AffineTransform's test of two locs or scales: numbers equal, else all elements."""
    if isinstance(a, NUMBER) and isinstance(b, NUMBER):
        return a == b
    return bool(np.all(np.asarray(getattr(a, "data", a)) == np.asarray(getattr(b, "data", b))))


def same_transform(a, b) -> bool:
    """a == b as torch's transforms answer it: Exp, Sigmoid, Tanh and Abs by kind, Affine by
    its loc and scale, an inverse by its transform, any other by identity."""
    if a is b:
        return True
    if not (is_transform(a) and is_transform(b)):
        return False
    if a.cls in (EXP_TRANSFORM, SIGMOID_TRANSFORM, TANH_TRANSFORM, ABS_TRANSFORM):
        return a.cls in b.cls.mro
    if a.cls is AFFINE_TRANSFORM:
        return AFFINE_TRANSFORM in b.cls.mro and all(_same_values(
            a.attribute(name), b.attribute(name)) for name in ("loc", "scale"))
    if a.cls is INVERSE_TRANSFORM:
        return b.cls is INVERSE_TRANSFORM and same_transform(_forward(a), _forward(b))
    return False


CLASSES = {"Transform": TRANSFORM, "ExpTransform": EXP_TRANSFORM, "AbsTransform": ABS_TRANSFORM,
           "SigmoidTransform": SIGMOID_TRANSFORM, "TanhTransform": TANH_TRANSFORM,
           "AffineTransform": AFFINE_TRANSFORM}
