"""The LU factorization (engine/ops_lu.py): torch.linalg.lu_factor, lu_factor_ex, lu, lu_solve,
and the older torch.lu, torch.lu_unpack, torch.lu_solve. Errors as torch's
BatchLinearAlgebra.cpp raises them, in its order."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.errors import runtime_error, warn
from gradcli.engine.ops_lu import lu_factor as factor
from gradcli.engine.ops_lu import permutation
from gradcli.engine.tensor import Tensor, apply, broadcast_shape
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.pointwise import float_kernel
from gradcli.torch._tensor.reductions import ReturnTypes
from gradcli.torch.linalg import check_square_shape, lapack_layout
from gradcli.torch.linalg_decomp import _batch_text, _first_failure


def _check_factorable(A, fn: str, pivot: bool) -> None:
    if A.ndim < 2:
        raise runtime_error(f"{fn}: Expected tensor with 2 or more dimensions. Got size: "
                            f"[{', '.join(map(str, A.data.shape))}] instead")
    if not pivot:
        raise runtime_error("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    float_kernel(A, "lu_cpu")


def _factored(A, pivot: bool, fn: str, check_errors: str | None) -> tuple:
    """(LU, pivots, info); a zero pivot raises `check_errors`'s error (None: none)."""
    _check_factorable(A, fn, pivot)
    _, pivots, info = factor(A.data)
    failure = _first_failure(A, info)
    if check_errors and failure:
        i, j = failure
        raise runtime_error(f"{check_errors}: {_batch_text(A, i)}U[{j},{j}] is zero and using it "
                            "on lu_solve would result in a division by zero. If you still want "
                            "to perform the factorization, consider calling linalg.lu(A, pivot) "
                            "or linalg.lu_factor_ex(A, pivot)")
    return lapack_layout(apply("linalg_lu_factor_ex", (A,))), Tensor(pivots), Tensor(info)


@torch_function("linalg_lu_factor(Tensor A, *, bool pivot=True)", name="lu_factor",
                namespace="torch.linalg")
def lu_factor(A, *, pivot=True) -> ReturnTypes:
    LU, pivots, _ = _factored(A, pivot, "torch.lu_factor", "torch.linalg.lu_factor")
    return ReturnTypes("linalg_lu_factor", LU, pivots, fields=("LU", "pivots"))


@torch_function("linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False)",
                name="lu_factor_ex", namespace="torch.linalg")
def lu_factor_ex(A, *, pivot=True, check_errors=False) -> ReturnTypes:
    found = _factored(A, pivot, "torch.lu_factor",
                      "torch.linalg.lu_factor_ex" if check_errors else None)
    return ReturnTypes("linalg_lu_factor_ex", *found, fields=("LU", "pivots", "info"))


_LU_WITH_INFO = arguments.Parser(
    ("_lu_with_info(Tensor input, bool pivot=True, bool check_errors=True)",))


@torch_function(name="lu")  # (a Python function in torch: its parameters check the call)
def lu(A, pivot=True, get_infos=False, out=None):
    """torch.lu: torch.functional's _lu_with_info, which never raises for a zero pivot."""
    if out is not None:
        raise runtime_error("gradcli does not support torch.lu's out= yet: use its result")
    # (torch's Python passes on to its builtin, whose parser checks what it is given)
    _LU_WITH_INFO.arguments((A,), {"pivot": pivot, "check_errors": not get_infos}, None)
    # (torch's deprecation warning is raised inside torch/functional.py, at its line and not
    # the script's: a session shows none, as the traces of torch compare them)
    found = _factored(A, pivot, "torch.lu_factor", None)
    return ReturnTypes("_lu_with_info", *found, fields=("LU", "pivots", "info")) if get_infos \
        else found[:2]


@torch_function("linalg_lu(Tensor A, *, bool pivot=True)", name="lu", namespace="torch.linalg")
def linalg_lu(A, *, pivot=True) -> ReturnTypes:
    """(P, L, U) with A = P L U: P a constant, L and U one node each."""
    _check_factorable(A, "linalg.lu", pivot)
    P = permutation(factor(A.data)[1], A.data.shape[-2]).astype(A.data.dtype)
    return ReturnTypes("linalg_lu", Tensor(P),
                       *(apply("linalg_lu", (A,), which=i) for i in (1, 2)),
                       fields=("P", "L", "U"))


