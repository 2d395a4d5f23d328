"""torch.linalg's decompositions and what solves with them (engine/ops_decomp.py): cholesky,
cholesky_ex, torch.cholesky, cholesky_solve, cholesky_inverse, qr, eigh, svd, solve_triangular,
matrix_exp; householder_product (orgqr) and ormqr (engine/ops_householder.py). Errors as torch's
BatchLinearAlgebra.cpp raises them, in its order."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.ops_decomp import cholesky_info, held_asymmetry, svd_held
from gradcli.engine.tensor import Tensor, apply, broadcast_shape
from gradcli.torch._declare import takes_tensor, torch_function
from gradcli.torch._tensor.pointwise import float_kernel
from gradcli.torch._tensor.reductions import ReturnTypes
from gradcli.torch._tensor.shape import transpose_mT
from gradcli.torch.linalg import _check_square, check_square_shape, svdvals


def _batch_text(A, i: int) -> str:
    return f"(Batch element {i}): " if A.ndim > 2 else ""


def _first_failure(A, info: np.ndarray):
    """(batch index, info) of the first matrix whose info is not 0, else None."""
    flat = info.reshape(-1)
    bad = np.flatnonzero(flat)
    return (int(bad[0]), int(flat[bad[0]])) if bad.size else None


def _symmetric_op(name: str, A, upper_read: bool, **params) -> Tensor:
    """An op on a symmetric matrix of which LAPACK reads one triangle, given the constant that
    makes the check differentiate it as torch does (ops_decomp.held_asymmetry)."""
    return apply(name, (A, Tensor(held_asymmetry(A.data, upper_read))), **params)


# ---- cholesky -----------------------------------------------------------------------------
def _not_positive_definite(A, upper: bool, fn: str) -> None:
    failure = _first_failure(A, cholesky_info(A.data, upper)[1])
    if failure:
        i, order = failure
        raise TorchError("LinAlgError", f"{fn}: {_batch_text(A, i)}The factorization could not "
                         "be completed because the input is not positive-definite (the leading "
                         f"minor of order {order} is not positive-definite).")


@torch_function(name="cholesky", namespace="torch.linalg")
@takes_tensor("linalg_cholesky")
def linalg_cholesky(A, *, upper=False) -> Tensor:
    _check_square(A, "linalg.cholesky")
    _not_positive_definite(A, upper, "linalg.cholesky")
    return _symmetric_op("linalg_cholesky", A, upper, upper=upper)


@torch_function(name="cholesky_ex", namespace="torch.linalg")
@takes_tensor("linalg_cholesky_ex")
def cholesky_ex(A, *, upper=False, check_errors=False) -> ReturnTypes:
    """(L, info): info the order of the first leading minor that is not positive definite
    (0: none), L then LAPACK's half-done factor."""
    _check_square(A, "linalg.cholesky")
    if check_errors:
        _not_positive_definite(A, upper, "linalg.cholesky_ex")
    info = cholesky_info(A.data, upper)[1]
    L = _symmetric_op("linalg_cholesky", A, upper, upper=upper)
    return ReturnTypes("linalg_cholesky_ex", L, Tensor(info), fields=("L", "info"))


def _deprecated(name: str, replacement: str, advice: str) -> None:
    """torch's TORCH_WARN_ONCE for its old linear-algebra functions."""
    warn(f"torch.{name} is deprecated in favor of torch.linalg.{replacement} and will be "
         f"removed in a future PyTorch release.\n{advice}", once_per_process=True)


@torch_function("cholesky(Tensor input, bool upper=False, *, Tensor out=None)", method=True)
def cholesky(input, upper=False) -> Tensor:
    _deprecated("cholesky", "cholesky", "L = torch.cholesky(A)\nshould be replaced with\n"
                "L = torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould "
                "be replaced with\nU = torch.linalg.cholesky(A).mH\nThis transform will produce "
                "equivalent results for all valid (symmetric positive definite) inputs.")
    check_square_shape(input, "cholesky")
    float_kernel(input, "cholesky_cpu")
    _not_positive_definite(input, upper, "cholesky")
    return _symmetric_op("cholesky", input, upper, upper=upper)


