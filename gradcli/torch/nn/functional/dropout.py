"""torch.nn.functional's dropouts over Tensors (dropout, dropout1d/2d/3d, alpha_dropout,
feature_alpha_dropout): torch's CPU recipes (ATen's _dropout_impl) and their random draws, in
the order torch makes them."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import attribute_of_tensor, takes_tensor, torch_function
from gradcli.torch.nn.functional._common import check_nn

# SELU's saturation, -scale * alpha: where alpha dropout sends what it drops
_ALPHA = 1.7580993408473766


@torch_function(name="dropout", namespace="torch.nn.functional")
@takes_tensor("dropout")
def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False):
    """F.dropout: torch's CPU recipe, input * (bernoulli(1 - p) / (1 - p)) (MulBackward0)."""
    _check_probability(p)
    if not training or p == 0:
        return input
    dtype = input.data.dtype
    if p == 1:
        return input * Tensor(np.zeros((), dtype))
    keep = runtime.current.generator.bernoulli(input.numel(), 1 - p, input.dtype.name)
    keep = _in_memory_order(keep, input.data)
    noise = Tensor((keep / dtype.type(1 - p)).astype(dtype))
    return input.mul_(noise) if inplace else input * noise


def _in_memory_order(values: np.ndarray, like: np.ndarray) -> np.ndarray:
    """Values drawn one after another laid out as torch's empty_like(like) holds them: in
    memory order, which for a permuted dense tensor (a transpose) is not the logical order."""
    if like.flags.c_contiguous or like.ndim < 2:
        return values.reshape(like.shape)
    order = sorted(range(like.ndim), key=lambda d: -like.strides[d])
    dense = np.empty([like.shape[d] for d in order], like.dtype)
    if [like.strides[d] for d in order] != list(dense.strides):
        return values.reshape(like.shape)  # not a permutation of a dense block: contiguous
    return np.transpose(values.reshape(dense.shape), np.argsort(order))


def _check_probability(p) -> None:
    """F's own check of p, before any builtin sees it."""
    if not isinstance(p, (int, float, Tensor)):  # Python's error at torch's `p < 0.0`
        raise TorchError("TypeError", f"'<' not supported between instances of "
                                      f"'{type_name(p)}' and 'float'")
    if p < 0.0 or p > 1.0:
        raise TorchError("ValueError", f"dropout probability has to be between 0 and 1, but "
                                       f"got {p}")


def _dropout_impl(builtin: str, input: Tensor, p: float, training: bool, inplace: bool,
                  feature: bool, alpha: bool, kept_dims: int = 2) -> Tensor:
    """ATen's _dropout_impl: a feature dropout draws one keep per (sample, channel) (its first
    `kept_dims` dims), an alpha dropout moves what it drops to -_ALPHA and rescales so that
    mean and variance stay."""
    check_nn(builtin + ("_" if inplace else ""), input, p, training)
    if p == 0 or not training or input.numel() == 0:
        return input
    dtype = input.data.dtype
    if p == 1:
        zero = Tensor(np.zeros((), dtype))
        return input.mul_(zero) if inplace else input * zero
    noise = _feature_noise(input, p, kept_dims) if feature else _in_memory_order(
        runtime.current.generator.bernoulli(input.numel(), 1 - p, input.dtype.name),
        input.data)
    if not alpha:
        noise = Tensor((noise / dtype.type(1 - p)).astype(dtype))
        return input.mul_(noise) if inplace else input * noise
    a = 1.0 / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
    # torch's b = noise.add(-1).mul_(alpha * a).add_(alpha * a * p), each step in the dtype
    shift = Tensor(((noise - 1) * dtype.type(_ALPHA * a) + dtype.type(_ALPHA * a * p))
                   .astype(dtype))
    scale = Tensor((noise * dtype.type(a)).astype(dtype))
    return (input.mul_(scale) if inplace else input * scale).add_(shift)


