"""torch's special functions and the elementwise math beyond arithmetic: erf, erfc, atan2,
hypot, xlogy, frexp, lerp, addcmul, addcdiv, nan_to_num, logit; lgamma, digamma, polygamma,
mvlgamma, erfinv, i0, sinc, logaddexp, logaddexp2. torch.special's own are in torch/special.py."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, promotion, runtime
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import tensor_method, torch_function
from gradcli.torch._tensor.pointwise import float_input, foresee_broadcast, pow
from gradcli.torch._tensor.reductions import ReturnTypes
from gradcli.torch._tensor.shape import to


# ---- erf, atan2, hypot, xlogy, lerp, addc*, nan_to_num, logit ---------------------------
@torch_function("erf(Tensor input, *, Tensor out=None)", method=True)
def erf(input) -> Tensor:
    return apply("erf", (input,), float_input(input))


@torch_function("exp2(Tensor input, *, Tensor out=None)", method=True, inplace=True)
def exp2(input) -> Tensor:
    return apply("exp2", (input,), float_input(input))


@torch_function("frexp(Tensor input, *, TensorList out=None)", method=("frexp()",))
def frexp(input) -> ReturnTypes:
    """(mantissa, exponent): input = mantissa * 2**exponent, |mantissa| in [0.5, 1)."""
    if not input.dtype.is_floating_point:
        raise runtime_error("torch.frexp() only supports floating-point dtypes")
    exponent = np.frexp(input.data)[1].astype(np.int32)
    mantissa = apply("frexp", (input,), exponent=exponent)
    return ReturnTypes("frexp", mantissa, Tensor(exponent), fields=("mantissa", "exponent"))


@torch_function("erfc(Tensor input, *, Tensor out=None)", method=True)
def erfc(input) -> Tensor:
    return apply("erfc", (input,), float_input(input))


@torch_function("atan2(Tensor input, Tensor other, *, Tensor out=None)", method=True)
@torch_function("arctan2(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def atan2(input, other) -> Tensor:
    d = promotion.result_type(input, other)
    d = d if d.is_floating_point else runtime.default_dtype()
    foresee_broadcast((input, other), d.itemsize)
    return apply("atan2", (input, other), d)


arctan2 = atan2


@torch_function("hypot(Tensor input, Tensor other, *, Tensor out=None)", method=True, inplace=True)
def hypot(input, other) -> Tensor:
    d = promotion.result_type(input, other)
    if not d.is_floating_point:
        raise TorchError("NotImplementedError", f"\"hypot_cpu\" not implemented for '{d.cpp}'")
    foresee_broadcast((input, other), d.itemsize)
    return apply("hypot", (input, other), d)


def _x_log(name: str):
    """xlogy (input * log(other)) or xlog1py (input * log1p(other)): 0 where input is 0
    (unless other is nan); a number on either side is a param of the op."""
    def fn(input, other) -> Tensor:
        d = promotion.result_type(input, other)
        d = d if d.is_floating_point else runtime.default_dtype()
        if not isinstance(input, Tensor):
            return apply(f"{name}_scalar_self", (other,), d, self=input)
        if not isinstance(other, Tensor):
            return apply(f"{name}_scalar_other", (input,), d, other=other)
        foresee_broadcast((input, other), d.itemsize)
        return apply(name, (input, other), d)
    fn.__name__ = name
    return fn


xlogy, xlog1py = _x_log("xlogy"), _x_log("xlog1py")
torch_function("xlogy(Tensor input, Tensor other, *, Tensor out=None)",
               "xlogy(Scalar self, Tensor other, *, Tensor out=None)",
               "xlogy(Tensor input, Scalar other, *, Tensor out=None)", method=True,
               inplace=True)(xlogy)


def _same_dtype(input, t, name: str) -> None:
    if t.dtype is not input.dtype:
        raise runtime_error(f"expected dtype {input.dtype.c} for `{name}` but got dtype "
                            f"{t.dtype.c}")


@torch_function(
    "lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)",
    "lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)",
    method=True, inplace=True,
)
def lerp(input, end, weight) -> Tensor:
    _same_dtype(input, end, "end")
    tensor_weight = isinstance(weight, Tensor)
    if tensor_weight and weight.ndim:
        _same_dtype(input, weight, "weight")
    if not input.dtype.is_floating_point:
        kernel = "lerp_kernel_tensor" if tensor_weight else "lerp_kernel_scalar"
        raise TorchError("NotImplementedError",
                         f"\"{kernel}\" not implemented for '{input.dtype.cpp}'")
    if tensor_weight:
        foresee_broadcast((input, end, weight), input.data.itemsize)
        return apply("lerp_tensor", (input, end, weight), input.dtype)
    foresee_broadcast((input, end), input.data.itemsize)
    return apply("lerp_scalar", (input, end), weight=float(weight))


def _addc(name: str):
    def fn(input, tensor1, tensor2, value=1) -> Tensor:
        if name == "addcdiv" and not tensor1.dtype.is_floating_point \
                and not tensor2.dtype.is_floating_point:
            raise runtime_error(_INTEGER_ADDCDIV)
        d = promotion.result_type(input, tensor1, tensor2)
        foresee_broadcast((input, tensor1, tensor2), d.itemsize)
        return apply(name, (input, tensor1, tensor2), d, value=value)
    fn.__name__ = name
    return fn


_INTEGER_ADDCDIV = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
    "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
    "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
    "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
    "addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), "
    "for all dtypes.")
addcmul, addcdiv = _addc("addcmul"), _addc("addcdiv")
torch_function(
    "addcmul(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
    "addcmul(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2)|deprecated",
    method=True, inplace=True,
)(addcmul)
torch_function(
    "addcdiv(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
    "addcdiv(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2)|deprecated",
    method=True, inplace=True,
)(addcdiv)


@torch_function(
    "nan_to_num(Tensor input, double? nan=None, double? posinf=None, double? neginf=None, *, "
    "Tensor out=None)",
    method=True, inplace=True,
)
def nan_to_num(input, nan=None, posinf=None, neginf=None) -> Tensor:
    """nan, inf and -inf replaced (by 0 and the dtype's largest and lowest values unless
    given); ints come back as a copy."""
    data = input.data
    if not input.dtype.is_floating_point:
        return Tensor(data.copy())
    info = np.finfo(data.dtype)
    kind = np.select([np.isnan(data), data == np.inf, data == -np.inf], [1, 2, 3], 0)
    return apply("nan_to_num", (input,), nan=0.0 if nan is None else float(nan),
                 posinf=float(info.max) if posinf is None else float(posinf),
                 neginf=float(info.min) if neginf is None else float(neginf),
                 kind=kind.astype(np.int8))


@torch_function("logit(Tensor input, double? eps=None, *, Tensor out=None)", method=True)
def logit(input, eps=None) -> Tensor:
    return apply("logit", (input,), float_input(input), eps=eps)


# ---- lgamma, digamma, polygamma, mvlgamma, erfinv, i0, sinc -------------------------
def _float_unary(name: str):
    def fn(input) -> Tensor:
        return apply(name, (input,), float_input(input))
    fn.__name__ = name
    return fn


lgamma, digamma, erfinv, i0, sinc = (
    _float_unary(n) for n in ("lgamma", "digamma", "erfinv", "i0", "sinc"))
torch_function("lgamma(Tensor input, *, Tensor out=None)", method=True, inplace=True)(lgamma)
torch_function("digamma(Tensor input, *, Tensor out=None)", method=True, inplace=True)(digamma)
torch_function("erfinv(Tensor input, *, Tensor out=None)", method=True, inplace=True)(erfinv)
torch_function("i0(Tensor input, *, Tensor out=None)", method=True, inplace=True)(i0)
torch_function("sinc(Tensor input, *, Tensor out=None)", method=True, inplace=True)(sinc)


@torch_function("polygamma(int64_t n, Tensor input, *, Tensor out=None)")
def polygamma(n, input) -> Tensor:
    """The n-th derivative of digamma (digamma itself for n = 0)."""
    if n < 0:
        raise runtime_error("polygamma(n, x) does not support negative n.")
    return apply("polygamma", (input,), float_input(input), n=n)


@tensor_method("polygamma(int64_t n)", inplace=True)
def _polygamma_method(self, n) -> Tensor:
    return polygamma(n, self)


@torch_function("mvlgamma(Tensor input, int64_t p)", method=True)
def mvlgamma(input, p) -> Tensor:
    """The multivariate log-gamma function of dimension p."""
    if input.dtype is dtypes.bool_:
        raise runtime_error("The input tensor may not be a boolean tensor.")
    if p < 1:
        raise runtime_error("p has to be greater than or equal to 1")
    return apply("mvlgamma", (input,), float_input(input), p=p)


@tensor_method("mvlgamma_(int64_t p)", writes=True)
def _mvlgamma_(self, p) -> Tensor:
    if not self.dtype.is_floating_point and self.dtype is not dtypes.bool_:
        raise runtime_error(f"mvlgamma: result type {self.dtype.cpp} can't be cast to the "
                            "desired output type Float")
    return mvlgamma(self, p)


# ---- logaddexp, logaddexp2, ldexp, float_power -------------------------------------------
def _logaddexp(name: str):
    def fn(input, other) -> Tensor:
        d = promotion.result_type(input, other)
        if not d.is_floating_point:
            raise TorchError("NotImplementedError", f"\"{name}_cpu\" not implemented for "
                             f"'{d.cpp}'")
        foresee_broadcast((input, other), d.itemsize)
        return apply(name, (input, other), d)
    fn.__name__ = name
    return fn


logaddexp, logaddexp2 = _logaddexp("logaddexp"), _logaddexp("logaddexp2")
torch_function("logaddexp(Tensor input, Tensor other, *, Tensor out=None)", method=True)(
    logaddexp)
torch_function("logaddexp2(Tensor input, Tensor other, *, Tensor out=None)", method=True)(
    logaddexp2)


@torch_function("ldexp(Tensor input, Tensor other, *, Tensor out=None)", method=True,
                inplace=True)
def ldexp(input, other) -> Tensor:
    """input * 2 ** other, a float result."""
    d = promotion.result_type(input, other)
    d = d if d.is_floating_point else runtime.default_dtype()
    foresee_broadcast((input, other), d.itemsize)
    return apply("ldexp", (input, other), d)


@torch_function(
    "float_power(Tensor input, Tensor exponent, *, Tensor out=None)",
    "float_power(Scalar self, Tensor exponent, *, Tensor out=None)",
    "float_power(Tensor input, Scalar exponent, *, Tensor out=None)",
    method=True,
)
def float_power(input, exponent) -> Tensor:
    """pow in double precision: both sides cast to float64 first (ToCopyBackward0s)."""
    if not isinstance(input, Tensor):
        return pow(float(input), to(exponent, dtypes.float64))
    if not isinstance(exponent, Tensor):
        return pow(to(input, dtypes.float64), float(exponent))
    return pow(to(input, dtypes.float64), to(exponent, dtypes.float64))


@tensor_method("float_power_(Tensor exponent)", "float_power_(Scalar exponent)", writes=True)
def _float_power_(self, exponent) -> Tensor:
    if self.dtype is not dtypes.float64:
        raise runtime_error(f"the base given to float_power_ has dtype {self.dtype.cpp} but the "
                            "operation's result requires dtype Double")
    return float_power(self, exponent)
