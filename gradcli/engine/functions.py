"""PyTorch's functions over Tensor, with its argument names, promotion rules and messages.

Each op is defined once here and serves as both `torch.f(x, ...)` and `x.f(...)`: the methods
are attached to Tensor at the bottom of this module.
"""
from __future__ import annotations

import builtins
import math
from types import SimpleNamespace

import numpy as np

from . import dtypes, runtime
from . import opkit as K
from .autograd import run_backward
from .dtypes import DType
from .errors import TorchError, index_error, runtime_error, type_error, value_error, warn
from .tensor import (NAMESPACE, SCALAR_WARNING, Size, Tensor, apply, as_tensor, broadcast_shape,
                     check_inplace, commit_inplace, normalize_dim, saved_tensors,
                     shape_args)
from .runtime import is_grad_enabled

# ---- creation -------------------------------------------------------------------------


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


def _infer(data, target: DType | None = None) -> tuple[np.ndarray, DType]:
    """Nested lists of numbers/tensors as an array of `target`, or of the dtype torch infers;
    torch's checks in its order: the shape (along first elements), the dtype, the values."""
    shape = _nested_shape(data)
    dtype = _infer_dtype(data, shape) if target is None else target
    flat = []
    _flatten(data, shape, 0, flat)
    runtime.current.limits.check_shape(shape)
    return np.array(flat, dtype=dtype.np).reshape(shape), dtype  # 1e40 in float32: inf


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
    """torch's infer_scalar_type: the promotion of every element's dtype (an empty list is of
    the default float dtype). Lists deeper than the shape, and more items than the shape
    holds (a ragged list, possibly huge), are left to _flatten to refuse."""
    kinds: set = set()
    stack = [(data, 0)]
    room = builtins.sum(math.prod(shape[:k + 1]) for k in range(len(shape)))
    while stack:
        item, level = stack.pop()
        if isinstance(item, _SEQUENCES):
            if not len(item):
                kinds.add(dtypes.FLOAT)
            elif level < len(shape):
                room -= len(item)
                if room < 0:
                    break
                stack.extend((x, level + 1) for x in reversed(item))
        elif isinstance(item, Tensor):
            kinds.add(item.dtype.category)
        elif isinstance(item, (bool, int, float)):
            kinds.add(dtypes.scalar_dtype(item).category)
        elif isinstance(item, str):
            raise type_error("new(): invalid data type 'str'")
        else:
            raise runtime_error(f"Could not infer dtype of {type(item).__name__}")
    return (dtypes.default_float if dtypes.FLOAT in kinds or not kinds else dtypes.int64
            if dtypes.INT in kinds else dtypes.bool_)


def _flatten(item, shape: tuple, dim: int, out: list) -> None:
    """The elements in order, each level checked against the shape (torch's recursive_store)."""
    if dim == len(shape):
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


def _factory(fill, refusal: str | None = None):
    def make(*args, size=None, dtype=None, device=None, requires_grad=False) -> Tensor:
        shape = _new_shape(_sizes(args, size, "size"), refusal)
        return _new(fill(shape, _dtype_or(dtype, dtypes.default_float)), requires_grad)
    return make


ones = _factory(lambda shape, d: np.ones(shape, d.np))
zeros = _factory(lambda shape, d: np.zeros(shape, d.np),
                 "zeros: Dimension size must be non-negative.")
# NOTE: torch.empty is uninitialised; zeros is one valid outcome
empty = _factory(lambda shape, d: np.zeros(shape, d.np))


def full(size, fill_value, dtype=None, device=None, requires_grad=False) -> Tensor:
    shape = _new_shape((size,))
    d = _dtype_or(dtype, dtypes.scalar_dtype(fill_value))
    return _new(np.full(shape, _written_value(fill_value, d), d.np), requires_grad)


def _like(fill):
    def make(input, dtype=None, device=None, requires_grad=False) -> Tensor:
        return _new(fill(input.data.shape, _dtype_or(dtype, input.dtype)), requires_grad)
    return make


ones_like = _like(lambda shape, d: np.ones(shape, d.np))
zeros_like = _like(lambda shape, d: np.zeros(shape, d.np))
empty_like = zeros_like


def full_like(input, fill_value, dtype=None, device=None, requires_grad=False) -> Tensor:
    return _new(np.full(input.data.shape, fill_value, _dtype_or(dtype, input.dtype).np),
                requires_grad)


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
    if (end - start) * step < 0:
        raise runtime_error("upper bound and lower bound inconsistent with step sign")
    n = builtins.max(0, math.ceil((end - start) / step))
    runtime.current.limits.check_elements(n)
    is_float = any(isinstance(v, float) for v in (start, end, step))
    d = _dtype_or(dtype, dtypes.default_float if is_float else dtypes.int64)
    return _new(K.arange(start, step, n, d.np), requires_grad)


def linspace(start, end, steps, dtype=None, device=None, requires_grad=False) -> Tensor:
    if steps < 0:
        raise runtime_error("number of steps must be non-negative")
    runtime.current.limits.check_elements(steps)
    d = _dtype_or(dtype, dtypes.default_float)
    return _new(K.linspace(start, end, steps, d.np), requires_grad)


