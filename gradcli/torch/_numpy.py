"""`import numpy as np` for the part of numpy PyTorch snippets use: `x.numpy()`, `np.array`,
`np.allclose`, creation, arithmetic and the usual reductions, printed exactly as numpy prints.

No numpy object ever reaches a script: every array, numpy scalar, dtype and numpy type is held
by an `Array`, whose attributes are this module's table; arguments are unwrapped on the way in
and results wrapped on the way out. numpy's errors become the script's (same type, same
message), and every result's size is checked against the tensor size limit before numpy
allocates it.
"""
from __future__ import annotations

import math
import operator
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error, type_error, warn
from gradcli.engine.storage import Storage
from gradcli.engine.tensor import Tensor
from gradcli.sandbox.guards import active_limits
from gradcli.torch._declare import tensor_method, torch_function
from gradcli.torch._tensor import creation

PLAIN = (bool, int, float, str, type(None))
NUMPY_ERRORS = (ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError)
NUMPY_TYPES = (np.float32, np.float64, np.int32, np.int64, np.bool_)
ARRAY_WARNING = ("__array__ implementation doesn't accept a copy keyword, so passing copy=False "
                 "failed. __array__ must implement 'dtype' and 'copy' keyword arguments. To "
                 "learn more, see the migration guide https://numpy.org/devdocs/"
                 "numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword")
SUPPORTED = frozenset(d.np for d in dtypes.ALL)  # the dtypes a tensor can have
GRAD_MESSAGE = ("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
                "instead.")


class Array:
    """A numpy value as a script sees it: numpy's operators, reprs and errors, no attributes
    beyond ATTRIBUTES. `storage`: the tensor memory it shares (x.numpy(), torch.from_numpy),
    whose writes through numpy autograd cannot see, as through `.data`."""

    __slots__ = ("value", "storage")

    def __init__(self, value: Any, storage: Storage | None = None):
        self.value, self.storage = value, storage

    def __repr__(self) -> str:
        return repr(self.value)

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return numpy_call(format, self.value, spec)

    def __bool__(self) -> bool:
        return numpy_call(bool, self.value)

    def __float__(self) -> float:
        return numpy_call(float, self.value)

    def __int__(self) -> int:
        return numpy_call(int, self.value)

    def __index__(self) -> int:
        return numpy_call(operator.index, self.value)

    def __len__(self) -> int:
        return numpy_call(len, self.value)

    def __hash__(self) -> int:
        return numpy_call(hash, self.value)

    def __iter__(self):
        return iter([self.view(v) for v in numpy_call(list, self.value)])

    def __getitem__(self, key):
        return self.view(numpy_call(operator.getitem, self.value, unwrap(key)))

    def __setitem__(self, key, value) -> None:
        numpy_call(operator.setitem, self.value, unwrap(key), unwrap(value))
        self.written()

    def __call__(self, *args):  # np.float32(1.5): only numpy's scalar types are callable
        if not is_numpy_type(self.value):
            raise TypeError(f"'{type_name(self)}' object is not callable")
        return wrap(numpy_call(self.value, *map(unwrap, args)))

    def view(self, value: Any) -> Any:
        """A result of indexing: a view shares this array's tensor memory."""
        result = wrap(value)
        if isinstance(result, Array) and isinstance(value, np.ndarray) and value.base is not None:
            result.storage = self.storage
        return result

    def written(self) -> None:
        if self.storage is not None:
            self.storage.before_write(bump=False)


def type_name(a: Array) -> str:
    value = a.value
    if isinstance(value, type):
        return "type"
    return f"numpy.{type(value).__name__}"


def numpy_call(fn: Callable, *args, **kwargs) -> Any:
    """fn(...), numpy's errors raised as the script's own."""
    try:
        return fn(*args, **kwargs)
    except NUMPY_ERRORS as e:
        raise TorchError(type(e).__name__, str(e)) from None


def is_numpy_type(value: Any) -> bool:
    return isinstance(value, type) and value in NUMPY_TYPES


