"""torch's tensor creation: tensor, zeros/ones/full/arange/..., and the random factories."""
from __future__ import annotations

import builtins
import math
from collections.abc import Callable

import numpy as np

from gradcli.engine import dtypes, promotion, runtime
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, runtime_error, type_error, value_error, warn
from gradcli.engine.layout import PRESERVE_FORMAT, MemoryFormat, laid_out
from gradcli.engine.rng import Generator, compiled_fma
from gradcli.engine.tensor import SCALAR_WARNING, Size, Tensor, apply, broadcast_shape, shape_args
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import FACTORY, torch_function
from gradcli.torch._tensor.pointwise import (
    INT64_MIN,
    float_kernel,
    float_kernel_dtype,
    written_value,
)
from gradcli.torch.autograd.grad import GradMode


def _new(array: np.ndarray, requires_grad: bool, kwarg_check: bool = True) -> Tensor:
    t = Tensor(array)
    if requires_grad:
        if not t.dtype.is_floating_point:
            raise runtime_error("Only Tensors of floating point and complex dtype can require "
                                "gradients")
        t.requires_grad = True
    return t


def _dtype_or(dtype, default: DType) -> DType:
    return default if dtype is None else dtypes.parse(dtype)


_SEQUENCES = (list, tuple, range)


# Types whose 0-d values a list may hold like numbers, each to the tensor it stands for (numpy
# scalars: torch infers their own dtype): registered where the type is made (torch/_numpy.py)
SCALAR_ITEMS: dict[type, Callable[[object], Tensor]] = {}


def _infer(data, target: DType | None = None) -> tuple[np.ndarray, DType]:
    """Nested lists of numbers/tensors as an array of `target`, or of the dtype torch infers;
    torch's checks in its order: the shape (along first elements), the dtype, the values."""
    shape = _nested_shape(data)
    dtype = _infer_dtype(data, shape) if target is None else target
    flat = []
    _flatten(data, shape, 0, flat)
    runtime.current.limits.check_shape(shape)
    try:
        return np.array(flat, dtype=dtype.np).reshape(shape), dtype  # 1e40 in float32: inf
    except OverflowError:  # an int beyond int64 for an integer dtype
        raise value_error("Overflow when unpacking long long") from None


def _nested_shape(data) -> tuple:
    """The sizes along the first elements, as torch's compute_sizes."""
    shape, item = [], data
    while isinstance(item, (*_SEQUENCES, str)):
        if isinstance(item, str):  # a str is a sequence of strs, without end
            raise value_error("too many dimensions 'str'")
        shape.append(len(item))
        runtime.current.limits.check_data_shape(shape)  # sizes and depth before going on
        if not item:
            break
        item = item[0]
    return tuple(shape)


def _infer_dtype(data, shape: tuple) -> DType:
    """torch's infer_scalar_type: the promotion of every element's dtype (a tensor's own, a
    Python float's the default, an int's int64; an empty list is of the default float
    dtype). Lists deeper than the shape, and more items than the shape holds (a ragged list,
    possibly huge), are left to _flatten to refuse."""
    found: DType | None = None
    stack = [(data, 0)]
    room = builtins.sum(math.prod(shape[:k + 1]) for k in range(len(shape)))
    while stack:
        item, level = stack.pop()
        if isinstance(item, _SEQUENCES):
            if not len(item):
                kind = runtime.default_dtype()
            elif level < len(shape):
                room -= len(item)
                if room < 0:
                    break
                stack.extend((x, level + 1) for x in reversed(item))
                continue
            else:
                continue
        elif isinstance(item, Tensor):
            kind = item.dtype
        elif isinstance(item, (bool, int, float)):
            kind = promotion.scalar_dtype(item)
        elif type(item) in SCALAR_ITEMS:
            kind = SCALAR_ITEMS[type(item)](item).dtype
        elif isinstance(item, str):
            raise type_error("new(): invalid data type 'str'")
        else:
            raise runtime_error(f"Could not infer dtype of {type(item).__name__}")
        found = kind if found is None else dtypes.promote(found, kind)
    return runtime.default_dtype() if found is None else found


