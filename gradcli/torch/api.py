"""Every name a script can reach, mapped to gradcli's own callables: the sandbox's API table.

The interpreter never looks an attribute up on a Python object by the name a script gives:
`get_attribute` consults these tables, keyed by the object's type, and nothing else.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import itertools
import math
import pkgutil
import sys
import types
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Iterator
from typing import Any

import gradcli.torch
from gradcli.engine import dtypes, layout, runtime, tensor_repr
from gradcli.engine.autograd import AccumulateGrad, Node
from gradcli.engine.custom_function import FunctionNode, OutputSlot
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, runtime_error, type_error
from gradcli.engine.tensor import Parameter, RemovableHandle, Size, Tensor
from gradcli.sandbox import (
    py_argparse,
    py_collections,
    py_copy,
    py_dataclasses,
    py_functools,
    py_logging,
    py_random,
    py_system,
    py_tqdm,
    safe_builtins,
)
from gradcli.sandbox.objects import ScriptClass, ScriptObject, bind, holds_private
from gradcli.sandbox.parse import Vocabulary
from gradcli.sandbox.script_errors import (
    EXCEPTION_CLASSES,
    TORCH_EXCEPTION_CLASSES,
    ExceptionClass,
    ScriptError,
)
from gradcli.sandbox.type_objects import (
    READABLE_DUNDERS,
    TENSOR_TYPE,
    TYPE,
    TypeBuiltin,
    TypeObject,
    dunder_attribute,
)
from gradcli.torch import _arguments as arguments
from gradcli.torch import _numpy as numpy_api
from gradcli.torch import _type_info, backends, func, functorch
from gradcli.torch import functional_call as func_call
from gradcli.torch._declare import DECLARED, Declared, tensor_method, torch_function
from gradcli.torch._name_hints import HINTS
from gradcli.torch._names import PYTORCH_MODULES, PYTORCH_NAMES
from gradcli.torch._tensor import (
    creation,
    legacy,
    methods,
    real_views,
    reductions,
)
from gradcli.torch._training_notes import Watch
from gradcli.torch.autograd import anomaly, forward_ad, functional, gradcheck, graph, saved
from gradcli.torch.autograd import function as autograd_function
from gradcli.torch.autograd import grad as autograd
from gradcli.torch.autograd.once import once_differentiable
from gradcli.torch.distributions import (
    bernoulli,
    categorical,
    cauchy,
    constraints,
    distribution,
    exponential,
    geometric,
    gumbel,
    half_normal,
    independent,
    kl,
    laplace,
    log_normal,
    multivariate_normal,
    normal,
    one_hot_categorical,
    relaxed_bernoulli,
    relaxed_categorical,
    transformed_distribution,
    transforms,
    uniform,
)
from gradcli.torch.nn import init
from gradcli.torch.nn.functional import recurrent
from gradcli.torch.nn.functional._common import python_name
from gradcli.torch.nn.functional.activation import implicit_softmax_dim
from gradcli.torch.nn.modules import _rnn_packed as nn_packing
from gradcli.torch.nn.modules import _state as nn_state
from gradcli.torch.nn.modules import module as nn_module
from gradcli.torch.nn.utils import clip_grad
from gradcli.torch.optim import adam_kin, lbfgs, lr_scheduler, rprop_asgd
from gradcli.torch.optim import optimizer as nn_optim
from gradcli.torch.utils import data as data_utils


def _load_every_declaration() -> None:
    """Import every module of gradcli.torch before the tables below are built from DECLARED:
    each module declares its public names on import, so a new one needs no list to be found."""
    for module in pkgutil.walk_packages(gradcli.torch.__path__, "gradcli.torch."):
        importlib.import_module(module.name)


_load_every_declaration()


class Namespace:
    """A module-like table: `torch`, `torch.nn.functional`, `math`."""

    def __init__(self, name: str, members: dict[str, Any]):
        self.name, self.members = name, members

    def __repr__(self) -> str:
        return f"<module '{self.name}'>"



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


def _argument_check(fn, texts: tuple[str, ...]):
    """torch's argument check of a call of `fn` (its signatures' parser, `fn`'s keyword
    names), made at the first call: a session calls few of torch's names, and making every
    parser at start-up cost each run a tenth of a second."""
    made: list = []

    def check(args: tuple, kwargs: dict) -> tuple[tuple, dict]:
        if not made:
            made.append((arguments.Parser(texts), _accepted(fn)))
        parser, accepted = made[0]
        return parser.arguments(args, kwargs, accepted)
    return check


def _checked(fn, texts: tuple[str, ...]):
    """torch.f with torch's argument checks (signatures.py) before gradcli's own f."""
    check = _argument_check(fn, texts)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        args, kwargs = check(args, kwargs)
        return fn(*args, **kwargs)
    return call


def _checked_method(fn, texts: tuple[str, ...]):
    """x.f with torch's argument checks; `self` is the tensor, not an argument to check."""
    check = _argument_check(fn, texts)

    @functools.wraps(fn)
    def call(self, *args, **kwargs):
        args, kwargs = check(args, kwargs)
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


