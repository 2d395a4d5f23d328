"""torch's elementwise math: unary and binary ops, comparisons, clamp, where, with their dtype
rules and refusals (the special functions: special_functions.py)."""
from __future__ import annotations

import builtins
import math

import numpy as np

from gradcli.engine import dtypes, promotion, runtime
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.ops_pointwise import first_kept
from gradcli.engine.tensor import Tensor, apply, as_tensor, broadcast_shape, wrapped_number
from gradcli.engine.transforms import inherit
from gradcli.torch._declare import torch_function


def float_input(t: Tensor) -> DType:
    """Ops like exp make ints float (the default float dtype), as torch."""
    return t.dtype if t.dtype.is_floating_point else runtime.default_dtype()


# torch's refusals of a bool tensor, where numpy would compute something
_NO_BOOL = {
    "neg": TorchError("RuntimeError", "Negation, the `-` operator, on a bool tensor is not "
                      "supported. If you are trying to invert a mask, use the `~` or "
                      "`logical_not()` operator instead."),
    "abs": TorchError("NotImplementedError", "\"abs_cpu\" not implemented for 'Bool'"),
    "floor": TorchError("NotImplementedError", "\"floor_vml_cpu\" not implemented for 'Bool'"),
    "ceil": TorchError("NotImplementedError", "\"ceil_vml_cpu\" not implemented for 'Bool'"),
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
        return apply(name, (t,), None if keeps_int else float_input(t))
    fn.__name__ = name
    return fn


exp, log, sin, cos, tan, tanh, sigmoid, sqrt, rsqrt, reciprocal = (
    _unary(n) for n in ("exp", "log", "sin", "cos", "tan", "tanh", "sigmoid", "sqrt", "rsqrt",
                        "reciprocal"))
torch_function("exp(Tensor input, *, Tensor out=None)", method=True, inplace=True)(exp)
torch_function("log(Tensor input, *, Tensor out=None)", method=True, inplace=True)(log)
torch_function("sin(Tensor input, *, Tensor out=None)", method=True, inplace=True)(sin)
torch_function("cos(Tensor input, *, Tensor out=None)", method=True, inplace=True)(cos)
torch_function("tan(Tensor input, *, Tensor out=None)", method=True)(tan)
torch_function("tanh(Tensor input, *, Tensor out=None)", method=True, inplace=True)(tanh)
torch_function("sigmoid(Tensor input, *, Tensor out=None)", method=True, inplace=True)(sigmoid)
torch_function("sqrt(Tensor input, *, Tensor out=None)", method=True, inplace=True)(sqrt)
torch_function("rsqrt(Tensor input, *, Tensor out=None)", method=True)(rsqrt)
torch_function("reciprocal(Tensor input, *, Tensor out=None)", method=True)(reciprocal)
log1p, expm1, log2, log10, sinh, cosh, atan = (
    _unary(n) for n in ("log1p", "expm1", "log2", "log10", "sinh", "cosh", "atan"))
torch_function("log1p(Tensor input, *, Tensor out=None)", method=True)(log1p)
torch_function("expm1(Tensor input, *, Tensor out=None)", method=True)(expm1)
torch_function("log2(Tensor input, *, Tensor out=None)", method=True)(log2)
torch_function("log10(Tensor input, *, Tensor out=None)", method=True)(log10)
torch_function("sinh(Tensor input, *, Tensor out=None)", method=True)(sinh)
torch_function("cosh(Tensor input, *, Tensor out=None)", method=True)(cosh)
asin, acos, asinh, acosh, atanh = (
    _unary(n) for n in ("asin", "acos", "asinh", "acosh", "atanh"))
for _fn in (atan, asin, acos, asinh, acosh, atanh):  # each with torch's alias arc*: arcsin, ...
    for _name in (_fn.__name__, "arc" + _fn.__name__[1:]):
        torch_function(f"{_name}(Tensor input, *, Tensor out=None)", method=True,
                       inplace=True)(_fn)
arctan, arcsin, arccos, arcsinh, arccosh, arctanh = atan, asin, acos, asinh, acosh, atanh
neg, abs, sign, relu, floor, ceil = (
    _unary(n, keeps_int=True) for n in ("neg", "abs", "sign", "relu", "floor", "ceil"))
torch_function("neg(Tensor input, *, Tensor out=None)", method=True, inplace=True)(neg)
torch_function("negative(Tensor input, *, Tensor out=None)", method=True)(neg)
torch_function("abs(Tensor input, *, Tensor out=None)", method=True, inplace=True)(abs)
torch_function("sign(Tensor input, *, Tensor out=None)", method=True)(sign)
torch_function("relu(Tensor input)", method=True, inplace=True)(relu)
torch_function("floor(Tensor input, *, Tensor out=None)", method=True)(floor)
torch_function("ceil(Tensor input, *, Tensor out=None)", method=True)(ceil)


@torch_function(
    "round(Tensor input, *, Tensor out=None)",
    "round(Tensor input, *, int64_t decimals, Tensor out=None)",
    method=True,
)
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
    d = promotion.result_type(a, b)
    return runtime.default_dtype() if true_division and not d.is_floating_point else d


def _operand(v, dtype: DType) -> Tensor:
    """A tensor or Python number as an operand of `dtype`; an int that does not fit wraps
    around, as torch's cast of the Scalar does (int32 tensor + 2**40)."""
    try:
        return as_tensor(v, dtype)
    except OverflowError:
        return Tensor(np.array(v).astype(dtype.np))


_FLOAT_OPERANDS: dict = {}  # (numpy dtype, float) -> what _float_and_number said of them


def _float_and_number(a, b) -> tuple[DType, Tensor] | None:
    """(dtype, the number's wrapped operand) of a floating tensor and a Python float, the
    usual `y * 1.01` of a loop, settled without the general promotion (the tensor keeps its
    dtype); None for anything else. Remembered: a loop asks the same at every step."""
    if type(b) is not float or type(a) is not Tensor:
        return None
    key = (a.data.dtype, b)
    fast = _FLOAT_OPERANDS.get(key) if b else None  # (0.0 and -0.0 are one key: not kept)
    if fast is None:
        d = dtypes.of_array(a.data)
        if d.category != dtypes.FLOAT:
            return None
        fast = (d, wrapped_number(b, d.np))
        if b:
            if len(_FLOAT_OPERANDS) > 1024:  # (a bound, for sessions of ever new numbers)
                _FLOAT_OPERANDS.clear()
            _FLOAT_OPERANDS[key] = fast
    return fast


def _operands(a, b, dtype):
    ta, tb = _operand(a, dtype), _operand(b, dtype)
    if ta.data.shape != tb.data.shape:  # (every binary op: the usual case costs one compare)
        foresee_broadcast((ta, tb), dtype.itemsize)
    return ta, tb


def foresee_broadcast(tensors, itemsize: int) -> tuple:
    """The shape `tensors` broadcast to, in their order (torch's error where they cannot); a
    result of that shape, larger than each of them, is refused before it is made:
    ones(10**5, 1) + ones(1, 10**5) is one allocation of 10**10 elements."""
    shapes = [t.data.shape for t in tensors]
    shape = shapes[0]
    for other in shapes[1:]:
        shape = broadcast_shape(shape, other)
    if shape not in shapes:
        runtime.current.foresee(math.prod(shape), itemsize, "the broadcast result")
    return shape


# c10's names of the C types, for its overflow messages
_C_TYPES = {"float16": "c10::Half", "float32": "float", "float64": "double", "uint8": "uint8_t",
            "int8": "int8_t", "int16": "int16_t", "int32": "int", "int64": "int64_t",
            "bool": "bool"}


def written_value(value, dtype: DType):
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


@torch_function(
    "add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    "add(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
    method=True, inplace=True,
)
def add(input, other, alpha=1) -> Tensor:
    fast = _float_and_number(input, other)
    if fast is not None:
        if type(alpha) is not int:  # (an int alpha is right for every floating dtype)
            _check_alpha(fast[0], alpha)
        return apply("add", (input, fast[1]), fast[0], alpha=alpha)
    d = _binary_dtype(input, other)
    operands = _operands(input, other, d)
    _check_alpha(d, alpha)
    return apply("add", operands, d, alpha=alpha)


@torch_function(
    "sub(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    "sub(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
    method=True, inplace=True,
)
@torch_function(
    "subtract(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
    "subtract(Tensor input, Scalar other, Scalar alpha=1)",
    method=True,
)
def sub(input, other, alpha=1) -> Tensor:
    fast = _float_and_number(input, other)
    if fast is not None:
        if type(alpha) is not int:  # (an int alpha is right for every floating dtype)
            _check_alpha(fast[0], alpha)
        return apply("sub", (input, fast[1]), fast[0], alpha=alpha)
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


@torch_function("mul(Tensor input, Tensor other, *, Tensor out=None)", method=True, inplace=True)
@torch_function(
    "multiply(Tensor input, Tensor other, *, Tensor out=None)",
    "multiply(Tensor input, Scalar other)",
    method=True,
)
def mul(input, other) -> Tensor:
    fast = _float_and_number(input, other)
    if fast is not None:
        return apply("mul", (input, fast[1]), fast[0])
    d = _binary_dtype(input, other)
    return apply("mul", _operands(input, other, d), d)


multiply = mul


@torch_function(
    "div(Tensor input, Tensor other, *, Tensor out=None)",
    "div(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
    "div(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    method=True, inplace=True,
)
@torch_function(
    "divide(Tensor input, Tensor other, *, Tensor out=None)",
    "divide(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
    "divide(Tensor input, Scalar other)",
    "divide(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    method=True,
)
@torch_function(
    "true_divide(Tensor input, Tensor other, *, Tensor out=None)",
    "true_divide(Tensor input, Scalar other)",
    method=True,
)
def div(input, other, rounding_mode=None) -> Tensor:
    if rounding_mode is not None:
        return _div_rounding(input, other, rounding_mode)
    fast = _float_and_number(input, other)
    if fast is not None:
        return apply("div", (input, fast[1]), fast[0])
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


@torch_function(
    "floor_divide(Tensor input, Tensor other, *, Tensor out=None)",
    "floor_divide(Tensor input, Scalar other)",
    method=True, inplace=True,
)
def floor_divide(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("floor_divide", _integer_operands(input, other, d), d)


@torch_function(
    "remainder(Tensor input, Tensor other, *, Tensor out=None)",
    "remainder(Scalar self, Tensor other)",
    "remainder(Tensor input, Scalar other, *, Tensor out=None)",
    method=True, inplace=True,
)
def remainder(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    op = "remainder_tensor" if isinstance(other, Tensor) else "remainder"
    return apply(op if isinstance(input, Tensor) else "rremainder",
                 _integer_operands(input, other, d), d)


@torch_function(
    "fmod(Tensor input, Tensor other, *, Tensor out=None)",
    "fmod(Tensor input, Scalar other, *, Tensor out=None)",
    method=True, inplace=True,
)
def fmod(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("fmod_tensor" if isinstance(other, Tensor) else "fmod",
                 _integer_operands(input, other, d), d)


@torch_function(
    "pow(Tensor input, Tensor exponent, *, Tensor out=None)",
    "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
    "pow(Tensor input, Scalar exponent, *, Tensor out=None)",
    method=True, inplace=True,
)
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
        written_value(exponent, d)  # the exponent as the tensor's type: i ** 2**63 overflows
    return apply("pow", (as_tensor(input, d),), d, exponent=exponent)


@torch_function("square(Tensor input, *, Tensor out=None)", method=True)
def square(input) -> Tensor:
    return pow(input, 2)


@torch_function("maximum(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def maximum(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("maximum", _operands(input, other, d), d)


@torch_function("minimum(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def minimum(input, other) -> Tensor:
    d = _binary_dtype(input, other)
    return apply("minimum", _operands(input, other, d), d)


@torch_function(
    "clamp(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
    "clamp(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
    method=True, inplace=True,
)
@torch_function(
    "clip(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
    "clip(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
    method=True,
)
def clamp(input, min=None, max=None) -> Tensor:
    if min is None and max is None:
        raise runtime_error("torch.clamp: At least one of 'min' or 'max' must not be None")
    d = _bounds_dtype(input, min, max)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        # tensor bounds: ClampBackward0; a missing bound is the dtype's farthest value
        lo = _operand(_farthest(d, -1) if min is None else min, d)
        hi = _operand(_farthest(d, 1) if max is None else max, d)
        foresee_broadcast((input, lo, hi), d.itemsize)
        return apply("clamp_tensor", (input, lo, hi), d)
    return apply("clamp", (input,), d, min=_bound(min, d), max=_bound(max, d))


def _bounds_dtype(input, *bounds) -> DType:
    """The dtype of a clamp: an int tensor clamped by a float is a float tensor, as torch."""
    return promotion.result_type(input, *(b for b in bounds if b is not None))


def _bound(value, d: DType):
    return None if value is None else written_value(value, d)


def _farthest(d: DType, sign: int):
    """The value of `d` farthest toward -inf (sign -1) or +inf (1): no bound at all."""
    if d.is_floating_point:
        return sign * math.inf
    if d is dtypes.bool_:
        return sign > 0
    info = np.iinfo(d.np)
    return int(info.max if sign > 0 else info.min)


clip = clamp


@torch_function(
    "clamp_min(Tensor input, Tensor min, *, Tensor out=None)",
    "clamp_min(Tensor input, Scalar min, *, Tensor out=None)",
    method=True, inplace=True,
)
def clamp_min(input, min) -> Tensor:
    d = _bounds_dtype(input, min)
    if isinstance(min, Tensor):  # clamp_min.Tensor: ClampMinBackward1
        return apply("clamp_min_tensor", _operands(input, min, d), d)
    return apply("clamp_min", (input,), d, min=_bound(min, d))


@torch_function(
    "clamp_max(Tensor input, Tensor max, *, Tensor out=None)",
    "clamp_max(Tensor input, Scalar max, *, Tensor out=None)",
    method=True, inplace=True,
)
def clamp_max(input, max) -> Tensor:
    d = _bounds_dtype(input, max)
    if isinstance(max, Tensor):  # clamp_max.Tensor: ClampMaxBackward1
        return apply("clamp_max_tensor", _operands(input, max, d), d)
    return apply("clamp_max", (input,), d, max=_bound(max, d))


@torch_function(
    "where(Tensor condition)",
    "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
    "where(Tensor condition, Scalar self, Tensor other)",
    "where(Tensor condition, Tensor input, Scalar other)",
    "where(Tensor condition, Scalar self, Scalar other)",
)
def where(condition, input=None, other=None) -> Tensor:
    if input is None and other is None:
        return tuple(Tensor(i) for i in np.nonzero(np.atleast_1d(condition.data)))
    if condition.dtype is not dtypes.bool_:
        raise runtime_error("where expected condition to be a boolean tensor, but got a tensor "
                            f"with dtype {condition.dtype.cpp}")
    d = _binary_dtype(input, other)
    a, b = (x if isinstance(x, Tensor) else as_tensor(written_value(x, d), d)
            for x in (input, other))
    foresee_broadcast((condition, a, b), d.itemsize)
    out = apply("where", (condition.detach(), a, b), d)
    if out.grad_fn is not None:  # torch's WhereBackward0 has no edge for the condition
        out.grad_fn.shown_next = out.grad_fn.next[1:]
    return out


def _compare(ufunc):
    def fn(input, other) -> Tensor:
        d = _binary_dtype(input, other)
        a, b = _operands(input, other, d)
        result = Tensor(ufunc(a.data.astype(d.np), b.data.astype(d.np)))
        if runtime.current.transforms:  # (no apply: comparisons have no graph)
            inherit(result, (input, other))
        return result
    return fn


eq, ne, lt, le, gt, ge = (_compare(f) for f in (np.equal, np.not_equal, np.less, np.less_equal,
                                                 np.greater, np.greater_equal))
torch_function(
    "eq(Tensor input, Tensor other, *, Tensor out=None)",
    "eq(Tensor input, Scalar other, *, Tensor out=None)",
    method=True,
)(eq)
torch_function(
    "ne(Tensor input, Tensor other, *, Tensor out=None)",
    "ne(Tensor input, Scalar other, *, Tensor out=None)",
    method=True,
)(ne)
torch_function(
    "lt(Tensor input, Tensor other, *, Tensor out=None)",
    "lt(Tensor input, Scalar other, *, Tensor out=None)",
    method=True,
)(lt)
torch_function(
    "le(Tensor input, Tensor other, *, Tensor out=None)",
    "le(Tensor input, Scalar other, *, Tensor out=None)",
    method=True,
)(le)
torch_function(
    "gt(Tensor input, Tensor other, *, Tensor out=None)",
    "gt(Tensor input, Scalar other, *, Tensor out=None)",
    method=True,
)(gt)
torch_function(
    "ge(Tensor input, Tensor other, *, Tensor out=None)",
    "ge(Tensor input, Scalar other, *, Tensor out=None)",
    method=True,
)(ge)
greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne


def _bitwise(name: str, ufunc):
    """torch.bitwise_and/or/xor (`&`, `|`, `^`): logical on bools, bitwise on integers, no
    kernel for floating types. No gradient: the result is never a float."""
    def fn(input, other) -> Tensor:
        d = _binary_dtype(input, other)
        if d.is_floating_point:
            raise TorchError("NotImplementedError",
                             f'"bitwise_{name}_cpu" not implemented for \'{d.cpp}\'')
        a, b = _operands(input, other, d)
        return Tensor(ufunc(a.data, b.data).astype(d.np))
    return fn


bitwise_and, bitwise_or, bitwise_xor = (
    _bitwise(name, f) for name, f in (("and", np.bitwise_and), ("or", np.bitwise_or),
                                      ("xor", np.bitwise_xor)))


def invert(input) -> Tensor:
    """`~t`: logical not of a bool tensor, bitwise not of an integer one."""
    if input.dtype.is_floating_point:
        raise TorchError("TypeError", "~ (operator.invert) is only implemented on integer and "
                         "Boolean-type tensors")
    return Tensor(np.invert(input.data))


@torch_function("logical_not(Tensor input, *, Tensor out=None)", method=True)
def logical_not(input) -> Tensor:
    return Tensor(np.logical_not(input.data))


@torch_function("isnan(Tensor input)", method=True)
def isnan(input) -> Tensor:
    return Tensor(np.isnan(input.data))


@torch_function("isfinite(Tensor input)", method=True)
def isfinite(input) -> Tensor:
    return Tensor(np.isfinite(input.data))


@torch_function(
    "allclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, "
    "bool equal_nan=False)",
    method=True,
)
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    if input.dtype is not other.dtype:
        raise runtime_error(f"{input.dtype.cpp} did not match {other.dtype.cpp}")
    foresee_broadcast((input, other), input.data.itemsize)
    return bool(np.allclose(input.data, other.data, rtol=rtol, atol=atol, equal_nan=equal_nan))


@torch_function("equal(Tensor input, Tensor other)", method=True)
def equal(input, other) -> bool:
    return input.data.shape == other.data.shape and bool(np.array_equal(input.data, other.data))


def float_kernel(input, kernel: str) -> None:
    """torch's kernels that refuse integer tensors (softmax, mse_loss, ...)."""
    float_kernel_dtype(input.dtype, kernel)


def float_kernel_dtype(d: DType, kernel: str) -> None:
    if not d.is_floating_point:
        raise TorchError("NotImplementedError", f'"{kernel}" not implemented for \'{d.cpp}\'')


# ---- trunc, frac, sgn, positive, deg2rad, copysign, fmax, fmin, rsub, nextafter... ---
def _float_only(input, kernel: str) -> None:
    """torch's kernels with no integer (nor bool) version: frac_cpu, trunc_vml_cpu (bool)."""
    if not input.dtype.is_floating_point:
        raise TorchError("NotImplementedError", f"\"{kernel}\" not implemented for "
                         f"'{input.dtype.cpp}'")


@torch_function("trunc(Tensor input, *, Tensor out=None)", method=True, inplace=True)
@torch_function("fix(Tensor input, *, Tensor out=None)", method=True, inplace=True)
def trunc(input) -> Tensor:
    if input.dtype is dtypes.bool_:
        _float_only(input, "trunc_vml_cpu")
    return apply("trunc", (input,))


fix = trunc


@torch_function("frac(Tensor input, *, Tensor out=None)", method=True, inplace=True)
def frac(input) -> Tensor:
    _float_only(input, "frac_cpu")
    return apply("frac", (input,))


@torch_function("sgn(Tensor input, *, Tensor out=None)", method=True, inplace=True)
def sgn(input) -> Tensor:
    return apply("sgn", (input,))


@torch_function("positive(Tensor input)", method=True)
def positive(input) -> Tensor:
    """The tensor itself (torch returns it, not a copy)."""
    if input.dtype is dtypes.bool_:
        raise runtime_error("The `+` operator, on a bool tensor is not supported.")
    return input


@torch_function("deg2rad(Tensor input, *, Tensor out=None)", method=True, inplace=True)
def deg2rad(input) -> Tensor:
    return apply("deg2rad", (input,), float_input(input))


@torch_function("rad2deg(Tensor input, *, Tensor out=None)", method=True, inplace=True)
def rad2deg(input) -> Tensor:
    return apply("rad2deg", (input,), float_input(input))


def _float_result(*operands) -> DType:
    d = promotion.result_type(*operands)
    return d if d.is_floating_point else runtime.default_dtype()


@torch_function(
    "copysign(Tensor input, Tensor other, *, Tensor out=None)",
    "copysign(Tensor input, Scalar other, *, Tensor out=None)",
    method=True, inplace=True,
)
def copysign(input, other) -> Tensor:
    """|input| with other's sign (of -0.0 too); a float result, as torch's."""
    d = _float_result(input, other)
    if not isinstance(other, Tensor):
        return apply("copysign_scalar", (input,), d, negative=math.copysign(1, other) < 0)
    foresee_broadcast((input, other), d.itemsize)
    return apply("copysign", (input, other), d, negative=np.signbit(other.data))


def _fmaxmin(name: str, first_wins):
    """fmax/fmin: the other where one side is nan."""
    def fn(input, other) -> Tensor:
        d = _binary_dtype(input, other)
        a, b = _operands(input, other, d)
        first = np.broadcast_to(first_kept(a.data, b.data, first_wins),
                                np.broadcast_shapes(a.data.shape, b.data.shape))
        return apply(name, (a, b), d, first=first)
    fn.__name__ = name
    return fn


fmax, fmin = _fmaxmin("fmax", np.greater_equal), _fmaxmin("fmin", np.less_equal)
torch_function("fmax(Tensor input, Tensor other, *, Tensor out=None)", method=True)(fmax)
torch_function("fmin(Tensor input, Tensor other, *, Tensor out=None)", method=True)(fmin)


@torch_function("rsub(Tensor input, Tensor other, *, Scalar alpha=1)",
                "rsub(Tensor input, Scalar other, Scalar alpha=1)")
def rsub(input, other, alpha=1) -> Tensor:
    """other - alpha * input."""
    _check_sub(other, input)
    d = _binary_dtype(input, other)
    _check_alpha(d, alpha)
    if not isinstance(other, Tensor):
        return apply("rsub", (as_tensor(input, d),), d, other=other, alpha=alpha)
    return apply("rsub_tensor", _operands(input, other, d), d, alpha=alpha)


@torch_function("nextafter(Tensor input, Tensor other, *, Tensor out=None)", method=True,
                inplace=True)
def nextafter(input, other) -> Tensor:
    d = promotion.result_type(input, other)
    float_kernel_dtype(d, "nextafter_cpu")
    a, b = _operands(input, other, d)
    fixed = np.where(a.data == b.data, b.data, np.nan)  # (the check's constants)
    return apply("nextafter", (a, b), d, fixed=np.broadcast_to(fixed, np.broadcast_shapes(
        a.data.shape, b.data.shape)))


@torch_function("heaviside(Tensor input, Tensor values, *, Tensor out=None)", method=True,
                inplace=True)
def heaviside(input, values) -> Tensor:
    """values where input is 0, else 0 below and 1 above; not differentiable in torch."""
    if input.dtype is not values.dtype:
        raise runtime_error("heaviside is not yet implemented for tensors with different "
                            "dtypes.")
    foresee_broadcast((input, values), input.data.itemsize)
    return apply("heaviside", (input, values))