# ---- lu_unpack ----------------------------------------------------------------------------
def _check_pivots(LU, pivots) -> None:
    for name, t in (("LU_data", LU), ("LU_pivots", pivots)):
        if t.ndim < (2 if name == "LU_data" else 1):
            raise runtime_error(f"torch.lu_unpack: Expected tensor with 2 or more dimensions. "
                                f"Got size: [{', '.join(map(str, t.data.shape))}] instead")
    if pivots.dtype is not dtypes.int32:
        raise runtime_error("torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of "
                            "torch.int32 dtype.\nNote: this function is intended to be used "
                            "with the output produced by torch.linalg.lu_factor")


@torch_function("lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, "
                "bool unpack_pivots=True, *, TensorList[3] out=None)")
def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True) -> ReturnTypes:
    """(P, L, U) of lu_factor's result: P from the pivots (a constant), L and U the packed
    triangles (one node each); what is not unpacked is empty (L and U still nodes, as
    torch's)."""
    _check_pivots(LU_data, LU_pivots)
    m = LU_data.data.shape[-2]
    pivots = LU_pivots.data
    if unpack_pivots and ((pivots < 1) | (pivots > m)).any():
        raise runtime_error("pivots passed to lu_unpack must be between 1 and LU.size(-2) "
                            "inclusive.Did you properly pass the result of lu_factor?")
    P = Tensor(permutation(pivots, m).astype(LU_data.data.dtype)) if unpack_pivots else \
        Tensor(np.zeros((0,), LU_data.data.dtype))
    L, U = (apply("lu_unpack", (LU_data,), which=i, unpack=bool(unpack_data)) for i in (1, 2))
    return ReturnTypes("lu_unpack", P, L, U, fields=("P", "L", "U"))


# ---- lu_solve -----------------------------------------------------------------------------
def _check_lu_solve(LU, pivots, B, left: bool) -> None:
    """torch's linalg_lu_solve checks, in its order."""
    for name, t in (("LU", LU), ("B", B)):
        if t.ndim < 2:
            raise runtime_error(f"linalg.lu_solve: The input tensor {name} must have at least 2 "
                                "dimensions.")
    check_square_shape(LU, "torch.linalg.lu_solve")
    n = LU.data.shape[-1]
    rows, cols = B.data.shape[-2:]
    if (rows if left else cols) != n:
        raise runtime_error(f"linalg.lu_solve: Incompatible shapes of A and B for the equation "
                            f"{'AX = B' if left else 'XA = B'} ({n}x{n} and {rows}x{cols})")
    if LU.dtype is not B.dtype:
        raise runtime_error("linalg.lu_solve: Expected LU and B to have the same dtype, but found "
                            f"LU of type {LU.dtype.cpp} and B of type {B.dtype.cpp} instead")
    if pivots.dtype is not dtypes.int32:
        raise runtime_error("linalg.lu_solve: pivots should be a Tensor of scalar type "
                            "torch.int32")
    if pivots.data.shape[-1:] != (n,) or pivots.data.shape[:-1] != LU.data.shape[:-2]:
        raise runtime_error("linalg.lu_solve: Number of pivots per batch should be same as the "
                            "dimension of the matrix")
    broadcast_shape(LU.data.shape[:-2], B.data.shape[:-2])


@torch_function("linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, "
                "bool adjoint=False)", name="lu_solve", namespace="torch.linalg")
def linalg_lu_solve(LU, pivots, B, *, left=True, adjoint=False) -> Tensor:
    """X with A X = B (X A = B unless left; Aᴴ in place of A if adjoint), A = P L U given as
    lu_factor's result."""
    _check_lu_solve(LU, pivots, B, left)
    float_kernel(LU, "lu_solve_cpu")
    result = apply("linalg_lu_solve", (LU, B), pivots=pivots.data, left=bool(left),
                   adjoint=bool(adjoint))
    return lapack_layout(result) if left else result


@torch_function("lu_solve(Tensor input, Tensor LU_data, Tensor LU_pivots, *, Tensor out=None)",
                method=True)
def lu_solve(input, LU_data, LU_pivots) -> Tensor:
    warn("torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a "
         "future PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\n"
         "X = torch.lu_solve(B, LU, pivots)\nshould be replaced with\nX = torch.linalg.lu_solve("
         "LU, pivots, B)", once_per_process=True)
    return linalg_lu_solve(LU_data, LU_pivots, input)



lu.__name__ = lu.__qualname__ = "_lu_with_infos"  # torch's boolean dispatch names it so