# ---- torch.nn.functional ----------------------------------------------------------

F_NAME = "torch.nn.functional"

def _method(obj, name: str, *args, **kwargs):
    """obj.name(...) as a script's call makes it: an AttributeError for a non-tensor."""
    return get_attribute(obj, name)(*args, **kwargs)


@torch_function(name="relu", namespace=F_NAME)
@python_name("relu")
def _relu(input, inplace=False):
    # inplace=True is Tensor.relu_
    return _method(input, "relu_") if inplace else TORCH.members["relu"](input)


@torch_function(name="threshold", namespace=F_NAME)
@python_name("_threshold")
def _threshold(input, threshold, value, inplace=False):
    return TORCH.members["threshold_" if inplace else "threshold"](input, threshold, value)


def _softmax_function(name: str):
    @torch_function(name=name, namespace=F_NAME)
    @python_name(name)
    def fn(input, dim=None, _stacklevel=3, dtype=None):
        if dim is None:
            dim = implicit_softmax_dim(name, _method(input, "dim"))
        if dtype is None:
            return _method(input, name, dim)
        return _method(input, name, dim, dtype=dtype)
    return fn


def _unary_function(name: str):
    @torch_function(name=name, namespace=F_NAME)
    @python_name(name)
    def fn(input):
        return _method(input, name)
    return fn


for _name in ("sigmoid", "tanh"):
    _unary_function(_name)
for _name in ("softmax", "log_softmax"):
    _softmax_function(_name)


@torch_function(name="is_tensor")
def _is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


torch_function(name="set_printoptions")(tensor_repr.set_printoptions)


@tensor_method(name="cpu")
def _cpu(input, *args, memory_format=None) -> Tensor:
    """x.cpu(): the tensor itself, already on the CPU (torch: `x.cpu() is x`)."""
    if args:
        raise type_error(f"cpu() takes 0 positional arguments but {len(args)} "
                         f"{'was' if len(args) == 1 else 'were'} given")
    return input


@tensor_method(name="cuda")
def _cuda(input, device=None, non_blocking=False, memory_format=None) -> Tensor:
    """x.cuda(): torch without CUDA raises AssertionError; a device number is checked first."""
    if type(device) is int:
        arguments.check_device(device)
    raise TorchError("AssertionError", arguments.NO_CUDA)


def _bound(declared: Declared):
    """What a script calls: torch's argument checks (its signatures) before gradcli's own
    callable; Python's messages where torch's has no parameters; the callable's own Python
    parameters where torch's function is a Python function."""
    fn, is_method = methods.bound(declared), declared.namespace == "Tensor"
    if not declared.signatures:
        return _numpy_names(fn)
    if all(s.endswith("()") for s in declared.signatures):
        return _no_arguments(fn, f"TensorBase.{declared.name}" if is_method else
                             f"{declared.namespace}.{declared.name}", int(is_method))
    return (_checked_method if is_method else _checked)(fn, declared.signatures)


def _declared(namespace: str) -> dict[str, Any]:
    """The namespace's names, from their declarations."""
    return {d.name: _bound(d) for d in DECLARED if d.namespace == namespace}


F = Namespace(F_NAME, _declared(F_NAME))

# ---- torch ----------------------------------------------------------------------------

# ---- torch.distributions: a module per family, as torch has them ----------------------

DISTRIBUTIONS_NAME = "torch.distributions"
_DISTRIBUTION_MEMBERS = (
    (constraints, constraints.MEMBERS), (kl, kl.FUNCTIONS),
    (distribution, {"Distribution": distribution.DISTRIBUTION}),
    *((family, family.CLASSES) for family in (
        bernoulli, categorical, cauchy, exponential, geometric, gumbel, half_normal, independent,
        laplace, log_normal, multivariate_normal, normal, one_hot_categorical, relaxed_bernoulli,
        relaxed_categorical, transformed_distribution, transforms, uniform)))
