"""torch's shape ops: views, reshape, permute, expand, cat/stack/split, gather, casts."""
from __future__ import annotations

import builtins
import math

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import index_error, runtime_error, type_error, value_error, warn
from gradcli.engine.layout import (
    CONTIGUOUS_FORMAT,
    PRESERVE_FORMAT,
    MemoryFormat,
    in_format,
    laid_out,
)
from gradcli.engine.tensor import Tensor, apply, broadcast_shape, normalize_dim, shape_args
from gradcli.torch._declare import takes_tensor, tensor_method, torch_function
from gradcli.torch._tensor.creation import _sizes
from gradcli.torch._tensor.pointwise import foresee_broadcast, written_value


def _infer_shape(requested, numel: int) -> tuple:
    shape = list(requested)
    inferred = False
    for i, n in enumerate(shape):  # torch's infer_size, in its order
        if n == -1 and inferred:
            raise runtime_error("only one dimension can be inferred")
        if n < -1:
            raise runtime_error(f"invalid shape dimension {n} at index {i} of shape {shape}")
        inferred = inferred or n == -1
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape and known and numel % known == 0:
        shape[shape.index(-1)] = numel // known
    if math.prod(shape) != numel or any(s < 0 for s in shape):
        raise runtime_error(f"shape '{list(requested)}' is invalid for input of size {numel}")
    return tuple(shape)


def _required(args, function, name) -> None:
    """torch's message for a size argument left out (Python's words differ)."""
    if not args:
        raise type_error(f'{function}() missing 1 required positional arguments: "{name}"')


@tensor_method("view(ScalarType dtype)", "view(SymIntArrayRef size)")
def view(input, *shape, size=None) -> Tensor:
    shape = _sizes(shape, size, "size")
    if not shape:
        raise type_error("view() received an invalid combination of arguments - got (), but "
                         "expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n")
    if len(shape) == 1 and isinstance(shape[0], DType):
        raise runtime_error("view(dtype) is not supported by gradcli")
    target = _infer_shape(shape_args(shape), input.data.size)
    try:
        np.reshape(input.data, target, copy=False)
    except ValueError:
        raise runtime_error("view size is not compatible with input tensor's size and stride (at "
                            "least one dimension spans across two contiguous subspaces). Use "
                            ".reshape(...) instead.") from None
    return apply("view", (input,), shape=target)


@torch_function("reshape(Tensor input, SymIntArrayRef shape)", method=True)
def reshape(input, *args, shape=None) -> Tensor:
    shape = _sizes(args, shape, "shape")
    _required(shape, "reshape", "shape")
    target = _infer_shape(shape_args(shape), input.data.size)
    if input.data.flags.c_contiguous:
        return apply("view", (input,), shape=target)
    try:
        np.reshape(input.data, target, copy=False)
    except ValueError:  # torch copies, then views the copy
        return apply("unsafe_view", (input.clone(),), shape=target)
    return apply("reshape_alias", (input,), shape=target)


@torch_function("flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)", method=True)
def flatten(input, start_dim=0, end_dim=-1) -> Tensor:
    if input.ndim == 0:
        return reshape(input, 1)
    s, e = normalize_dim(start_dim, input.ndim), normalize_dim(end_dim, input.ndim)
    shape = input.data.shape
    if s == e:
        return input
    return reshape(input, *shape[:s], math.prod(shape[s:e + 1]), *shape[e + 1:])


@torch_function(
    "squeeze(Tensor input)",
    "squeeze(Tensor input, int64_t dim)",
    "squeeze(Tensor input, IntArrayRef dim)",
    method=True,
)
def squeeze(input, dim=None) -> Tensor:
    if dim is None:
        return apply("squeeze", (input,))
    return apply("squeeze_dim", (input,), dim=_dims(dim, input.ndim))


@torch_function("unsqueeze(Tensor input, int64_t dim)", method=True)
def unsqueeze(input, dim) -> Tensor:
    return apply("unsqueeze", (input,), dim=normalize_dim(dim, input.ndim + 1))