def wrap(value: Any) -> Any:
    if isinstance(value, Array):
        return value
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            raise type_error("numpy arrays of Python objects are not part of a gradcli session")
        if value.base is None:  # new memory
            runtime.current.memory.count(value.nbytes)
        return Array(value)
    if isinstance(value, (np.generic, np.dtype)) or is_numpy_type(value):
        return Array(value)
    if type(value) in (list, tuple):
        return type(value)(map(wrap, value))
    if isinstance(value, PLAIN):
        return value
    raise type_error(f"numpy gave a {type(value).__name__}, which a gradcli session cannot hold")


def unwrap(value: Any) -> Any:
    if isinstance(value, Array):
        return value.value
    if isinstance(value, Tensor):  # numpy reads a tensor through its __array__
        warn(ARRAY_WARNING, "DeprecationWarning")
        return tensor_numpy(value).value
    if type(value) in (list, tuple):
        return type(value)(map(unwrap, value))
    return value


def _check_elements(n: int) -> None:
    active_limits().check_elements(n)


def _shape(value: Any) -> tuple:
    """The shape numpy broadcasts `value` as (a dtype or a number: a scalar's)."""
    if isinstance(value, (np.ndarray, np.generic)):
        return value.shape
    return numpy_call(np.shape, value) if type(value) in (list, tuple) else ()


# ---- operators ------------------------------------------------------------------------


def _binary(op: Callable, reflected: bool = False) -> Callable:
    def method(self, other):
        if isinstance(other, Tensor) and isinstance(self.value, np.generic):
            # torch takes a numpy scalar as the Python number it holds: `grad * np.exp(-p)`
            a = self.value.item()
            return op(other, a) if reflected else op(a, other)
        if not isinstance(other, (Array, *PLAIN)) and type(other) not in (list, tuple):
            return NotImplemented
        a, b = self.value, unwrap(other)
        try:
            _check_elements(math.prod(np.broadcast_shapes(_shape(a), _shape(b))))
        except ValueError:  # not broadcastable: numpy's own message comes from the op
            pass
        return wrap(numpy_call(op, b, a) if reflected else numpy_call(op, a, b))
    return method


def _inplace(op: Callable) -> Callable:
    """a += b: an array is written in place; a numpy scalar, immutable, gives a new one."""
    def method(self, other):
        result = numpy_call(op, self.value, unwrap(other))
        if result is not self.value:
            return wrap(result)
        self.written()
        return self
    return method


_OPERATORS = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
    "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow,
}
for _name, _op in _OPERATORS.items():
    setattr(Array, f"__{_name}__", _binary(_op))
    setattr(Array, f"__r{_name}__", _binary(_op, reflected=True))
    setattr(Array, f"__i{_name}__", _inplace(getattr(operator, f"i{_name}")))
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    setattr(Array, f"__{_name}__", _binary(getattr(operator, _name)))
for _name, _op in (("neg", operator.neg), ("pos", operator.pos), ("abs", operator.abs)):
    setattr(Array, f"__{_name}__", lambda self, op=_op: wrap(numpy_call(op, self.value)))