def eye(n, m=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    for name, k in (("n", n), ("m", m)):
        if k is not None and k < 0:
            raise runtime_error(f"{name} must be greater or equal to 0, got {k}")
    runtime.current.limits.check_shape((n, n if m is None else m))
    return _new(np.eye(n, m, dtype=_dtype_or(dtype, dtypes.default_float).np), requires_grad)


class GeneratorHandle:
    """What torch.manual_seed returns."""

    def __repr__(self) -> str:
        return "<torch._C.Generator object>"


def manual_seed(seed) -> GeneratorHandle:
    runtime.current.generator.manual_seed(int(seed))
    return GeneratorHandle()


def initial_seed() -> int:
    return runtime.current.generator.initial_seed()


def _random(draw, kernel: str):
    def make(*args, size=None, dtype=None, device=None, requires_grad=False,
             generator=None) -> Tensor:
        shape = _new_shape(_sizes(args, size, "size"))
        d = _dtype_or(dtype, dtypes.default_float)
        _float_kernel_dtype(d, kernel)  # torch's random kernels are for floats only
        values = draw(runtime.current.generator, math.prod(shape), d.name)
        return _new(values.reshape(shape).astype(d.np), requires_grad)
    return make


rand = _random(lambda g, n, name: g.rand(n, name), "check_uniform_bounds")
randn = _random(lambda g, n, name: g.randn(n, name), "normal_kernel_cpu")


def normal(mean, std=1.0, size=None, *, generator=None, dtype=None, device=None,
           requires_grad=False) -> Tensor:
    """torch.normal(mean, std, size), and the forms with a tensor of means or of stds."""
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        like = mean if isinstance(mean, Tensor) else std
        _float_kernel(like, "normal_kernel_cpu")
        shape = broadcast_shape(getattr(mean, "shape", ()), getattr(std, "shape", ()))
        unit = 1.0 if isinstance(std, Tensor) else std  # torch: normal_(0, std) then + mean
        out = _new(runtime.current.generator.normal(math.prod(shape), 0.0, unit, like.dtype.name)
                   .reshape(shape).astype(like.dtype.np), False)
        with _GradMode(False, "no_grad"):
            out = out * std + mean if isinstance(std, Tensor) else out + mean
        return out
    if size is None:
        raise type_error("normal() missing required argument: 'size'")
    shape = _new_shape((size,))
    d = _dtype_or(dtype, dtypes.default_float)
    _float_kernel_dtype(d, "normal_kernel_cpu")
    values = runtime.current.generator.normal(math.prod(shape), float(mean), float(std), d.name)
    return _new(values.reshape(shape).astype(d.np), requires_grad)


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
    values = runtime.current.generator.randint(int(low), int(high), math.prod(shape))
    return _new(values.reshape(shape).astype(_dtype_or(dtype, dtypes.int64).np), requires_grad)


def randperm(n, dtype=None, device=None, requires_grad=False, generator=None) -> Tensor:
    _new_shape((n,))
    values = runtime.current.generator.randperm(int(n))
    return _new(values.astype(_dtype_or(dtype, dtypes.int64).np), requires_grad)


def rand_like(input, dtype=None, requires_grad=False) -> Tensor:
    return rand(*input.data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


def randn_like(input, dtype=None, requires_grad=False) -> Tensor:
    return randn(*input.data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


# ---- elementwise math -----------------------------------------------------------------


def _float_input(t: Tensor) -> DType:
    """Ops like exp make ints float (the default float dtype), as torch."""
    return t.dtype if t.dtype.is_floating_point else dtypes.default_float


# torch's refusals of a bool tensor, where numpy would compute something
_NO_BOOL = {
    "neg": TorchError("RuntimeError", "Negation, the `-` operator, on a bool tensor is not "
                      "supported. If you are trying to invert a mask, use the `~` or "
                      "`logical_not()` operator instead."),
    "abs": TorchError("NotImplementedError", "\"abs_cpu\" not implemented for 'Bool'"),
    "floor": TorchError("NotImplementedError", "\"floor_vml_cpu\" not implemented for 'Bool'"),
    "round": TorchError("NotImplementedError", "\"round_vml_cpu\" not implemented for 'Bool'"),
    "relu": TorchError("RuntimeError", "Boolean inputs not supported for relu"),
}


def _refuse_bool(t: Tensor, name: str) -> None:
    if t.dtype is dtypes.bool_ and name in _NO_BOOL:
        error = _NO_BOOL[name]
        raise TorchError(error.type_name, error.message)


def _unary(name: str, keeps_int: bool = False):
    def fn(input) -> Tensor:
        t = as_tensor(input)
        if keeps_int:
            _refuse_bool(t, name)
        return apply(name, (t,), None if keeps_int else _float_input(t))
    fn.__name__ = name
    return fn


exp, log, sin, cos, tan, tanh, sigmoid, sqrt, rsqrt, reciprocal = (
    _unary(n) for n in ("exp", "log", "sin", "cos", "tan", "tanh", "sigmoid", "sqrt", "rsqrt",
                        "reciprocal"))
log1p, expm1, log2, log10, sinh, cosh, atan = (
    _unary(n) for n in ("log1p", "expm1", "log2", "log10", "sinh", "cosh", "atan"))
neg, abs, sign, relu, floor = (
    _unary(n, keeps_int=True) for n in ("neg", "abs", "sign", "relu", "floor"))


def round(input, decimals=0) -> Tensor:
    _refuse_bool(input, "round")
    if decimals == 0:
        return apply("round", (as_tensor(input),))
    return apply("round_decimals", (input,), decimals=decimals)


negative = neg


INT64_MIN, UINT64_END = -2**63, 2**64


def check_scalar(value: int) -> None:
    """A Python int as a torch Scalar: int64, else uint64, else Python's OverflowError."""
    if value < INT64_MIN:
        raise TorchError("OverflowError", "can't convert negative int to unsigned")
    if value >= UINT64_END:
        raise TorchError("OverflowError", "int too big to convert")


def _binary_dtype(a, b, true_division=False) -> DType:
    for x in (a, b):
        if type(x) is int:
            check_scalar(x)
    d = dtypes.result_type(a, b)
    return dtypes.default_float if true_division and not d.is_floating_point else d


def _operand(v, dtype: DType) -> Tensor:
    """A tensor or Python number as an operand of `dtype`; an int that does not fit wraps
    around, as torch's cast of the Scalar does (int32 tensor + 2**40)."""
    try:
        return as_tensor(v, dtype)
    except OverflowError:
        return Tensor(np.array(v).astype(dtype.np))


def _operands(a, b, dtype):
    ta, tb = _operand(a, dtype), _operand(b, dtype)
    broadcast_shape(ta.data.shape, tb.data.shape)
    return ta, tb


# c10's names of the C types, for its overflow messages
_C_TYPES = {"float16": "c10::Half", "float32": "float", "float64": "double", "uint8": "uint8_t",
            "int8": "int8_t", "int16": "int16_t", "int32": "int", "int64": "int64_t",
            "bool": "bool"}


def _written_value(value, dtype: DType):
    """A Python number written into a tensor of `dtype` (fill_, full, masked_fill, clamp
    bounds, x[i] = v), as torch converts it: refused if it overflows the type, else the
    value the tensor then holds."""
    if isinstance(value, bool) or dtype is dtypes.bool_:
        return bool(value) if dtype is dtypes.bool_ else value
    if dtype.is_floating_point:
        finite = not isinstance(value, float) or math.isfinite(value)
        fits = not finite or builtins.abs(value) <= float(np.finfo(dtype.np).max)
    else:
        info = np.iinfo(dtype.np)
        low = -int(info.max) if info.min == 0 else int(info.min)  # -1 into uint8 is 255
        fits = (math.isfinite(value) and low - 1 < value < int(info.max) + 1
                if isinstance(value, float) else low <= value <= int(info.max))
    if not fits:
        raise runtime_error(f"value cannot be converted to type {_C_TYPES[dtype.name]} without "
                            "overflow")
    if dtype.is_floating_point:
        return value  # (numpy rounds it to the dtype as torch does)
    return np.array(value).astype(dtype.np).item()


def add(input, other, alpha=1) -> Tensor:
    d = _binary_dtype(input, other)
    operands = _operands(input, other, d)
    _check_alpha(d, alpha)
    return apply("add", operands, d, alpha=alpha)


def sub(input, other, alpha=1) -> Tensor:
    _check_sub(input, other)
    d = _binary_dtype(input, other)
    if isinstance(input, (int, float)) and not isinstance(other, (int, float)):
        return apply("rsub", (as_tensor(other, d),), d, other=input)  # `1 - x`: RsubBackward1
    operands = _operands(input, other, d)
    _check_alpha(d, alpha)
    return apply("sub", operands, d, alpha=alpha)


def _is_bool(x) -> bool:
    return x.dtype is dtypes.bool_ if isinstance(x, Tensor) else isinstance(x, bool)


def _check_sub(input, other) -> None:
    """torch refuses `-` on bools (numpy's own refusal would be an internal error here)."""
    if _is_bool(input) and _is_bool(other):
        raise runtime_error("Subtraction, the `-` operator, with two bool tensors is not "
                            "supported. Use the `^` or `logical_xor()` operator instead.")
    if _is_bool(input) or _is_bool(other):
        raise runtime_error("Subtraction, the `-` operator, with a bool tensor is not supported. "
                            "If you are trying to invert a mask, use the `~` or `logical_not()` "
                            "operator instead.")


def _check_alpha(d: DType, alpha) -> None:
    if isinstance(alpha, bool) and d is not dtypes.bool_:
        raise runtime_error("Boolean alpha only supported for Boolean results.")
    if isinstance(alpha, float) and not d.is_floating_point:
        raise runtime_error("For integral input tensors, argument alpha must not be a floating "
                            "point number.")


subtract = sub


def mul(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("mul", _operands(input, other, d), d)


multiply = mul


def div(input, other, rounding_mode=None) -> Tensor:
    if rounding_mode is not None:
        return _div_rounding(input, other, rounding_mode)
    if isinstance(input, (int, float)) and isinstance(other, Tensor):
        # NOTE: torch computes `2 / x` as reciprocal(x) * 2: MulBackward0 over Reciprocal.
        return mul(reciprocal(other), input)
    d = _binary_dtype(input, other, true_division=True)
    return apply("div", _operands(input, other, d), d)


divide = true_divide = div


def _div_rounding(input, other, rounding_mode) -> Tensor:
    if rounding_mode not in ("trunc", "floor"):
        raise runtime_error("div expected rounding_mode to be one of None, 'trunc', or 'floor' "
                            f"but found '{rounding_mode}'")
    d = _binary_dtype(input, other)
    operands = _integer_operands(input, other, d)
    return apply("div_rounding", operands, d, mode=rounding_mode)


def _integer_operands(input, other, d):
    """The operands of an integer-valued division, refusing integer division by zero."""
    operands = _operands(input, other, d)
    if d.category != dtypes.FLOAT and not np.all(operands[1].data):
        raise runtime_error("ZeroDivisionError")
    return operands


def floor_divide(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("floor_divide", _integer_operands(input, other, d), d)


def remainder(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("remainder", _integer_operands(input, other, d), d)


def pow(input, exponent) -> Tensor:
    if isinstance(input, (int, float)):
        t = as_tensor(exponent)
        return apply("rpow", (t,), _binary_dtype(input, t), base=input)
    if isinstance(exponent, Tensor):
        d = _binary_dtype(input, exponent)
        return apply("pow_tensor", _operands(input, exponent, d), d)
    d = _binary_dtype(input, exponent)
    if d.category == dtypes.INT and isinstance(exponent, int):
        if exponent < 0:
            raise runtime_error("Integers to negative integer powers are not allowed.")
        _written_value(exponent, d)  # the exponent as the tensor's type: i ** 2**63 overflows
    return apply("pow", (as_tensor(input, d),), d, exponent=exponent)


def square(input) -> Tensor:
    return pow(input, 2)


def maximum(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("maximum", _operands(input, other, d), d)


def minimum(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("minimum", _operands(input, other, d), d)


def clamp(input, min=None, max=None) -> Tensor:
    if min is None and max is None:
        raise runtime_error("torch.clamp: At least one of 'min' or 'max' must not be None")
    d = _bounds_dtype(input, min, max)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        # tensor bounds: ClampBackward0; a missing bound is the dtype's farthest value
        lo = _operand(_farthest(d, -1) if min is None else min, d)
        hi = _operand(_farthest(d, 1) if max is None else max, d)
        return apply("clamp_tensor", (input, lo, hi), d)
    return apply("clamp", (input,), d, min=_bound(min, d), max=_bound(max, d))


def _bounds_dtype(input, *bounds) -> DType:
    """The dtype of a clamp: an int tensor clamped by a float is a float tensor, as torch."""
    return dtypes.result_type(input, *(b for b in bounds if b is not None))


def _bound(value, d: DType):
    return None if value is None else _written_value(value, d)


def _farthest(d: DType, sign: int):
    """The value of `d` farthest toward -inf (sign -1) or +inf (1): no bound at all."""
    if d.is_floating_point:
        return sign * math.inf
    if d is dtypes.bool_:
        return sign > 0
    info = np.iinfo(d.np)
    return int(info.max if sign > 0 else info.min)


clip = clamp


def clamp_min(input, min) -> Tensor:
    d = _bounds_dtype(input, min)
    if isinstance(min, Tensor):  # clamp_min.Tensor: ClampMinBackward1
        return apply("clamp_min_tensor", _operands(input, min, d), d)
    return apply("clamp_min", (input,), d, min=_bound(min, d))


def clamp_max(input, max) -> Tensor:
    d = _bounds_dtype(input, max)
    if isinstance(max, Tensor):  # clamp_max.Tensor: ClampMaxBackward1
        return apply("clamp_max_tensor", _operands(input, max, d), d)
    return apply("clamp_max", (input,), d, max=_bound(max, d))


def where(condition, input=None, other=None) -> Tensor:
    if input is None and other is None:
        return tuple(Tensor(i) for i in np.nonzero(np.atleast_1d(condition.data)))
    if condition.dtype is not dtypes.bool_:
        raise runtime_error("where expected condition to be a boolean tensor, but got a tensor "
                            f"with dtype {condition.dtype.cpp}")
    d = _binary_dtype(input, other)
    a, b = (x if isinstance(x, Tensor) else as_tensor(_written_value(x, d), d)
            for x in (input, other))
    broadcast_shape(broadcast_shape(condition.data.shape, a.data.shape), b.data.shape)
    out = apply("where", (condition.detach(), a, b), d)
    if out.grad_fn is not None:  # torch's WhereBackward0 has no edge for the condition
        out.grad_fn.shown_next = out.grad_fn.next[1:]
    return out


def _compare(ufunc):
    def fn(input, other) -> Tensor:
        d = _binary_dtype(input, other)
        a, b = _operands(input, other, d)
        return Tensor(ufunc(a.data.astype(d.np), b.data.astype(d.np)))
    return fn


eq, ne, lt, le, gt, ge = (_compare(f) for f in (np.equal, np.not_equal, np.less, np.less_equal,
                                                 np.greater, np.greater_equal))
greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne


def logical_not(input) -> Tensor:
    return Tensor(np.logical_not(input.data))


def isnan(input) -> Tensor:
    return Tensor(np.isnan(input.data))


def isfinite(input) -> Tensor:
    return Tensor(np.isfinite(input.data))


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    if input.dtype is not other.dtype:
        raise runtime_error(f"{input.dtype.cpp} did not match {other.dtype.cpp}")
    broadcast_shape(input.data.shape, other.data.shape)
    return bool(np.allclose(input.data, other.data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def equal(input, other) -> bool:
    return input.data.shape == other.data.shape and bool(np.array_equal(input.data, other.data))


# ---- reductions -----------------------------------------------------------------------


def _dims(dim, ndim):
    """A reduction's dim or dims, checked and made non-negative; () on a 0-dim tensor (whose
    only dim, 0 or -1, reduces nothing)."""
    if isinstance(dim, (list, tuple)):
        dims = tuple(normalize_dim(d, ndim) for d in dim)
        for d in dims:
            if dims.count(d) > 1:
                raise runtime_error(f"dim {d} appears multiple times in the list of dims")
        return dims if ndim else ()
    d = normalize_dim(dim, ndim)
    return d if ndim else ()


def sum(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    t = input
    if dtype is not None or not t.dtype.is_floating_point:
        target = _dtype_or(dtype, dtypes.int64 if t.dtype.category < dtypes.FLOAT else t.dtype)
        t = apply("to_copy", (t,), to=target.np) if target is not t.dtype else t
    if dim is None or dim == ():
        return apply("sum", (t,))
    return apply("sum_dim", (t,), dim=_dims(dim, t.ndim), keepdim=keepdim)


def mean(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    if dtype is not None:
        input = to(input, dtype)
    if not input.dtype.is_floating_point:
        raise runtime_error("mean(): could not infer output dtype. Input dtype must be either a "
                            f"floating point or complex dtype. Got: {input.dtype.cpp}")
    if dim is None:
        return apply("mean", (input,))
    return apply("mean_dim", (input,), dim=_dims(dim, input.ndim), keepdim=keepdim)


def prod(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    if dim is None:
        return apply("prod", (input,))
    return apply("prod_dim", (input,), dim=normalize_dim(dim, input.ndim), keepdim=keepdim)


def _extremum(name: str, dim_op: str, pick):
    def fn(input, dim=None, keepdim=False, other=None):
        other = dim if isinstance(dim, Tensor) else other
        if other is not None:  # torch.max(a, b) is the binary maximum
            return (maximum if name == "max" else minimum)(input, other)
        if dim is None:
            if input.data.size == 0:
                raise runtime_error(f"{name}(): Expected reduction dim to be specified for "
                                    "input.numel() == 0. Specify the reduction dim with the "
                                    "'dim' argument.")
            value = np.max(input.data) if name == "max" else np.min(input.data)
            ties = np.isnan(input.data) if np.isnan(value) else input.data == value
            return apply(name, (input,), ties=ties)
        d = normalize_dim(dim, input.ndim)
        index = pick(input.data, axis=d) if input.ndim else np.asarray(0)
        values = apply(dim_op, (input,), dim=d, keepdim=keepdim, index=index)
        idx = np.expand_dims(index, d) if keepdim and input.ndim else index
        return ReturnTypes(name, values, Tensor(np.asarray(idx, dtype=np.int64)))
    fn.__name__ = name
    return fn


max = _extremum("max", "max_dim", np.argmax)
min = _extremum("min", "min_dim", np.argmin)


class ReturnTypes(tuple):
    """torch.return_types.max(values=..., indices=...)."""

    def __new__(cls, name, values, indices):
        obj = super().__new__(cls, (values, indices))
        obj.name = name
        return obj

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self) -> str:
        return (f"torch.return_types.{self.name}(\nvalues={self[0]!r},\nindices={self[1]!r})")


def _amax(name):
    def fn(input, dim=(), keepdim=False) -> Tensor:
        dims = tuple(range(input.ndim)) if dim in ((), [], None) else _dims(dim, input.ndim)
        reduce = np.amax if name == "amax" else np.amin
        ties = input.data == reduce(input.data, axis=dims, keepdims=True)
        return apply(name, (input,), dim=dims, keepdim=keepdim, ties=ties)
    fn.__name__ = name
    return fn


amax, amin = _amax("amax"), _amax("amin")


def argmax(input, dim=None, keepdim=False) -> Tensor:
    if input.dtype is dtypes.bool_:
        raise runtime_error("argmax(): does not support bool input")
    if dim is None:
        return Tensor(np.asarray(np.argmax(input.data), dtype=np.int64))
    out = np.argmax(input.data, axis=normalize_dim(dim, input.ndim), keepdims=keepdim)
    return Tensor(out.astype(np.int64))


def argmin(input, dim=None, keepdim=False) -> Tensor:
    if input.dtype is dtypes.bool_:
        raise runtime_error("argmin(): does not support bool input")
    if dim is None:
        return Tensor(np.asarray(np.argmin(input.data), dtype=np.int64))
    out = np.argmin(input.data, axis=normalize_dim(dim, input.ndim), keepdims=keepdim)
    return Tensor(out.astype(np.int64))


def norm(input, p="fro", dim=None, keepdim=False, dtype=None) -> Tensor:
    if not input.dtype.is_floating_point:
        raise runtime_error("linalg.vector_norm: Expected a floating point or complex tensor as "
                            f"input. Got {input.dtype.cpp}")
    if p == "fro":
        p = 2
    if isinstance(p, str):
        raise runtime_error(f"norm(): p = '{p}' is not supported by gradcli")
    dims = None if dim is None else _dims(dim, input.ndim)
    return apply("norm", (input,), p=float(p) if isinstance(p, float) else p, dim=dims,
                 keepdim=keepdim)


def _float_kernel(input, kernel: str) -> None:
    """torch's kernels that refuse integer tensors (softmax, mse_loss, ...)."""
    _float_kernel_dtype(input.dtype, kernel)


def _float_kernel_dtype(d: DType, kernel: str) -> None:
    if not d.is_floating_point:
        raise TorchError("NotImplementedError", f'"{kernel}" not implemented for \'{d.cpp}\'')


def _variance(name):
    def fn(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> Tensor:
        if isinstance(dim, bool):  # x.var(False): the `unbiased` form
            dim, unbiased = None, dim
        correction = (1 if unbiased else 0) if correction is None else correction
        if not input.dtype.is_floating_point:
            raise runtime_error("std and var only support floating point and complex dtypes")
        dims = None if dim is None or dim == () else _dims(dim, input.ndim)
        reduced = input.data.size if dims is None else K.count(input.data.shape, dims)
        if reduced - correction <= 0:
            warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than "
                 "the reduction factor (input numel divided by output numel).")
        return apply(name, (input,), _float_input(input), dim=dims, correction=correction,
                     keepdim=keepdim)
    fn.__name__ = name
    return fn


var, std = _variance("var"), _variance("std")


def logsumexp(input, dim, keepdim=False) -> Tensor:
    return apply("logsumexp", (input,), _float_input(input), dim=_dims(dim, input.ndim),
                 keepdim=keepdim)


def outer(input, vec2) -> Tensor:
    for name, t in (("self", input), ("vec2", vec2)):
        if t.ndim != 1:
            raise runtime_error(f"outer: Expected 1-D argument {name}, but got {t.ndim}-D")
    return mul(reshape(input, -1, 1), vec2)


def cumsum(input, dim, dtype=None) -> Tensor:
    return apply("cumsum", (input,), dim=normalize_dim(dim, input.ndim))


def _softmax(name):
    def fn(input, dim=None, dtype=None) -> Tensor:
        d = normalize_dim(dim, input.ndim)
        if dtype is not None:
            input = to(input, dtype)
        last = "_lastdim" if d == input.ndim - 1 or not input.ndim else ""
        _float_kernel(input, f"{name}{last}_kernel_impl")
        return apply(name, (input,), dim=d)
    fn.__name__ = name
    return fn


softmax, log_softmax = _softmax("softmax"), _softmax("log_softmax")


# ---- linear algebra -------------------------------------------------------------------


def _same_dtype(a, b) -> None:
    if a.dtype is not b.dtype:
        raise runtime_error(f"expected m1 and m2 to have the same dtype, but got: {a.dtype.c} != "
                            f"{b.dtype.c}")


def _check_mm(input, mat2) -> None:
    """mm's errors, in torch's order: ranks, shapes, dtypes."""
    if input.ndim != 2 or mat2.ndim != 2:
        raise runtime_error("self must be a matrix" if input.ndim != 2 else "mat2 must be a matrix")
    if input.data.shape[1] != mat2.data.shape[0]:
        (a, b), (c, d) = input.data.shape, mat2.data.shape
        raise runtime_error(f"mat1 and mat2 shapes cannot be multiplied ({a}x{b} and {c}x{d})")
    _same_dtype(input, mat2)


def mm(input, mat2) -> Tensor:
    _check_mm(input, mat2)
    return apply("mm", (input, mat2), columns=(K.column_major(input.data),
                                                K.column_major(mat2.data)))


def addmm(input, mat1, mat2) -> Tensor:
    """input + mat1 @ mat2 as one node (F.linear's bias path)."""
    _check_mm(mat1, mat2)
    shape = (mat1.data.shape[0], mat2.data.shape[1])
    _check_expand(input.data.shape, shape)
    if input.dtype is not mat2.dtype:
        raise runtime_error(f"self and mat2 must have the same dtype, but got {input.dtype.cpp} "
                            f"and {mat2.dtype.cpp}")
    return apply("addmm", (input, mat1, mat2), columns=(K.column_major(mat1.data),
                                                         K.column_major(mat2.data)))


def mv(input, vec) -> Tensor:
    if input.ndim != 2 or vec.ndim != 1:
        raise runtime_error(f"vector + matrix @ vector expected, got 1, {input.ndim}, {vec.ndim}")
    if input.data.shape[1] != vec.data.shape[0]:
        raise runtime_error(f"size mismatch, got input ({input.data.shape[0]}), mat "
                            f"({input.data.shape[0]}x{input.data.shape[1]}), vec "
                            f"({vec.data.shape[0]})")
    if input.dtype is not vec.dtype:
        raise runtime_error("addmv input tensors must have the same dtype, but got "
                            f"{vec.dtype.cpp}, {input.dtype.cpp}, and {vec.dtype.cpp}")
    return apply("mv", (input, vec))


def dot(input, tensor) -> Tensor:
    if input.ndim != 1 or tensor.ndim != 1:
        raise runtime_error(f"1D tensors expected, but got {input.ndim}D and {tensor.ndim}D "
                            "tensors")
    n, m = input.data.shape[0], tensor.data.shape[0]
    if n != m:
        raise runtime_error(f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to "
                            f"have the same number of elements, but got {n} and {m} elements "
                            "respectively")
    if input.dtype is not tensor.dtype:
        raise runtime_error("dot : expected both vectors to have same dtype, but found "
                            f"{input.dtype.cpp} and {tensor.dtype.cpp}")
    return apply("dot", (input, tensor))


def bmm(input, mat2) -> Tensor:
    if input.ndim != 3 or mat2.ndim != 3:
        raise runtime_error(f"batch{1 if input.ndim != 3 else 2} must be a 3D tensor")
    (b, _, m), (b2, m2, _) = input.data.shape, mat2.data.shape
    if (b2, m2) != (b, m):
        raise runtime_error("Expected size for first two dimensions of batch2 tensor to be: "
                            f"[{b}, {m}] but got: [{b2}, {m2}].")
    _same_dtype(input, mat2)
    return apply("bmm", (input, mat2))


def matmul(input, other) -> Tensor:
    """torch.matmul's dispatch (aten _matmul_impl), so grad_fns and errors are torch's."""
    a, b = input.ndim, other.ndim
    if a == 0 or b == 0:
        raise runtime_error(f"both arguments to matmul need to be at least 1D, but they are {a}D "
                            f"and {b}D")
    if a == 1 and b == 1:
        return dot(input, other)
    if a == 2 and b == 1:
        return mv(input, other)
    if a == 1 and b == 2:
        out = apply("squeeze_last", (mm(unsqueeze(input, 0), other),), dim=0)
        out._storage.before_write()  # torch's squeeze_(0) is in place: the version is 1
        return out
    if a == 2 and b == 2:
        return mm(input, other)
    if _should_fold(input, other):
        return _matmul_folded(input, other)
    return _matmul_batched(input, other)


def _should_fold(t1, t2) -> bool:
    """Whether torch folds the larger operand into a matrix (mm/mv) instead of using bmm."""
    larger = t1.ndim >= t2.ndim
    big, small = (t1, t2) if larger else (transpose_mT(t2), t1)
    if not (big.ndim >= 3 and small.ndim <= 2):
        return False
    if small.requires_grad:
        return True  # torch folds to keep the smaller operand's gradient small
    if t1.ndim == 2:
        return False
    if big.data.size == 0:
        return True
    shape, strides = big.data.shape, big.data.strides
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 2))


def _matmul_folded(input, other) -> Tensor:
    flip = other.ndim > input.ndim
    t1 = transpose_mT(other) if flip else input
    t2 = (t(input) if input.ndim == 2 else input) if flip else other
    lead = t1.data.shape[:-1]
    folded = reshape(t1, math.prod(lead), t1.data.shape[-1])
    if t2.ndim == 1:
        return apply("unsafe_view", (mv(folded, t2),), shape=lead)
    out = apply("unsafe_view", (mm(folded, t2),), shape=lead + (t2.data.shape[1],))
    return contiguous(transpose_mT(out)) if flip else out


def _matmul_batched(input, other) -> Tensor:
    a, b = input.ndim, other.ndim
    n, m1 = input.data.shape[-2] if a > 1 else 1, input.data.shape[-1]
    m2, p = (other.data.shape[-2], other.data.shape[-1]) if b > 1 else (other.data.shape[0], 1)
    batch = broadcast_shape(input.data.shape[:-2], other.data.shape[:-2])
    count = math.prod(batch)
    t1 = reshape(expand(input, *batch, n, m1), count, n, m1)
    if b == 1:
        t2 = unsqueeze(reshape(expand(other, *batch, m2), count, m2), 2)
    else:
        t2 = reshape(expand(other, *batch, m2, p), count, m2, p)
    out = bmm(t1, t2)
    shape = batch + ((n,) if a > 1 else ()) + ((p,) if b > 1 else ())
    return apply("unsafe_view", (squeeze(out, -1) if b == 1 else out,), shape=shape)


# ---- shape ----------------------------------------------------------------------------


def _infer_shape(requested, numel: int) -> tuple:
    shape = list(requested)
    inferred = False
    for i, n in enumerate(shape):  # torch's infer_size, in its order
        if n == -1 and inferred:
            raise runtime_error("only one dimension can be inferred")
        if n < -1:
            raise runtime_error(f"invalid shape dimension {n} at index {i} of shape {shape}")
        inferred = inferred or n == -1
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape and known and numel % known == 0:
        shape[shape.index(-1)] = numel // known
    if math.prod(shape) != numel or any(s < 0 for s in shape):
        raise runtime_error(f"shape '{list(requested)}' is invalid for input of size {numel}")
    return tuple(shape)


def _required(args, function, name) -> None:
    """torch's message for a size argument left out (Python's words differ)."""
    if not args:
        raise type_error(f'{function}() missing 1 required positional arguments: "{name}"')


def view(input, *shape, size=None) -> Tensor:
    shape = _sizes(shape, size, "size")
    if not shape:
        raise type_error("view() received an invalid combination of arguments - got (), but "
                         "expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n")
    if len(shape) == 1 and isinstance(shape[0], DType):
        raise runtime_error("view(dtype) is not supported by gradcli")
    target = _infer_shape(shape_args(shape), input.data.size)
    try:
        np.reshape(input.data, target, copy=False)
    except ValueError:
        raise runtime_error("view size is not compatible with input tensor's size and stride (at "
                            "least one dimension spans across two contiguous subspaces). Use "
                            ".reshape(...) instead.") from None
    return apply("view", (input,), shape=target)


def reshape(input, *args, shape=None) -> Tensor:
    shape = _sizes(args, shape, "shape")
    _required(shape, "reshape", "shape")
    target = _infer_shape(shape_args(shape), input.data.size)
    if input.data.flags.c_contiguous:
        return apply("view", (input,), shape=target)
    try:
        np.reshape(input.data, target, copy=False)
    except ValueError:  # torch copies, then views the copy
        return apply("unsafe_view", (input.clone(),), shape=target)
    return apply("reshape_alias", (input,), shape=target)


def flatten(input, start_dim=0, end_dim=-1) -> Tensor:
    if input.ndim == 0:
        return reshape(input, 1)
    s, e = normalize_dim(start_dim, input.ndim), normalize_dim(end_dim, input.ndim)
    shape = input.data.shape
    if s == e:
        return input
    return reshape(input, *shape[:s], math.prod(shape[s:e + 1]), *shape[e + 1:])


def squeeze(input, dim=None) -> Tensor:
    if dim is None:
        return apply("squeeze", (input,))
    return apply("squeeze_dim", (input,), dim=_dims(dim, input.ndim))


def unsqueeze(input, dim) -> Tensor:
    return apply("unsqueeze", (input,), dim=normalize_dim(dim, input.ndim + 1))


def transpose(input, dim0, dim1) -> Tensor:
    d0, d1 = normalize_dim(dim0, input.ndim), normalize_dim(dim1, input.ndim)
    return apply("transpose", (input,), dim0=d0, dim1=d1)  # (of a 0-dim tensor: itself)


def swapaxes(input, axis0, axis1) -> Tensor:
    return transpose(input, axis0, axis1)


def t(input) -> Tensor:
    if input.ndim > 2:
        raise runtime_error(f"t() expects a tensor with <= 2 dimensions, but self is "
                            f"{input.ndim}D")
    return apply("t", (input,))


def permute(input, *args, dims=None) -> Tensor:
    dims = _sizes(args, dims, "dims")
    _required(dims, "permute", "dims")
    dims = shape_args(dims)
    if len(dims) != input.ndim:
        raise runtime_error("permute(sparse_coo): number of dimensions in the tensor input does "
                            "not match the length of the desired ordering of dimensions i.e. "
                            f"input.dim() = {input.ndim} is not equal to len(dims) = {len(dims)}")
    order = tuple(normalize_dim(d, input.ndim) for d in dims)
    if len(set(order)) != len(order):
        raise runtime_error("permute(): duplicate dims are not allowed.")
    return apply("permute", (input,), dims=order)


def expand(input, *sizes, size=None) -> Tensor:
    sizes = _sizes(sizes, size, "size")
    _required(sizes, "expand", "size")
    target = list(shape_args(sizes))
    shape = input.data.shape
    lead = len(target) - len(shape)
    if lead < 0:
        _check_expand(shape, tuple(target), input.dtype)
    for i in range(lead):
        if target[i] == -1:
            raise runtime_error(f"The expanded size of the tensor (-1) isn't allowed in a "
                                f"leading, non-existing dimension {i}")
    for i, s in enumerate(target):
        if i >= lead and s == -1:
            target[i] = shape[i - lead]
        elif i >= lead and shape[i - lead] != 1 and shape[i - lead] != s:
            raise runtime_error(
                f"The expanded size of the tensor ({s}) must match the existing size "
                f"({shape[i - lead]}) at non-singleton dimension {i}.  Target sizes: "
                f"{list(shape_args(sizes))}.  Tensor sizes: {list(shape)}")
    return apply("expand", (input,), shape=tuple(target))


def narrow(input, dim, start, length) -> Tensor:
    if input.ndim == 0:
        raise runtime_error("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise runtime_error("narrow(): length must be non-negative.")
    d = normalize_dim(dim, input.ndim)
    size = input.data.shape[d]
    if not -size <= start <= size:
        raise index_error(f"start out of range (expected to be in range of [{-size}, {size}], "
                          f"but got {start})")
    start = start + size if start < 0 else start
    if start + length > size:
        raise runtime_error(f"start ({start}) + length ({length}) exceeds dimension size "
                            f"({size}).")
    return apply("slice", (input,), dim=d, key=slice(start, start + length))


def repeat(input, *args, repeats=None) -> Tensor:
    repeats = _sizes(args, repeats, "repeats")
    _required(repeats, "repeat", "repeats")
    repeats = shape_args(repeats)
    if len(repeats) < input.ndim:
        raise runtime_error("Number of dimensions of repeat dims can not be smaller than number "
                            "of dimensions of tensor")
    shape = (1,) * (len(repeats) - input.ndim) + input.data.shape
    sizes = [n * r for n, r in zip(shape, repeats)]
    negative = [n for n in sizes if n < 0]
    if negative:
        raise runtime_error(f"Trying to create tensor with negative dimension {negative[0]}: "
                            f"{sizes}")
    return apply("repeat", (input,), repeats=repeats)


def expand_as(input, other) -> Tensor:
    return expand(input, other.data.shape)


def transpose_T(input) -> Tensor:
    """`x.T`: PermuteBackward0 (only `x.t()` is TBackward0)."""
    if input.ndim == 0:
        warn("Tensor.T is deprecated on 0-D tensors. This function is the identity in these "
             "cases.", once_per_process=True)
    elif input.ndim != 2:
        warn("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
             "deprecated and it will throw an error in a future release. Consider `x.mT` to "
             "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` "
             "to reverse the dimensions of a tensor.", once_per_process=True)
    return apply("permute", (input,), dims=tuple(reversed(range(input.ndim))))


def transpose_mT(input) -> Tensor:
    if input.ndim < 2:
        raise runtime_error("tensor.mT is only supported on matrices or batches of matrices. "
                            f"Got {input.ndim}-D tensor.")
    return transpose(input, -2, -1)


def cat(tensors, dim=0) -> Tensor:
    tensors = list(tensors)
    if not tensors:
        raise value_error("torch.cat(): expected a non-empty list of Tensors")
    for i, x in enumerate(tensors):
        if x.ndim == 0:
            raise runtime_error(f"zero-dimensional tensor (at position {i}) cannot be "
                                "concatenated")
    d = normalize_dim(dim, tensors[0].ndim)
    first = tensors[0].data.shape
    for i, x in enumerate(tensors[1:], 1):
        shape = x.data.shape
        if len(shape) != len(first):
            raise runtime_error(f"Tensors must have same number of dimensions: got {len(first)} "
                                f"and {len(shape)}")
        for k, (m, n) in enumerate(zip(first, shape)):
            if k != d and m != n:
                raise runtime_error(f"Sizes of tensors must match except in dimension {d}. "
                                    f"Expected size {m} but got size {n} for tensor number {i} "
                                    "in the list.")
    dtype = tensors[0].dtype
    for x in tensors[1:]:
        dtype = dtypes.promote(dtype, x.dtype)
    return apply("cat", tuple(tensors), dtype, dim=d)


concat = concatenate = cat


def stack(tensors, dim=0) -> Tensor:
    tensors = list(tensors)
    if not tensors:
        raise runtime_error("stack expects a non-empty TensorList")
    shape = tensors[0].data.shape
    for i, x in enumerate(tensors[1:], 1):
        if x.data.shape != shape:
            raise runtime_error(f"stack expects each tensor to be equal size, but got "
                                f"{list(shape)} at entry 0 and {list(x.data.shape)} at entry {i}")
    dtype = tensors[0].dtype
    for x in tensors[1:]:
        dtype = dtypes.promote(dtype, x.dtype)
    return apply("stack", tuple(tensors), dtype, dim=normalize_dim(dim, len(shape) + 1))


def unbind(input, dim=0) -> tuple:
    d = normalize_dim(dim, input.ndim)
    if input.ndim == 0:
        raise index_error(f"Dimension specified as {dim} but tensor has no dimensions")
    return _pieces([apply("unbind", (input,), dim=d, index=i) for i in range(input.data.shape[d])])


def _pieces(views) -> tuple:
    """The outputs of a multi-output view function (torch refuses in-place writes to them)."""
    for i, v in enumerate(views):
        v._multi_output = i
    return tuple(views)


def chunk(input, chunks, dim=0) -> tuple:
    if input.ndim == 0:
        raise runtime_error("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise runtime_error(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = normalize_dim(dim, input.ndim)
    size = math.ceil(input.data.shape[d] / chunks)
    return split(input, size, d)


def split(input, split_size_or_sections, dim=0) -> tuple:
    sizes = split_size_or_sections
    if not isinstance(sizes, int) or isinstance(sizes, bool):
        _check_split_sizes(sizes)
    if input.ndim == 0:
        raise runtime_error("split expects at least a 1-dimensional tensor")
    d = normalize_dim(dim, input.ndim)
    n = input.data.shape[d]
    if isinstance(sizes, int):
        if sizes < 0:
            raise runtime_error(f"split expects split_size be non-negative, but got "
                                f"split_size={sizes}")
        if sizes == 0 and n:
            raise runtime_error("split_size can only be 0 if dimension size is 0, but got "
                                f"dimension size of {n}")
        bounds = list(range(0, n, sizes or 1)) + [n]
    else:
        sizes = list(sizes)
        if any(k < 0 for k in sizes):
            raise runtime_error("split_with_sizes expects split_sizes have only non-negative "
                                f"entries, but got split_sizes={sizes}")
        if builtins.sum(sizes) != n:
            raise runtime_error(f"split_with_sizes expects split_sizes to sum exactly to {n} "
                                f"(input tensor's size at dimension {d}), but got "
                                f"split_sizes={sizes}")
        bounds = list(np.cumsum([0, *sizes]))
    return _pieces([apply("split", (input,), dim=d, key=slice(int(a), int(b)))
                    for a, b in zip(bounds[:-1], bounds[1:])])


def _check_split_sizes(sizes) -> None:
    """Tensor.split's list of sizes, as torch's split_with_sizes() reads it."""
    where = "split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints"
    if not isinstance(sizes, (list, tuple)):
        raise type_error(f"{where}, not {type(sizes).__name__}")
    for i, k in enumerate(sizes):
        if not isinstance(k, int):
            raise type_error(f"{where}, but found element of type {type(k).__name__} at pos {i}"
                             if i == 0 else "split_with_sizes(): argument 'split_sizes' failed "
                             f"to unpack the object at pos {i + 1} with error \"type must be "
                             f"tuple of ints,but got {type(k).__name__}\"")


def masked_fill(input, mask, value) -> Tensor:
    broadcast_shape(mask.data.shape, input.data.shape)
    if mask.dtype is not dtypes.bool_:
        raise runtime_error("masked_fill_ only supports boolean masks, but got mask with dtype "
                            f"{mask.dtype.c}")
    if isinstance(value, Tensor):  # a 0-dim tensor value is differentiable: MaskedFillBackward1
        if value.ndim:
            raise runtime_error("masked_fill_ only supports a 0-dimensional value tensor, but "
                                f"got tensor with {value.ndim} dimension(s).")
        return apply("masked_fill_tensor", (input, value), input.dtype,
                     mask=mask.data.astype(bool))
    return apply("masked_fill", (input,), mask=mask.data.astype(bool),
                 value=_written_value(value, input.dtype))


def _index_dtype(index, message: str) -> None:
    if index.dtype not in (dtypes.int64, dtypes.int32):
        raise runtime_error(message)


def gather(input, dim, index, sparse_grad=False) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "gather(): Expected dtype int32/int64 for index")
    if builtins.max(input.ndim, 1) != builtins.max(index.ndim, 1):
        raise runtime_error("Index tensor must have the same number of dimensions as input "
                            "tensor")
    if input.ndim == 0 or index.ndim == 0:  # gathered as 1-dim tensors
        as_1d = [t if t.ndim else reshape(t, 1) for t in (input, index)]
        return reshape(gather(as_1d[0], 0, as_1d[1]), index.data.shape)
    for i, (m, n) in enumerate(zip(index.data.shape, input.data.shape)):
        if i != d and m > n:
            raise runtime_error(f"Size does not match at dimension {i} expected index "
                                f"{list(index.data.shape)} to be no larger than self "
                                f"{list(input.data.shape)} apart from dimension {d}")
    _index_bounds(index.data, input.data.shape[d], lambda v: runtime_error(
        f"index {v} is out of bounds for dimension {d} with size {input.data.shape[d]}"))
    return apply("gather", (input,), dim=d, index=index.data.astype(np.int64))


def _index_bounds(index: np.ndarray, size: int, error) -> None:
    bad = index[(index < 0) | (index >= size)]
    if bad.size:
        raise error(int(bad.flat[0]))


def index_select(input, dim, index) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "index_select(): Expected dtype int32 or int64 for index")
    if index.ndim > 1:
        raise index_error("index_select(): Index is supposed to be a vector")
    _index_bounds(index.data, input.data.shape[d] if input.ndim else 1,
                  lambda v: index_error("index out of range in self"))
    if input.ndim == 0:  # selected as a 1-dim tensor
        return reshape(index_select(reshape(input, 1), 0, index), ())
    return apply("index_select", (input,), dim=d, index=index.data.reshape(-1).astype(np.int64))


def to(input, *args, dtype=None, **kwargs) -> Tensor:
    target = dtype
    for a in args:
        if isinstance(a, (DType, type)):
            target = a
    if target is None:
        return input
    target = dtypes.parse(target)
    if target is input.dtype:
        return input  # NOTE: torch returns the tensor itself, not a copy
    if input.requires_grad and not target.is_floating_point:
        # (nan -> int is INT_MIN, as torch; int results cut the graph silently)
        return Tensor(input.data.astype(target.np))
    return apply("to_copy", (input,), to=target.np)


def _cast(dtype: DType):
    def fn(input) -> Tensor:
        return to(input, dtype)
    return fn


_LEGACY_NAMES = {d.legacy: d for d in dtypes.ALL}


def type_(input, dtype=None, non_blocking=False, memory_format=None):
    """x.type(): the legacy type name; x.type(dtype or 'torch.DoubleTensor'): a cast."""
    if dtype is None:
        return input.dtype.legacy
    if isinstance(dtype, DType):
        return to(input, dtype)
    if isinstance(dtype, str) and dtype in _LEGACY_NAMES:
        return to(input, _LEGACY_NAMES[dtype])
    if isinstance(dtype, (str, type)):
        raise value_error(f"invalid type: '{getattr(dtype, '__name__', dtype)}'")
    raise type_error("dtype must be a type, str, or dtype object")


def contiguous(input) -> Tensor:
    return input if input.data.flags.c_contiguous else apply("contiguous", (input,))


# ---- indexing -------------------------------------------------------------------------


_BAD_INDEX = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
              "are valid indices")


def _index_part(k):
    if isinstance(k, Tensor):
        if k.dtype.is_floating_point:
            raise index_error("tensors used as indices must be long, int, byte or bool tensors")
        if k.dtype.category == dtypes.INT and k.ndim == 0:
            return int(k.data)
        return k.data
    if isinstance(k, list):
        return _list_index(k)
    if isinstance(k, slice):
        return slice(*(_slice_bound(b) for b in (k.start, k.stop, k.step)))
    if isinstance(k, float):
        raise index_error(f"{_BAD_INDEX} (got float)")
    if isinstance(k, str):
        raise type_error("new(): invalid data type 'str'")
    return k


def _slice_bound(b):
    """A slice's start/stop/step as Python reads it: None, an int, or anything with __index__
    (an integer tensor)."""
    if b is None or isinstance(b, (int, np.integer)):
        return None if b is None else int(b)
    if isinstance(b, Tensor) and b.dtype.category == dtypes.INT and b.data.size == 1:
        return int(b.data.reshape(()))
    raise type_error("slice indices must be integers or None or have an __index__ method")


def _list_index(k: list) -> np.ndarray:
    """A list as an index, made a tensor as torch makes it: a mask if all its elements are
    bools, else int64 (floats truncated)."""
    shape = _nested_shape(k)
    flat: list = []
    _flatten(k, shape, 0, flat)
    if flat and builtins.all(type(v) is bool for v in flat):
        return np.array(flat, dtype=bool).reshape(shape)
    for i, v in enumerate(flat):
        if isinstance(v, float):
            if not (math.isfinite(v) and -2.0**63 <= v < 2.0**63):
                raise runtime_error("value cannot be converted to type int64 without overflow")
            flat[i] = int(v)
        elif not INT64_MIN <= v < -INT64_MIN:
            raise value_error("Overflow when unpacking long long")
    return np.array(flat, dtype=np.int64).reshape(shape)


_SEQUENCE_INDEX = ("Using a non-tuple sequence for multidimensional indexing is deprecated and "
                   "will be changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In "
                   "pytorch 2.9 this will be interpreted as tensor index, x[torch.tensor(seq)], "
                   "which will result either in an error or a different result")


def _list_as_tuple(key: list) -> bool:
    """numpy's old rule, which torch keeps (deprecated): a short list that holds a sequence,
    a slice, a tensor, `...` or None is a tuple of indices."""
    if len(key) >= 32:
        return False
    for k in key:
        if isinstance(k, (Tensor, list, tuple, str, range, slice)) or k is Ellipsis or k is None:
            warn(_SEQUENCE_INDEX)
            return True
    return False


def _normalize_key(key, ndim):
    if isinstance(key, list) and _list_as_tuple(key):
        key = tuple(key)
    parts = [_index_part(k) for k in (key if isinstance(key, tuple) else (key,))]
    advanced = any(isinstance(p, np.ndarray) or isinstance(p, bool) for p in parts)
    return parts, advanced


def getitem(t, key) -> Tensor:
    parts, advanced = _normalize_key(key, t.ndim)
    if advanced:
        k = tuple(parts)
        _check_advanced(t, parts)
        return apply("index", (t,), key=k)
    if not isinstance(key, tuple) and isinstance(key, slice):
        return _basic_index(t, parts, whole_slices=True)  # x[:] is SliceBackward0, as torch
    return _basic_index(t, parts)


def _check_advanced(t, parts) -> None:
    """torch's messages for a bad advanced index (numpy finds the same faults, worded apart)."""
    used = builtins.sum(p.ndim if isinstance(p, np.ndarray) and p.dtype == bool else 1
                        for p in parts if p is not None and p is not Ellipsis)
    if used > t.ndim:
        raise index_error(f"too many indices for tensor of dimension {t.ndim}")
    dim, first = 0, None
    for p in parts:
        if p is Ellipsis:
            dim += t.ndim - used
        elif isinstance(p, np.ndarray):
            first = dim if first is None else first
            _check_index_array(p, t.data.shape, dim, dim - first)
            dim += p.ndim if p.dtype == bool else 1
        elif p is not None:
            dim += 1
    arrays = [p for p in parts if isinstance(p, np.ndarray) and p.dtype != bool]
    try:
        np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        shapes = ", ".join(str(list(a.shape)) for a in arrays)
        raise index_error("shape mismatch: indexing tensors could not be broadcast together with "
                          f"shapes {shapes}") from None


def _check_index_array(p, shape, dim, position) -> None:
    if p.dtype == bool:
        indexed = shape[dim:dim + p.ndim]
        for i, (m, n) in enumerate(zip(p.shape, indexed)):
            if m != n:
                raise index_error(f"The shape of the mask {list(p.shape)} at index {i} does not "
                                  f"match the shape of the indexed tensor {list(indexed)} at "
                                  f"index {i}")
        return
    size = shape[dim]
    bad = p[(p < -size) | (p >= size)]
    if bad.size:
        raise index_error(f"index {int(bad.flat[0])} is out of bounds for dimension {position} "
                          f"with size {size}")


def _basic_index(t, parts, whole_slices=False) -> Tensor:
    """Basic indexing as torch applies it: a view op per int, slice and None; `:` that keep
    a whole dim are skipped (unless `whole_slices`), and an index that changes nothing is
    x[...]'s AliasBackward0."""
    used = builtins.sum(1 for p in parts if p is not None and p is not Ellipsis)
    if used > t.ndim:
        if t.ndim == 0 and isinstance(parts[0], int):
            raise index_error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                              "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        raise index_error(f"too many indices for tensor of dimension {t.ndim}")
    out, dim, source_dim = t, 0, 0  # dim in the result so far; source_dim in t (for errors)
    for p in parts:
        if p is Ellipsis:
            dim, source_dim = dim + t.ndim - used, source_dim + t.ndim - used
        elif p is None:
            out = apply("unsqueeze", (out,), dim=dim)
            dim += 1
        elif isinstance(p, slice):
            if p.step is not None and p.step <= 0:
                raise value_error("step must be greater than zero")
            if whole_slices or not _keeps_dim(p, out.data.shape[dim]):
                out = apply("slice", (out,), dim=dim, key=p)
            dim, source_dim = dim + 1, source_dim + 1
        elif isinstance(p, int):
            size = out.data.shape[dim]
            if not -size <= p < size:
                raise index_error(f"index {p} is out of bounds for dimension {source_dim} with "
                                  f"size {size}")
            out = apply("select", (out,), dim=dim, index=p % size)
            source_dim += 1
        else:
            raise index_error(_BAD_INDEX)
    return apply("alias", (t,)) if out is t else out


def _keeps_dim(p: slice, size: int) -> bool:
    return p.start in (None, 0) and p.step in (None, 1) and (p.stop is None or p.stop >= size)


def _whole(parts, shape) -> bool:
    """Whether the non-tensor parts of an index select all of a tensor: torch's setitem then
    writes into the tensor itself instead of into a view (`y[:] = 1` is FillBackward3)."""
    used = builtins.sum(1 for p in parts if p is not None and p is not Ellipsis)
    dims = iter(shape)
    for p in parts:
        if p is Ellipsis or isinstance(p, np.ndarray) and p.dtype != bool:
            for _ in range(len(shape) - used if p is Ellipsis else 1):
                next(dims, None)
            continue
        size = next(dims, None)
        if not isinstance(p, slice) or size is None or not _keeps_dim(p, size):
            return False
    return True


def setitem(t, key, value) -> None:
    """`t[key] = value` as torch does it: fill_/copy_ into t or into the view t[key]
    (CopySlices), or index_put_ for tensor indices."""
    parts, advanced = _normalize_key(key, t.ndim)
    v = _assigned_value(t, value)
    if advanced:
        _index_put(t, parts, v)
        return
    target = t if _whole(parts, t.data.shape) else _basic_index(t, parts)
    v = _drop_leading_ones(v)
    if v.ndim == 0:
        _inplace(_fill)(target, v)
    else:
        _check_expand(v.data.shape, target.data.shape, v.dtype)
        _inplace(_copy)(target, v)


def _assigned_value(t, value) -> Tensor:
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (bool, int, float)):
        if type(value) is int and not INT64_MIN <= value < -INT64_MIN:
            raise value_error("Overflow when unpacking long long")
        return as_tensor(_written_value(value, t.dtype), t.dtype)
    raise type_error(f"can't assign a {type(value).__name__} to a {t.dtype.legacy}")


def _drop_leading_ones(v) -> Tensor:
    """torch drops a value's leading size-1 dims before writing it (`m[0] = ones(1, 3)`)."""
    lead = 0
    while lead < v.ndim and v.data.shape[lead] == 1:
        lead += 1
    return v if lead == 0 else view(v, v.data.shape[lead:])


def _index_put(t, parts, v) -> None:
    """`t[...tensor indices...] = v`: torch makes the view of the other parts, then index_put_
    into it (IndexPutBackward0 on t itself, or CopySlices when the view is a real one)."""
    basic, key = _split_index(parts, t.ndim)
    target = t if _whole(basic, t.data.shape) else _basic_index(t, basic)
    _check_advanced(target, list(key))
    slot = target.data[key].shape
    if not _broadcasts(v.data.shape, slot):
        raise runtime_error(f"shape mismatch: value tensor of shape {list(v.data.shape)} cannot "
                            f"be broadcast to indexing result of shape {list(slot)}")
    _inplace(_index_put_values)(target, v, key)


def _split_index(parts, ndim) -> tuple[list, tuple]:
    """The basic parts of an index (tensor indices kept as full slices), and the key of the
    tensor indices into the view those parts make."""
    spans = [p.ndim if isinstance(p, np.ndarray) and p.dtype == bool else 1
             for p in parts if p is not None and p is not Ellipsis]
    basic, key = [], []
    for p in parts:
        if p is Ellipsis:
            fill = ndim - builtins.sum(spans)
            basic += [slice(None)] * fill
            key += [slice(None)] * fill
        elif isinstance(p, np.ndarray):
            basic += [slice(None)] * (p.ndim if p.dtype == bool else 1)
            key.append(p)
        else:
            basic.append(p)
            if not isinstance(p, int):  # an int's dim is gone from the view
                key.append(slice(None))
    return basic, tuple(key)


def _broadcasts(value_shape, shape) -> bool:
    try:
        return np.broadcast_shapes(value_shape, shape) == tuple(shape)
    except ValueError:
        return False


def _check_expand(value_shape, slot_shape, dtype=None) -> None:
    lead = len(slot_shape) - len(value_shape)
    if lead < 0:
        legacy = (dtype or dtypes.float32).legacy
        raise runtime_error(f"expand({legacy}{{{list(value_shape)}}}, size={list(slot_shape)}): "
                            "the number of sizes provided "
                            f"({len(slot_shape)}) must be greater or equal to the number of "
                            f"dimensions in the tensor ({len(value_shape)})")
    ok = lead >= 0 and all(v in (1, s) for v, s in zip(value_shape, slot_shape[lead:]))
    if not ok:
        for i in range(1, len(value_shape) + 1):
            v = value_shape[-i]
            s = slot_shape[-i] if i <= len(slot_shape) else 1
            if v != 1 and v != s:
                dim = len(slot_shape) - i if i <= len(slot_shape) else 0
                raise runtime_error(
                    f"The expanded size of the tensor ({s}) must match the existing size ({v}) "
                    f"at non-singleton dimension {dim}.  Target sizes: {list(slot_shape)}.  "
                    f"Tensor sizes: {list(value_shape)}")


# ---- in-place ops ---------------------------------------------------------------------


def _inplace(fn):
    def method(self, *args, **kwargs) -> Tensor:
        check_inplace(self, args)
        if K.overlaps(self.data) and not _writes_one_value(fn, args):
            raise runtime_error("unsupported operation: more than one element of the "
                                "written-to tensor refers to a single memory location. Please "
                                "clone() the tensor before performing the operation.")
        result = fn(self, *args, **kwargs)
        if result.dtype is not self.dtype and not self.dtype.is_floating_point and \
                result.dtype.is_floating_point:
            raise runtime_error(f"result type {result.dtype.cpp} can't be cast to the desired "
                                f"output type {self.dtype.cpp}")
        return commit_inplace(self, result)  # the write casts to self's dtype
    return method


def _writes_one_value(fn, args) -> bool:
    """fill_(number) and zero_() may write into an expanded tensor; torch refuses the rest."""
    return fn is _zero or fn is _fill and not isinstance(args[0], Tensor)


def _fill(self, value) -> Tensor:
    if isinstance(value, Tensor):  # a tensor value is differentiable: FillBackward3
        if value.ndim:
            raise runtime_error("fill_ only supports 0-dimension value tensor but got tensor "
                                f"with {value.ndim} dimensions.")
        return apply("fill_tensor", (self, value), self.dtype)
    return apply("fill", (self,), value=_written_value(value, self.dtype))


def _index_put_values(self, values, key) -> Tensor:
    return apply("index_put", (self, values), self.dtype, key=key)


def _zero(self) -> Tensor:
    return apply("zero", (self,))


def _copy(self, other) -> Tensor:
    src = as_tensor(other, self.dtype)
    broadcast_shape(self.data.shape, src.data.shape)  # torch's broadcast message first
    _check_expand(src.data.shape, self.data.shape, src.dtype)
    return apply("copy", (self, src), self.dtype)


# ---- autograd front-ends --------------------------------------------------------------


def _as_list(x):
    if x is None:
        return None
    return list(x) if isinstance(x, (list, tuple)) else [x]


def _seed_grads(outputs, grad_outputs):
    grads = []
    for i, out in enumerate(outputs):
        g = grad_outputs[i] if grad_outputs is not None and i < len(grad_outputs) else None
        if g is None:
            if out.data.size != 1:
                raise runtime_error("grad can be implicitly created only for scalar outputs")
            g = Tensor(np.ones(out.data.shape, out.data.dtype))
        elif not isinstance(g, Tensor):
            raise type_error(f"gradients can be either Tensors or None, but got "
                             f"{type(g).__name__}")
        elif g.data.shape != out.data.shape:
            raise runtime_error(f"Mismatch in shape: grad_output[{i}] has a shape of "
                                f"{Size(g.data.shape)!r} and output[{i}] has a shape of "
                                f"{Size(out.data.shape)!r}.")
        elif g.dtype is not out.dtype:
            g = Tensor(g.data.astype(out.data.dtype))
        grads.append(g)
    return grads


def _check_outputs(outputs) -> None:
    for i, out in enumerate(outputs):
        if not isinstance(out, Tensor):
            raise type_error(f"element {i} of tensors is not a Tensor")
        if not out.requires_grad:
            raise runtime_error(f"element {i} of tensors does not require grad and does not have "
                                "a grad_fn")


def _grad_list(grad_tensors):
    if grad_tensors is None:
        return None
    if isinstance(grad_tensors, (int, float)):
        raise type_error(f"'{type(grad_tensors).__name__}' object is not iterable")
    return list(grad_tensors) if isinstance(grad_tensors, (list, tuple)) else [grad_tensors]


def autograd_backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
                      inputs=None) -> None:
    outputs = _as_list(tensors)
    grads = _grad_list(grad_tensors[0] if isinstance(grad_tensors, list) and
                       len(grad_tensors) == 1 and isinstance(grad_tensors[0], (list, float, int))
                       else grad_tensors)
    _check_outputs(outputs)
    seeds = _seed_grads(outputs, grads)
    keep = create_graph if retain_graph is None else retain_graph
    with _grad_mode(create_graph):
        run_backward(outputs, seeds, keep_graph=bool(keep), create_graph=bool(create_graph),
                     inputs=_as_list(inputs), ns=NAMESPACE)


def autograd_grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
                  only_inputs=True, allow_unused=None, is_grads_batched=False,
                  materialize_grads=False) -> tuple:
    outs, ins = _as_list(outputs), _as_list(inputs)
    _check_outputs(outs)
    for t in ins:
        if not t.requires_grad:
            raise runtime_error("One of the differentiated Tensors does not require grad")
    seeds = _seed_grads(outs, _grad_list(grad_outputs))
    keep = create_graph if retain_graph is None else retain_graph
    with _grad_mode(create_graph):
        record = run_backward(outs, seeds, keep_graph=bool(keep), create_graph=bool(create_graph),
                              inputs=ins, capture=True, ns=NAMESPACE)
    results = []
    for i, (t, g) in enumerate(zip(ins, record.captured)):
        if g is None:
            if materialize_grads:
                results.append(Tensor(np.zeros(t.data.shape, t.data.dtype)))
                continue
            if not allow_unused:
                raise runtime_error(f"The differentiated Tensor at index {i} appears to not have "
                                    "been used in the graph. Set allow_unused=True if this is "
                                    "the desired behavior.")
            results.append(None)
        else:
            results.append(g if create_graph else Tensor(g))
    return tuple(results)


# ---- grad mode ------------------------------------------------------------------------


def _set_grad_enabled(flag: bool) -> None:
    runtime.current.grad_enabled = bool(flag)


class _GradMode:
    """no_grad / enable_grad / set_grad_enabled: context managers that restore the mode."""

    def __init__(self, enabled: bool, name: str, immediate: bool = False):
        self.enabled, self.name, self.previous = enabled, name, []
        self.applied = immediate
        if immediate:  # torch.set_grad_enabled(False) takes effect at once, even without `with`
            self.previous.append(is_grad_enabled())
            _set_grad_enabled(enabled)

    def __enter__(self):
        if self.applied:
            self.applied = False
        else:
            self.previous.append(is_grad_enabled())
            _set_grad_enabled(self.enabled)
        return None

    def __exit__(self, *exc) -> bool:
        _set_grad_enabled(self.previous.pop())
        return False

    def __repr__(self) -> str:
        if self.name == "set_grad_enabled":
            return f"torch.autograd.grad_mode.set_grad_enabled(mode={self.enabled})"
        return f"<torch.autograd.grad_mode.{self.name} object>"


def no_grad() -> _GradMode:
    return _GradMode(False, "no_grad")


def enable_grad() -> _GradMode:
    return _GradMode(True, "enable_grad")


def set_grad_enabled(mode) -> _GradMode:
    return _GradMode(bool(mode), "set_grad_enabled", immediate=True)


class _grad_mode:
    """Grad mode during a backward pass: on only when building the gradient's graph."""

    def __init__(self, create_graph):
        self.create_graph = bool(create_graph)

    def __enter__(self):
        self.previous = is_grad_enabled()
        _set_grad_enabled(self.create_graph)

    def __exit__(self, *exc):
        _set_grad_enabled(self.previous)
        return False


# ---- the differentiable array namespace for create_graph ------------------------------


def _scatter(g, shape, key):
    return apply("index_backward", (g,), shape=tuple(shape), key=key)


def _unscatter(g, key):
    return apply("masked_slots", (g,), key=key)


def _sum_xp(a, axis=None, keepdims=False):
    return sum(a) if axis is None and not keepdims else sum(a, dim=axis, keepdim=keepdims)


NAMESPACE.XP = SimpleNamespace(
    cos=cos, sin=sin, cosh=cosh, sinh=sinh, exp=exp, log=log, sign=sign,
    where=lambda c, a, b: where(c if isinstance(c, Tensor) else Tensor(np.asarray(c)), a, b),
    sum=_sum_xp, broadcast_to=lambda a, shape: expand(a, tuple(shape)),
    reshape=lambda a, shape: reshape(a, tuple(shape)),
    transpose=lambda a, axes=None: permute(a, *(reversed(range(a.ndim)) if axes is None
                                                else axes)),
    swapaxes=transpose, matmul=matmul, scatter=_scatter, unscatter=_unscatter,
    select=lambda a, dim, index: apply("select", (a,), dim=dim, index=index),
    mul_scalar=lambda a, other: apply("mul_scalar", (a,), other=other),
    clamp_min=lambda a, min: clamp_min(a, min), abs=lambda a: abs(a), pow_scalar=pow,
    scatter_src=lambda g, shape, dim, index: apply(
        "scatter_src", (g,), shape=tuple(shape), dim=dim, index=index),
    scatter_add_src=lambda g, shape, dim, index: apply(
        "scatter_add_src", (g,), shape=tuple(shape), dim=dim, index=index),
    index_add_src=lambda g, shape, dim, index: apply(
        "index_add_src", (g,), shape=tuple(shape), dim=dim, index=index),
    gather=lambda a, dim, index: apply("gather", (a,), dim=dim, index=index),
    index_select=lambda a, dim, index: apply("index_select", (a,), dim=dim, index=index),
    stack=lambda tensors, dim: stack(tensors, dim), cat=lambda tensors, dim: cat(tensors, dim),
    zeros_shaped=lambda shape, like: zeros(shape, dtype=like.dtype),
    masked_fill_tensor=lambda a, mask, value: apply("masked_fill_tensor", (a, value),
                                                    mask=np.asarray(mask)),
    div_scalar=lambda a, other: apply("div_scalar", (a,), other=other),
    cast=lambda a, np_dtype: to(a, dtypes.of_array(np.empty(0, np_dtype))),
    flip=lambda a, dim: apply("flip", (a,), dim=dim),
    as_strided=lambda a, positions: apply("as_strided", (a,), positions=positions),
    cumsum=lambda a, dim: cumsum(a, dim), saved_tensors=saved_tensors,
    zeros_like=lambda a: zeros_like(a), ones_like=lambda a: ones_like(a),
    asarray=lambda array: Tensor(np.asarray(array)),  # a constant of the numpy side
    squeeze=lambda a, dim: squeeze(a, dim), unsqueeze=lambda a, dim: unsqueeze(a, dim), t=t,
    masked_fill=lambda a, mask, value: masked_fill(a, _as_mask(mask), value),
    tanh_backward=lambda g, o: apply("tanh_backward", (g, o)),
    sigmoid_backward=lambda g, o: apply("sigmoid_backward", (g, o)),
    threshold_backward=lambda g, a, threshold: apply("threshold_backward", (g, a),
                                                     threshold=threshold),
    leaky_relu_backward=lambda g, a, slope: apply("leaky_relu_backward", (g, a), slope=slope),
    softmax_backward=lambda g, o, dim: apply("softmax_backward", (g, o), dim=dim),
    log_softmax_backward=lambda g, o, dim: apply("log_softmax_backward", (g, o), dim=dim),
    mse_loss_backward=lambda g, a, b, reduction: apply("mse_loss_backward", (g, a, b),
                                                       reduction=reduction),
    nll_loss_backward=lambda g, target, shape, reduction, weight, ignore_index: apply(
        "nll_loss_backward", (g, target), shape=tuple(shape), reduction=reduction,
        weight=weight, ignore_index=ignore_index),
    nll_loss=lambda g, target, reduction, weight, ignore_index: apply(
        "nll_loss", (g, target), reduction=reduction, weight=weight, ignore_index=ignore_index),
    select_backward=lambda g, shape, dim, index: apply(
        "select_backward", (g,), shape=tuple(shape), dim=dim, index=index),
    slice_backward=lambda g, shape, dim, key: apply(
        "slice_backward", (g,), shape=tuple(shape), dim=dim, key=key),
)


def _as_mask(mask) -> Tensor:
    return mask if isinstance(mask, Tensor) else Tensor(np.asarray(mask))


# ---- Tensor methods: the same functions, bound -------------------------------------------

METHOD_FUNCTIONS = dict(
    add=add, sub=sub, subtract=sub, mul=mul, multiply=mul, div=div, divide=div,
    true_divide=div, floor_divide=floor_divide, remainder=remainder, pow=pow, square=square,
    exp=exp, log=log, sin=sin, cos=cos, tan=tan, tanh=tanh, sigmoid=sigmoid, sqrt=sqrt,
    rsqrt=rsqrt, reciprocal=reciprocal, log1p=log1p, expm1=expm1, log2=log2, log10=log10,
    sinh=sinh, cosh=cosh, atan=atan, neg=neg, negative=neg, abs=abs, sign=sign, relu=relu,
    floor=floor, round=round, maximum=maximum, minimum=minimum, clamp=clamp, clip=clamp,
    clamp_min=clamp_min, clamp_max=clamp_max, eq=eq, ne=ne, lt=lt, le=le, gt=gt, ge=ge,
    isnan=isnan, isfinite=isfinite, logical_not=logical_not, allclose=allclose, equal=equal,
    sum=sum, mean=mean, prod=prod, max=max, min=min, amax=amax, amin=amin, argmax=argmax,
    argmin=argmin, norm=norm, cumsum=cumsum, softmax=softmax, log_softmax=log_softmax,
    var=var, std=std, logsumexp=logsumexp, outer=outer, repeat=repeat, narrow=narrow,
    view_as=lambda input, other: view(input, other.data.shape),
    reshape_as=lambda input, other: reshape(input, other.data.shape),
    type_as=lambda input, other: to(input, other.dtype),
    is_contiguous=lambda input: bool(input.data.flags.c_contiguous),
    is_floating_point=lambda input: input.dtype.is_floating_point,
    # (`empty` makes zeros too, with new_zeros' words for a negative size)
    new_zeros=lambda input, *args, size=None, dtype=None, requires_grad=False: empty(
        *args, size=size, dtype=dtype or input.dtype, requires_grad=requires_grad),
    new_ones=lambda input, *args, size=None, dtype=None, requires_grad=False: ones(
        *args, size=size, dtype=dtype or input.dtype, requires_grad=requires_grad),
    new_full=lambda input, size, fill_value, dtype=None, requires_grad=False: full(
        size, fill_value, dtype=dtype or input.dtype, requires_grad=requires_grad),
    new_tensor=lambda input, data, dtype=None, requires_grad=False: tensor(
        data, dtype=dtype or input.dtype, requires_grad=requires_grad),
    mm=mm, mv=mv, dot=dot, matmul=matmul, view=view, reshape=reshape, flatten=flatten,
    squeeze=squeeze, unsqueeze=unsqueeze, transpose=transpose, swapaxes=swapaxes, t=t,
    permute=permute, expand=expand, expand_as=expand_as, unbind=unbind, chunk=chunk,
    split=split, masked_fill=masked_fill, gather=gather, index_select=index_select, to=to,
    float=_cast(dtypes.float32), double=_cast(dtypes.float64), half=_cast(dtypes.float16),
    long=_cast(dtypes.int64), int=_cast(dtypes.int32), bool=_cast(dtypes.bool_),
    contiguous=contiguous, where=lambda input, condition, other: where(condition, input, other),
)
INPLACE_FUNCTIONS = dict(
    add_=add, sub_=sub, mul_=mul, div_=div, pow_=pow, clamp_=clamp, clamp_min_=clamp_min,
    clamp_max_=clamp_max, floor_divide_=floor_divide, remainder_=remainder, neg_=neg,
    exp_=exp, log_=log, sqrt_=sqrt, relu_=relu,
    sigmoid_=sigmoid, tanh_=tanh, abs_=abs, sin_=sin, cos_=cos, fill_=_fill, zero_=_zero,
    copy_=_copy, masked_fill_=masked_fill,
)


def _reflected(fn):
    return lambda self, other: fn(other, self)


def _compare_dunder(fn, when_none):
    def dunder(self, other):
        if other is None or not isinstance(other, (Tensor, bool, int, float)):
            return when_none
        return fn(self, other)
    return dunder


def _operator(fn, operands: tuple = (Tensor, bool, int, float)):
    """A dunder as torch's: for an operand its argument parser refuses, NotImplemented (then
    Python's own TypeError: unsupported operand type(s) for +: 'Tensor' and 'str')."""
    def dunder(self, other):
        if not isinstance(other, operands):
            return NotImplemented
        return fn(self, other)
    return dunder


def _install_methods() -> None:
    for name, fn in METHOD_FUNCTIONS.items():
        setattr(Tensor, name, fn)
    for name, fn in INPLACE_FUNCTIONS.items():
        setattr(Tensor, name, _inplace(fn))
    operators = dict(
        __add__=add, __radd__=add, __sub__=sub, __rsub__=_reflected(sub),
        __mul__=mul, __rmul__=mul, __truediv__=div, __rtruediv__=_reflected(div),
        __floordiv__=floor_divide, __rfloordiv__=_reflected(floor_divide),
        __mod__=remainder, __rmod__=_reflected(remainder), __pow__=pow,
        __rpow__=_reflected(pow), __lt__=lt, __le__=le, __gt__=gt, __ge__=ge,
        __and__=lambda a, b: Tensor(np.logical_and(a.data, as_tensor(b).data)),
        __or__=lambda a, b: Tensor(np.logical_or(a.data, as_tensor(b).data)),
        __iadd__=_inplace(add), __isub__=_inplace(sub), __imul__=_inplace(mul),
        __itruediv__=_inplace(div), __ipow__=_inplace(pow),
        __ifloordiv__=_inplace(floor_divide), __imod__=_inplace(remainder),
    )
    dunders = {name: _operator(fn) for name, fn in operators.items()}
    dunders.update(
        __matmul__=_operator(matmul, (Tensor,)), __rmatmul__=_operator(_reflected(matmul),
                                                                      (Tensor,)),
        __neg__=neg, __pos__=lambda self: self, __abs__=abs,
        __eq__=_compare_dunder(eq, False), __ne__=_compare_dunder(ne, True),
        __getitem__=getitem, __setitem__=setitem, __invert__=logical_not,
    )
    for name, fn in dunders.items():
        setattr(Tensor, name, fn)
    Tensor.T = property(transpose_T)
    Tensor.mT = property(transpose_mT)


_install_methods()