_DISTRIBUTION_FAMILIES = {  # (named by the module: the tree is torch's)
    name: Namespace(name, members) for name, members in (
        (module.__name__.removeprefix("gradcli."), members)
        for module, members in _DISTRIBUTION_MEMBERS)}
DISTRIBUTIONS = Namespace(DISTRIBUTIONS_NAME, {
    "ExponentialFamily": distribution.EXPONENTIAL_FAMILY,
    **{name: value for family in _DISTRIBUTION_FAMILIES.values()  # (torch's own list)
       for name, value in family.members.items() if name in PYTORCH_MODULES[DISTRIBUTIONS_NAME]},
    **{name.rpartition(".")[2]: family for name, family in _DISTRIBUTION_FAMILIES.items()}})

_torch = _declared("torch")
_torch.update(dtypes.TORCH_NAMES)
_torch.update(layout.MEMORY_FORMATS)
_torch.update(
    Tensor=TENSOR_TYPE, Size=Size, **legacy.CONSTRUCTORS,
    autograd=Namespace("torch.autograd", {"Variable": legacy.VARIABLE,
        "grad": autograd.autograd_grad, "backward": autograd.autograd_backward,
        "Function": autograd_function.FUNCTION,
        "functional": Namespace("torch.autograd.functional", functional.FUNCTIONS),
        **gradcheck.FUNCTIONS,
        "detect_anomaly": anomaly.detect_anomaly,
        "graph": Namespace("torch.autograd.graph", graph.FUNCTIONS),
        "forward_ad": Namespace("torch.autograd.forward_ad", forward_ad.FUNCTIONS),
        "set_detect_anomaly": anomaly.set_detect_anomaly}),
    nn=Namespace("torch.nn", {"functional": F, "Parameter": Parameter,
                              "init": Namespace("torch.nn.init", init.INIT),
                              "utils": Namespace("torch.nn.utils", {
                                  **clip_grad.UTILS, "rnn": Namespace("torch.nn.utils.rnn", {
                                      "pad_sequence": recurrent.pad_sequence,
                                      **nn_packing.UTILS})}),
                              **nn_module.MODULE_CLASSES}),
    func=Namespace("torch.func", {**func.FUNCTIONS,
                                  "functional_call": func_call.functional_call}),
    linalg=Namespace("torch.linalg", _declared("torch.linalg")),
    special=Namespace("torch.special", _declared("torch.special")),
    random=Namespace("torch.random", {name: _torch[name] for name in (
        "manual_seed", "initial_seed", "get_rng_state", "set_rng_state")}),
    cuda=Namespace("torch.cuda", backends.CUDA),
    # a CPU-only torch's: tutorials pick `torch.accelerator.current_accelerator().type if
    # torch.accelerator.is_available() else "cpu"`
    accelerator=Namespace("torch.accelerator", {
        "is_available": lambda: False, "device_count": lambda: 0,
        "current_accelerator": lambda check_available=False: None}),
    set_default_device=lambda device: _set_default_device(device),
    get_default_device=lambda: Device(),
    backends=Namespace("torch.backends", {
        "mps": Namespace("torch.backends.mps", {"is_available": lambda: False}),
        "cudnn": Namespace("torch.backends.cudnn", backends.CUDNN),
        "cuda": Namespace("torch.backends.cuda", {
            "matmul": Namespace("torch.backends.cuda.matmul", backends.CUDA_MATMUL),
            "is_built": lambda: False})}),
    device=lambda type, index=None: _device(type, index),
    default_generator=creation.DEFAULT_GENERATOR,
    utils=Namespace("torch.utils", {"data": Namespace("torch.utils.data", {
        **data_utils.CLASSES, **data_utils.FUNCTIONS})}),
    distributions=DISTRIBUTIONS,
    optim=Namespace("torch.optim", {
        **nn_optim.CLASSES,
        **lbfgs.CLASSES,
        **adam_kin.CLASSES,
        **rprop_asgd.CLASSES,
        "lr_scheduler": Namespace("torch.optim.lr_scheduler", lr_scheduler.SCHEDULERS)}),
)
_torch["__version__"] = "2.13.0"  # the PyTorch whose semantics gradcli follows
_torch.update(pi=math.pi, e=math.e, inf=math.inf, nan=math.nan, newaxis=None)
TORCH = Namespace("torch", _torch)