def _check_b_and_A(b, A, fn: str) -> None:
    """torch's linearSolveCheckInputs for the old b-first solvers, then the kernel's dtype."""
    n = A.data.shape[-1]
    if A.data.shape[-2] != n or b.data.shape[-2] != n:
        raise runtime_error(f"Incompatible matrix sizes for {fn}: each A matrix is "
                            f"{A.data.shape[-2]} by {n} but each b matrix is "
                            f"{b.data.shape[-2]} by {b.data.shape[-1]}")
    if b.dtype is not A.dtype:
        raise runtime_error(f"Expected b and A to have the same dtype, but found b of type "
                            f"{b.dtype.cpp} and A of type {A.dtype.cpp} instead.")
    float_kernel(b, f"{fn}_cpu")
    broadcast_shape(b.data.shape[:-2], A.data.shape[:-2])


# ---- cholesky_solve, cholesky_inverse ------------------------------------------------------
@torch_function("cholesky_solve(Tensor input, Tensor input2, bool upper=False, *, "
                "Tensor out=None)", method=True)
def cholesky_solve(input, input2, upper=False) -> Tensor:
    """X with (L Lᴴ) X = B: input is B, input2 the factor (its triangle alone is read)."""
    for name, t in (("b", input), ("u", input2)):
        if t.ndim < 2:
            raise runtime_error(f"{name} should have at least 2 dimensions, but has {t.ndim} "
                                "dimensions instead")
    m, n = input2.data.shape[-2:]
    if m != n:
        raise runtime_error(f"A must be batches of square matrices, but they are {m} by {n} "
                            "matrices")
    _check_b_and_A(input, input2, "cholesky_solve")
    return apply("cholesky_solve", (input, input2), upper=upper)


@torch_function("cholesky_inverse(Tensor input, bool upper=False, *, Tensor out=None)",
                method=True)
def cholesky_inverse(input, upper=False) -> Tensor:
    """(L Lᴴ)⁻¹ from the triangle of the factor L (Uᴴ U for upper)."""
    check_square_shape(input, "cholesky_inverse")
    float_kernel(input, "cholesky_inverse_out_cpu")
    diagonals = np.diagonal(input.data, 0, -2, -1)
    diagonals = diagonals.reshape((math.prod(diagonals.shape[:-1]), diagonals.shape[-1]))
    for i, d in enumerate(diagonals):
        if (d == 0).any():
            raise TorchError("LinAlgError", f"cholesky_inverse: {_batch_text(input, i)}The "
                             f"diagonal element {int(np.argmax(d == 0)) + 1} is zero, the "
                             "inversion could not be completed because the input matrix is "
                             "singular.")
    return apply("cholesky_inverse", (input,), upper=upper)


# ---- qr ------------------------------------------------------------------------------------
def _qr(A, mode: str, name: str) -> ReturnTypes:
    if A.ndim < 2:
        raise runtime_error("linalg.qr: The input tensor A must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise runtime_error("linalg.qr: Expected a floating point or complex tensor as input. "
                            f"Got {A.dtype.cpp}")
    if mode not in ("reduced", "complete", "r"):
        raise runtime_error(f"qr received unrecognized mode '{mode}' but expected one of "
                            "'reduced' (default), 'r', or 'complete'")
    return ReturnTypes(name, *(apply("linalg_qr", (A,), mode=mode, which=i) for i in (0, 1)),
                       fields=("Q", "R"))


@torch_function(name="qr", namespace="torch.linalg")
@takes_tensor("linalg_qr", "A")
def linalg_qr(A, mode="reduced") -> ReturnTypes:
    return _qr(A, mode, "linalg_qr")


@torch_function("qr(Tensor input, bool some=True, *, Tensor out=None)", method=True)
def qr(input, some=True) -> ReturnTypes:
    _deprecated("qr", "qr", "The boolean parameter 'some' has been replaced with a string "
                "parameter 'mode'.\nQ, R = torch.qr(A, some)\nshould be replaced with\n"
                "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete')")
    return _qr(input, "reduced" if some else "complete", "qr")


