"""Every name a script can reach, mapped to gradcli's own callables: the sandbox's API table.

The interpreter never looks an attribute up on a Python object by the name a script gives:
`get_attribute` consults these tables, keyed by the object's type, and nothing else.
"""
from __future__ import annotations

import functools
import inspect
import math
import types
from typing import Any

from gradcli.engine import arguments, dtypes, signatures
from gradcli.engine.api import (
    autograd,
    creation,
    elementwise,
    functional,
    linalg,
    methods,
    reductions,
    shape,
)
from gradcli.engine.autograd import AccumulateGrad, Node
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, runtime_error, type_error, warn
from gradcli.engine.tensor import RemovableHandle, Size, Tensor, apply
from gradcli.language import safe_builtins
from gradcli.language.objects import ScriptClass, ScriptObject
from gradcli.language.script_errors import ScriptError


class Namespace:
    """A module-like table: `torch`, `torch.nn.functional`, `math`."""

    def __init__(self, name: str, members: dict[str, Any]):
        self.name, self.members = name, members

    def __repr__(self) -> str:
        return f"<module '{self.name}'>"


class TensorType:
    """`torch.Tensor` as a script sees it: good for isinstance, not for constructing."""

    def __repr__(self) -> str:
        return "<class 'torch.Tensor'>"


TENSOR_TYPE = TensorType()

# ---- torch's argument checks ----------------------------------------------------------


def _numpy_names(fn):
    """torch's argument parser also takes numpy's names: `axis` for `dim`, `keepdims` for
    `keepdim` (x.sum(axis=0) is x.sum(dim=0))."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return fn
    if "dim" not in params and "keepdim" not in params:
        return fn

    @functools.wraps(fn)
    def call(*args, **kwargs):
        if "axis" in kwargs:
            kwargs["dim"] = kwargs.pop("axis")
        if "keepdims" in kwargs:
            kwargs["keepdim"] = kwargs.pop("keepdims")
        return fn(*args, **kwargs)
    return call


def _accepted(fn) -> frozenset | None:
    """The keyword names `fn` takes (None: any)."""
    params = inspect.signature(fn).parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return frozenset(p.name for p in params if p.kind is not p.VAR_POSITIONAL)


def _checked(fn, texts: tuple[str, ...]):
    """torch.f with torch's argument checks (signatures.py) before gradcli's own f."""
    parser, accepted = arguments.Parser(texts), _accepted(fn)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        args, kwargs = parser.arguments(args, kwargs, accepted)
        return fn(*args, **kwargs)
    return call


def _checked_method(fn, texts: tuple[str, ...]):
    """x.f with torch's argument checks; `self` is the tensor, not an argument to check."""
    parser, accepted = arguments.Parser(texts), _accepted(fn)

    @functools.wraps(fn)
    def call(self, *args, **kwargs):
        args, kwargs = parser.arguments(args, kwargs, accepted)
        return fn(self, *args, **kwargs)
    return call


def _no_arguments(fn, name: str, receivers: int = 1):
    """A method (receivers=1: self) or function (0) torch defines without parameters:
    Python's own messages for any argument."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        if kwargs:
            raise type_error(f"{name}() takes no keyword arguments")
        if len(args) > receivers:
            raise type_error(f"{name}() takes no arguments ({len(args) - receivers} given)")
        return fn(*args)
    return call


# ---- torch.nn.functional --------------------------------------------------------------
# torch's F is Python: it calls methods of its arguments and torch._C functions, whose checks
# (and so errors) these functions make in the same order before gradcli computes.

_NN = {name: arguments.Parser(texts) for name, texts in signatures.NN.items()}
_REDUCTIONS = ("none", "mean", "sum")


def _nn(name: str, *args) -> None:
    """torch's checks of F's call of torch._C._nn.<name>(*args)."""
    _NN[name].arguments(args, {}, None)


def _reduction(reduction) -> int:
    """torch's _Reduction.get_enum."""
    if reduction not in _REDUCTIONS:
        raise TorchError("ValueError", f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS.index(reduction)


def _method(obj, name: str, *args, **kwargs):
    """obj.name(...) as a script's call makes it: an AttributeError for a non-tensor."""
    return get_attribute(obj, name)(*args, **kwargs)


def _python_name(name: str):
    """Name a function as torch's (Python's messages for a bad call quote it)."""
    def named(fn):
        fn.__name__ = fn.__qualname__ = name
        return fn
    return named


@_python_name("mse_loss")
def _mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    if _method(target, "size") != _method(input, "size"):
        warn(f"Using a target size ({target.shape!r}) that is different to the input size "
             f"({input.shape!r}). This will likely lead to incorrect results due to "
             "broadcasting. Please ensure they have the same size.")
    d = dtypes.promote(input.dtype, target.dtype)
    a, b = elementwise._operands(input, target, d)
    _nn("mse_loss", a, b, _reduction(reduction))
    elementwise.float_kernel(a if d is input.dtype else b, "mse_cpu")
    return apply("mse_loss", (a, b), d, reduction=reduction)


@_python_name("nll_loss")
def _nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
              reduction="mean"):
    _nn("nll_loss_nd", input, target, weight, _reduction(reduction), ignore_index)
    w = None if weight is None else weight.data.astype(input.data.dtype)
    return apply("nll_loss", (input, target), reduction=reduction, weight=w,
                 ignore_index=ignore_index)