@torch_function("transpose(Tensor input, int64_t dim0, int64_t dim1)", method=True)
def transpose(input, dim0, dim1) -> Tensor:
    d0, d1 = normalize_dim(dim0, input.ndim), normalize_dim(dim1, input.ndim)
    return apply("transpose", (input,), dim0=d0, dim1=d1)  # (of a 0-dim tensor: itself)


@torch_function("swapaxes(Tensor input, int64_t axis0, int64_t axis1)", method=True)
def swapaxes(input, axis0, axis1) -> Tensor:
    return transpose(input, axis0, axis1)


@torch_function("swapdims(Tensor input, int64_t dim0, int64_t dim1)", method=True)
def swapdims(input, dim0, dim1) -> Tensor:
    return transpose(input, dim0, dim1)


@torch_function("movedim(Tensor input, int64_t source, int64_t destination)",
                "movedim(Tensor input, IntArrayRef source, IntArrayRef destination)", method=True)
@torch_function("moveaxis(Tensor input, int64_t source, int64_t destination)",
                "moveaxis(Tensor input, IntArrayRef source, IntArrayRef destination)", method=True)
def movedim(input, source, destination) -> Tensor:
    source, destination = ([d] if isinstance(d, int) else list(d) for d in (source, destination))
    if len(source) != len(destination):
        raise runtime_error(f"movedim: Invalid source or destination dims: source ({source} "
                            f"dims) should contain the same number of dims as destination "
                            f"({destination} dims)")
    src, dst = ([normalize_dim(d, input.ndim) for d in ds] for ds in (source, destination))
    for name, given, dims in (("source", source, src), ("destination", destination, dst)):
        if len(set(dims)) != len(dims):
            raise runtime_error(f"movedim: repeated dim in `{name}` ({given})")
    if input.ndim == 0:
        return apply("alias", (input,))
    rest = iter(d for d in range(input.ndim) if d not in src)
    moved = dict(zip(dst, src))
    return apply("permute", (input,), dims=tuple(moved[i] if i in moved else next(rest)
                                                 for i in range(input.ndim)))


moveaxis = movedim


@torch_function("unflatten(Tensor input, int64_t dim, SymIntArrayRef sizes)")
@tensor_method("unflatten(int64_t dim, SymIntArrayRef sizes)")  # (a Python method in torch,
# over the builtin's signature)
def unflatten(input, dim, sizes) -> Tensor:
    sizes = list(sizes)
    if not sizes:
        raise runtime_error("unflatten: sizes must be non-empty")
    d = normalize_dim(dim, input.ndim)
    n = input.data.shape[d] if input.ndim else 1
    known = math.prod(s for s in sizes if s != -1)
    if (-1 not in sizes and known != n) or (-1 in sizes and (known == 0 or n % known)):
        raise runtime_error(f"unflatten: Provided sizes {sizes} don't multiply up to the size "
                            f"of dim {d} ({n}) in the input tensor")
    shape = input.data.shape
    return view(input, *shape[:d], *_infer_shape(sizes, n), *shape[d + 1:])


@torch_function("t(Tensor input)", method=True)
def t(input) -> Tensor:
    if input.ndim > 2:
        raise runtime_error(f"t() expects a tensor with <= 2 dimensions, but self is "
                            f"{input.ndim}D")
    return apply("t", (input,))


@torch_function("permute(Tensor input, IntArrayRef dims)", method=True)
def permute(input, *args, dims=None) -> Tensor:
    dims = _sizes(args, dims, "dims")
    _required(dims, "permute", "dims")
    dims = shape_args(dims)
    if len(dims) != input.ndim:
        raise runtime_error("permute(sparse_coo): number of dimensions in the tensor input does "
                            "not match the length of the desired ordering of dimensions i.e. "
                            f"input.dim() = {input.ndim} is not equal to len(dims) = {len(dims)}")
    order = tuple(normalize_dim(d, input.ndim) for d in dims)
    if len(set(order)) != len(order):
        raise runtime_error("permute(): duplicate dims are not allowed.")
    return apply("permute", (input,), dims=order)


