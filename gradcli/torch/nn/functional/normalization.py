"""torch.nn.functional's normalisations (layer_norm, batch_norm), embedding, smooth activations
(gelu, elu, softplus, silu) and Huber-style losses over Tensors: torch's checks, in torch's
order, then the op table's rows (ops_nn.py)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Size, Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.inplace import _inplace
from gradcli.torch._tensor.pointwise import add, clamp_min, div, float_kernel, mul
from gradcli.torch._tensor.reductions import norm
from gradcli.torch._tensor.shape import expand_as
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn.functional.loss import _check_target_size, _reduction, python_name


def _shape_text(shape) -> str:
    return f"[{', '.join(map(str, shape))}]"


# ---- activations --------------------------------------------------------------------------
@torch_function(name="gelu", namespace="torch.nn.functional")
@python_name("gelu")
def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    if approximate not in ("none", "tanh"):
        raise runtime_error("approximate argument must be either none or tanh.")
    float_kernel(input, "GeluKernelImpl")
    return apply("gelu", (input,), approximate=approximate)


@torch_function(name="elu", namespace="torch.nn.functional")
@python_name("elu")
def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    float_kernel(input, "elu_cpu")
    if inplace:  # torch's elu_ saves its result (EluBackward1)
        return _ELU_INPLACE(input, alpha)
    return apply("elu", (input,), alpha=alpha)


@torch_function(name="softplus", namespace="torch.nn.functional")
@python_name("softplus")
def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    float_kernel(input, "softplus_cpu")
    return apply("softplus", (input,), beta=beta, threshold=threshold)


@torch_function(name="silu", namespace="torch.nn.functional")
@python_name("silu")
def silu(input: Tensor, inplace: bool = False) -> Tensor:
    float_kernel(input, "silu_cpu")
    return _SILU_INPLACE(input) if inplace else apply("silu", (input,))


@torch_function("threshold(Tensor input, Scalar threshold, Scalar value, *, Tensor out=None)")
def threshold(input: Tensor, threshold, value) -> Tensor:
    """torch.threshold: value where input <= threshold (ThresholdBackward0)."""
    return apply("threshold", (input,), **_threshold_scalars(input, threshold, value))


def _threshold_scalars(input: Tensor, threshold, value) -> dict:
    # torch's kernel takes both scalars in the input's dtype (a float32 x <= float32(0.3))
    return {k: np.asarray(v).astype(input.data.dtype)[()]
            for k, v in (("threshold", threshold), ("value", value))}


@torch_function("threshold_(Tensor input, Scalar threshold, Scalar value)")
def threshold_(input: Tensor, threshold, value) -> Tensor:
    """torch.threshold_ (ThresholdBackward1, which reads its result): only with value <=
    threshold, where its slope is threshold's (beyond, torch passes the gradient of the
    replaced elements on, which no formula of x gives)."""
    scalars = _threshold_scalars(input, threshold, value)
    if scalars["value"] > scalars["threshold"]:
        raise TorchError("NotImplementedError", "threshold_ (and F.threshold(..., inplace="
                         "True)) with value > threshold is not supported by gradcli yet")
    return _THRESHOLD_INPLACE(input, **scalars)


_THRESHOLD_INPLACE = _inplace(
    lambda t, threshold, value: apply("threshold_result", (t,), threshold=threshold,
                                      value=value), "threshold_")
_ELU_INPLACE = _inplace(lambda t, alpha: apply("elu_result", (t,), alpha=alpha), "elu_")
_SILU_INPLACE = _inplace(lambda t: apply("silu", (t,)), "silu_")


# ---- losses -------------------------------------------------------------------------------
def _broadcast_pair(input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """torch.broadcast_tensors as F's losses call it (tensors already of one shape pass)."""
    if input.shape == target.shape:
        return input, target
    shape = np.broadcast_shapes(input.shape, target.shape)
    return input.expand(*shape), target.expand(*shape)


@torch_function(name="huber_loss", namespace="torch.nn.functional")
@python_name("huber_loss")
def huber_loss(input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0,
               weight: Tensor | None = None) -> Tensor:
    _check_target_size(input, target)
    a, b = _broadcast_pair(input, target)
    if weight is None:
        _reduction(reduction)
    if delta <= 0:
        raise runtime_error("huber_loss does not support non-positive values for delta.")
    if weight is None:
        return apply("huber_loss", (a, b), reduction=reduction, delta=delta)
    if weight.shape != input.shape:
        raise TorchError("ValueError", "Weights and input must have the same size.")
    loss = apply("huber_loss", (a, b), reduction="none", delta=delta) * weight
    if reduction not in ("none", "mean", "sum"):
        raise TorchError("ValueError", f"Invalid reduction mode: {reduction}. Expected one of "
                                       "'none', 'mean', 'sum'.")
    return loss if reduction == "none" else loss.sum() if reduction == "sum" else loss.mean()