MATH = Namespace("math", {
    "sqrt": math.sqrt, "exp": math.exp, "log": math.log, "sin": math.sin, "cos": math.cos,
    "tan": math.tan, "tanh": math.tanh, "fabs": math.fabs, "floor": math.floor,
    "ceil": math.ceil, "isclose": math.isclose, "isnan": math.isnan, "isinf": math.isinf,
    "pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan, "pow": math.pow,
    "log2": math.log2, "log10": math.log10, "atan": math.atan,
    # (float in, float out: nothing a script could make large)
    **{name: getattr(math, name) for name in (
        "degrees", "radians", "atan2", "hypot", "asin", "acos", "sinh", "cosh", "asinh",
        "acosh", "atanh", "erf", "erfc", "expm1", "log1p", "copysign", "trunc", "isfinite",
        "tau")},
    **safe_builtins.MATH_WRAPPERS,  # math.prod, with the integer size limit
})

ROOT_NAMES: dict[str, Any] = {"torch": TORCH, "F": F, "__name__": "__main__"}
NUMPY = Namespace("numpy", {**numpy_api.FUNCTIONS,
                            "random": Namespace("numpy.random", numpy_api.RANDOM)})
MODULES: dict[str, Namespace] = {
    "torch": TORCH, "torch.nn.functional": F, "torch.nn": TORCH.members["nn"], "math": MATH,
    "numpy": NUMPY, "torch.autograd": TORCH.members["autograd"],
    "random": Namespace("random", py_random.FUNCTIONS), "torch.cuda": TORCH.members["cuda"],
    "torch.accelerator": TORCH.members["accelerator"],
    "torch.backends": TORCH.members["backends"],
    "torch.backends.cudnn": TORCH.members["backends"].members["cudnn"],
    "copy": Namespace("copy", py_copy.FUNCTIONS), "numpy.random": NUMPY.members["random"],
    "collections": Namespace("collections", {"OrderedDict": OrderedDict,
                                             "defaultdict": defaultdict, "Counter": Counter,
                                             **py_collections.FUNCTIONS}),
    "torch.nn.init": TORCH.members["nn"].members["init"],
    "torch.nn.utils": TORCH.members["nn"].members["utils"], "torch.optim": TORCH.members["optim"],
    "torch.nn.utils.rnn": TORCH.members["nn"].members["utils"].members["rnn"],
    "torch.optim.lr_scheduler": TORCH.members["optim"].members["lr_scheduler"],
    "torch.autograd.functional": TORCH.members["autograd"].members["functional"],
    "torch.func": TORCH.members["func"], "torch.utils": TORCH.members["utils"],
    "torch.linalg": TORCH.members["linalg"], "torch.special": TORCH.members["special"],
    "torch.utils.data": TORCH.members["utils"].members["data"],
    "torch.autograd.forward_ad": TORCH.members["autograd"].members["forward_ad"],
    # (a module only to import from: torch.autograd.gradcheck itself is the function)
    "torch.autograd.gradcheck": Namespace("torch.autograd.gradcheck", {
        **gradcheck.FUNCTIONS, "GradcheckError": TORCH_EXCEPTION_CLASSES["GradcheckError"]}),
    "functorch": Namespace("functorch", functorch.FUNCTIONS),
    "torch.autograd.function": Namespace("torch.autograd.function", {
        "Function": autograd_function.FUNCTION, "once_differentiable": once_differentiable}),
    "torch.autograd.variable": Namespace("torch.autograd.variable", {
        "Variable": legacy.VARIABLE}),
    "torch.autograd.graph": TORCH.members["autograd"].members["graph"],
    "torch.distributions": DISTRIBUTIONS, **_DISTRIBUTION_FAMILIES}
# The standard library programs import around their PyTorch code: gradcli's stand-ins
# (sandbox/py_system.py: what would touch the world is refused at its call).
_OS_PATH = Namespace("os.path", py_system.OS_PATH)
MODULES.update({name: Namespace(name, members) for name, members in (
    ("functools", py_functools.FUNCTOOLS), ("itertools", py_functools.ITERTOOLS),
    ("sys", py_system.SYS), ("gc", py_system.GC), ("time", py_system.TIME),
    ("typing", py_system.TYPING), ("__future__", py_system.FUTURE), ("string", py_system.STRING),
    ("inspect", py_system.INSPECT), ("argparse", py_argparse.ARGPARSE),
    ("dataclasses", py_dataclasses.DATACLASSES), ("logging", py_logging.LOGGING),
    # tqdm's bar, inert (sandbox/py_tqdm.py), under the names notebooks import it by too
    *((name, py_tqdm.TQDM) for name in ("tqdm", "tqdm.auto", "tqdm.notebook")))})
MODULES.update({"os": Namespace("os", {**py_system.OS, "path": _OS_PATH}), "os.path": _OS_PATH})