def _flatten(item, shape: tuple, dim: int, out: list) -> None:
    """The elements in order, each level checked against the shape (torch's recursive_store)."""
    if dim == len(shape):
        if type(item) in SCALAR_ITEMS:
            item = SCALAR_ITEMS[type(item)](item)
        if isinstance(item, Tensor):
            if item.requires_grad:
                warn(SCALAR_WARNING, once_per_process=True)
            if item.data.size != 1:
                raise value_error("only one element tensors can be converted to Python scalars")
            out.append(item.item())
        elif isinstance(item, (bool, int, float)):
            out.append(item)
        else:  # (without a dtype given, _infer_dtype has refused it already)
            raise type_error(f"must be real number, not {type(item).__name__}")
        return
    if not isinstance(item, _SEQUENCES):
        raise type_error("not a sequence")
    if len(item) != shape[dim]:
        raise value_error(f"expected sequence of length {shape[dim]} at dim {dim} "
                          f"(got {len(item)})")
    for x in item:
        _flatten(x, shape, dim + 1, out)


def tensor(data, dtype=None, device=None, requires_grad=False) -> Tensor:
    if isinstance(data, Tensor):
        warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach()."
             "clone() or sourceTensor.detach().clone().requires_grad_(True), rather than "
             "torch.tensor(sourceTensor).")
        array, inferred = data.data.copy(), data.dtype
    elif isinstance(data, str):
        raise type_error("new(): invalid data type 'str'")
    else:
        array, inferred = _infer(data, None if dtype is None else dtypes.parse(dtype))
    target = _dtype_or(dtype, inferred)
    return _new(array.astype(target.np, copy=False), requires_grad)


def _sizes(args: tuple, keyword, name: str) -> tuple:
    """A size given as varargs (ones(2, 3)), a sequence, or by keyword (ones(size=(2, 3)))."""
    if keyword is None:
        return args
    if args:
        raise type_error(f"argument for function got multiple values for argument '{name}'")
    return (keyword,)


def _new_shape(sizes: tuple, refusal: str | None = None) -> tuple:
    """The shape of a new tensor, as torch checks it: no negative size (`refusal`: the words
    of a function of its own), then gradcli's limit."""
    shape = shape_args(sizes)
    negative = [n for n in shape if n < 0]
    if negative:
        raise runtime_error(refusal or f"Trying to create tensor with negative dimension "
                                       f"{negative[0]}: {list(shape)}")
    runtime.current.limits.check_shape(shape)
    return shape


def _foresee_new(shape: tuple, itemsize: int) -> None:
    """A new tensor, within the element limit, refused before numpy fills it if the memory
    limit could not hold it (`itemsize`: its dtype's, or 8 for the words drawn for it)."""
    runtime.current.foresee(math.prod(shape), itemsize, "the new tensor")


def _factory(fill, refusal: str | None = None):
    def make(*args, size=None, dtype=None, device=None, requires_grad=False) -> Tensor:
        shape = _new_shape(_sizes(args, size, "size"), refusal)
        d = _dtype_or(dtype, runtime.default_dtype())
        _foresee_new(shape, d.itemsize)
        return _new(fill(shape, d), requires_grad)
    return make


ones = _factory(lambda shape, d: np.ones(shape, d.np))
torch_function(f"ones(SymIntArrayRef size, *, Tensor out=None, {FACTORY})")(ones)
zeros = _factory(lambda shape, d: np.zeros(shape, d.np),
                 "zeros: Dimension size must be non-negative.")
torch_function(f"zeros(SymIntArrayRef size, *, Tensor out=None, {FACTORY})")(zeros)
# NOTE: torch.empty is uninitialised; zeros is one valid outcome
empty = _factory(lambda shape, d: np.zeros(shape, d.np))
torch_function(
    f"empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, {FACTORY})",
)(empty)


@torch_function(f"full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, {FACTORY})")
def full(size, fill_value, dtype=None, device=None, requires_grad=False) -> Tensor:
    shape = _new_shape((size,))
    d = _dtype_or(dtype, promotion.scalar_dtype(fill_value))
    _foresee_new(shape, d.itemsize)
    return _new(np.full(shape, written_value(fill_value, d), d.np), requires_grad)


def _like(fill):
    def make(input, dtype=None, device=None, requires_grad=False,
             memory_format: MemoryFormat = PRESERVE_FORMAT) -> Tensor:
        values = fill(input.data.shape, _dtype_or(dtype, input.dtype))
        return _new(laid_out(values, memory_format), requires_grad)
    return make


