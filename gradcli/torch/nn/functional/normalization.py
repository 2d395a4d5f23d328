"""torch.nn.functional's normalisations (layer_norm, batch_norm, normalize) over Tensors:
torch's checks, in torch's order, then the op table's rows (ops_nn.py)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Size, Tensor, apply
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch._tensor.pointwise import add, clamp_min, div, float_kernel, mul
from gradcli.torch._tensor.reductions import norm
from gradcli.torch._tensor.shape import expand_as
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn.functional._common import check_nn, python_name


def _shape_text(shape) -> str:
    return f"[{', '.join(map(str, shape))}]"


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
    check_nn("layer_norm", input, normalized_shape, weight, bias, eps)
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


@torch_function(name="normalize", namespace="torch.nn.functional")
def normalize(input, p=2.0, dim=1, eps=1e-12, out=None) -> Tensor:
    """torch's F.normalize: input / max(||input||_p over dim, eps)."""
    attribute_of_tensor(input, "norm")
    denom = clamp_min(norm(input, p, dim, True), eps)
    return div(input, expand_as(denom, input))