@_python_name("cross_entropy")
def _cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                   reduce=None, reduction="mean", label_smoothing=0.0):
    _nn("cross_entropy_loss", input, target, weight, _reduction(reduction), ignore_index,
        label_smoothing)
    class_dim = 1 if input.ndim > 1 else 0
    logp = reductions.log_softmax(input, dim=class_dim)
    if target.dtype.is_floating_point:  # class probabilities, computed as torch does
        terms = logp * target if weight is None else logp * target * _class_view(weight, input)
        if reduction == "none":
            return -reductions.sum(terms, dim=class_dim)
        total = -reductions.sum(terms)
        if reduction == "sum":
            return total
        return apply("div_scalar", (total,), other=input.data.size // input.data.shape[class_dim])
    loss = _nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if not label_smoothing:
        return loss
    return _smoothed(loss, logp, target, weight, ignore_index, reduction, label_smoothing,
                     class_dim)


def _class_view(weight, input):
    """weight shaped to broadcast along the class dim."""
    return weight.view(-1, *([1] * (input.ndim - 2))) if input.ndim > 1 else weight


def _smoothed(loss, logp, target, weight, ignore_index, reduction, eps, class_dim):
    """torch's label smoothing: (1 - eps) * nll + eps / classes * (-sum of log-probs)."""
    classes = logp.data.shape[class_dim]
    ignored = target == ignore_index
    terms = logp if weight is None else logp * _class_view(weight, logp)
    smooth = (-reductions.sum(terms, dim=class_dim)).masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = elementwise.logical_not(ignored)
        total = kept.sum() if weight is None else weight.gather(
            0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0.0).sum()
        smooth = smooth.sum() / total
    elif reduction == "sum":
        smooth = smooth.sum()
    return (1 - eps) * loss + smooth * (eps / classes)


def _linear(input, weight, bias=None):
    wt = shape.t(weight)
    if bias is None:
        return linalg.matmul(input, wt)
    # torch folds any other input to 2-D around one addmm: View(Addmm(bias, View(x), T(W)))
    flat = input if input.ndim == 2 else shape.reshape(input, -1, input.data.shape[-1])
    out = linalg.addmm(bias, flat, wt)
    return out if input.ndim == 2 else shape.view(out, *input.data.shape[:-1], out.data.shape[-1])


@_python_name("binary_cross_entropy_with_logits")
def _bce_with_logits(input, target, weight=None, size_average=None, reduce=None,
                     reduction="mean", pos_weight=None):
    enum = _reduction(reduction)
    if not _method(target, "size") == _method(input, "size"):
        raise TorchError("ValueError", f"Target size ({target.shape!r}) must be the same as "
                                       f"input size ({input.shape!r})")
    _nn("binary_cross_entropy_with_logits", input, target, weight, pos_weight, enum)
    target = shape.to(target, input.dtype)
    elementwise.float_kernel(input, "log_sigmoid_cpu")
    return apply("bce_logits", (input, target), reduction=reduction)


@_python_name("binary_cross_entropy")
def _bce(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    enum = _reduction(reduction)
    if _method(target, "size") != _method(input, "size"):
        raise TorchError("ValueError", f"Using a target size ({target.shape!r}) that is "
                         f"different to the input size ({input.shape!r}) is deprecated. Please "
                         "ensure they have the same size.")
    _nn("binary_cross_entropy", input, target, weight, enum)
    return apply("bce", (input, shape.to(target, input.dtype)), reduction=reduction)


@_python_name("leaky_relu")
def _leaky_relu(input, negative_slope=0.01, inplace=False):
    _nn("leaky_relu", input, negative_slope)
    elementwise.float_kernel(input, "leaky_relu_cpu")
    return apply("leaky_relu", (input,), slope=negative_slope)


@_python_name("relu")
def _relu(input, inplace=False):
    # inplace=True is Tensor.relu_
    return _method(input, "relu_") if inplace else TORCH.members["relu"](input)


def _softmax_dim(name: str, ndim: int) -> int:
    """torch's choice of a dim for F.softmax(x) without one (deprecated, with a warning)."""
    warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
         "include dim=X as an argument.")
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_function(name: str):
    @_python_name(name)
    def fn(input, dim=None, _stacklevel=3, dtype=None):
        if dim is None:
            dim = _softmax_dim(name, _method(input, "dim"))
        if dtype is None:
            return _method(input, name, dim)
        return _method(input, name, dim, dtype=dtype)
    return fn


def _unary_function(name: str):
    @_python_name(name)
    def fn(input):
        return _method(input, name)
    return fn


F = Namespace("torch.nn.functional", {
    "relu": _relu, "sigmoid": _unary_function("sigmoid"), "tanh": _unary_function("tanh"),
    "softmax": _softmax_function("softmax"), "log_softmax": _softmax_function("log_softmax"),
    "mse_loss": _mse_loss, "cross_entropy": _cross_entropy, "nll_loss": _nll_loss,
    "linear": _checked(_linear, signatures.TORCH["F.linear"]),
    "leaky_relu": _leaky_relu, "binary_cross_entropy_with_logits": _bce_with_logits,
    "binary_cross_entropy": _bce,
})

# ---- torch ----------------------------------------------------------------------------

_TORCH_FUNCTIONS = (
    "tensor ones zeros empty full ones_like zeros_like empty_like full_like arange linspace eye "
    "rand randn rand_like randn_like randint randperm normal manual_seed initial_seed stack cat "
    "concat concatenate "
    "where allclose equal no_grad enable_grad set_grad_enabled is_grad_enabled unbind chunk "
    "split masked_fill gather index_select amax amin argmax argmin norm cumsum softmax "
    "log_softmax mm mv dot matmul clamp clip clamp_min clamp_max maximum minimum square "
    "var std logsumexp outer bmm narrow"
).split()

_API_SECTIONS = (creation, elementwise, reductions, linalg, shape, autograd)
_torch = {name: next(getattr(m, name) for m in _API_SECTIONS if hasattr(m, name))
          for name in _TORCH_FUNCTIONS}
_torch.update({name: methods.METHOD_FUNCTIONS[name] for name in (
    "add sub subtract mul multiply div divide true_divide floor_divide remainder pow exp log "
    "sin cos tan tanh sigmoid sqrt rsqrt reciprocal log1p expm1 log2 log10 sinh cosh atan neg "
    "negative abs sign relu floor round eq ne lt le gt ge isnan isfinite logical_not sum mean "
    "prod max min view reshape flatten squeeze unsqueeze transpose swapaxes t permute "
    "expand").split()})
_torch.update(dtypes.TORCH_NAMES)
_torch.update(
    is_tensor=lambda obj: isinstance(obj, Tensor),
    numel=lambda input: input.numel(),
    Tensor=TENSOR_TYPE, Size=Size,
    autograd=Namespace("torch.autograd", {
        "grad": autograd.autograd_grad, "backward": autograd.autograd_backward,
        "functional": Namespace("torch.autograd.functional", functional.FUNCTIONS)}),
    nn=Namespace("torch.nn", {"functional": F}),
)
del _torch["view"], _torch["expand"]  # methods only in torch


_torch = {name: _checked(fn, signatures.TORCH[name]) if name in signatures.TORCH
          else _numpy_names(fn) for name, fn in _torch.items()}
_torch["is_grad_enabled"] = _no_arguments(autograd.is_grad_enabled, "torch.is_grad_enabled", 0)
TORCH = Namespace("torch", _torch)

MATH = Namespace("math", {
    "sqrt": math.sqrt, "exp": math.exp, "log": math.log, "sin": math.sin, "cos": math.cos,
    "tan": math.tan, "tanh": math.tanh, "fabs": math.fabs, "floor": math.floor,
    "ceil": math.ceil, "isclose": math.isclose, "isnan": math.isnan, "isinf": math.isinf,
    "pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan, "pow": math.pow,
    "log2": math.log2, "log10": math.log10, "atan": math.atan,
    **safe_builtins.MATH_WRAPPERS,  # math.prod, with the integer size limit
})

ROOT_NAMES: dict[str, Any] = {"torch": TORCH, "F": F}
MODULES: dict[str, Namespace] = {"torch": TORCH, "torch.nn.functional": F,
                                 "torch.nn": TORCH.members["nn"], "math": MATH,
                                 "torch.autograd": TORCH.members["autograd"],
                                 "torch.autograd.functional":
                                     TORCH.members["autograd"].members["functional"]}

# ---- builtins -------------------------------------------------------------------------


def _isinstance(obj, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    classes = tuple(Tensor if k is TENSOR_TYPE else k for k in kinds)
    if any(k.is_instance(obj) for k in classes if isinstance(k, ScriptClass)):
        return True
    classes = tuple(k for k in classes if not isinstance(k, ScriptClass))
    for k in classes:
        if not isinstance(k, type):
            raise type_error("isinstance() arg 2 must be a type, a tuple of types, or a union")
    return isinstance(obj, classes)


BUILTINS: dict[str, Any] = {
    "range": range, "len": len, "abs": abs, "float": float, "int": int, "bool": bool,
    "str": str, "list": list, "tuple": tuple, "enumerate": enumerate, "zip": zip,
    "isinstance": _isinstance,
    **safe_builtins.BUILTIN_WRAPPERS,  # sum min max round, measured before they loop in C
}

# ---- attributes by type ---------------------------------------------------------------

_TENSOR_METHODS = dict(methods.METHOD_FUNCTIONS)
_TENSOR_METHODS.update({name: getattr(Tensor, name) for name in (
    "add_ sub_ mul_ div_ pow_ clamp_ clamp_min_ clamp_max_ neg_ exp_ log_ sqrt_ relu_ "
    "sigmoid_ tanh_ abs_ sin_ cos_ fill_ zero_ copy_ masked_fill_ backward retain_grad "
    "register_hook detach detach_ clone item tolist numel dim size requires_grad_").split()})
_TENSOR_METHODS["nelement"] = Tensor.numel
_TENSOR_METHODS["type"] = shape.type_
_TENSOR_METHODS = {
    name: _checked_method(fn, signatures.METHODS[name]) if name in signatures.METHODS
    else _no_arguments(fn, f"TensorBase.{name}") if name in signatures.NOARGS_METHODS
    else _numpy_names(fn) for name, fn in _TENSOR_METHODS.items()}

_TENSOR_PROPERTIES = {
    "grad": lambda t: t.grad, "requires_grad": lambda t: t.requires_grad,
    "is_leaf": lambda t: t.is_leaf, "grad_fn": lambda t: t.grad_fn,
    "shape": lambda t: t.shape, "dtype": lambda t: t.dtype, "data": lambda t: t.alias,
    "T": lambda t: t.T, "mT": lambda t: t.mT, "ndim": lambda t: t.ndim,
    "retains_grad": lambda t: t.retains_grad, "is_cuda": lambda t: False,
    "device": lambda t: Device(),
}


class Device:
    def __repr__(self) -> str:
        return "device(type='cpu')"

    def __str__(self) -> str:
        return "cpu"


arguments.TYPE_NAMES.update({
    Namespace: "module", TensorType: "torch._C._TensorMeta", Device: "torch.device",
    safe_builtins.Builtin: "builtin_function_or_method",
    ScriptError: lambda error: error.type_name,  # a caught exception
})


_TENSOR_SETTERS = {
    "grad": Tensor.set_grad, "requires_grad": Tensor.set_requires_grad, "data": Tensor.set_data,
}


def _node_name(node) -> str:
    return node.name()


_BY_TYPE: dict[type, dict[str, Any]] = {
    Node: {"name": ("method", _node_name),
           "next_functions": ("property", lambda n: n.next_functions)},
    AccumulateGrad: {"name": ("method", _node_name),
                     "next_functions": ("property", lambda n: n.next_functions),
                     "variable": ("property", lambda n: n.variable)},
    Size: {"numel": ("method", Size.numel), "index": ("method", tuple.index),
           "count": ("method", tuple.count)},
    DType: {"is_floating_point": ("property", lambda d: d.is_floating_point),
            "itemsize": ("property", lambda d: d.itemsize)},
    reductions.ReturnTypes: {"values": ("property", lambda r: r.values),
                    "indices": ("property", lambda r: r.indices)},
    RemovableHandle: {"remove": ("method", RemovableHandle.remove)},
    # list, tuple and str methods: Python's, or their size-checked wrappers (safe_builtins)
    list: {name: ("method", safe_builtins.LIST_METHODS.get(name, getattr(list, name))) for name
           in ("append", "extend", "pop", "insert", "index", "count", "reverse", "copy", "clear")},
    tuple: {name: ("method", safe_builtins.TUPLE_METHODS[name]) for name in ("index", "count")},
    str: {name: ("method", safe_builtins.STR_METHODS.get(name, getattr(str, name))) for name in
          ("join", "upper", "lower", "strip", "split", "startswith", "endswith", "replace")},
    float: {"is_integer": ("method", float.is_integer)},
}

_TYPE_NAMES = {Tensor: "Tensor", type(None): "NoneType", Size: "torch.Size", Node: "Node"}


def _type_name(obj) -> str:
    return _TYPE_NAMES.get(type(obj), type(obj).__name__)


def _no_attribute(obj, name) -> TorchError:
    if isinstance(obj, Namespace):
        return TorchError("AttributeError", f"module '{obj.name}' has no attribute '{name}'")
    return TorchError("AttributeError", f"'{_type_name(obj)}' object has no attribute '{name}'")


def get_attribute(obj, name: str):
    """`obj.name` for a script: from the tables only, or the AttributeError Python would raise."""
    if isinstance(obj, ScriptObject):
        return obj.attribute(name)
    if isinstance(obj, Tensor):
        if name in _TENSOR_PROPERTIES:
            return _TENSOR_PROPERTIES[name](obj)
        if name in _TENSOR_METHODS:
            return types.MethodType(_TENSOR_METHODS[name], obj)
        raise _no_attribute(obj, name)
    if isinstance(obj, Namespace):
        if name in obj.members:
            return obj.members[name]
        raise _no_attribute(obj, name)
    if isinstance(obj, BaseException) and name == "args":
        return obj.args
    entry = _BY_TYPE.get(type(obj), {}).get(name)
    if entry is None:
        raise _no_attribute(obj, name)
    kind, fn = entry
    return fn(obj) if kind == "property" else types.MethodType(fn, obj)


def set_attribute(obj, name: str, value) -> None:
    """`obj.name = value` for a script: a script object's, or the tensor attributes PyTorch
    lets one set."""
    if isinstance(obj, ScriptObject):
        obj.set_attribute(name, value)
        return
    if isinstance(obj, Tensor) and name in _TENSOR_SETTERS:
        _TENSOR_SETTERS[name](obj, value)
        return
    if isinstance(obj, Tensor) and name in _TENSOR_PROPERTIES:
        raise TorchError("AttributeError", f"attribute '{name}' of 'torch._C.TensorBase' "
                                           "objects is not writable")
    raise runtime_error(f"gradcli sessions cannot set the attribute '{name}' on "
                        f"'{_type_name(obj)}' objects") if isinstance(obj, Tensor) else \
        _no_attribute(obj, name)


def is_grad_mode_manager(obj) -> bool:
    return isinstance(obj, autograd.GradMode)


def _all_names() -> frozenset:
    names = set(_TENSOR_METHODS) | set(_TENSOR_PROPERTIES) | {"args"}
    for table in _BY_TYPE.values():
        names |= set(table)
    for ns in (TORCH, F, MATH, *MODULES.values()):
        names |= set(ns.members)
    return frozenset(names)


ALL_ATTRIBUTE_NAMES: frozenset[str] = _all_names()

__all__ = ["ROOT_NAMES", "MODULES", "BUILTINS", "ALL_ATTRIBUTE_NAMES", "get_attribute",
           "set_attribute", "is_grad_mode_manager", "TENSOR_TYPE"]