ones_like = _like(lambda shape, d: np.ones(shape, d.np))
zeros_like = _like(lambda shape, d: np.zeros(shape, d.np))
empty_like = zeros_like
for _name, _fn in (("ones_like", ones_like), ("zeros_like", zeros_like),
                   ("empty_like", empty_like)):
    torch_function(f"{_name}(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})")(_fn)


@torch_function(
    f"full_like(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, {FACTORY})",
)
def full_like(input, fill_value, dtype=None, device=None, requires_grad=False,
              memory_format: MemoryFormat = PRESERVE_FORMAT) -> Tensor:
    values = np.full(input.data.shape, fill_value, _dtype_or(dtype, input.dtype).np)
    return _new(laid_out(values, memory_format), requires_grad)


def _linspace_values(start, end, steps, dtype):
    """torch's linspace kernel: start + step*i below the halfway point, end - step*(steps-1-i)
    from it, each a multiply-add as the compiler leaves it (rng.compiled_fma: GCC contracts
    them where it may use FMA), in the dtype (double for ints)."""
    dtype = np.dtype(dtype)
    if steps <= 1:
        return np.full(steps, start).astype(dtype)
    i = np.arange(steps)
    below = i < steps // 2
    if dtype == np.float32:
        s, e = np.float32(start), np.float32(end)
        step = (e - s) / np.float32(steps - 1)
        up = compiled_fma(np.full(steps, step), i.astype(np.float32), np.full(steps, s))
        down = compiled_fma(np.full(steps, -step), (steps - 1 - i).astype(np.float32),
                            np.full(steps, e))
        return np.where(below, up, down).astype(dtype)
    s, e = (float(start), float(end)) if dtype.kind == "f" else (float(int(start)), float(int(end)))
    step = (e - s) / (steps - 1)
    values = [compiled_fma(step, k, s) if k < steps // 2 else compiled_fma(-step, steps - 1 - k, e)
              for k in range(steps)]
    return np.array(values).astype(dtype)


def _arange_values(start, step, n, dtype):
    """torch's arange kernel: start + step*i in double, in vectors of 8 float32 / 4 float64
    (each vector from its first value, base + k*step), the rest one by one; float64 with the
    compiler's multiply-adds (rng.compiled_fma)."""
    dtype = np.dtype(dtype)
    if dtype.kind not in "f":
        return (start + step * np.arange(n, dtype=np.float64)).astype(dtype) \
            if any(isinstance(v, float) for v in (start, step)) else \
            (start + step * np.arange(n, dtype=np.int64)).astype(dtype)
    whole = float(start).is_integer() and float(step).is_integer()
    if whole and abs(start) + abs(step) * n < 2**53:
        return (start + step * np.arange(n, dtype=np.float64)).astype(dtype)  # exact anyway
    lanes = 4 if dtype == np.float64 else 8
    vectors = n // (2 * lanes) * 2  # whole vectors go two at a time; the rest one by one
    if dtype != np.float64:  # float32: the double arithmetic needs no fused rounding
        firsts = np.arange(vectors) * lanes
        bases = (start + step * firsts).astype(dtype).astype(np.float64)
        lanes_out = bases[:, None] + np.arange(lanes) * step
        rest = start + step * np.arange(vectors * lanes, n)
        return np.concatenate([lanes_out.reshape(-1), rest]).astype(dtype)
    out = np.empty(n, dtype)
    for first in range(0, vectors * lanes, lanes):
        base = compiled_fma(step, first, start)
        out[first:first + lanes] = [compiled_fma(k, step, base) for k in range(lanes)]
    out[vectors * lanes:] = [compiled_fma(step, k, start) for k in range(vectors * lanes, n)]
    return out


