"""torch.linalg: vector_norm, matrix_norm, norm, svdvals and diagonal, and torch.norm
(Tensor.norm), which sends a string p to matrix_norm unless it is 'fro' over at most two dims.
Each is composed as torch's LinearAlgebra.cpp composes it, so the graph has torch's nodes."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply, broadcast_shape, normalize_dim
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import attribute_of_tensor, takes_tensor, torch_function
from gradcli.torch._tensor import reductions
from gradcli.torch._tensor.pointwise import eq, where
from gradcli.torch._tensor.reductions import ReturnTypes, amax, amin
from gradcli.torch._tensor.selecting import diagonal
from gradcli.torch._tensor.shape import _dims, permute, unsqueeze


@torch_function(name="vector_norm", namespace="torch.linalg")
@takes_tensor("linalg_vector_norm")
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) -> Tensor:
    if dim is not None:
        _dims(dim, x.ndim)
    return norm(x, ord, dim, keepdim)



@torch_function(name="diagonal", namespace="torch.linalg")
@takes_tensor("linalg_diagonal", "A")
def linalg_diagonal(A, *, offset=0, dim1=-2, dim2=-1) -> Tensor:
    """torch.linalg.diagonal: torch.diagonal with the last two dims by default."""
    return diagonal(A, offset, dim1, dim2)



@torch_function(name="svdvals", namespace="torch.linalg")
@takes_tensor("linalg_svdvals", "A")
def svdvals(A) -> Tensor:
    """The singular values of each matrix (the last two dims), largest first."""
    if A.ndim < 2:
        raise runtime_error("linalg.svd: The input tensor A must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise runtime_error("linalg.svd: Expected a floating point or complex tensor as input. "
                            f"Got {A.dtype.cpp}")
    if np.isnan(A.data).any():  # (an inf gives nans instead: LAPACK converges on it)
        raise TorchError("LinAlgError", "linalg.svd: The algorithm failed to converge because "
                         "the input matrix contained non-finite values.")
    return apply("svdvals", (A,))


def _order_text(ord) -> str:
    return ord if isinstance(ord, str) else f"{float(ord):g}"  # (C++'s six digits)


@torch_function(name="matrix_norm", namespace="torch.linalg")
@takes_tensor("linalg_matrix_norm")
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None) -> Tensor:
    """'fro' (the vector 2-norm over both dims), 'nuc' (the sum of the singular values), 2 and
    -2 (the largest and smallest), 1, -1, inf, -inf (the extreme of abs column / row sums)."""
    if ord not in ("fro", "nuc") and (isinstance(ord, str) or abs(ord) not in (1, 2, math.inf)):
        raise runtime_error(f"linalg.matrix_norm: Order {_order_text(ord)} not supported.")
    if A.ndim < 2:
        raise runtime_error("linalg.matrix_norm: The input tensor A must have at least 2 "
                            "dimensions.")
    if not A.dtype.is_floating_point:
        raise runtime_error("linalg.matrix_norm: Expected a floating point or complex tensor as "
                            f"input. Got {A.dtype.cpp}")
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    if len(dims) != 2:
        raise runtime_error(f"linalg.matrix_norm: dim must be a 2-tuple. Got "
                            f"{' '.join(map(str, dims))}")
    rows, cols = (normalize_dim(d, A.ndim) for d in dims)
    if rows == cols:
        raise runtime_error(f"linalg.matrix_norm: dims must be different. Got ({rows}, {cols})")
    if ord == "fro":
        return vector_norm(A, 2, (rows, cols), keepdim)
    if ord in ("nuc", 2, -2):
        return _of_singular_values(A, ord, rows, cols, keepdim)
    summed, over = (rows, cols) if abs(ord) == 1 else (cols, rows)
    if ord > 0 and A.data.shape[over] == 0:  # torch's zeros, with no graph (a max of nothing)
        return Tensor(np.zeros(_reduced_shape(A.data.shape, (rows, cols), keepdim),
                               dtype=A.data.dtype))
    if not keepdim and summed < over:
        over -= 1
    return (amax if ord > 0 else amin)(vector_norm(A, 1, summed, keepdim), over, keepdim)


def _of_singular_values(A, ord, rows, cols, keepdim) -> Tensor:
    """torch's: the singular values of the matrices moved to the last two dims, summed ('nuc')
    or their extreme (2, -2), the reduced dims then put back where they were (keepdim)."""
    order = [d for d in range(A.ndim) if d not in (rows, cols)] + [rows, cols]
    values = svdvals(permute(A, order))
    pick = reductions.sum if ord == "nuc" else amax if ord > 0 else amin
    out = pick(values, -1, keepdim)
    if keepdim:
        out = permute(unsqueeze(out, -1), [int(i) for i in np.argsort(order)])
    return out


@torch_function(name="norm", namespace="torch.linalg")
@takes_tensor("linalg_norm")
def linalg_norm(A, ord=None, dim=None, keepdim=False, *, dtype=None) -> Tensor:
    """torch.linalg.norm: a matrix norm for a string ord, or a number ord over two dims (or
    of a 2-D input without dim); else the vector norm (ord None: 2, of the flattened input)."""
    dims = None if dim is None else (dim,) if isinstance(dim, int) else tuple(dim)
    if dims is not None and len(dims) not in (1, 2):
        raise runtime_error(f"linalg.norm: If dim is specified, it must be of length 1 or 2. "
                            f"Got {list(dims)}")
    if dims is None and ord is not None and A.ndim not in (1, 2):
        raise runtime_error("linalg.norm: If dim is not specified but ord is, the input must be "
                            f"1D or 2D. Got {A.ndim}D.")
    if isinstance(ord, str) or (ord is not None and len(dims or range(A.ndim)) == 2):
        return matrix_norm(A, ord, (0, 1) if dims is None else dims, keepdim)
    return vector_norm(A, 2 if ord is None else ord, dim, keepdim)


@torch_function(name="norm", method=True)
def norm(input, p="fro", dim=None, keepdim=False, dtype=None) -> Tensor:
    """torch.norm / Tensor.norm."""
    attribute_of_tensor(input, "layout")  # torch's Python code reads it first
    if not isinstance(p, (str, int, float)) and p is not None:
        raise TorchError("TypeError", "linalg_vector_norm(): argument 'ord' (position 2) must "
                                      f"be Number, not {type_name(p)}")
    dims = [dim] if isinstance(dim, int) else dim
    if isinstance(p, str) and not (p == "fro" and (dims is None or len(dims) <= 2)):
        return matrix_norm(input, p, list(range(input.ndim)) if dims is None else dims, keepdim)
    return reductions.norm(input, 2 if p is None else p, dim, keepdim)


# ---- det, slogdet, inv, solve (engine/ops_linalg.py) -------------------------------------
def check_square_shape(A, fn: str, name: str = "A") -> None:
    """torch's squareCheckInputs."""
    if A.ndim < 2:
        raise runtime_error(f"{fn}: The input tensor {name} must have at least 2 dimensions.")
    m, n = A.data.shape[-2:]
    if m != n:
        raise runtime_error(f"{fn}: {name} must be batches of square matrices, but they are "
                            f"{m} by {n} matrices")