# ---- eigh, eigvalsh ------------------------------------------------------------------------
def _eigh(A, UPLO: str, fn: str, which: tuple) -> tuple:
    check_square_shape(A, fn)
    if UPLO not in ("L", "U"):
        raise runtime_error(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    float_kernel(A, "linalg_eigh_cpu")
    return tuple(_symmetric_op("linalg_eigh", A, UPLO == "U", uplo=UPLO, which=i) for i in which)


@torch_function(name="eigh", namespace="torch.linalg")
@takes_tensor("linalg_eigh")
def eigh(A, UPLO="L") -> ReturnTypes:
    """The eigenvalues, ascending, and eigenvectors of a symmetric matrix from one triangle."""
    return ReturnTypes("linalg_eigh", *_eigh(A, UPLO, "linalg.eigh", (0, 1)),
                       fields=("eigenvalues", "eigenvectors"))


@torch_function(name="eigvalsh", namespace="torch.linalg")
@takes_tensor("linalg_eigvalsh")
def eigvalsh(A, UPLO="L") -> Tensor:
    return _eigh(A, UPLO, "linalg.eigh", (0,))[0]


# ---- svd -----------------------------------------------------------------------------------
def _svd(A, full: bool, fn: str = "linalg.svd") -> tuple:
    if A.ndim < 2:
        raise runtime_error(f"{fn}: The input tensor A must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise runtime_error(f"{fn}: Expected a floating point or complex tensor as input. Got "
                            f"{A.dtype.cpp}")
    if np.isnan(A.data).any():
        raise TorchError("LinAlgError", f"{fn}: The algorithm failed to converge because the "
                         "input matrix contained non-finite values.")
    return tuple(apply("linalg_svd", (A, Tensor(svd_held(A.data, full, i))), full=full, which=i)
                 for i in range(3))


@torch_function(name="svd", namespace="torch.linalg")
@takes_tensor("linalg_svd", "A")
def linalg_svd(A, full_matrices=True, *, driver=None) -> ReturnTypes:
    return ReturnTypes("linalg_svd", *_svd(A, full_matrices), fields=("U", "S", "Vh"))


@torch_function("svd(Tensor input, bool some=True, bool compute_uv=True, *, Tensor out=None)",
                method=True)
def svd(input, some=True, compute_uv=True) -> ReturnTypes:
    """torch.svd: V rather than Vh (its transpose); without compute_uv, U and V are zeros of
    the full shapes and S the singular values."""
    if not compute_uv:
        m, n = input.data.shape[-2:] if input.ndim >= 2 else (0, 0)
        S = svdvals(input)
        zeros = [Tensor(np.zeros(input.data.shape[:-2] + (k, k), input.data.dtype))
                 for k in (m, n)]
        return ReturnTypes("svd", zeros[0], S, zeros[1], fields=("U", "S", "V"))
    U, S, Vh = _svd(input, not some)
    return ReturnTypes("svd", U, S, transpose_mT(Vh), fields=("U", "S", "V"))


# ---- solve_triangular, triangular_solve ----------------------------------------------------
@torch_function(name="solve_triangular", namespace="torch.linalg")
def solve_triangular(A, B, *, upper, left=True, unitriangular=False) -> Tensor:
    """X with A X = B (X A = B unless left), A's upper or lower triangle alone read (its
    diagonal taken as ones if unitriangular)."""
    fn = "linalg.solve_triangular"
    for name, t in (("A", A), ("B", B)):
        if t.ndim < 2:
            raise runtime_error(f"{fn}: The input tensor {name} must have at least 2 "
                                "dimensions.")
    check_square_shape(A, fn)
    n = A.data.shape[-1]
    rows, cols = B.data.shape[-2:]
    if (rows if left else cols) != n:
        raise runtime_error(f"{fn}: Incompatible shapes of A and B for the equation "
                            f"{'AX = B' if left else 'XA = B'} ({n}x{n} and {rows}x{cols})")
    float_kernel(A, "triangular_solve_cpu")
    broadcast_shape(A.data.shape[:-2], B.data.shape[:-2])
    return apply("linalg_solve_triangular", (A, B), upper=upper, left=left,
                 unit=unitriangular)


@torch_function("triangular_solve(Tensor input, Tensor A, bool upper=True, bool transpose=False, "
                "bool unitriangular=False, *, TensorList[2] out=None)", method=True)
def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False) -> ReturnTypes:
    """(X with A X = b, or Aᵀ X = b, A's copy): the deprecated form of solve_triangular."""
    warn("torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will "
         "be removed in a future PyTorch release.", once_per_process=True)
    for name, t in (("b", input), ("A", A)):
        if t.ndim < 2:
            raise runtime_error(f"torch.triangular_solve: Expected {name} to have at least 2 "
                                f"dimensions, but it has {t.ndim} dimensions instead")
    _check_b_and_A(input, A, "triangular_solve")
    return ReturnTypes("triangular_solve", *(apply(
        "triangular_solve", (input, A), upper=upper, transpose=transpose, unit=unitriangular,
        which=i) for i in (0, 1)), fields=("solution", "cloned_coefficient"))


