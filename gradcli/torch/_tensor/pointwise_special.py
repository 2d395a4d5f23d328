"""torch's erf, erfc, atan2, xlogy, lerp, addcmul, addcdiv, nan_to_num and logit (with their dtype
rules and refusals)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply, broadcast_shape
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.pointwise import float_input


@torch_function("erf(Tensor input, *, Tensor out=None)", method=True)
def erf(input) -> Tensor:
    return apply("erf", (input,), float_input(input))


@torch_function("erfc(Tensor input, *, Tensor out=None)", method=True)
def erfc(input) -> Tensor:
    return apply("erfc", (input,), float_input(input))


@torch_function("atan2(Tensor input, Tensor other, *, Tensor out=None)", method=True)
@torch_function("arctan2(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def atan2(input, other) -> Tensor:
    d = dtypes.result_type(input, other)
    d = d if d.is_floating_point else dtypes.default_float
    broadcast_shape(input.data.shape, other.data.shape)
    return apply("atan2", (input, other), d)


arctan2 = atan2


@torch_function("xlogy(Tensor input, Tensor other, *, Tensor out=None)",
                "xlogy(Scalar self, Tensor other, *, Tensor out=None)",
                "xlogy(Tensor input, Scalar other, *, Tensor out=None)", method=True, inplace=True)
def xlogy(input, other) -> Tensor:
    """input * log(other), 0 where input is 0 (unless other is nan)."""
    d = dtypes.result_type(input, other)
    d = d if d.is_floating_point else dtypes.default_float
    if not isinstance(input, Tensor):
        return apply("xlogy_scalar_self", (other,), d, self=input)
    if not isinstance(other, Tensor):
        return apply("xlogy_scalar_other", (input,), d, other=other)
    broadcast_shape(input.data.shape, other.data.shape)
    return apply("xlogy", (input, other), d)


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
        broadcast_shape(broadcast_shape(input.data.shape, end.data.shape), weight.data.shape)
        return apply("lerp_tensor", (input, end, weight), input.dtype)
    broadcast_shape(input.data.shape, end.data.shape)
    return apply("lerp_scalar", (input, end), weight=float(weight))


def _addc(name: str):
    def fn(input, tensor1, tensor2, value=1) -> Tensor:
        if name == "addcdiv" and not tensor1.dtype.is_floating_point \
                and not tensor2.dtype.is_floating_point:
            raise runtime_error(_INTEGER_ADDCDIV)
        broadcast_shape(broadcast_shape(input.data.shape, tensor1.data.shape),
                        tensor2.data.shape)
        d = dtypes.result_type(input, tensor1, tensor2)
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