@torch_function(name="smooth_l1_loss", namespace="torch.nn.functional")
@python_name("smooth_l1_loss")
def smooth_l1_loss(input: Tensor, target: Tensor, size_average=None, reduce=None,
                   reduction: str = "mean", beta: float = 1.0) -> Tensor:
    from gradcli.torch.nn.functional.loss import l1_loss

    _check_target_size(input, target)
    a, b = _broadcast_pair(input, target)
    if beta == 0.0:  # torch's l1_loss
        return l1_loss(a, b, reduction=reduction)
    _reduction(reduction)
    if beta < 0:
        raise runtime_error("smooth_l1_loss does not support negative values for beta.")
    return apply("smooth_l1_loss", (a, b), reduction=reduction, beta=beta)


# ---- layer norm ---------------------------------------------------------------------------
def _same_dtypes(input: Tensor, *others: Tensor | None) -> None:
    """torch's CPU norms' dtype checks of weight, bias and running stats against the input."""
    params = [t for t in others if t is not None]
    odd = [t.dtype for t in params if t.dtype is not input.dtype]
    if not odd:
        return
    if input.dtype is dtypes.float64:
        raise runtime_error("mixed dtype (CPU): all inputs must share same datatype.")
    if len({t.dtype for t in params}) > 1:  # the parameters disagree among themselves
        raise runtime_error(f"expected scalar type {input.dtype.cpp} but found {odd[0].cpp}")
    raise runtime_error(f"mixed dtype (CPU): expect parameter to have scalar type of "
                        f"{input.dtype.cpp}")


def _affine(t: Tensor | None, shape, fill: float, like: Tensor) -> Tensor:
    """weight or bias, or the constant that stands for a missing one."""
    return t if t is not None else Tensor(np.full(shape, fill, like.data.dtype))


