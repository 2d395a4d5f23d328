"""torch's select, masked_select, trace, diagonal, Tensor.unfold and nonzero (argwhere,
count_nonzero): ops that read some of the input's elements."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import index_error, runtime_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import tensor_method, torch_function
from gradcli.torch._tensor.pointwise import foresee_broadcast, where


def selected_index(input: Tensor, dim: int, index: int) -> tuple[int, int]:
    """(dim, index) of select(input, dim, index), both from 0, with torch's refusals."""
    if input.ndim == 0:
        raise index_error("select() cannot be applied to a 0-dim tensor.")
    d = normalize_dim(dim, input.ndim)
    size = input.data.shape[d]
    if not -size <= index < size:
        raise index_error(f"select(): index {index} out of range for tensor of size "
                          f"{list(input.data.shape)} at dimension {d}")
    return d, index % size


@torch_function("select(Tensor input, int64_t dim, SymInt index)", method=True)
def select(input, dim, index) -> Tensor:
    d, i = selected_index(input, dim, index)
    return apply("select", (input,), dim=d, index=i)


@torch_function("masked_select(Tensor input, Tensor mask, *, Tensor out=None)", method=True)
def masked_select(input, mask) -> Tensor:
    if mask.dtype is not dtypes.bool_:
        raise runtime_error("masked_select: expected BoolTensor for mask")
    # (the order of its message; each broadcast position of the mask is read)
    shape = foresee_broadcast((mask, input), 1)
    selected = np.broadcast_to(mask.data, shape)
    # a 0-d mask selects by itself (numpy has no nonzero of a 0-d array)
    key = np.nonzero(selected) if shape else np.asarray(selected, dtype=bool)
    return apply("masked_select", (input,), shape=tuple(shape), key=key)


@torch_function("trace(Tensor input)", method=True)
def trace(input) -> Tensor:
    if input.ndim != 2:
        raise runtime_error(f"trace: expected a matrix, but got tensor with dim {input.ndim}")
    return apply("trace", (input,))


@torch_function(
    "diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)",
    method=True,
)
def diagonal(input, offset=0, dim1=0, dim2=1) -> Tensor:
    d1, d2 = normalize_dim(dim1, input.ndim), normalize_dim(dim2, input.ndim)
    if d1 == d2:
        raise runtime_error(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return apply("diagonal", (input,), dim1=d1, dim2=d2, offset=offset)


@tensor_method("unfold(int64_t dimension, int64_t size, int64_t step)")
def unfold(input, dimension, size, step) -> Tensor:
    """x.unfold(dimension, size, step): a view of the windows (UnfoldBackward0)."""
    d = normalize_dim(dimension, input.ndim)
    most = input.data.shape[d] if input.ndim else 1
    if size > most:
        raise runtime_error(f"maximum size for tensor at dimension {d} is {most} but size is "
                            f"{size}")
    if size < 0:
        raise runtime_error(f"size is {size} but must be >= 0")
    if step <= 0:
        raise runtime_error(f"step is {step} but must be > 0")
    return apply("unfold", (input,), dim=d, size=size, step=step)


@torch_function("nonzero(Tensor input, *, Tensor out=None)",
                "nonzero(Tensor input, *, bool as_tuple)|hidden")
def nonzero(input, *, as_tuple=False):
    """The indices of the nonzero elements: one row per element (int64, no gradient), or with
    as_tuple one index tensor per dim (a 0-d tensor counts as 1-d)."""
    if as_tuple:
        return where(input)
    return Tensor(np.argwhere(input.data).astype(np.int64))


tensor_method("nonzero()", "nonzero(*, bool as_tuple)")(nonzero)


@torch_function("argwhere(Tensor input)", method=True)
def argwhere(input) -> Tensor:
    return nonzero(input)


@torch_function("count_nonzero(Tensor input, int64_t? dim=None)",
                "count_nonzero(Tensor input, IntArrayRef dim)", method=True)
def count_nonzero(input, dim=None) -> Tensor:
    dims = None if dim is None else tuple(normalize_dim(d, input.ndim)
                                          for d in (dim if isinstance(dim, (list, tuple))
                                                    else (dim,)))
    if dims is not None and len(set(dims)) != len(dims):
        raise runtime_error(f"dim {dims[-1]} appears multiple times in the list of dims")
    return Tensor(np.asarray(np.count_nonzero(input.data, axis=dims), np.int64))