# ---- matrix_exp ----------------------------------------------------------------------------
@torch_function(name="matrix_exp", namespace="torch.linalg")
@torch_function("matrix_exp(Tensor input)", method=True)
@takes_tensor("linalg_matrix_exp")
def matrix_exp(A) -> Tensor:
    _check_square(A, "linalg.matrix_exp")
    return apply("linalg_matrix_exp", (A,))


# ---- householder_product (orgqr), ormqr: products of geqrf's reflectors --------------------
def _dims_like_input(fn: str, input, t, name: str, fewer: int) -> None:
    """torch's check that t (tau: one dim fewer, other: as many) has input's rank."""
    if input.ndim - t.ndim != fewer:
        relation = "one dimension less than" if fewer else "the same number of dimensions as"
        raise runtime_error(f"{fn}: Expected {name} to have {relation} input, but got {name}.ndim "
                            f"equal to {t.ndim} and input.ndim is equal to {input.ndim}")


def _batch_like_input(fn: str, input, t, name: str, fewer: int) -> None:
    batch = t.data.shape[:t.ndim - 2 + fewer]
    if input.ndim > 2 and batch != input.data.shape[:-2]:
        raise runtime_error(f"{fn}: Expected batch dimensions of {name} to be equal to "
                            f"input.shape[:-2], but got {list(batch)}")


@torch_function("linalg_householder_product(Tensor input, Tensor tau, *, Tensor out=None)",
                name="householder_product", namespace="torch.linalg")
def householder_product(input, tau) -> Tensor:
    """The first n columns of H₁ … H_k, H_j = I - τ_j v_j v_jᵀ from input's column j below
    the diagonal."""
    fn = "torch.linalg.householder_product"
    if input.ndim < 2:
        raise runtime_error(f"{fn}: input must have at least 2 dimensions.")
    m, n = input.data.shape[-2:]
    if m < n:
        raise runtime_error(f"{fn}: input.shape[-2] must be greater than or equal to "
                            "input.shape[-1]")
    if n < (tau.data.shape or (1,))[-1]:
        raise runtime_error(f"{fn}: input.shape[-1] must be greater than or equal to "
                            "tau.shape[-1]")
    _dims_like_input(fn, input, tau, "tau", 1)
    _batch_like_input(fn, input, tau, "tau", 1)
    if tau.dtype is not input.dtype:
        raise runtime_error(f"{fn}: tau dtype {tau.dtype.cpp} does not match input dtype "
                            f"{input.dtype.cpp}")
    float_kernel(input, "orgqr_cpu")
    return apply("linalg_householder_product", (input, tau))


@torch_function("orgqr(Tensor input, Tensor input2, *, Tensor out=None)", method=True)
def orgqr(input, input2) -> Tensor:
    return householder_product(input, input2)


@torch_function("ormqr(Tensor input, Tensor input2, Tensor input3, bool left=True, "
                "bool transpose=False, *, Tensor out=None)", method=True)
def ormqr(input, input2, input3, left=True, transpose=False) -> Tensor:
    """op(Q) C (C op(Q) unless left), Q = H₁ … H_k of householder_product in full (m x m),
    op(Q) = Qᵀ if transpose: input2 is tau, input3 is C."""
    fn, tau, other = "torch.ormqr", input2, input3
    for name, t in (("input", input), ("other", other)):
        if t.ndim < 2:
            raise runtime_error(f"{fn}: {name} must have at least 2 dimensions.")
    side = -2 if left else -1
    if other.data.shape[side] != input.data.shape[-2]:
        raise runtime_error(f"{fn}: other.shape[{side}] must be equal to input.shape[-2]")
    if (tau.data.shape or (1,))[-1] != min(other.data.shape[side], input.data.shape[-1]):
        raise runtime_error(f"{fn}: tau.shape[-1] must be equal to min(other.shape[{side}], "
                            "input.shape[-1])")
    for name, t, fewer in (("tau", tau, 1), ("other", other, 0)):
        _dims_like_input(fn, input, t, name, fewer)
    for name, t, fewer in (("tau", tau, 1), ("other", other, 0)):
        _batch_like_input(fn, input, t, name, fewer)
    for name, t in (("tau", tau), ("other", other)):
        if t.dtype is not input.dtype:
            raise runtime_error(f"{fn}: Expected input and {name} to have the same dtype, but "
                                f"input has dtype{input.dtype.cpp} and {name} has dtype "
                                f"{t.dtype.cpp}")
    float_kernel(input, "ormqr_cpu")
    return apply("ormqr", (input, tau, other), left=bool(left), transpose=bool(transpose))