@torch_function(name="layer_norm", namespace="torch.nn.functional")
@python_name("layer_norm")
def layer_norm(input: Tensor, normalized_shape, weight: Tensor | None = None,
               bias: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else \
        tuple(normalized_shape)
    if not shape:
        raise runtime_error("Expected normalized_shape to be at least 1-dimensional, i.e., "
                            "containing at least one element, but got normalized_shape = []")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and t.shape != shape:
            raise runtime_error(f"Expected {name} to be of same shape as normalized_shape, but "
                                f"got {name} of shape {_shape_text(t.shape)} and "
                                f"normalized_shape = {_shape_text(shape)}")
    if input.shape[input.ndim - len(shape):] != shape or input.ndim < len(shape):
        raise runtime_error(f"Given normalized_shape={_shape_text(shape)}, expected input with "
                            f"shape [*, {', '.join(map(str, shape))}], but got input of size"
                            f"{_shape_text(input.shape)}")
    float_kernel(input, "LayerNormKernelImpl")
    _same_dtypes(input, weight, bias)
    return apply("layer_norm", (input, _affine(weight, shape, 1, input),
                                _affine(bias, shape, 0, input)), shape=shape, eps=eps)


# ---- batch norm ---------------------------------------------------------------------------
def _verify_batch_size(shape) -> None:
    values = shape[0] * int(np.prod(shape[2:]))
    if values == 1:
        raise TorchError("ValueError", "Expected more than 1 value per channel when training, "
                                       f"got input size {Size(shape)!r}")


@torch_function(name="batch_norm", namespace="torch.nn.functional")
@python_name("batch_norm")
def batch_norm(input: Tensor, running_mean: Tensor | None, running_var: Tensor | None,
               weight: Tensor | None = None, bias: Tensor | None = None,
               training: bool = False, momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    if training:
        _verify_batch_size(input.shape)
    if training and eps <= 0.0:
        raise TorchError("ValueError", f"batch_norm eps must be positive during training, "
                                       f"but got {eps}")
    if eps < 0.0:
        raise TorchError("ValueError", f"batch_norm eps must be non-negative, but got {eps}")
    if input.numel() == 0:
        return _empty_batch_norm(input, weight, bias)
    channels = input.shape[1] if input.ndim > 1 else 1
    for name, t in (("running_mean", running_mean), ("running_var", running_var)):
        if t is not None and t.numel() != channels:
            raise runtime_error(f"{name} should contain {channels} elements not {t.numel()}")
    if not training and running_mean is None:
        raise runtime_error("running_mean must be defined in evaluation mode")
    float_kernel(input, "batch_norm")
    _same_dtypes(input, weight, bias, running_mean, running_var)
    out = apply("batch_norm", (input, _affine(weight, (channels,), 1, input),
                               _affine(bias, (channels,), 0, input)), training=training,
                mean=None if training else running_mean.data.copy(),
                var=None if training else running_var.data.copy(), eps=eps)
    if training and running_mean is not None:
        _update_running_stats(input.data, running_mean, running_var, momentum)
    return out


def _empty_batch_norm(input: Tensor, weight: Tensor | None, bias: Tensor | None) -> Tensor:
    """torch's _batch_norm_impl_index of an empty input: no statistics and no checks of the
    running ones (left as they are), but a clone scaled by weight[0] and shifted by bias[0],
    so that the gradient chain is kept (CloneBackward0, MulBackward0, AddBackward0)."""
    out = input.clone()
    for t, op in ((weight, mul), (bias, add)):
        if t is not None:
            if t.ndim == 0:
                raise TorchError("IndexError", "select() cannot be applied to a 0-dim tensor.")
            if t.shape[0] == 0:
                raise TorchError("IndexError", "index 0 is out of bounds for dimension 0 with "
                                               "size 0")
            out = op(out, apply("select", (t,), dim=0, index=0))
    return out


def _update_running_stats(x: np.ndarray, running_mean: Tensor, running_var: Tensor,
                          momentum: float) -> None:
    """torch's update, in double: the batch mean, and the batch variance made unbiased."""
    axes = (0, *range(2, x.ndim))
    wide = x.astype(np.float64)
    n = wide.size // wide.shape[1]
    mean = wide.mean(axis=axes)
    unbiased = wide.var(axis=axes) * n / (n - 1)
    with no_grad():
        for stat, batch in ((running_mean, mean), (running_var, unbiased)):
            new = momentum * batch + (1 - momentum) * stat.data.astype(np.float64)
            stat.copy_(Tensor(new.astype(stat.data.dtype)))


# ---- embedding ----------------------------------------------------------------------------
def padding_index(padding_idx: int | None, num_embeddings: int) -> int | None:
    """torch's check and normalisation of padding_idx (Embedding's and F.embedding's)."""
    if padding_idx is None:
        return None
    if not -num_embeddings <= padding_idx < num_embeddings:
        raise TorchError("AssertionError", "Padding_idx must be within num_embeddings")
    return padding_idx % num_embeddings


@torch_function(name="embedding", namespace="torch.nn.functional")
@python_name("embedding")
def embedding(input: Tensor, weight: Tensor, padding_idx: int | None = None,
              max_norm: float | None = None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    padding = padding_index(padding_idx, weight.shape[0])
    if input.dtype not in (dtypes.int64, dtypes.int32):
        raise runtime_error("Expected tensor for argument #1 'indices' to have one of the "
                            "following scalar types: Long, Int; but got "
                            f"{input.dtype.legacy} instead (while checking arguments for "
                            "embedding)")
    indices = input.data.astype(np.int64)
    if indices.size and (indices.min() < 0 or indices.max() >= weight.shape[0]):
        raise TorchError("IndexError", "index out of range in self")
    if scale_grad_by_freq or sparse:
        raise runtime_error("embedding(): scale_grad_by_freq and sparse are not supported by "
                            "gradcli")
    if max_norm is not None:
        _renorm(weight, indices, max_norm, norm_type)
    if padding is None:
        return apply("embedding", (weight,), indices=indices, padding_idx=-1, padding_row=None)
    return apply("embedding_padding", (weight,), indices=indices, padding_idx=padding,
                 padding_row=weight.data[padding].copy())


def _renorm(weight: Tensor, indices: np.ndarray, max_norm: float, norm_type: float) -> None:
    """torch's embedding_renorm_, under no_grad: each looked-up row whose norm exceeds
    max_norm scaled down to it (norm + 1e-7, as torch)."""
    rows = np.unique(indices)
    data = weight.data.astype(np.float64)
    norms = np.linalg.norm(data[rows], ord=norm_type, axis=1)
    scale = np.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    data[rows] *= scale[:, None]
    with no_grad():
        weight.copy_(Tensor(data.astype(weight.data.dtype)))


@torch_function(name="normalize", namespace="torch.nn.functional")
def normalize(input, p=2.0, dim=1, eps=1e-12, out=None) -> Tensor:
    """torch's F.normalize: input / max(||input||_p over dim, eps)."""
    denom = clamp_min(norm(input, p, dim, True), eps)
    return div(input, expand_as(denom, input))
