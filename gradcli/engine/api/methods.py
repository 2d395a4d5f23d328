"""Tensor's methods and operators: the API functions, bound to Tensor."""
from __future__ import annotations

from .. import dtypes
from ..errors import type_error
from ..layout import CONTIGUOUS_FORMAT, in_format
from ..tensor import Tensor
from . import pointwise_more as pm
from . import rearrange, selecting, sorting
from .autograd import autograd_backward
from .creation import empty, full, ones, tensor
from .elementwise import (
    abs,
    add,
    allclose,
    atan,
    bitwise_and,
    bitwise_or,
    bitwise_xor,
    ceil,
    clamp,
    clamp_max,
    clamp_min,
    cos,
    cosh,
    div,
    eq,
    equal,
    exp,
    expm1,
    floor,
    floor_divide,
    fmod,
    ge,
    gt,
    invert,
    isfinite,
    isnan,
    le,
    log,
    log1p,
    log2,
    log10,
    logical_not,
    lt,
    maximum,
    minimum,
    mul,
    ne,
    neg,
    pow,
    reciprocal,
    relu,
    remainder,
    round,
    rsqrt,
    sigmoid,
    sign,
    sin,
    sinh,
    sqrt,
    square,
    sub,
    tan,
    tanh,
    where,
)
from .indexing import getitem, setitem
from .inplace import _copy, _fill, _inplace, _normal, _uniform, _zero
from .linalg import dot, matmul, mm, mv
from .reductions import (
    amax,
    amin,
    argmax,
    argmin,
    cumsum,
    log_softmax,
    logsumexp,
    max,
    mean,
    min,
    norm,
    outer,
    prod,
    softmax,
    std,
    sum,
    var,
)
from .shape import (
    _cast,
    chunk,
    contiguous,
    diag,
    expand,
    expand_as,
    flatten,
    gather,
    index_select,
    masked_fill,
    narrow,
    permute,
    repeat,
    reshape,
    split,
    squeeze,
    swapaxes,
    t,
    to,
    transpose,
    transpose_mT,
    transpose_T,
    tril,
    triu,
    unbind,
    unsqueeze,
    view,
)

METHOD_FUNCTIONS = dict(
    add=add, sub=sub, subtract=sub, mul=mul, multiply=mul, div=div, divide=div,
    true_divide=div, floor_divide=floor_divide, remainder=remainder, pow=pow, square=square,
    fmod=fmod,
    exp=exp, log=log, sin=sin, cos=cos, tan=tan, tanh=tanh, sigmoid=sigmoid, sqrt=sqrt,
    rsqrt=rsqrt, reciprocal=reciprocal, log1p=log1p, expm1=expm1, log2=log2, log10=log10,
    sinh=sinh, cosh=cosh, atan=atan, neg=neg, negative=neg, abs=abs, sign=sign, relu=relu,
    floor=floor, ceil=ceil, round=round, maximum=maximum, minimum=minimum, clamp=clamp, clip=clamp,
    clamp_min=clamp_min, clamp_max=clamp_max, eq=eq, ne=ne, lt=lt, le=le, gt=gt, ge=ge,
    isnan=isnan, isfinite=isfinite, logical_not=logical_not, allclose=allclose, equal=equal,
    sum=sum, mean=mean, prod=prod, max=max, min=min, amax=amax, amin=amin, argmax=argmax,
    argmin=argmin, norm=norm, cumsum=cumsum, softmax=softmax, log_softmax=log_softmax,
    var=var, std=std, logsumexp=logsumexp, outer=outer, repeat=repeat, narrow=narrow, diag=diag,
    triu=triu, tril=tril, flip=rearrange.flip, roll=rearrange.roll, scatter=rearrange.scatter,
    index_add=rearrange.index_add, cumprod=rearrange.cumprod,
    sort=sorting.sort, argsort=sorting.argsort, msort=sorting.msort, topk=sorting.topk,
    mode=sorting.mode,
    erf=pm.erf, erfc=pm.erfc, atan2=pm.atan2, arctan2=pm.atan2, lerp=pm.lerp,
    addcmul=pm.addcmul, addcdiv=pm.addcdiv, nan_to_num=pm.nan_to_num, logit=pm.logit,
    masked_select=selecting.masked_select, trace=selecting.trace, diagonal=selecting.diagonal,
    unfold=selecting.unfold,
    view_as=lambda input, other: view(input, other.data.shape),
    reshape_as=lambda input, other: reshape(input, other.data.shape),
    type_as=lambda input, other: to(input, other.dtype),
    is_contiguous=lambda input, memory_format=CONTIGUOUS_FORMAT: in_format(input.data,
                                                                            memory_format),
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
    fmod_=fmod,
    exp_=exp, log_=log, sqrt_=sqrt, relu_=relu,
    sigmoid_=sigmoid, tanh_=tanh, abs_=abs, sin_=sin, cos_=cos, fill_=_fill, zero_=_zero,
    copy_=_copy, masked_fill_=masked_fill, uniform_=_uniform, normal_=_normal,
    addcmul_=pm.addcmul, addcdiv_=pm.addcdiv, lerp_=pm.lerp, nan_to_num_=pm.nan_to_num,
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


def _backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None) -> None:
    autograd_backward([self], None if gradient is None else [gradient], retain_graph,
                      create_graph, inputs=inputs)


def _iter(self):
    if not self.data.ndim:
        raise type_error("iteration over a 0-d tensor")
    return iter(unbind(self))


def _install_methods() -> None:
    for name, fn in METHOD_FUNCTIONS.items():
        setattr(Tensor, name, fn)
    for name, fn in INPLACE_FUNCTIONS.items():
        setattr(Tensor, name, _inplace(fn, name))
    operators = dict(
        __add__=add, __radd__=add, __sub__=sub, __rsub__=_reflected(sub),
        __mul__=mul, __rmul__=mul, __truediv__=div, __rtruediv__=_reflected(div),
        __floordiv__=floor_divide, __rfloordiv__=_reflected(floor_divide),
        __mod__=remainder, __rmod__=_reflected(remainder), __pow__=pow,
        __rpow__=_reflected(pow), __lt__=lt, __le__=le, __gt__=gt, __ge__=ge,
        __and__=bitwise_and, __rand__=bitwise_and, __or__=bitwise_or, __ror__=bitwise_or,
        __xor__=bitwise_xor, __rxor__=bitwise_xor,
    )
    augmented = {"iadd": "add_", "isub": "sub_", "imul": "mul_", "itruediv": "div_",
                 "ipow": "pow_", "ifloordiv": "floor_divide_", "imod": "remainder_"}
    operators.update({f"__{dunder}__": _inplace(INPLACE_FUNCTIONS[name], name)
                      for dunder, name in augmented.items()})
    dunders = {name: _operator(fn) for name, fn in operators.items()}
    dunders.update(
        __matmul__=_operator(matmul, (Tensor,)), __rmatmul__=_operator(_reflected(matmul),
                                                                      (Tensor,)),
        __neg__=neg, __pos__=lambda self: self, __abs__=abs,
        __eq__=_compare_dunder(eq, False), __ne__=_compare_dunder(ne, True),
        __iter__=_iter, __getitem__=getitem, __setitem__=setitem, __invert__=invert,
    )
    for name, fn in dunders.items():
        setattr(Tensor, name, fn)
    Tensor.backward = _backward
    Tensor.T = property(transpose_T)
    Tensor.mT = property(transpose_mT)


_install_methods()
