"""torch.native_layer_norm, native_batch_norm and native_group_norm: F's normalisations with
the statistics they computed (the mean and the reciprocal standard deviation). Layer and
batch norm give those without gradient, as torch; group norm's are outputs of its node,
differentiable (torch's backward reads their gradients)."""
from __future__ import annotations

import numpy as np

from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch.nn.functional.normalization import batch_norm, layer_norm
from gradcli.torch.nn.functional.normalization_grouped import group_norm


def _stats(input: Tensor, axes: tuple, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """(mean, 1 / sqrt(biased var + eps)) over `axes`, kept, in the input's dtype."""
    wide = input.data.astype(np.float64)
    mean = wide.mean(axis=axes, keepdims=True)
    with np.errstate(all="ignore"):
        rstd = 1 / np.sqrt(wide.var(axis=axes, keepdims=True) + eps)
    return mean.astype(input.data.dtype), rstd.astype(input.data.dtype)


@torch_function("native_layer_norm(Tensor input, SymIntArrayRef normalized_shape, "
                "Tensor? weight, Tensor? bias, double eps)")
def native_layer_norm(input, normalized_shape, weight, bias, eps) -> tuple:
    out = layer_norm(input, normalized_shape, weight, bias, eps)
    count = len(normalized_shape)
    mean, rstd = _stats(input, tuple(range(input.ndim - count, input.ndim)), eps)
    return out, Tensor(mean), Tensor(rstd)


@torch_function("native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, "
                "Tensor? running_mean, Tensor? running_var, bool training, double momentum, "
                "double eps, *, Tensor out=None)")
def native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum,
                      eps) -> tuple:
    """(out, the batch's mean, its invstd) in training; in evaluation two empty tensors."""
    stats = _stats(input, (0, *range(2, input.ndim)), eps) if training else None
    out = batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
    if stats is None:
        empty = np.empty(0, input.data.dtype)
        return out, Tensor(empty), Tensor(empty.copy())
    return out, *(Tensor(s.reshape(-1)) for s in stats)


@torch_function("native_group_norm(Tensor input, Tensor? weight, Tensor? bias, SymInt N, "
                "SymInt C, SymInt HxW, int64_t group, double eps)")
def native_group_norm(input, weight, bias, N, C, HxW, group, eps) -> tuple:
    out = group_norm(input, group, weight, bias, eps)
    return (out, apply("group_norm_mean", (input,), groups=group),
            apply("group_norm_rstd", (input,), groups=group, eps=eps))