@tensor_method("expand(SymIntArrayRef size, *, bool implicit=False)")
def expand(input, *sizes, size=None) -> Tensor:
    sizes = _sizes(sizes, size, "size")
    _required(sizes, "expand", "size")
    target = list(shape_args(sizes))
    shape = input.data.shape
    lead = len(target) - len(shape)
    if lead < 0:
        check_expand(shape, tuple(target), input.dtype)
    for i in range(lead):
        if target[i] == -1:
            raise runtime_error(f"The expanded size of the tensor (-1) isn't allowed in a "
                                f"leading, non-existing dimension {i}")
    for i, s in enumerate(target):
        if i >= lead and s == -1:
            target[i] = shape[i - lead]
        elif i >= lead and shape[i - lead] != 1 and shape[i - lead] != s:
            raise runtime_error(
                f"The expanded size of the tensor ({s}) must match the existing size "
                f"({shape[i - lead]}) at non-singleton dimension {i}.  Target sizes: "
                f"{list(shape_args(sizes))}.  Tensor sizes: {list(shape)}")
    return apply("expand", (input,), shape=tuple(target))


@torch_function(
    "narrow(Tensor input, int64_t dim, Tensor start, SymInt length)",
    "narrow(Tensor input, int64_t dim, SymInt start, SymInt length)",
    method=True,
)
def narrow(input, dim, start, length) -> Tensor:
    if input.ndim == 0:
        raise runtime_error("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise runtime_error("narrow(): length must be non-negative.")
    d = normalize_dim(dim, input.ndim)
    size = input.data.shape[d]
    if not -size <= start <= size:
        raise index_error(f"start out of range (expected to be in range of [{-size}, {size}], "
                          f"but got {start})")
    start = start + size if start < 0 else start
    if start + length > size:
        raise runtime_error(f"start ({start}) + length ({length}) exceeds dimension size "
                            f"({size}).")
    return apply("slice", (input,), dim=d, key=slice(start, start + length))


@tensor_method("repeat(SymIntArrayRef repeats)")
def repeat(input, *args, repeats=None) -> Tensor:
    repeats = _sizes(args, repeats, "repeats")
    _required(repeats, "repeat", "repeats")
    repeats = shape_args(repeats)
    if len(repeats) < input.ndim:
        raise runtime_error("Number of dimensions of repeat dims can not be smaller than number "
                            "of dimensions of tensor")
    shape = (1,) * (len(repeats) - input.ndim) + input.data.shape
    sizes = [n * r for n, r in zip(shape, repeats)]
    negative = [n for n in sizes if n < 0]
    if negative:
        raise runtime_error(f"Trying to create tensor with negative dimension {negative[0]}: "
                            f"{sizes}")
    runtime.current.foresee(math.prod(sizes), input.data.itemsize, "the repeated result")
    return apply("repeat", (input,), repeats=repeats)


@torch_function("tile(Tensor input, SymIntArrayRef dims)", method=True)
def tile(input, *args, dims=None) -> Tensor:
    dims = shape_args(_sizes(args, dims, "dims"))
    return repeat(input, (1,) * (input.ndim - len(dims)) + dims)  # numpy's tile: 1s first


@tensor_method("expand_as(Tensor other)")
def expand_as(input, other) -> Tensor:
    return expand(input, other.data.shape)


def transpose_T(input) -> Tensor:
    """`x.T`: PermuteBackward0 (only `x.t()` is TBackward0)."""
    if input.ndim == 0:
        warn("Tensor.T is deprecated on 0-D tensors. This function is the identity in these "
             "cases.", once_per_process=True)
    elif input.ndim != 2:
        warn("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
             "deprecated and it will throw an error in a future release. Consider `x.mT` to "
             "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` "
             "to reverse the dimensions of a tensor.", once_per_process=True)
    return apply("permute", (input,), dims=tuple(reversed(range(input.ndim))))


def transpose_mT(input) -> Tensor:
    if input.ndim < 2:
        raise runtime_error("tensor.mT is only supported on matrices or batches of matrices. "
                            f"Got {input.ndim}-D tensor.")
    return transpose(input, -2, -1)


@torch_function("cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)")
@torch_function("concat(TensorList tensors, int64_t dim=0, *, Tensor out=None)")
@torch_function("concatenate(TensorList tensors, int64_t dim=0, *, Tensor out=None)")
def cat(tensors, dim=0) -> Tensor:
    tensors = list(tensors)
    if not tensors:
        raise value_error("torch.cat(): expected a non-empty list of Tensors")
    for i, x in enumerate(tensors):
        if x.ndim == 0:
            raise runtime_error(f"zero-dimensional tensor (at position {i}) cannot be "
                                "concatenated")
    # torch skips 1-D tensors of no elements (legacy empties): the dim is the first other's
    kept = [(i, x) for i, x in enumerate(tensors) if x.data.shape != (0,)]
    if not kept:
        return apply("cat", tuple(tensors), _cat_dtype(tensors), dim=0)
    d = normalize_dim(dim, kept[0][1].ndim)
    first = kept[0][1].data.shape
    for i, x in kept[1:]:
        shape = x.data.shape
        if len(shape) != len(first):
            raise runtime_error(f"Tensors must have same number of dimensions: got {len(first)} "
                                f"and {len(shape)}")
        for k, (m, n) in enumerate(zip(first, shape)):
            if k != d and m != n:
                raise runtime_error(f"Sizes of tensors must match except in dimension {d}. "
                                    f"Expected size {m} but got size {n} for tensor number {i} "
                                    "in the list.")
    return apply("cat", tuple(tensors), _cat_dtype(tensors), dim=d)


def _cat_dtype(tensors):
    dtype = tensors[0].dtype
    for x in tensors[1:]:
        dtype = dtypes.promote(dtype, x.dtype)
    return dtype


concat = concatenate = cat


@torch_function("stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)")
def stack(tensors, dim=0) -> Tensor:
    tensors = list(tensors)
    if not tensors:
        raise runtime_error("stack expects a non-empty TensorList")
    shape = tensors[0].data.shape
    for i, x in enumerate(tensors[1:], 1):
        if x.data.shape != shape:
            raise runtime_error(f"stack expects each tensor to be equal size, but got "
                                f"{list(shape)} at entry 0 and {list(x.data.shape)} at entry {i}")
    dtype = tensors[0].dtype
    for x in tensors[1:]:
        dtype = dtypes.promote(dtype, x.dtype)
    return apply("stack", tuple(tensors), dtype, dim=normalize_dim(dim, len(shape) + 1))


@torch_function("unbind(Tensor input, int64_t dim=0)", method=True)
def unbind(input, dim=0) -> tuple:
    d = normalize_dim(dim, input.ndim)
    if input.ndim == 0:
        raise index_error(f"Dimension specified as {dim} but tensor has no dimensions")
    return _pieces([apply("unbind", (input,), dim=d, index=i) for i in range(input.data.shape[d])])


def _pieces(views) -> tuple:
    """The outputs of a multi-output view function (torch refuses in-place writes to them)."""
    for i, v in enumerate(views):
        v._multi_output = i
    return tuple(views)


@torch_function("chunk(Tensor input, int64_t chunks, int64_t dim=0)", method=True)
def chunk(input, chunks, dim=0) -> tuple:
    return split(input, _chunk_size(input, chunks, dim), dim)


def _chunk_size(input, chunks, dim) -> int:
    if input.ndim == 0:
        raise runtime_error("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise runtime_error(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    return math.ceil(input.data.shape[normalize_dim(dim, input.ndim)] / chunks)


@torch_function("unsafe_chunk(Tensor input, int64_t chunks, int64_t dim=0)", method=True)
def unsafe_chunk(input, chunks, dim=0) -> tuple:
    """chunk whose pieces are no views (UnsafeSplitBackward0): what ATen's RNN cells use."""
    return unsafe_split(input, _chunk_size(input, chunks, dim), dim)


@torch_function("unsafe_split(Tensor input, SymInt split_size, int64_t dim=0)", method=True)
def unsafe_split(input, split_size, dim=0) -> tuple:
    _, d, bounds = split_bounds(input, split_size, dim)
    return tuple(apply("unsafe_split", (input,), dim=d, key=slice(a, b))
                 for a, b in zip(bounds[:-1], bounds[1:]))


def transpose_(input, dim0, dim1) -> Tensor:
    """The RNNs' in-place transpose of their own fresh output (TransposeBackward1)."""
    d0, d1 = normalize_dim(dim0, input.ndim), normalize_dim(dim1, input.ndim)
    return apply("transpose_", (input,), dim0=d0, dim1=d1)


@torch_function(name="split", method=True)
def split(input, split_size_or_sections, dim=0) -> tuple:
    op, d, bounds = split_bounds(input, split_size_or_sections, dim)
    return _pieces([apply(op, (input,), dim=d, key=slice(a, b))
                    for a, b in zip(bounds[:-1], bounds[1:])])


def split_bounds(input, split_size_or_sections, dim) -> tuple[str, int, list[int]]:
    """split's op (split or split_with_sizes), its dim, and the bounds of its pieces."""
    sizes = split_size_or_sections
    if not isinstance(sizes, int) or isinstance(sizes, bool):
        _check_split_sizes(sizes)
    if input.ndim == 0:
        raise runtime_error("split expects at least a 1-dimensional tensor")
    d = normalize_dim(dim, input.ndim)
    n = input.data.shape[d]
    if isinstance(sizes, int):
        if sizes < 0:
            raise runtime_error(f"split expects split_size be non-negative, but got "
                                f"split_size={sizes}")
        if sizes == 0 and n:
            raise runtime_error("split_size can only be 0 if dimension size is 0, but got "
                                f"dimension size of {n}")
        return "split", d, list(range(0, n, sizes or 1)) + [n]
    sizes = list(sizes)
    if any(k < 0 for k in sizes):
        raise runtime_error("split_with_sizes expects split_sizes have only non-negative "
                            f"entries, but got split_sizes={sizes}")
    if builtins.sum(sizes) != n:
        raise runtime_error(f"split_with_sizes expects split_sizes to sum exactly to {n} "
                            f"(input tensor's size at dimension {d}), but got "
                            f"split_sizes={sizes}")
    return "split_with_sizes", d, [int(b) for b in np.cumsum([0, *sizes])]


def _check_split_sizes(sizes) -> None:
    """Tensor.split's list of sizes, as torch's split_with_sizes() reads it."""
    where = "split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints"
    if not isinstance(sizes, (list, tuple)):
        raise type_error(f"{where}, not {type(sizes).__name__}")
    for i, k in enumerate(sizes):
        if not isinstance(k, int):
            raise type_error(f"{where}, but found element of type {type(k).__name__} at pos {i}"
                             if i == 0 else "split_with_sizes(): argument 'split_sizes' failed "
                             f"to unpack the object at pos {i + 1} with error \"type must be "
                             f"tuple of ints,but got {type(k).__name__}\"")


@torch_function(
    "masked_fill(Tensor input, Tensor mask, Tensor value)",
    "masked_fill(Tensor input, Tensor mask, Scalar value)",
    method=True, inplace=True,
)
def masked_fill(input, mask, value) -> Tensor:
    foresee_broadcast((mask, input), input.data.itemsize)
    if mask.dtype is not dtypes.bool_:
        raise runtime_error("masked_fill_ only supports boolean masks, but got mask with dtype "
                            f"{mask.dtype.c}")
    if isinstance(value, Tensor):  # a 0-dim tensor value is differentiable: MaskedFillBackward1
        if value.ndim:
            raise runtime_error("masked_fill_ only supports a 0-dimensional value tensor, but "
                                f"got tensor with {value.ndim} dimension(s).")
        return apply("masked_fill_tensor", (input, value), input.dtype,
                     mask=mask.data.astype(bool))
    return apply("masked_fill", (input,), mask=mask.data.astype(bool),
                 value=written_value(value, input.dtype))


def foresee_indexed(arrays, itemsize: int, what: str) -> None:
    """Index arrays broadcast together (torch's error where they cannot), and the positions
    they pick refused before they are made: x[i[:, None], j] picks len(i) * len(j)."""
    try:
        positions = math.prod(np.broadcast_shapes(*(a.shape for a in arrays)))
    except ValueError:
        shapes = ", ".join(str(list(a.shape)) for a in arrays)
        raise index_error("shape mismatch: indexing tensors could not be broadcast together with "
                          f"shapes {shapes}") from None
    runtime.current.foresee(positions, itemsize, what)


def _index_dtype(index, message: str) -> None:
    if index.dtype not in (dtypes.int64, dtypes.int32):
        raise runtime_error(message)


@torch_function(
    "gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
    method=True,
)
def gather(input, dim, index, sparse_grad=False) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    if not index.numel():  # torch checks neither the dtype nor the shape of an empty index
        return apply("gather", (input,), dim=d, index=index.data.astype(np.int64))
    _index_dtype(index, "gather(): Expected dtype int32/int64 for index")
    if builtins.max(input.ndim, 1) != builtins.max(index.ndim, 1):
        raise runtime_error("Index tensor must have the same number of dimensions as input "
                            "tensor")
    if input.ndim == 0 or index.ndim == 0:  # gathered as 1-dim tensors
        as_1d = [t if t.ndim else reshape(t, 1) for t in (input, index)]
        return reshape(gather(as_1d[0], 0, as_1d[1]), index.data.shape)
    for i, (m, n) in enumerate(zip(index.data.shape, input.data.shape)):
        if i != d and m > n:
            raise runtime_error(f"Size does not match at dimension {i} expected index "
                                f"{list(index.data.shape)} to be no larger than self "
                                f"{list(input.data.shape)} apart from dimension {d}")
    _index_bounds(index.data, input.data.shape[d], lambda v: runtime_error(
        f"index {v} is out of bounds for dimension {d} with size {input.data.shape[d]}"))
    return apply("gather", (input,), dim=d, index=index.data.astype(np.int64))


@torch_function(
    "take_along_dim(Tensor input, Tensor indices, int64_t? dim=None, *, Tensor out=None)",
    method=True,
)
def take_along_dim(input, indices, dim=None) -> Tensor:
    if indices.dtype is not dtypes.int64:
        raise runtime_error("torch.take_along_dim(): dtype of indices should be Long but got "
                            f"{indices.dtype.cpp}")
    if dim is None:
        return gather(view(input, -1), 0, view(indices, -1))
    if input.ndim != indices.ndim:
        raise runtime_error("torch.take_along_dim(): input and indices should have the same "
                            f"number of dimensions, but got {input.ndim} dimensions for input, "
                            f"and {indices.ndim} dimensions for indices")
    d = normalize_dim(dim, input.ndim)
    sizes = list(input.data.shape)
    sizes[d] = indices.data.shape[d]
    shape = list(broadcast_shape(sizes, indices.data.shape))
    runtime.current.foresee(math.prod(shape), input.data.itemsize, "the broadcast result")
    size = input.data.shape[d]  # (torch wraps any index along dim into range)
    broadcast_indices = Tensor(np.broadcast_to(indices.data % builtins.max(size, 1), shape))
    shape[d] = size
    return gather(expand(input, *shape), d, broadcast_indices)


@torch_function("take(Tensor input, Tensor index, *, Tensor out=None)", method=True)
def take(input, index) -> Tensor:
    if index.dtype is not dtypes.int64:
        raise runtime_error(f"take(): Expected a long tensor for index, but got {index.dtype.cpp}")
    n = input.numel()
    _index_bounds(index.data, n, lambda v: index_error(
        f"out of range: tried to access index {v} on a tensor of {n} elements."), wraps=True)
    return apply("take", (input,), index=index.data.astype(np.int64) % builtins.max(n, 1))


def _index_bounds(index: np.ndarray, size: int, error, wraps: bool = False) -> None:
    """An error for the first index out of [0, size) ([-size, size) if negatives `wraps`)."""
    bad = index[(index < (-size if wraps else 0)) | (index >= size)]
    if bad.size:
        raise error(int(bad.flat[0]))


@torch_function(
    "index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)",
    method=True,
)
def index_select(input, dim, index) -> Tensor:
    d = normalize_dim(dim, input.ndim)
    _index_dtype(index, "index_select(): Expected dtype int32 or int64 for index")
    if index.ndim > 1:
        raise index_error("index_select(): Index is supposed to be a vector")
    _index_bounds(index.data, input.data.shape[d] if input.ndim else 1,
                  lambda v: index_error("index out of range in self"))
    if input.ndim == 0:  # selected as a 1-dim tensor
        return reshape(index_select(reshape(input, 1), 0, index), ())
    return apply("index_select", (input,), dim=d, index=index.data.reshape(-1).astype(np.int64))


@tensor_method(
    "to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, "
    "MemoryFormat? memory_format=None)",
    "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, "
    "MemoryFormat? memory_format=None)",
    "to(Tensor tensor, bool non_blocking=False, bool copy=False, *, "
    "MemoryFormat? memory_format=None)",
)
def to(input, *args, dtype=None, memory_format: MemoryFormat = PRESERVE_FORMAT,
       **kwargs) -> Tensor:
    target = dtype
    for a in args:
        if isinstance(a, (DType, type)):
            target = a
        elif isinstance(a, Tensor):  # x.to(other): other's dtype
            target = a.dtype
    target = input.dtype if target is None else dtypes.parse(target)
    if target is input.dtype:
        if in_format(input.data, memory_format) or memory_format is PRESERVE_FORMAT:
            return input  # NOTE: torch returns the tensor itself, not a copy
        return relaid(apply("to_copy", (input,), to=target.np), memory_format)
    if input.requires_grad and not target.is_floating_point:
        # (nan -> int is INT_MIN, as torch; int results cut the graph silently)
        return relaid(Tensor(input.data.astype(target.np)), memory_format)
    return relaid(apply("to_copy", (input,), to=target.np), memory_format)


def _cast(dtype: DType):
    def fn(input) -> Tensor:
        return to(input, dtype)
    return fn


_LEGACY_NAMES = {d.legacy: d for d in dtypes.ALL}


@tensor_method(
    "type(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
    "type(PyObject* dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated",
)
def type_(input, dtype=None, non_blocking=False, memory_format=None):
    """x.type(): the legacy type name; x.type(dtype or 'torch.DoubleTensor'): a cast."""
    if dtype is None:
        return input.dtype.legacy
    if isinstance(dtype, DType):
        return to(input, dtype)
    if isinstance(dtype, str) and dtype in _LEGACY_NAMES:
        return to(input, _LEGACY_NAMES[dtype])
    if isinstance(dtype, (str, type)):
        raise value_error(f"invalid type: '{getattr(dtype, '__name__', dtype)}'")
    raise type_error("dtype must be a type, str, or dtype object")


@torch_function(name="ravel")
@takes_tensor("ravel")
def ravel(input) -> Tensor:
    """torch.ravel: contiguous() then view(-1) (CloneBackward0 then ViewBackward0 when the
    input is not contiguous)."""
    return view(contiguous(input), -1)


@tensor_method("contiguous(*, MemoryFormat memory_format=contiguous_format)")
def contiguous(input, memory_format: MemoryFormat = CONTIGUOUS_FORMAT) -> Tensor:
    if in_format(input.data, memory_format) or memory_format is PRESERVE_FORMAT:
        return input
    return relaid(apply("contiguous", (input,)), memory_format)


def relaid(result: Tensor, memory_format: MemoryFormat) -> Tensor:
    """A fresh result (its memory nobody else's) laid out in the memory format."""
    result.data = laid_out(result.data, memory_format)
    return result


def check_expand(value_shape, slot_shape, dtype) -> None:
    lead = len(slot_shape) - len(value_shape)
    if lead < 0:
        raise runtime_error(f"expand({dtype.legacy}{{{list(value_shape)}}}, "
                            f"size={list(slot_shape)}): the number of sizes provided "
                            f"({len(slot_shape)}) must be greater or equal to the number of "
                            f"dimensions in the tensor ({len(value_shape)})")
    ok = lead >= 0 and all(v in (1, s) for v, s in zip(value_shape, slot_shape[lead:]))
    if not ok:
        for i in range(1, len(value_shape) + 1):
            v = value_shape[-i]
            s = slot_shape[-i] if i <= len(slot_shape) else 1
            if v != 1 and v != s:
                dim = len(slot_shape) - i if i <= len(slot_shape) else 0
                raise runtime_error(
                    f"The expanded size of the tensor ({s}) must match the existing size ({v}) "
                    f"at non-singleton dimension {dim}.  Target sizes: {list(slot_shape)}.  "
                    f"Tensor sizes: {list(value_shape)}")


def _broadcasts(value_shape, shape) -> bool:
    try:
        return np.broadcast_shapes(value_shape, shape) == tuple(shape)
    except ValueError:
        return False


def _dims(dim, ndim):
    """A reduction's dim or dims, checked and made non-negative; () on a 0-dim tensor (whose
    only dim, 0 or -1, reduces nothing)."""
    if isinstance(dim, (list, tuple)):
        dims = tuple(normalize_dim(d, ndim) for d in dim)
        for d in dims:
            if dims.count(d) > 1:
                raise runtime_error(f"dim {d} appears multiple times in the list of dims")
        return dims if ndim else ()
    d = normalize_dim(dim, ndim)
    return d if ndim else ()


@torch_function("diag(Tensor input, int64_t diagonal=0, *, Tensor out=None)", method=True)
def diag(input, diagonal: int = 0) -> Tensor:
    """torch.diag: a 1-D input as the `diagonal`-th diagonal of a square matrix, or a 2-D
    input's `diagonal`-th diagonal."""
    if input.ndim not in (1, 2):
        raise runtime_error(f"diag(): Supports 1D or 2D tensors. Got {input.ndim}D")
    below, above = max(-diagonal, 0), max(diagonal, 0)
    if input.ndim == 1:
        n = input.data.shape[0]
        steps = np.arange(n)
        size = n + abs(diagonal)
        runtime.current.foresee(size * size, input.data.itemsize, "diag's result")
        return apply("diag_embed", (input,), shape=(size, size),
                     key=(steps + below, steps + above))
    rows, cols = input.data.shape
    steps = np.arange(max(0, min(rows - below, cols - above)))
    return apply("diagonal_copy", (input,), key=(steps + below, steps + above))


@torch_function("diagflat(Tensor input, int64_t offset=0)", method=True)
def diagflat(input, offset: int = 0) -> Tensor:
    """The flattened input as the `offset`-th diagonal (torch's contiguous, view(-1), diag)."""
    return diag(ravel(input), offset)


def _triangle(name: str):
    def fn(input, diagonal=0) -> Tensor:
        if input.ndim < 2:
            raise runtime_error(f"{name}: input tensor must have at least 2 dimensions")
        return apply(name, (input,), diagonal=int(diagonal))
    fn.__name__ = name
    return fn


triu, tril = _triangle("triu"), _triangle("tril")
torch_function("triu(Tensor input, int64_t diagonal=0, *, Tensor out=None)", method=True)(triu)
torch_function("tril(Tensor input, int64_t diagonal=0, *, Tensor out=None)", method=True)(tril)