# ---- builtins -------------------------------------------------------------------------


def _isinstance(obj, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    classes = tuple(Tensor if k is TENSOR_TYPE else k for k in kinds)
    # the language's classes answer for themselves
    own = (ScriptClass, ExceptionClass, TypeObject, TypeBuiltin)
    if any(k.is_instance(obj) for k in classes if isinstance(k, own)):
        return True
    classes = tuple(k for k in classes if not isinstance(k, own))
    for k in classes:
        if not isinstance(k, type):
            raise type_error("isinstance() arg 2 must be a type, a tuple of types, or a union")
    return isinstance(obj, classes)


def _named_attribute(name) -> str:
    """The attribute name getattr/setattr/hasattr are given: a str, and no dunder (the
    attribute syntax's own `_` rules apply to the rest, in get_attribute/set_attribute)."""
    if not isinstance(name, str):
        raise type_error(f"attribute name must be string, not '{arguments.type_name(name)}'")
    if name.startswith("__"):
        raise TorchError("AttributeError", f"attribute `{name}`: names starting with '__' are "
                         "not reachable through getattr/setattr/hasattr in a gradcli session")
    return name


_NO_DEFAULT = object()


def _getattr(obj, name, default=_NO_DEFAULT):
    """getattr(obj, name[, default]): `obj.name`, looked up in the API table as the syntax is."""
    try:
        return get_attribute(obj, _named_attribute(name))
    except TorchError as e:
        if default is _NO_DEFAULT or e.type_name != "AttributeError" or name.startswith("__"):
            raise
        return default


def _setattr(obj, name, value) -> None:
    set_attribute(obj, _named_attribute(name), value)


def _hasattr(obj, name) -> bool:
    try:
        get_attribute(obj, _named_attribute(name))
    except TorchError as e:
        if e.type_name != "AttributeError" or name.startswith("__"):
            raise
        return False
    return True


BUILTINS: dict[str, Any] = {
    "range": range, "len": len, "abs": abs, "float": float, "int": int, "bool": bool,
    "str": str, "repr": repr, "list": list, "tuple": tuple, "dict": dict, "set": set,
    "enumerate": enumerate, "zip": zip, "reversed": reversed, "map": map, "filter": filter,
    "isinstance": _isinstance, "type": TYPE, "callable": callable,
    "getattr": safe_builtins.Builtin("getattr", _getattr),
    "setattr": safe_builtins.Builtin("setattr", _setattr),
    "hasattr": safe_builtins.Builtin("hasattr", _hasattr),
    **safe_builtins.BUILTIN_WRAPPERS,  # sum min max round sorted any all format iter next divmod,
    # measured before they loop
    **EXCEPTION_CLASSES,
}

# ---- attributes by type ---------------------------------------------------------------

_TENSOR_METHODS = _declared("Tensor")
# torch.sin_(x) is x.sin_(): torch's in-place functions, for each in-place method gradcli has
_torch.update({name: _TENSOR_METHODS[name] for name in PYTORCH_NAMES["torch"]
               if name.endswith("_") and name in _TENSOR_METHODS and name not in _torch})

_TENSOR_PROPERTIES = {
    "grad": lambda t: t.grad, "requires_grad": lambda t: t.requires_grad,
    "is_leaf": lambda t: t.is_leaf, "grad_fn": lambda t: t.grad_fn,
    "shape": lambda t: t.shape, "dtype": lambda t: t.dtype, "data": lambda t: t.alias,
    "T": lambda t: t.T, "mT": lambda t: t.mT, "ndim": lambda t: t.ndim,
    "retains_grad": lambda t: t.retains_grad, "is_cuda": lambda t: False,
    "device": lambda t: Device(), "real": lambda t: t,  # (a real tensor's real part: itself)
    "imag": real_views.imag,
}


def _device(kind, index=None) -> Device:
    """torch.device: the CPU (a session has no other device)."""
    if isinstance(kind, Device):
        return kind
    if not isinstance(kind, str) or kind.split(":")[0] != "cpu":
        raise runtime_error(f"torch.device({kind!r}): gradcli sessions run on the CPU only; "
                            "use torch.device('cpu') (torch.cuda.is_available() is False here)")
    return Device()


def _set_default_device(device) -> None:
    """torch.set_default_device: the CPU, or None (the CPU again). A session has no other
    device: torch would refuse one at the next tensor it makes, this refuses it here."""
    if device is not None:
        _device(device)


class Device:
    type = "cpu"

    def __repr__(self) -> str:
        return "device(type='cpu')"

    def __str__(self) -> str:
        return "cpu"


arguments.TYPE_NAMES.update({
    Namespace: "module", Device: "torch.device",
    safe_builtins.Builtin: "builtin_function_or_method", ExceptionClass: "type",
    ScriptError: lambda error: error.type_name,  # a caught exception
    numpy_api.Array: numpy_api.type_name,
    numpy_api.RandomState: "numpy.random.mtrand.RandomState",
    numpy_api.Generator: "numpy.random._generator.Generator",
})


_TENSOR_SETTERS = {
    "grad": Tensor.set_grad, "requires_grad": Tensor.set_requires_grad, "data": Tensor.set_data,
}


def _node_name(node) -> str:
    return node.name()


_NODE = {"name": ("method", _node_name),
         "next_functions": ("property", lambda n: n.next_functions)}
_BY_TYPE: dict[type, dict[str, Any]] = {
    FunctionNode: _NODE, OutputSlot: _NODE,
    Node: {"name": ("method", _node_name),
           "next_functions": ("property", lambda n: n.next_functions)},
    AccumulateGrad: {"name": ("method", _node_name),
                     "next_functions": ("property", lambda n: n.next_functions),
                     "variable": ("property", lambda n: n.variable)},
    Size: {"numel": ("method", Size.numel), "index": ("method", tuple.index),
           "count": ("method", tuple.count)},
    DType: {"is_floating_point": ("property", lambda d: d.is_floating_point),
            "itemsize": ("property", lambda d: d.itemsize)},
    forward_ad.UnpackedDualTensor: {"primal": ("property", lambda r: r.primal),
                                    "tangent": ("property", lambda r: r.tangent)},
    reductions.ReturnTypes: {f: ("property", lambda r, f=f: r.field(f))
                             for f in reductions.ReturnTypes.FIELDS},
    RemovableHandle: {"remove": ("method", RemovableHandle.remove)},
    creation.GeneratorHandle: {
        **{name: ("method", getattr(creation.GeneratorHandle, name))
           for name in ("manual_seed", "seed", "initial_seed", "get_state", "set_state")},
        "device": ("property", lambda g: Device())},
    # list, tuple and str methods: Python's, or their size-checked wrappers (safe_builtins)
    list: {name: ("method", safe_builtins.LIST_METHODS.get(name, getattr(list, name))) for name
           in ("append", "extend", "pop", "insert", "index", "count", "reverse", "copy", "clear")},
    tuple: {name: ("method", safe_builtins.TUPLE_METHODS[name]) for name in ("index", "count")},
    str: {name: ("method", safe_builtins.STR_METHODS.get(name, getattr(str, name))) for name in
          ("join", "upper", "lower", "strip", "split", "startswith", "endswith", "replace",
           "format", "ljust", "rjust", "center", "zfill", "title", "capitalize", "isdigit",
           "find", "rstrip", "lstrip", "index", "count", "rfind", "rindex", "isalpha",
           "isalnum", "isspace", "islower", "isupper", "splitlines", "rsplit", "partition",
           "rpartition", "swapcase", "casefold", "removeprefix", "removesuffix")},
    dict: {name: ("method", getattr(dict, name)) for name
           in ("keys", "values", "items", "get", "update", "pop", "setdefault", "copy",
               "clear", "popitem")},
    set: {name: ("method", getattr(set, name)) for name in
          ("add", "remove", "discard", "pop", "clear", "copy", "union", "intersection",
           "difference", "symmetric_difference", "update", "issubset", "issuperset",
           "isdisjoint")},
    float: {"is_integer": ("method", float.is_integer)},
    py_system.Environ: {name: ("method", getattr(py_system.Environ, name))
                        for name in py_system.ENVIRON_METHODS},
    py_system.Signature: {"parameters": ("property", lambda s: s.parameters)},
    py_system.Stream: {name: ("method", getattr(py_system.Stream, name))
                       for name in py_system.STREAM_METHODS},
    py_logging.Logger: {**{name: ("method", getattr(py_logging.Logger, name))
                           for name in py_logging.LOGGER_METHODS},
                        **{name: ("property", lambda lg, name=name: getattr(lg, name))
                           for name in py_logging.LOGGER_FIELDS}},
    py_logging.Handler: {name: ("method", getattr(py_logging.Handler, name))
                         for name in py_logging.HANDLER_METHODS},
    py_tqdm.Progress: {**{name: ("method", getattr(py_tqdm.Progress, name))
                          for name in py_tqdm.METHODS},
                       **{name: ("property", lambda bar, name=name: getattr(bar, name))
                          for name in py_tqdm.FIELDS}},
    py_tqdm.ProgressClass: {"write": ("method", py_tqdm.ProgressClass.write)},
    py_functools.Chain: {"from_iterable": ("method", py_functools.Chain.from_iterable)},
    py_argparse.ArgumentParser: {name: ("method", getattr(py_argparse.ArgumentParser, name))
                                 for name in py_argparse.METHODS},
    numpy_api.Array: numpy_api.ATTRIBUTES,
    numpy_api.TypeInfo: numpy_api.TYPE_INFO_ATTRIBUTES,
    **numpy_api.GENERATOR_ATTRIBUTES,
}
_BY_TYPE[OrderedDict] = {name: ("method", getattr(OrderedDict, name)) for name in (
    *_BY_TYPE[dict], "move_to_end")}  # a state_dict(): its keys() print as odict_keys
_BY_TYPE[nn_module.StateDict] = _BY_TYPE[OrderedDict]
_BY_TYPE[defaultdict] = _BY_TYPE[dict]  # optimizer.state
_BY_TYPE[Counter] = {**_BY_TYPE[dict], **{name: ("method", getattr(Counter, name)) for name in (
    "most_common", "subtract", "total")}}  # word counts, vocabularies by frequency
_BY_TYPE[deque] = py_collections.DEQUE_METHODS
_BY_TYPE[nn_packing.PackedSequence] = nn_packing.ATTRIBUTES
_BY_TYPE.update(_type_info.ATTRIBUTES)
_BY_TYPE.update(dict.fromkeys(constraints.KINDS, constraints.ATTRIBUTES))
_BY_TYPE[nn_state.IncompatibleKeys] = {
    name: ("property", lambda keys, name=name: getattr(keys, name))
    for name in nn_state.IncompatibleKeys._fields}

_TYPE_NAMES = {Size: "torch.Size", Parameter: "torch.nn.Parameter"}  # the real types' names


def _no_attribute(obj, name) -> TorchError:
    if isinstance(obj, Namespace):
        return TorchError("AttributeError", f"module '{obj.name}' has no attribute '{name}'")
    return TorchError("AttributeError",
                      f"'{arguments.type_name(obj)}' object has no attribute '{name}'")


# Private tensor attributes torch's own snippets read (the version counter of in-place ops)
_TENSOR_PRIVATE = {"_version": lambda t: t._storage.version}


def get_attribute(obj, name: str):
    """`obj.name` for a script: from the tables only, or the AttributeError Python would raise."""
    if isinstance(obj, py_collections.ScriptNamedTuple):
        found = py_collections.attribute(obj, name)
        if found is not py_collections.NO_SUCH:
            return found
    if name[0] == "_":
        if name in READABLE_DUNDERS:
            return dunder_attribute(obj, name)
        if isinstance(obj, Tensor) and name in _TENSOR_PRIVATE:
            return _TENSOR_PRIVATE[name](obj)
        if isinstance(obj, Node) and name in saved.NAMES:
            return saved.saved_attribute(obj, name)
        if isinstance(obj, Namespace) and name in obj.members:  # torch.__version__
            return obj.members[name]
        return _private(obj, name).attribute(name)
    if isinstance(obj, ScriptObject):
        return obj.attribute(name)
    if isinstance(obj, Tensor):
        patched = runtime.current.patches.get(TENSOR_TYPE)
        if patched and name in patched:  # `torch.Tensor.name = f` in this session
            return bind(patched[name], obj, None)
        if name in _TENSOR_PROPERTIES:
            return _TENSOR_PROPERTIES[name](obj)
        if name in _TENSOR_METHODS:
            return types.MethodType(_TENSOR_METHODS[name], obj)
        raise _no_attribute(obj, name)
    if isinstance(obj, Namespace):
        patched = runtime.current.patches.get(obj, {})
        if name in patched:
            return patched[name]
        if name in obj.members:
            value = obj.members[name]
            return value.read() if isinstance(value, py_system.PerSession) else value
        raise _no_attribute(obj, name)
    if isinstance(obj, BaseException) and name == "args":
        return obj.args
    entry = _BY_TYPE.get(type(obj), {}).get(name)
    if entry is None:
        raise _no_attribute(obj, name)
    kind, fn = entry
    return fn(obj) if kind == "property" else types.MethodType(fn, obj)


def _private(obj, name: str) -> ScriptObject:
    """The holder of `obj._name`: only the script's own classes and their instances hold
    names starting with '_' (the validator lets by only those the script assigns)."""
    if holds_private(obj, name):
        return obj
    raise TorchError("AttributeError", f"'{arguments.type_name(obj)}' object has no attribute "
                     f"'{name}' (names starting with '_' are reachable only on the script's "
                     "own classes)")


def set_attribute(obj, name: str, value) -> None:
    """`obj.name = value` for a script: a script object's, or the tensor attributes PyTorch
    lets one set."""
    if isinstance(obj, Tensor) and (name in _TENSOR_PROPERTIES or name in _TENSOR_PRIVATE) \
            and name not in _TENSOR_SETTERS:
        raise TorchError("AttributeError", f"attribute '{name}' of 'torch._C.TensorBase' "
                                           "objects is not writable")
    if name[0] == "_":  # (a dunder is never assigned: the validator refuses it)
        _private(obj, name)
    if isinstance(obj, ScriptObject):
        obj.set_attribute(name, value)
        return
    if isinstance(obj, Namespace):  # `torch.relu = f`: for this session only, as a patch
        runtime.current.patches.setdefault(obj, {})[name] = value
        return
    if isinstance(obj, type):  # int, list, torch.Size: immutable types, as in Python
        raise TorchError("TypeError", f"cannot set '{name}' attribute of immutable type "
                                      f"'{_TYPE_NAMES.get(obj, obj.__name__)}'")
    if isinstance(obj, Tensor) and name in _TENSOR_SETTERS:
        _TENSOR_SETTERS[name](obj, value)
        return
    raise runtime_error(f"gradcli sessions cannot set the attribute '{name}' on "
                        f"'{arguments.type_name(obj)}' objects") if isinstance(obj, Tensor) else \
        _no_attribute(obj, name)


def is_grad_mode_manager(obj) -> bool:
    """Whether `with obj:` is allowed: the grad-mode, anomaly-mode and saved-tensor-hook
    managers, and tqdm's bar (`with tqdm(loader) as bar:`)."""
    return isinstance(obj, (autograd.GradMode, anomaly.detect_anomaly, graph.saved_tensors_hooks,
                            anomaly.set_detect_anomaly, forward_ad.dual_level, py_tqdm.Progress))


def _all_names() -> frozenset:
    names = set(_TENSOR_METHODS) | set(_TENSOR_PROPERTIES) | set(_TENSOR_PRIVATE) | {"args"}
    names |= saved.NAMES
    names |= autograd_function.ATTRIBUTES
    names |= nn_module.attribute_names() | nn_optim.ATTRIBUTES | lr_scheduler.ATTRIBUTES
    names |= data_utils.ATTRIBUTES | py_collections.NAMES
    names |= distribution.ATTRIBUTES
    for table in _BY_TYPE.values():
        names |= set(table)
    for ns in MODULES.values():
        names |= set(ns.members)
    return frozenset(names)


ALL_ATTRIBUTE_NAMES: frozenset[str] = _all_names()


def named_members(value) -> Iterator[tuple[str, Any]] | None:
    """A module's parameters, then its submodules, by dotted name (how the interpreter names
    `model.fc1.weight` and `model.fc1`), lazily; None for anything that is not a module."""
    if not nn_module.is_module(value):
        return None
    submodules = itertools.islice(nn_module.named_modules(value), 1, None)  # (not itself)
    return itertools.chain(nn_module.named_parameters(value), submodules)


# The modules that are Python over the script's own objects in torch too (its modules, custom
# Functions, datasets, optimizers and schedulers): a Python exception raised through them alone
# is the script's, as `1 / 0` is, not gradcli's internal error.
PYTHON_MODULES = (
    "gradcli.torch.nn.modules.", "gradcli.torch.optim.", "gradcli.torch.utils.data",
    "gradcli.torch.autograd.function", "gradcli.torch.functional_call", "gradcli.torch.api",
    "gradcli.torch._numpy", "gradcli.torch._training_notes", "gradcli.torch.func",
    "gradcli.torch.nn.utils.", "gradcli.torch._declare", "gradcli.torch.distributions.")
VOCABULARY = Vocabulary.from_api(sys.modules[__name__])  # what the validator lets scripts name

__all__ = ["ROOT_NAMES", "MODULES", "BUILTINS", "ALL_ATTRIBUTE_NAMES", "get_attribute",
           "set_attribute", "is_grad_mode_manager", "TENSOR_TYPE", "HINTS", "Watch",
           "named_members", "VOCABULARY", "PYTHON_MODULES"]
