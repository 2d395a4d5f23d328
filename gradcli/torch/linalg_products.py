"""Products composed as torch's LinearAlgebra.cpp composes them, so the graph has torch's
nodes: tensordot and inner (permute, reshape, mm, reshape), linalg.vecdot (mul, sum),
linalg.multi_dot (mm in the cheapest order, then a view), linalg.matrix_power (matmuls by
the binary digits of n, inv first for a negative n)."""
from __future__ import annotations

import math

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.layout import CONTIGUOUS_FORMAT
from gradcli.engine.tensor import Tensor, normalize_dim
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch._tensor import reductions
from gradcli.torch._tensor.creation import eye
from gradcli.torch._tensor.inplace import _copy, _inplace
from gradcli.torch._tensor.linalg import matmul, mm
from gradcli.torch._tensor.pointwise import mul
from gradcli.torch._tensor.shape import expand, permute, reshape, unsqueeze, view
from gradcli.torch.linalg import _check_square, inv

# ---- tensordot, inner ------------------------------------------------------------------------
_TENSORDOT = arguments.Parser(("tensordot(Tensor input, Tensor other, IntArrayRef dims_self, "
                               "IntArrayRef dims_other, *, Tensor out=None)",))


def _contracted(a, b, dims) -> tuple[list, list]:
    """torch.functional.tensordot's dims: a count of a's last / b's first dims, or two lists
    (its Python code's checks, then its builtin's)."""
    if not isinstance(dims, (tuple, list, Tensor, int)):
        raise runtime_error("tensordot expects dims to be int or tuple[list[int], list[int]] or "
                            f"list[list[int]] containing two lists, but got dims={dims}")
    if isinstance(dims, int):
        if dims < 0:
            raise runtime_error(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > min(attribute_of_tensor(a, "dim").ndim, attribute_of_tensor(b, "dim").ndim):
            raise runtime_error(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        return list(range(a.ndim - dims, a.ndim)), list(range(dims))
    if len(dims) != 2:  # torch's `dims_a, dims_b = dims`
        raise TorchError("ValueError", "too many values to unpack (expected 2)" if len(dims) > 2
                         else f"not enough values to unpack (expected 2, got {len(dims)})")
    _TENSORDOT.arguments((a, b, *dims), {}, None)
    return [[d] if isinstance(d, int) else list(d) for d in dims]


@torch_function(name="tensordot")
def tensordot(a, b, dims=2, out=None) -> Tensor:
    """a's free dims times b's free dims, summed over the contracted pairs: permute each
    (free dims first in a, last in b), reshape to matrices, mm, reshape (torch's)."""
    dims_a, dims_b = _contracted(a, b, dims)
    if len(dims_a) != len(dims_b):
        raise runtime_error("both dimension lists should have same length")
    dims_a = [normalize_dim(d, a.ndim) for d in dims_a]
    dims_b = [normalize_dim(d, b.ndim) for d in dims_b]
    shape = [a.data.shape[d] for d in range(a.ndim) if d not in dims_a] + \
        [b.data.shape[d] for d in range(b.ndim) if d not in dims_b]
    a, b = _summed_broadcast_dims(a, b, dims_a, dims_b)
    free_a = [d for d in range(a.ndim) if d not in dims_a]
    free_b = [d for d in range(b.ndim) if d not in dims_b]
    size = math.prod(a.data.shape[d] for d in dims_a)
    rows = math.prod(a.data.shape[d] for d in free_a)
    cols = math.prod(b.data.shape[d] for d in free_b)
    left = reshape(permute(a, free_a + dims_a), (rows, size))
    right = reshape(permute(b, dims_b + free_b), (size, cols))
    return reshape(mm(left, right), shape)


def _summed_broadcast_dims(a, b, dims_a, dims_b) -> tuple:
    """torch's: a contracted dim of size 1 on one side is the other side's sum over it (kept
    as a dim of 1); other sizes must match."""
    for da, db in zip(dims_a, dims_b):
        sa, sb = a.data.shape[da], b.data.shape[db]
        if sb == 1:
            a = reductions.sum(a, da, True)
        elif sa == 1:
            b = reductions.sum(b, db, True)
        elif sa != sb:
            raise runtime_error(f"contracted dimensions need to match, but first has size "
                                f"{sa} in dim {da} and second has size {sb} in dim {db}")
    return a, b


@torch_function("inner(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def inner(input, other) -> Tensor:
    if input.ndim == 0 or other.ndim == 0:
        return mul(input, other)
    if input.data.shape[-1] != other.data.shape[-1]:
        raise runtime_error(f"inner() the last dimension must match on both input tensors but "
                            f"got shapes {list(input.data.shape)} and {list(other.data.shape)}")
    return tensordot(input, other, ([-1], [-1]))


@torch_function("linalg_vecdot(Tensor x, Tensor y, *, int64_t dim=-1, Tensor out=None)",
                name="vecdot", namespace="torch.linalg")
def vecdot(x, y, *, dim=-1) -> Tensor:
    """The dot product along dim (x conjugated: itself for a real x), broadcasting."""
    if x.dtype is not y.dtype:
        raise runtime_error(f"linalg.vecdot: Expected x and y to have the same dtype, but found "
                            f"x of type {x.dtype.cpp} and y of type {y.dtype.cpp} instead")
    return reductions.sum(mul(x, y), dim)


# ---- multi_dot ---------------------------------------------------------------------------------
def _chain_order(shapes: list) -> list:
    """The cheapest parenthesization of a chain of matrices (the textbook dynamic programme,
    as torch's matrix_chain_order): order[i][j] the split of the product of i..j."""
    n = len(shapes)
    p = [shapes[0][0]] + [s[1] for s in shapes]
    cost = [[0] * n for _ in range(n)]
    order = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = math.inf
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if c < cost[i][j]:
                    cost[i][j], order[i][j] = c, k
    return order


def _chain(tensors: list, order: list, i: int, j: int) -> Tensor:
    if i == j:
        return tensors[i]
    k = order[i][j]
    return mm(_chain(tensors, order, i, k), _chain(tensors, order, k + 1, j))


def _multi_dot_checks(tensors: list) -> None:
    n = len(tensors)
    if n < 2:
        raise runtime_error(f"multi_dot(): expected at least 2 tensors but got {n}")
    for i, t in enumerate(tensors):
        edge = i in (0, n - 1)
        if t.ndim != 2 and not (edge and t.ndim == 1):
            which = "first" if i == 0 else "last" if i == n - 1 else None
            raise runtime_error(
                f"multi_dot(): the {which} tensor must be 1D or 2D but got {t.ndim}D" if which
                else f"multi_dot(): tensor {i} must be 2D but got {t.ndim}D")
    dtype = tensors[0].dtype
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype is not dtype:
            raise runtime_error(f"multi_dot(): all tensors must have be the same dtype but "
                                f"tensor 0 is {dtype.cpp} and tensor {i} {t.dtype.cpp}")


@torch_function("linalg_multi_dot(TensorList tensors, *, Tensor out=None)", name="multi_dot",
                namespace="torch.linalg")
def multi_dot(tensors) -> Tensor:
    """The product of a chain of matrices (a 1-D first one a row, a 1-D last one a column),
    in the order with the fewest multiplications, viewed to the result's shape."""
    tensors = list(tensors)
    _multi_dot_checks(tensors)
    first, last = tensors[0], tensors[-1]
    shape = ([first.data.shape[0]] if first.ndim == 2 else []) + \
        ([last.data.shape[1]] if last.ndim == 2 else [])
    matrices = [unsqueeze(first, 0) if first.ndim == 1 else first, *tensors[1:-1],
                unsqueeze(last, 1) if last.ndim == 1 else last]
    for i in range(len(matrices) - 1):
        (_, cols), (rows, _) = matrices[i].data.shape, matrices[i + 1].data.shape
        if cols != rows:
            raise runtime_error(f"multi_dot(): tensors {i} and {i + 1} with shapes "
                                f"{list(tensors[i].data.shape)} and "
                                f"{list(tensors[i + 1].data.shape)} cannot be multiplied")
    order = _chain_order([m.data.shape for m in matrices])
    return view(_chain(matrices, order, 0, len(matrices) - 1), shape)


# ---- matrix_power --------------------------------------------------------------------------------
@torch_function(name="matrix_power", namespace="torch.linalg")
@torch_function("matrix_power(Tensor input, int64_t n)", method=True)
def matrix_power(A, n) -> Tensor:
    _check_square(A, "linalg.matrix_power")
    if n < 0:
        A, n = inv(A), -n
    if n == 0:  # torch's: a clone of A with the identity copied in (a zero gradient)
        identity = expand(eye(A.data.shape[-1], dtype=A.dtype), A.data.shape)
        return _inplace(_copy, "copy_")(A.clone(CONTIGUOUS_FORMAT), identity)
    if n == 1:
        return A.clone(CONTIGUOUS_FORMAT)
    if n in (2, 3):
        square = matmul(A, A)
        return square if n == 2 else matmul(square, A)
    z = result = None
    while n > 0:  # the binary digits of n, lowest first: z = A^(2^i)
        bit, n = n % 2, n // 2
        z = A if z is None else matmul(z, z)
        if bit:
            result = z if result is None else matmul(result, z)
    return result