def _check_square(A, fn: str, name: str = "A") -> None:
    """torch's squareCheckInputs and checkFloatingOrComplex, in its order."""
    check_square_shape(A, fn, name)
    if not A.dtype.is_floating_point:
        raise runtime_error(f"{fn}: Expected a floating point or complex tensor as input. Got "
                            f"{A.dtype.cpp}")


def _zero_pivot(m: np.ndarray) -> int:
    """LAPACK getrf's info: the 1-based index of the first zero pivot of A's LU factorization
    with partial pivoting (0: none)."""
    lu = m.astype(np.float64)
    for k in range(lu.shape[0]):
        p = k + int(np.argmax(np.abs(lu[k:, k])))
        if lu[p, k] == 0:
            return k + 1
        lu[[k, p]] = lu[[p, k]]
        lu[k + 1:, k] /= lu[k, k]
        lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return 0


def _singular(A, describe) -> None:
    """torch's LinAlgError for the first singular matrix of a batch."""
    for i, m in enumerate(A.data.reshape((math.prod(A.data.shape[:-2]),) + A.data.shape[-2:])):
        if pivot := _zero_pivot(m):
            batch = f"(Batch element {i}): " if A.ndim > 2 else ""
            raise TorchError("LinAlgError", describe(batch, pivot))


