"""The differentiable array namespace VJPs run on under create_graph=True."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.namespace import GraphNamespace, build
from gradcli.engine.tensor import NAMESPACE, Tensor, apply, saved_tensors
from gradcli.torch._tensor.creation import ones_like, zeros, zeros_like
from gradcli.torch._tensor.linalg import matmul
from gradcli.torch._tensor.pointwise import (
    abs,
    clamp_min,
    cos,
    cosh,
    div,
    exp,
    log,
    pow,
    reciprocal,
    sign,
    sin,
    sinh,
    where,
)
from gradcli.torch._tensor.reductions import cumsum, sum
from gradcli.torch._tensor.shape import (
    cat,
    expand,
    masked_fill,
    permute,
    reshape,
    squeeze,
    stack,
    t,
    to,
    transpose,
    unsqueeze,
)


def _scatter(g, shape, key):
    return apply("index_backward", (g,), shape=tuple(shape), key=key)


def _unscatter(g, key):
    return apply("masked_slots", (g,), key=key)


def _unbind_backward(g, shape, dim, index):
    """torch's UnbindBackward0: the pieces' gradients stacked, zeros for those not used."""
    zeros = zeros_like(g)
    return stack([g if i == index else zeros for i in range(shape[dim])], dim)


def _sum_xp(a, axis=None, keepdims=False):
    return sum(a) if axis is None and not keepdims else sum(a, dim=axis, keepdim=keepdims)


TENSORS: GraphNamespace = build(
    GraphNamespace,
    cos=cos, sin=sin, cosh=cosh, sinh=sinh, exp=exp, log=log, sign=sign,
    xlogy=lambda a, b: apply("xlogy", (a, b)), op=lambda name, *inputs, **params: apply(
        name, inputs, **params),
    where=lambda c, a, b: where(c if isinstance(c, Tensor) else Tensor(np.asarray(c)), a, b),
    sum=_sum_xp, broadcast_to=lambda a, shape: expand(a, tuple(shape)),
    reshape=lambda a, shape: reshape(a, tuple(shape)),
    transpose=lambda a, axes=None: permute(a, *(reversed(range(a.ndim)) if axes is None
                                                else axes)),
    solve=lambda a, b: apply("linalg_solve", (a, b), left=True, vector=False),
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
    reciprocal=reciprocal, rdiv_scalar=lambda a, value: div(value, a),
    cast=lambda a, np_dtype: to(a, dtypes.of_array(np.empty(0, np_dtype))),
    flip=lambda a, dim: apply("flip", (a,), dim=dim),
    roll=lambda a, shifts, dims: apply("roll", (a,), shifts=shifts, dims=dims),
    rot90=lambda a, k, dims: apply("rot90", (a,), k=k, dims=dims),
    cumprod=lambda a, dim: apply("cumprod", (a,), dim=dim),
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
    gelu_backward=lambda g, a, approximate: apply("gelu_backward", (g, a),
                                                  approximate=approximate),
    elu_backward=lambda g, a, alpha: apply("elu_backward", (g, a), alpha=alpha),
    softplus_backward=lambda g, a, beta, threshold: apply(
        "softplus_backward", (g, a), beta=beta, threshold=threshold),
    softmax_backward=lambda g, o, dim: apply("softmax_backward", (g, o), dim=dim),
    log_softmax_backward=lambda g, o, dim: apply("log_softmax_backward", (g, o), dim=dim),
    mse_loss_backward=lambda g, a, b, reduction: apply("mse_loss_backward", (g, a, b),
                                                       reduction=reduction),
    nll_loss_backward=lambda g, target, shape, reduction, weight, ignore_index, spatial: apply(
        "nll_loss2d_backward" if spatial else "nll_loss_backward", (g, target),
        shape=tuple(shape), reduction=reduction, weight=weight, ignore_index=ignore_index),
    div_rounding=lambda a, b, mode: apply("div_rounding", (a, b), mode=mode),
    nll_loss=lambda g, target, reduction, weight, ignore_index, spatial: apply(
        "nll_loss2d" if spatial else "nll_loss", (g, target), reduction=reduction,
        weight=weight, ignore_index=ignore_index),
    select_backward=lambda g, shape, dim, index: apply(
        "select_backward", (g,), shape=tuple(shape), dim=dim, index=index),
    slice_backward=lambda g, shape, dim, key: apply(
        "slice_backward", (g,), shape=tuple(shape), dim=dim, key=key),
    unbind_backward=_unbind_backward,
    diagonal=lambda a, dim1, dim2, offset: apply("diagonal", (a,), dim1=dim1, dim2=dim2,
                                                 offset=offset),
    diagonal_backward=lambda g, shape, dim1, dim2, offset: apply(
        "diagonal_backward", (g,), shape=tuple(shape), dim1=dim1, dim2=dim2, offset=offset),
    im2col=lambda a, kernel, dilation, padding, stride, out: apply(
        "im2col", (a,), kernel=kernel, dilation=dilation, padding=padding, stride=stride,
        out=out),
    col2im=lambda cols, size, kernel, dilation, padding, stride, out: apply(
        "col2im", (cols,), size=tuple(size), kernel=kernel, dilation=dilation, padding=padding,
        stride=stride, out=out),
    adaptive_avg_pool=lambda a, out, extents: apply(
        f"adaptive_avg_pool{len(out)}d", (a,), out=out, extents=extents),
    adaptive_avg_pool_backward=lambda g, a, out, extents: apply(
        f"adaptive_avg_pool{len(out)}d_backward", (g, a), out=out, extents=extents),
    unfold=lambda a, dim, size, step: apply("unfold", (a,), dim=dim, size=size, step=step),
    unfold_backward=lambda g, shape, dim, size, step: apply(
        "unfold_backward", (g,), shape=tuple(shape), dim=dim, size=size, step=step),
    trilinear=lambda i1, i2, i3, expand1, expand2, expand3, sumdim: apply(
        "trilinear", (i1, i2, i3), expand1=tuple(expand1), expand2=tuple(expand2),
        expand3=tuple(expand3), sumdim=tuple(sumdim)),
)
NAMESPACE.XP = TENSORS


def _as_mask(mask) -> Tensor:
    return mask if isinstance(mask, Tensor) else Tensor(np.asarray(mask))