def _feature_noise(input: Tensor, p: float, kept_dims: int) -> np.ndarray:
    """ATen's make_feature_noise, drawn: keeps of shape (N, C, 1, ...)."""
    if input.ndim < kept_dims:
        raise runtime_error("Feature dropout requires at least 2 dimensions in the input")
    shape = (*input.shape[:kept_dims], *[1] * (input.ndim - kept_dims))
    keep = runtime.current.generator.bernoulli(math.prod(shape), 1 - p, input.dtype.name)
    return keep.reshape(shape)


def _feature_dim_warning(name: str, ndim: int, expected: tuple[int, int]) -> None:
    if ndim not in expected:
        spatial = expected[0] - 1
        warn(f"{name}: Received a {ndim}-D input to {name}, which is deprecated and will result "
             f"in an error in a future release. To retain the behavior and silence this "
             f"warning, please use dropout instead. Note that {name} exists to provide "
             f"channel-wise dropout on inputs with {spatial} spatial dimensions, a channel "
             f"dimension, and an optional batch dimension (i.e. {expected[0]}D or "
             f"{expected[1]}D inputs).")


@torch_function(name="dropout1d", namespace="torch.nn.functional")
def dropout1d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False):
    """F.dropout1d: feature dropout of (N, C, L); an unbatched (C, L) gets a batch dim of 1."""
    _check_probability(p)
    ndim = attribute_of_tensor(input, "dim").ndim
    if ndim not in (2, 3):
        raise runtime_error(f"dropout1d: Expected 2D or 3D input, but received a {ndim}D input. "
                            f"Note that dropout1d exists to provide channel-wise dropout on "
                            f"inputs with 1 spatial dimension, a channel dimension, and an "
                            f"optional batch dimension (i.e. 2D or 3D inputs).")
    return _feature_dropout_batched(input, p, training, inplace, batched=ndim == 3)


@torch_function(name="dropout2d", namespace="torch.nn.functional")
def dropout2d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False):
    """F.dropout2d: feature dropout, a 3-D input taken as (N, C, L) as torch still does."""
    _check_probability(p)
    ndim = attribute_of_tensor(input, "dim").ndim
    _feature_dim_warning("dropout2d", ndim, (3, 4))
    if ndim == 3:
        warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D "
             "dropout behavior is desired - input is interpreted as shape (N, C, L), where C is "
             "the channel dim. This behavior will change in a future release to interpret the "
             "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
             "channel-wise dropout behavior, please switch to using dropout1d instead.")
    return _dropout_impl("feature_dropout", input, p, training, inplace, True, False)


@torch_function(name="dropout3d", namespace="torch.nn.functional")
def dropout3d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False):
    """F.dropout3d: feature dropout of (N, C, D, H, W) (anything but 5-D as unbatched)."""
    _check_probability(p)
    ndim = attribute_of_tensor(input, "dim").ndim
    _feature_dim_warning("dropout3d", ndim, (4, 5))
    return _feature_dropout_batched(input, p, training, inplace, batched=ndim == 5)


def _feature_dropout_batched(input: Tensor, p, training, inplace, batched: bool) -> Tensor:
    """Feature dropout, an unbatched input given a batch dim of 1 for it (UnsqueezeBackward0
    ... SqueezeBackward1, as torch)."""
    if batched:
        return _dropout_impl("feature_dropout", input, p, training, inplace, True, False)
    if inplace:  # torch's unsqueeze_ and squeeze_ around it: one keep per channel, in place
        return _dropout_impl("feature_dropout", input, p, training, True, True, False,
                             kept_dims=1)
    result = _dropout_impl("feature_dropout", input.unsqueeze(0), p, training, False, True,
                           False)
    return result.squeeze(0)


@torch_function(name="alpha_dropout", namespace="torch.nn.functional")
def alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                  inplace: bool = False):
    _check_probability(p)
    return _dropout_impl("alpha_dropout", input, p, training, inplace, False, True)


@torch_function(name="feature_alpha_dropout", namespace="torch.nn.functional")
def feature_alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                          inplace: bool = False):
    _check_probability(p)
    return _dropout_impl("feature_alpha_dropout", input, p, training, inplace, True, True)