@torch_function(name="det", namespace="torch.linalg")
@torch_function("det(Tensor input)", method=True)
@takes_tensor("linalg_det", "A")
def det(A) -> Tensor:
    _check_square(A, "linalg.det")
    return apply("linalg_det", (A,))


def _slogdet(A, fn: str) -> tuple:
    _check_square(A, fn)
    return tuple(apply("linalg_slogdet", (A,), which=i) for i in (0, 1))


@torch_function(name="slogdet", namespace="torch.linalg")
@takes_tensor("linalg_slogdet", "A")
def linalg_slogdet(A) -> ReturnTypes:
    return ReturnTypes("linalg_slogdet", *_slogdet(A, "linalg.slogdet"),
                       fields=("sign", "logabsdet"))


@torch_function("slogdet(Tensor input)", method=True)
def slogdet(input) -> ReturnTypes:
    return ReturnTypes("slogdet", *_slogdet(input, "linalg.slogdet"),
                       fields=("sign", "logabsdet"))


@torch_function("logdet(Tensor input)", method=True)
def logdet(input) -> Tensor:
    """torch's: log |det A| where det A > 0, nan where it is negative."""
    sign, logabsdet = _slogdet(input, "logdet")
    return where(eq(sign, -1.0), math.nan, logabsdet)


def lapack_layout(result: Tensor) -> Tensor:
    """The result laid out as LAPACK leaves it, each matrix column-major (strides (..., 1, m)),
    as torch returns its inverses, solutions and LU factors: a reshape of it may be no view."""
    result.data = np.swapaxes(np.ascontiguousarray(np.swapaxes(result.data, -1, -2)), -1, -2)
    return result


@torch_function(name="inv", namespace="torch.linalg")
@torch_function("inverse(Tensor input, *, Tensor out=None)", method=True)
@takes_tensor("linalg_inv", "A")
def inv(A) -> Tensor:
    _check_square(A, "linalg.inv")
    _singular(A, lambda batch, i: f"linalg.inv: {batch}The diagonal element {i} is zero, the "
              "inversion could not be completed because the input matrix is singular.")
    return lapack_layout(apply("linalg_inv", (A,)))


@torch_function(name="solve", namespace="torch.linalg")
@takes_tensor("linalg_solve", "A", "B")
def solve(A, B, *, left=True) -> Tensor:
    """X with A X = B (X A = B unless left); B a vector (or a batch of them) where it is 1-D
    or has A's shape without its last dim."""
    return solved(A, B, left, "torch.linalg.solve")


def solved(A, B, left: bool, singular_error: str | None) -> Tensor:
    """solve's checks and node; a singular A raises `singular_error`'s LinAlgError (None:
    none, solve_ex's inf and nan as LAPACK leaves them)."""
    for name, t in (("A", A), ("B", B)):
        if t.ndim < 2 and not (name == "B" and t.ndim == 1):
            raise runtime_error(f"linalg.solve: The input tensor {name} must have at least 2 "
                                "dimensions.")
    _check_square(A, "linalg.solve")
    if A.dtype is not B.dtype:
        raise runtime_error("linalg.solve: Expected A and B to have the same dtype, but found A "
                            f"of type {A.dtype.cpp} and B of type {B.dtype.cpp} instead")
    vector = B.ndim == 1 or (B.ndim == A.ndim - 1 and B.data.shape == A.data.shape[:-1])
    n = A.data.shape[-1]
    rows, cols = (B.data.shape[-1], 1) if vector else B.data.shape[-2:]
    if (rows if left else cols) != n:
        equation = "AX = B" if left else "XA = B"
        raise runtime_error(f"linalg.solve: Incompatible shapes of A and B for the equation "
                            f"{equation} ({n}x{n} and {rows}x{cols})")
    broadcast_shape(B.data.shape[:-1 if vector else -2], A.data.shape[:-2])
    if singular_error:
        _singular(A, lambda batch, i: f"{singular_error}: {batch}The solver failed because the "
                  "input matrix is singular.")
    result = apply("linalg_solve", (A, B), left=left, vector=vector)
    return lapack_layout(result) if left and not vector else result


def _reduced_shape(shape: tuple[int, ...], dims: tuple[int, ...], keepdim: bool) -> tuple:
    return tuple(1 if i in dims else n for i, n in enumerate(shape)
                 if keepdim or i not in dims)
