"""torch.linalg: vector_norm, matrix_norm, norm, svdvals and diagonal, and torch.norm
(Tensor.norm), which sends a string p to matrix_norm unless it is 'fro' over at most two dims.
Each is composed as torch's LinearAlgebra.cpp composes it, so the graph has torch's nodes."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import reductions
from gradcli.torch._tensor.reductions import amax, amin
from gradcli.torch._tensor.selecting import diagonal
from gradcli.torch._tensor.shape import _dims, permute, unsqueeze


@torch_function(name="vector_norm", namespace="torch.linalg")
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) -> Tensor:
    if dim is not None:
        _dims(dim, x.ndim)
    return norm(x, ord, dim, keepdim)



@torch_function(name="diagonal", namespace="torch.linalg")
def linalg_diagonal(A, *, offset=0, dim1=-2, dim2=-1) -> Tensor:
    """torch.linalg.diagonal: torch.diagonal with the last two dims by default."""
    return diagonal(A, offset, dim1, dim2)



@torch_function(name="svdvals", namespace="torch.linalg")
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
    dims = [dim] if isinstance(dim, int) else dim
    if isinstance(p, str) and not (p == "fro" and (dims is None or len(dims) <= 2)):
        return matrix_norm(input, p, list(range(input.ndim)) if dims is None else dims, keepdim)
    return reductions.norm(input, 2 if p is None else p, dim, keepdim)
