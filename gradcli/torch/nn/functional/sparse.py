"""torch.nn.functional's embedding and one_hot over Tensors: torch's checks, in torch's
order, then the op table's rows (ops_nn.py)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import takes_tensor, torch_function
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn.functional._common import check_nn, python_name


def padding_index(padding_idx: int | None, num_embeddings: int) -> int | None:
    """torch's check and normalisation of padding_idx (Embedding's and F.embedding's)."""
    if padding_idx is None:
        return None
    if not isinstance(padding_idx, (int, float)):  # Python's error at torch's `padding_idx > 0`
        raise TorchError("TypeError", f"'>' not supported between instances of "
                                      f"'{type_name(padding_idx)}' and 'int'")
    if not -num_embeddings <= padding_idx < num_embeddings:
        raise TorchError("AssertionError", "Padding_idx must be within num_embeddings")
    return padding_idx % num_embeddings


@torch_function(name="embedding", namespace="torch.nn.functional")
@python_name("embedding")
def embedding(input: Tensor, weight: Tensor, padding_idx: int | None = None,
              max_norm: float | None = None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    if padding_idx is None:  # (else torch reads weight.size(0) first)
        check_nn("embedding", weight, input)
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
    runtime.current.foresee(indices.size * weight.data.shape[1], weight.data.itemsize,
                            "F.embedding's result")
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


@torch_function(name="one_hot", namespace="torch.nn.functional")
@takes_tensor("one_hot")
def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """F.one_hot: int64 rows with a 1 at each class index (no gradient: an integer result)."""
    if tensor.dtype is not dtypes.int64:
        raise runtime_error("one_hot is only applicable to index tensor of type LongTensor.")
    values = tensor.data
    if values.size and values.min() < 0:
        raise runtime_error("Class values must be non-negative.")
    if num_classes == -1:
        if not values.size:
            raise runtime_error("Can not infer total number of classes from empty tensor.")
        num_classes = int(values.max()) + 1
    elif values.size and values.max() >= num_classes:
        raise runtime_error("Class values must be smaller than num_classes.")
    runtime.current.foresee(values.size * num_classes, 8, "F.one_hot's result")
    out = np.zeros((*values.shape, num_classes), dtype=np.int64)
    np.put_along_axis(out, values[..., None], 1, axis=-1)
    return Tensor(out)