def _matmul(a, b):
    a, b = np.asarray(unwrap(a)), np.asarray(unwrap(b))
    inner = max(a.shape[-1] if a.ndim else 1, 1)
    _check_elements((a.size // inner) * (b.size // inner))
    return wrap(numpy_call(np.matmul, a, b))


Array.__matmul__ = lambda self, other: _matmul(self, other)
Array.__rmatmul__ = lambda self, other: _matmul(other, self)


# ---- the bridge to tensors ------------------------------------------------------------


@tensor_method(name="numpy")
def tensor_numpy(t: Tensor, *, force: bool = False) -> Array:
    """x.numpy(): the tensor's own memory, as torch shares it."""
    if t.requires_grad and not force:
        raise runtime_error(GRAD_MESSAGE)
    return Array(t.data.copy() if force else t.data, None if force else t._storage)


@torch_function(name="from_numpy")
def from_numpy(array: Any) -> Tensor:
    """torch.from_numpy(a): a tensor on the array's memory."""
    if not isinstance(array, Array) or not isinstance(array.value, np.ndarray):
        name = type_name(array) if isinstance(array, Array) else type(array).__name__
        raise type_error(f"expected np.ndarray (got {name})")
    value = array.value
    if value.dtype not in SUPPORTED:
        raise type_error(f"can't convert np.ndarray of type numpy.{value.dtype.type.__name__}. "
                         "The only supported types are: float64, float32, float16, complex64, "
                         "complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, "
                         "and bool.")
    t = Tensor(value)
    if array.storage is None:  # later writes through the array reach the tensor unseen
        array.storage = t._storage
    return t


def _scalar_item(array: Array) -> Tensor:
    """A numpy scalar (a 0-d array) in a list given to torch.tensor: a number of its dtype."""
    value = np.asarray(array.value)
    if value.ndim or value.dtype not in SUPPORTED:
        raise runtime_error(f"Could not infer dtype of {type_name(array)}")
    return Tensor(value.copy())


creation.SCALAR_ITEMS[Array] = _scalar_item


def accepting_arrays(tensor: Callable) -> Callable:
    """torch.tensor that also takes an array: its values (exact as Python numbers), its dtype
    unless one is given."""
    def make(data=None, *args, **kwargs):
        if not isinstance(data, Array):
            return tensor(data, *args, **kwargs)
        value = np.asarray(data.value)
        if value.dtype not in SUPPORTED:
            from_numpy(Array(value))  # torch's TypeError
        return tensor(value.tolist(), *args, **{"dtype": dtypes.of_array(value), **kwargs})
    return make


# ---- numpy's functions ----------------------------------------------------------------


def _function(fn: Callable, size: Callable[..., int] | None = None) -> Callable:
    """np.<fn>: arguments unwrapped, the result's size checked first (`size`), result wrapped."""
    def call(*args, **kwargs):
        args, kwargs = unwrap(args), {k: unwrap(v) for k, v in kwargs.items()}
        if size is not None:
            _check_elements(numpy_call(size, *args, **kwargs))
        return wrap(numpy_call(fn, *args, **kwargs))
    call.__name__ = call.__qualname__ = fn.__name__
    return call


def _shape_size(shape, *args, **kwargs) -> int:
    return math.prod(shape) if isinstance(shape, (list, tuple)) else operator.index(shape)


def _arange_size(*args, **kwargs) -> int:
    bounds = [a for a in args if isinstance(a, (int, float, np.generic))]
    start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (*bounds[:2], 1) \
        if len(bounds) == 2 else bounds[:3]
    return max(0, math.ceil((stop - start) / step)) if step else 0


def _linspace_size(start, stop, num=50, *args, **kwargs) -> int:
    return operator.index(num)


def _eye_size(n, m=None, *args, **kwargs) -> int:
    return operator.index(n) * operator.index(n if m is None else m)


def _empty(shape, dtype=float, order="C", **kwargs):
    return np.zeros(shape, dtype, order, **kwargs)


def _allclose(a, b, *args, **kwargs) -> bool:
    return bool(numpy_call(np.allclose, unwrap(a), unwrap(b), *args, **kwargs))


class TypeInfo:
    """np.finfo / np.iinfo of a dtype: numpy's own, its fields read through wrap() (eps is a
    numpy scalar: `np.finfo(np.float32).eps.item()`, REINFORCE's epsilon)."""

    __slots__ = ("info",)
    FIELDS = ("eps", "max", "min", "tiny", "smallest_normal", "resolution", "bits", "dtype",
              "precision")

    def __init__(self, info):
        self.info = info

    def __repr__(self) -> str:
        return repr(self.info)


def _type_info(kind: Callable) -> Callable:
    def info(dtype):
        return TypeInfo(numpy_call(kind, unwrap(dtype)))
    info.__name__ = info.__qualname__ = kind.__name__
    return info


TYPE_INFO_ATTRIBUTES = {name: ("property", lambda i, name=name: wrap(getattr(i.info, name)))
                        for name in TypeInfo.FIELDS}


FUNCTIONS: dict[str, Any] = {
    **{name: _function(getattr(np, name)) for name in (
        "array asarray zeros_like ones_like isclose array_equal abs exp log sqrt sin cos tanh "
        "sum mean max min argmax argmin std prod maximum minimum where round sign "
        "square clip concatenate stack isnan cumsum transpose reshape vstack hstack "
        "expand_dims squeeze var median log1p log10 log2 power floor ceil diff argsort sort "
        "isinf isfinite count_nonzero any all mod").split()},
    # (numpy leaves empty's memory as it finds it: zeros are one of its values, and no host
    # memory reaches the script)
    "empty": _function(_empty, _shape_size), "empty_like": _function(np.zeros_like),
    "zeros": _function(np.zeros, _shape_size), "ones": _function(np.ones, _shape_size),
    "full": _function(np.full, _shape_size), "arange": _function(np.arange, _arange_size),
    "linspace": _function(np.linspace, _linspace_size), "eye": _function(np.eye, _eye_size),
    "allclose": _allclose, "dot": _matmul, "matmul": _matmul,
    "finfo": _type_info(np.finfo), "iinfo": _type_info(np.iinfo),
    "pi": np.pi, "e": np.e, "inf": np.inf, "nan": np.nan,
    **{t.__name__: Array(t) for t in NUMPY_TYPES},
}


# ---- an array's attributes ------------------------------------------------------------


def _method(name: str) -> Callable:
    def method(self: Array, *args, **kwargs):
        bound = getattr(self.value, name)  # a name of this table, never a script's
        return wrap(numpy_call(bound, *unwrap(args), **{k: unwrap(v) for k, v in kwargs.items()}))
    method.__name__ = method.__qualname__ = name
    return method


def _plain(name: str) -> Callable:
    """tolist() and item(): Python values, as numpy gives them."""
    def method(self: Array, *args):
        return numpy_call(getattr(self.value, name), *args)
    method.__name__ = method.__qualname__ = name
    return method


def _of_values(fn: Callable) -> Callable:
    """An attribute of arrays, scalars and dtypes; numpy's types (np.float32) have none here.
    Whatever it gives passes through wrap(), so no numpy object leaves."""
    def attribute(a: Array, *args, **kwargs):
        if is_numpy_type(a.value):
            raise TorchError("AttributeError", f"type object 'numpy.{a.value.__name__}' has "
                             f"no attribute '{fn.__name__}'")
        return wrap(fn(a, *args, **kwargs))
    attribute.__name__ = attribute.__qualname__ = fn.__name__
    return attribute


def _property(name: str, get: Callable) -> tuple[str, Callable]:
    get.__name__ = name
    return "property", _of_values(get)


ATTRIBUTES: dict[str, tuple[str, Callable]] = {
    "shape": _property("shape", lambda a: numpy_call(np.shape, a.value)),
    "ndim": _property("ndim", lambda a: numpy_call(np.ndim, a.value)),
    "size": _property("size", lambda a: numpy_call(np.size, a.value)),
    "dtype": _property("dtype", lambda a: numpy_call(np.result_type, a.value)),
    "T": _property("T", lambda a: a.view(numpy_call(np.transpose, a.value))),
    **{name: ("method", _of_values(_method(name))) for name in (
        "sum mean max min std var prod argmax argmin all any cumsum round copy flatten ravel "
        "reshape transpose astype squeeze clip").split()},
    "tolist": ("method", _of_values(_plain("tolist"))),
    "item": ("method", _of_values(_plain("item"))),
}


# ---- np.random: numpy's legacy global generator, one per session, and generator objects -----
_RANDOM_STATES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# where each draw takes its `size` positionally (rand and randn take the dims themselves)
_SIZE_AT = {"randint": 2, "normal": 2, "uniform": 2, "binomial": 2, "choice": 1, "poisson": 1,
            "exponential": 1, "standard_normal": 0, "random_sample": 0, "random": 0,
            "integers": 2, "beta": 2, "gamma": 2, "lognormal": 2, "laplace": 2, "gumbel": 2,
            "logistic": 2, "geometric": 1, "standard_gamma": 1}
# the distributions of both kinds of generator (mixup draws its weight from beta)
_SHARED_DRAWS = ("beta", "gamma", "lognormal", "laplace", "gumbel", "logistic", "geometric",
                 "standard_gamma")
LEGACY_DRAWS = ("seed", "rand", "randn", "randint", "normal", "uniform", "random", "permutation",
                "shuffle", "choice", "binomial", "poisson", "exponential", "standard_normal",
                "random_sample", *_SHARED_DRAWS)
GENERATOR_DRAWS = ("random", "standard_normal", "normal", "uniform", "integers", "choice",
                   "permutation", "shuffle", "binomial", "poisson", "exponential",
                   *_SHARED_DRAWS)


def _random_state() -> np.random.RandomState:
    """This session's np.random state (numpy's own Mersenne Twister, so a seeded script draws
    what it draws under numpy), seeded from the OS until the script seeds it."""
    session = runtime.current
    state = _RANDOM_STATES.get(session)
    if state is None:
        state = _RANDOM_STATES[session] = np.random.RandomState()
    return state


def _draw_size(name: str, args: tuple, kwargs: dict) -> int:
    """How many values a draw makes, checked against the limits before numpy makes them."""
    if name in ("rand", "randn"):
        return math.prod(args) if args else 1
    if name == "permutation":
        return args[0] if args and isinstance(args[0], (int, np.integer)) else 0
    at = _SIZE_AT.get(name)
    size = kwargs.get("size", args[at] if at is not None and len(args) > at else None)
    return 1 if size is None else _shape_size(size)


def _draw(source, name: str, args: tuple, kwargs: dict):
    """numpy's own draw `name` of the generator `source`, its size checked first."""
    args, kwargs = unwrap(args), {k: unwrap(v) for k, v in kwargs.items()}
    _check_elements(numpy_call(_draw_size, name, args, kwargs))
    return wrap(numpy_call(getattr(source, name), *args, **kwargs))


def _random(name: str) -> Callable:
    def call(*args, **kwargs):
        return _draw(_random_state(), name, args, kwargs)
    call.__name__ = call.__qualname__ = name
    return call


class RandomState:
    """np.random.RandomState(seed) as a script holds it: its draws are numpy's own (the same
    numbers as under numpy); nothing else of it is reachable."""

    __slots__ = ("source",)
    DRAWS = LEGACY_DRAWS
    make = staticmethod(np.random.RandomState)

    def __init__(self, seed=None):
        self.source = numpy_call(self.make, unwrap(seed))

    def __repr__(self) -> str:  # numpy's, without the address the output contract drops
        return f"{type(self).__name__}(MT19937)"


class Generator(RandomState):
    """np.random.default_rng(seed): numpy's Generator (PCG64)."""

    __slots__ = ()
    DRAWS = GENERATOR_DRAWS
    make = staticmethod(np.random.default_rng)

    def __repr__(self) -> str:
        return "Generator(PCG64)"


def _bound_draw(name: str) -> Callable:
    def call(generator: RandomState, *args, **kwargs):
        return _draw(generator.source, name, args, kwargs)
    call.__name__ = call.__qualname__ = name
    return call


RANDOM: dict[str, Any] = {name: _random(name) for name in LEGACY_DRAWS}
RANDOM.update(RandomState=RandomState, default_rng=Generator)
GENERATOR_ATTRIBUTES = {kind: {name: ("method", _bound_draw(name)) for name in kind.DRAWS}
                        for kind in (RandomState, Generator)}


TENSOR = torch_function("tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
                        "bool pin_memory=False, bool requires_grad=False)")(
    accepting_arrays(creation.tensor))


@torch_function("as_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None)")
def as_tensor(data: Any, dtype=None, device=None) -> Tensor:
    """torch.as_tensor: a tensor is itself (or its differentiable cast to `dtype`), an array
    shares its memory as from_numpy does (unless cast), anything else is torch.tensor's."""
    target = None if dtype is None else dtypes.parse(dtype)
    if isinstance(data, Tensor):
        return data if target in (None, data.dtype) else data.to(target)
    if isinstance(data, Array) and isinstance(data.value, np.ndarray):
        shared = from_numpy(data)
        return shared if target in (None, shared.dtype) else shared.to(target)
    return TENSOR(data, dtype=dtype)
