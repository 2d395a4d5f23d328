"""torch.nn.functional's embedding, embedding_bag and one_hot over Tensors: torch's checks,
in torch's order, then the op table's rows (ops_nn.py, ops_embedding_bag.py)."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import attribute_of_tensor, takes_tensor, torch_function
from gradcli.torch._tensor import shape
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


def index_values(indices: Tensor, checking: str) -> np.ndarray:
    """ATen's checkScalarTypes of an index tensor (Long or Int), its values as int64."""
    if indices.dtype not in (dtypes.int64, dtypes.int32):
        raise runtime_error("Expected tensor for argument #1 'indices' to have one of the "
                            "following scalar types: Long, Int; but got "
                            f"{indices.dtype.legacy} instead (while checking arguments for "
                            f"{checking})")
    return indices.data.astype(np.int64)


@torch_function(name="embedding", namespace="torch.nn.functional")
@python_name("embedding")
def embedding(input: Tensor, weight: Tensor, padding_idx: int | None = None,
              max_norm: float | None = None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    if padding_idx is None:  # (else torch reads weight.size(0) first)
        check_nn("embedding", weight, input)
    padding = padding_index(padding_idx, weight.shape[0])
    indices = index_values(input, "embedding")
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



@torch_function(name="embedding_bag", namespace="torch.nn.functional")
def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2,
                  scale_grad_by_freq=False, mode="mean", sparse=False, per_sample_weights=None,
                  include_last_offset=False, padding_idx=None) -> Tensor:
    """F.embedding_bag: torch's Python checks in its order, then ATen's, then one
    EmbeddingBagBackward0 node (ops_embedding_bag.py)."""
    if attribute_of_tensor(weight, "dtype").dtype is dtypes.int64 and \
            attribute_of_tensor(input, "is_floating_point").dtype.is_floating_point:
        warn("Argument order of nn.functional.embedding_bag was changed. Usage "
             "`embedding_bag(weight, input, ...)` is deprecated, and should now be "
             "`embedding_bag(input, weight, ...)`.")
        weight, input = input, weight
    if per_sample_weights is not None and attribute_of_tensor(input, "size").shape != \
            attribute_of_tensor(per_sample_weights, "size").shape:
        raise TorchError("ValueError", f"embedding_bag: If per_sample_weights "
                                       f"({_size(per_sample_weights)}) is not None, then it must "
                                       f"have the same shape as the input ({_size(input)})")
    if weight.dim() != 2:
        raise TorchError("ValueError", f"weight has to be a 2D Tensor, but got Tensor of "
                                       f"dimension {weight.dim()}")
    input, offsets, include_last_offset = _bags(input, offsets, include_last_offset)
    _check_mode(mode, scale_grad_by_freq, sparse)
    if max_norm is not None:
        _renorm(weight, _rows(input, weight.shape[0]), max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise TorchError("NotImplementedError", f"embedding_bag: per_sample_weights was not "
                                                f"None. per_sample_weights is only supported for "
                                                f"mode='sum' (got mode='{mode}'). Please open a "
                                                f"feature request on GitHub.")
    check_nn("embedding_bag", weight, input, offsets, scale_grad_by_freq,
             ("sum", "mean", "max").index(mode), sparse, per_sample_weights,
             include_last_offset, padding_idx)
    if scale_grad_by_freq or sparse:
        raise runtime_error("embedding_bag(): scale_grad_by_freq and sparse are not supported by "
                            "gradcli")
    rows = _rows(input, weight.shape[0])
    bag_of, bags = _bag_of_each(offsets, rows.size, include_last_offset)
    keep = bag_of >= 0
    if padding_idx is not None:
        keep &= rows != _padding(padding_idx, weight.shape[0])
    if mode == "max":
        return _bag_max(weight, rows, bag_of, keep, bags)
    # the kernel's operands: each bag's float64 membership of every looked-up row, the rows
    runtime.current.foresee(bags * rows.size, 8, "embedding_bag's table of bag members")
    runtime.current.foresee(rows.size * weight.data.shape[1], 8, "embedding_bag's rows")
    membership = np.zeros((bags, rows.size))
    membership[bag_of[keep], np.flatnonzero(keep)] = 1.0
    if mode == "mean":
        counts = membership.sum(1, keepdims=True)
        membership = np.divide(membership, counts, out=np.zeros_like(membership),
                               where=counts > 0)
    if per_sample_weights is None:
        return apply("embedding_bag", (weight,), indices=rows, bags=membership)
    return apply("embedding_bag_weighted", (weight, shape.reshape(per_sample_weights, -1)),
                 indices=rows, bags=membership)


def _size(t) -> str:
    return f"torch.Size({list(t.shape)})"


def _bags(input, offsets, include_last_offset) -> tuple:
    """The indices (flat), the bags' offsets and include_last_offset as torch's Python code
    makes them: a 2-D input is one bag per row."""
    if attribute_of_tensor(input, "dim").dim() == 2:
        if offsets is not None:
            name = "torch.Tensor" if isinstance(offsets, Tensor) else type_name(offsets)
            raise TorchError("ValueError", "if input is 2D, then offsets has to be None, as "
                                           "input is treated is a mini-batch of fixed length "
                                           "sequences. However, found offsets of type "
                                           f"<class '{name}'>")
        starts = np.arange(0, input.numel(), input.shape[1]) if input.shape[1] else \
            np.zeros(0, np.int64)
        return shape.reshape(input, -1), Tensor(starts.astype(input.data.dtype)), False
    if input.dim() != 1:
        raise TorchError("ValueError", f"input has to be 1D or 2D Tensor, but got Tensor of "
                                       f"dimension {input.dim()}")
    if offsets is None:
        raise TorchError("ValueError", "offsets has to be a 1D Tensor but got None")
    if attribute_of_tensor(offsets, "dim").dim() != 1:
        raise TorchError("ValueError", "offsets has to be a 1D Tensor")
    return input, offsets, include_last_offset


def _check_mode(mode, scale_grad_by_freq, sparse) -> None:
    if mode not in ("sum", "mean", "max"):
        raise TorchError("ValueError", "mode has to be one of sum, mean or max")
    if mode == "max" and scale_grad_by_freq:
        raise TorchError("ValueError", "max mode does not support scaling the gradient by the "
                                       "frequency")
    if mode == "max" and sparse:
        raise TorchError("ValueError", "max mode does not support sparse weights")


def _rows(indices: Tensor, count: int | None) -> np.ndarray:
    """ATen's checks of an index tensor (and of each index against `count` rows)."""
    rows = index_values(indices, "embedding_bag")
    bad = np.flatnonzero((rows < 0) | (rows >= count)) if count is not None else ()
    if len(bad):
        raise runtime_error(f"Index {bad[0]} of input takes value {rows[bad[0]]} which is not "
                            f"in the valid range [0, {count})")
    return rows


def _bag_of_each(offsets_tensor: Tensor, length: int, include_last_offset: bool) -> tuple:
    """Which bag each index falls in (-1 past the last offset with include_last_offset), and
    how many bags there are."""
    offsets = _rows(offsets_tensor, None)
    if offsets.size and offsets[0] != 0:  # (ATen prints offsets[0], a 0-dim tensor)
        raise runtime_error(f"offsets[0] has to be 0, i.e., the first sequence in the "
                            f"mini-batch has to start from position 0. However, got "
                            f"{offsets[0]}\n[ {offsets_tensor.dtype.legacy}{{}} ]")
    if offsets.size and offsets[-1] > length:
        raise runtime_error(f"offsets[-1] can not be greater than input's length {length} but "
                            f"got offsets[-1] of {offsets[-1]}")
    bags = max(offsets.size - 1, 0) if include_last_offset else offsets.size
    bag_of = np.searchsorted(offsets, np.arange(length), side="right") - 1
    if include_last_offset:
        bag_of[bag_of >= bags] = -1
    return bag_of, bags


def _padding(padding_idx: int, count: int) -> int:
    if not -count <= padding_idx < count:
        raise runtime_error(f"padding_idx must be within the number of embeddings, -{count} "
                            f"through {count - 1}, but got {padding_idx}")
    return padding_idx % count


def _bag_max(weight, rows, bag_of, keep, bags) -> Tensor:
    """Each bag's columnwise maximum: the first of its rows that holds it (ATen's `>`); an
    empty bag is 0."""
    values = weight.data
    runtime.current.foresee(bags * values.shape[1], 8, "embedding_bag's maxima")
    index = np.zeros((bags, values.shape[1]), np.int64)
    empty = np.ones(bags, bool)
    for position in np.flatnonzero(keep):
        bag, row = bag_of[position], rows[position]
        better = empty[bag] | (values[row] > values[index[bag], np.arange(values.shape[1])])
        index[bag] = np.where(better, row, index[bag])
        empty[bag] = False
    return apply("embedding_bag_max", (weight,), index=index, empty=empty)
