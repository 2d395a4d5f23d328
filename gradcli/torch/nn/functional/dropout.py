"""torch.nn.functional's dropout over Tensors: torch's CPU recipe and its random draws, in
the order torch makes them."""
from __future__ import annotations

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import takes_tensor, torch_function


@torch_function(name="dropout", namespace="torch.nn.functional")
@takes_tensor("dropout")
def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False):
    """F.dropout: torch's CPU recipe, input * (bernoulli(1 - p) / (1 - p)) (MulBackward0)."""
    if not isinstance(p, (int, float, Tensor)):  # Python's error at torch's `p < 0.0`
        raise TorchError("TypeError", f"'<' not supported between instances of "
                                      f"'{type_name(p)}' and 'float'")
    if p < 0.0 or p > 1.0:
        raise TorchError("ValueError", f"dropout probability has to be between 0 and 1, but "
                                       f"got {p}")
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