@torch_function(
    f"arange(Scalar end, *, Tensor out=None, {FACTORY})",
    f"arange(Scalar start, Scalar end, *, {FACTORY})",
    f"arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, {FACTORY})",
)
def arange(*args, start=0, end=None, step=1, dtype=None, device=None,
           requires_grad=False) -> Tensor:
    """torch.arange(end), (start, end) or (start, end, step), positionally or by keyword."""
    if len(args) == 1:
        end = args[0]
    elif args:
        start, end, step = (*args, step) if len(args) == 2 else args
    if end is None:
        raise type_error('arange() missing 1 required positional arguments: "end"')
    if any(type(v) is int and not INT64_MIN <= v < -INT64_MIN for v in (start, end, step)):
        raise runtime_error("value cannot be converted to type int64_t without overflow")
    if step == 0:
        raise runtime_error("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise runtime_error(f"unsupported range: {_c_number(start)} -> {_c_number(end)}")
    if (end - start) * step < 0:
        raise runtime_error("upper bound and lower bound inconsistent with step sign")
    size = (end - start) / step
    if not size < -INT64_MIN:  # (nan too) torch's size check, before any element limit
        raise runtime_error("invalid size, possible overflow?")
    n = builtins.max(0, math.ceil(size))
    runtime.current.limits.check_elements(n)
    is_float = any(isinstance(v, float) for v in (start, end, step))
    d = _dtype_or(dtype, runtime.default_dtype() if is_float else dtypes.int64)
    _foresee_new((n,), max(d.itemsize, 8))  # (its values are computed in 64 bits)
    return _new(_arange_values(start, step, n, d.np), requires_grad)


def _c_number(value) -> str:
    """A number as torch's C++ message prints it: `2`, `0.5`, `1e+20`, `-inf`."""
    return f"{value:g}" if isinstance(value, float) else str(value)


@torch_function(
    f"linspace(Tensor start, Tensor end, int64_t steps, *, Tensor out=None, {FACTORY})",
    f"linspace(Scalar start, Tensor end, int64_t steps, *, Tensor out=None, {FACTORY})",
    f"linspace(Tensor start, Scalar end, int64_t steps, *, Tensor out=None, {FACTORY})",
    f"linspace(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, {FACTORY})",
)
def linspace(start, end, steps, dtype=None, device=None, requires_grad=False) -> Tensor:
    if steps < 0:
        raise runtime_error("number of steps must be non-negative")
    runtime.current.limits.check_elements(steps)
    d = _dtype_or(dtype, runtime.default_dtype())
    _foresee_new((steps,), 8)  # (its positions are int64)
    return _new(_linspace_values(start, end, steps, d.np), requires_grad)


@torch_function(
    f"logspace(Tensor start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, "
    f"{FACTORY})",
    f"logspace(Scalar start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, "
    f"{FACTORY})",
    f"logspace(Tensor start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, "
    f"{FACTORY})",
    f"logspace(Scalar start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, "
    f"{FACTORY})",
)
def logspace(start, end, steps, base=10.0, dtype=None, device=None,
             requires_grad=False) -> Tensor:
    """base ** (start + step*i), torch's RangeFactories.cpp loop: start and end in the dtype,
    the exponents and std::pow in double (the base as a float for integer dtypes), each value
    cast to the dtype. float64 is torch's bit for bit; float32 within an ulp (its pow rounds
    differently where the double is close to halfway)."""
    if steps < 0:
        raise runtime_error("number of steps must be non-negative")
    runtime.current.limits.check_elements(steps)
    d = _dtype_or(dtype, runtime.default_dtype())
    _foresee_new((steps,), 8)
    if d.np.kind != "f":
        start, end, base = int(start), int(end), float(np.float32(base))
    else:
        start, end = float(d.np.type(start)), float(d.np.type(end))
    step = (end - start) / (steps - 1) if steps > 1 else 0.0
    exponents = [start + step * i if i < steps // 2 else end - step * (steps - i - 1)
                 for i in range(steps)]
    values = np.array([_pow(base, x) for x in exponents], np.float64)
    with np.errstate(all="ignore"):
        return _new(values.astype(d.np), requires_grad)


def _pow(base: float, exponent: float) -> float:
    """C's pow: inf where the power overflows, nan where it has no real value."""
    try:
        return math.pow(base, exponent)
    except OverflowError:
        return math.inf
    except ValueError:
        return math.nan


@torch_function(
    f"eye(SymInt n, *, Tensor out=None, {FACTORY})",
    f"eye(SymInt n, SymInt m, *, Tensor out=None, {FACTORY})",
)
def eye(n, m=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    for name, k in (("n", n), ("m", m)):
        if k is not None and k < 0:
            raise runtime_error(f"{name} must be greater or equal to 0, got {k}")
    runtime.current.limits.check_shape((n, n if m is None else m))
    d = _dtype_or(dtype, runtime.default_dtype())
    _foresee_new((n, n if m is None else m), d.itemsize)
    return _new(np.eye(n, m, dtype=d.np), requires_grad)


class GeneratorHandle:
    """A torch.Generator as a script holds it: torch.Generator() has a stream of its own,
    seeded as torch seeds a new one; torch.default_generator (what torch.manual_seed returns)
    stands for the session's stream, whichever that is when it draws (vmap's stands in)."""

    NEW_SEED = 67280421310721  # torch.Generator().initial_seed()

    def __init__(self, stream: Generator | None = None):
        self.stream = stream

    def draws(self) -> Generator:
        return self.stream if self.stream is not None else runtime.current.generator

    def manual_seed(self, seed) -> GeneratorHandle:
        if type(seed) is not int:  # Generator.manual_seed takes a Python int only
            raise runtime_error(f"manual_seed expected a long, but got {type_name(seed)}")
        self.draws().manual_seed(seed)
        return self

    def seed(self) -> int:
        return self.draws().seed()

    def initial_seed(self) -> int:
        return self.draws().initial_seed()

    def get_state(self) -> Tensor:
        """The stream's state as torch's 5056 bytes (a uint8 tensor), for set_state."""
        return Tensor(self.draws().get_state())

    def set_state(self, new_state) -> GeneratorHandle:
        if not isinstance(new_state, Tensor):
            raise type_error("expected a torch.ByteTensor, but got "
                             f"{type(new_state).__name__}")
        self.draws().set_state(_byte_state(new_state))
        return self

    def __repr__(self) -> str:
        return "<torch._C.Generator object>"


DEFAULT_GENERATOR = GeneratorHandle()  # (holds nothing of a session: it finds the current one)


@torch_function(name="Generator")
def new_generator(device="cpu") -> GeneratorHandle:
    """torch.Generator(device='cpu')."""
    if str(device) != "cpu":  # (a torch.device prints as its type)
        raise runtime_error(f"gradcli has no '{device}' generator: sessions run on the CPU only "
                            "(torch.Generator() or torch.Generator('cpu'))")
    return GeneratorHandle(Generator(GeneratorHandle.NEW_SEED))


def stream(generator: GeneratorHandle | None, op: str = "random_") -> Generator:
    """What a random op draws from: its `generator=`, else the session's; torch's error, as
    the Tensor method `op` that draws gets it, for a generator= that is none."""
    if generator is None:
        return runtime.current.generator
    if not isinstance(generator, GeneratorHandle):
        raise type_error(f"{op}(): argument 'generator' must be torch.Generator, not "
                         f"{type_name(generator)}")
    return generator.draws()


def python_int(value) -> int:
    """int(value), Python's error as the script's: torch.manual_seed calls int() on its seed."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError) as e:
        raise TorchError(type(e).__name__, str(e)) from None


@torch_function(name="manual_seed")
def manual_seed(seed) -> GeneratorHandle:
    runtime.current.generator.manual_seed(python_int(seed))
    return DEFAULT_GENERATOR


@torch_function(name="initial_seed")
def initial_seed() -> int:
    return runtime.current.generator.initial_seed()


@torch_function(name="get_rng_state")
def get_rng_state() -> Tensor:
    """torch.get_rng_state(): the session's stream as torch's state bytes."""
    return DEFAULT_GENERATOR.get_state()


@torch_function(name="set_rng_state")
def set_rng_state(new_state) -> None:
    runtime.current.generator.set_state(_byte_state(new_state))


def _byte_state(state) -> np.ndarray:
    if not isinstance(state, Tensor) or state.dtype is not dtypes.uint8:
        raise type_error("RNG state must be a torch.ByteTensor")
    return state.data


def _random(draw, kernel: str):
    def make(*args, size=None, dtype=None, device=None, requires_grad=False,
             generator=None) -> Tensor:
        shape = _new_shape(_sizes(args, size, "size"))
        d = _dtype_or(dtype, runtime.default_dtype())
        float_kernel_dtype(d, kernel)  # torch's random kernels are for floats only
        _foresee_new(shape, 8)
        values = draw(stream(generator), math.prod(shape), d.name)
        return _new(values.reshape(shape).astype(d.np), requires_grad)
    return make


rand = _random(lambda g, n, name: g.rand(n, name), "check_uniform_bounds")
torch_function(
    f"rand(SymIntArrayRef size, *, Generator? generator, Tensor out=None, {FACTORY})",
    f"rand(SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
)(rand)
randn = _random(lambda g, n, name: g.randn(n, name), "normal_kernel_cpu")
torch_function(
    f"randn(SymIntArrayRef size, *, Generator? generator, Tensor out=None, {FACTORY})",
    f"randn(SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
)(randn)


@torch_function(
    "normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
    "normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
    "normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
    "normal(double mean, double std, SymIntArrayRef size, *, Generator? generator=None, "
    f"Tensor out=None, {FACTORY})",
)
def normal(mean, std=1.0, size=None, *, generator=None, dtype=None, device=None,
           requires_grad=False) -> Tensor:
    """torch.normal(mean, std, size), and the forms with a tensor of means or of stds."""
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        like = mean if isinstance(mean, Tensor) else std
        float_kernel(like, "normal_kernel_cpu")
        shape = broadcast_shape(getattr(mean, "shape", ()), getattr(std, "shape", ()))
        runtime.current.foresee(math.prod(shape), like.data.itemsize, "the broadcast result")
        unit = 1.0 if isinstance(std, Tensor) else std  # torch: normal_(0, std) then + mean
        out = _new(stream(generator).normal(math.prod(shape), 0.0, unit, like.dtype.name)
                   .reshape(shape).astype(like.dtype.np), False)
        with GradMode(False, "no_grad"):
            out = out * std + mean if isinstance(std, Tensor) else out + mean
        given = tuple(t for t in (mean, std) if isinstance(t, Tensor))
        if any(t.requires_grad for t in given):  # torch: a zero gradient for each tensor
            row = ("normal_tensor_tensor" if len(given) == 2 else
                   "normal_tensor_float" if given[0] is mean else "normal_float_tensor")
            out = apply(row, given, values=out.data)
        return out
    if size is None:
        raise type_error("normal() missing required argument: 'size'")
    shape = _new_shape((size,))
    d = _dtype_or(dtype, runtime.default_dtype())
    float_kernel_dtype(d, "normal_kernel_cpu")
    _foresee_new(shape, 8)
    values = stream(generator).normal(math.prod(shape), float(mean), float(std), d.name)
    return _new(values.reshape(shape).astype(d.np), requires_grad)


@torch_function(
    "randint(SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, "
    f"{FACTORY})",
    f"randint(SymInt high, SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
    "randint(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, "
    f"Tensor out=None, {FACTORY})",
    f"randint(SymInt low, SymInt high, SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
)
def randint(*args, size=None, low=None, high=None, dtype=None, device=None,
            requires_grad=False, generator=None) -> Tensor:
    """torch.randint(high, size) / randint(low, high, size)."""
    args = list(args)
    if size is None and args and isinstance(args[-1], (tuple, list, Size)):
        size = args.pop()
    if len(args) == 2:
        low, high = args
    elif len(args) == 1:
        high, low = (args[0], 0) if high is None else (high, args[0])
    low = 0 if low is None else low
    if size is None or high is None:
        raise type_error("randint() missing required arguments: \"high\" and \"size\"")
    shape = _new_shape((size,))
    _foresee_new(shape, 8)
    values = stream(generator).randint(int(low), int(high), math.prod(shape))
    return _new(values.reshape(shape).astype(_dtype_or(dtype, dtypes.int64).np), requires_grad)


RANDPERM = (f"randperm(SymInt n, *, Generator? generator, Tensor out=None, {FACTORY})",
            f"randperm(SymInt n, *, Tensor out=None, {FACTORY})")


@torch_function(*RANDPERM)
def randperm(n, dtype=None, device=None, requires_grad=False, generator=None) -> Tensor:
    _new_shape((n,))
    values = stream(generator).randperm(int(n))
    return _new(values.astype(_dtype_or(dtype, dtypes.int64).np), requires_grad)


@torch_function(
    "rand_like(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, "
    f"{FACTORY})",
    f"rand_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",
)
def rand_like(input, dtype=None, requires_grad=False) -> Tensor:
    return rand(*input.data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


@torch_function(
    "randn_like(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, "
    f"{FACTORY})",
    f"randn_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",
)
def randn_like(input, dtype=None, requires_grad=False) -> Tensor:
    return randn(*input.data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)
