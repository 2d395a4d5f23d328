"""The op table's LU rows (ops.py loads them): linalg.lu_factor(_ex), linalg.lu, lu_unpack,
linalg.lu_solve, and the factorization that inv_ex and solve_ex fall back on for a singular
matrix.

Same contract as ops.py and ops_decomp.py: A = P L U is factored as LAPACK's getrf factors it
(partial pivoting, the first largest magnitude of a column its pivot; a zero pivot sets info
and the factorization goes on), in float64 and rounded once. The pivots are LAPACK's 1-based
row swaps, a param of the ops that read them. The check differences the forward (numeric).
"""
from __future__ import annotations

import numpy as np

from .ops_decomp import (
    _double,
    _no_form,
    _outputs_grads,
    _summed_to,
    numpy_only,
    triangular_solve,
)
from .optable import defop


def _mH(a):
    return np.swapaxes(a, -1, -2)


# ---- the factorization ---------------------------------------------------------------------
def _getrf(matrix):
    """(LU, pivots, info) of one matrix, as LAPACK's getf2 leaves them."""
    lu = matrix.copy()
    rows, cols = lu.shape
    pivots = np.arange(1, min(rows, cols) + 1, dtype=np.int32)
    info = 0
    with np.errstate(all="ignore"):
        for j in range(min(rows, cols)):
            p = j + int(np.argmax(np.abs(lu[j:, j])))
            pivots[j] = p + 1
            if lu[p, j] != 0:
                lu[[j, p]] = lu[[p, j]]
                lu[j + 1:, j] /= lu[j, j]
            elif info == 0:
                info = j + 1
            lu[j + 1:, j + 1:] -= np.outer(lu[j + 1:, j], lu[j, j + 1:])
    return lu, pivots, info


def lu_factor(a):
    """(LU, pivots, info) of each matrix of a batch, in float64."""
    a = _double(a)
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    lu, pivots = np.empty(a.shape), np.empty(batch + (min(m, n),), np.int32)
    info = np.zeros(batch, np.int32)
    for index in np.ndindex(*batch):
        lu[index], pivots[index], info[index] = _getrf(a[index])
    return lu, pivots, info


def permutation(pivots, m):
    """P (m x m, float64) with A = P L U, from LAPACK's row swaps."""
    batch = pivots.shape[:-1]
    order = np.broadcast_to(np.arange(m), batch + (m,)).copy()
    for index in np.ndindex(*batch):
        for j, p in enumerate(pivots[index]):
            row = order[index]
            row[[j, p - 1]] = row[[p - 1, j]]
    P = np.zeros(batch + (m, m))
    np.put_along_axis(P, order[..., :, None], 1.0, -1)
    return _mH(P)


def unpack_factors(lu):
    """(L, U) of a packed factorization: L unit lower (m x k), U upper (k x n)."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    return np.tril(lu[..., :, :k], -1) + np.eye(m, k), np.triu(lu[..., :k, :])


# ---- lu_factor_ex, lu: torch's linalg_lu_backward -------------------------------------------
def _solve_unit_lower_h(L, g):
    """Y with Lᴴ Y = g, L unit lower triangular (square)."""
    return triangular_solve(_mH(L), g, True, True, True)


def _solve_right_lower_h(U, g):
    """Y with Y Uᴴ = g, U upper triangular (square)."""
    return triangular_solve(_mH(U), g, False, False, False)


def lu_backward(gL, gU, P, L, U):
    """torch's linalg_lu_backward (pivot=True): the square, wide and tall cases."""
    m, n = L.shape[-2], U.shape[-1]
    k = min(m, n)
    if m == n:
        gA = np.zeros(L.shape) if gL is None else np.tril(_mH(L) @ gL, -1)
        if gU is not None:
            gA = gA + np.triu(gU @ _mH(U))
        return P @ _solve_unit_lower_h(L, _solve_right_lower_h(U, gA))
    if m < n:
        U1 = U[..., :k]
        gA = np.zeros(L.shape) if gL is None else _mH(L) @ gL
        if gU is not None:
            gA = gA - np.triu(gU) @ _mH(U)
        gA = _solve_right_lower_h(U1, np.tril(gA, -1))
        if gU is not None:
            gA = np.concatenate([gA + np.triu(gU[..., :k]), gU[..., k:]], -1)
        gA = _solve_unit_lower_h(L, gA)
        if gU is None:
            gA = np.concatenate([gA, np.zeros(U[..., k:].shape)], -1)
        return P @ gA
    L1 = L[..., :k, :]
    gA = np.zeros(U.shape) if gU is None else gU @ _mH(U)
    if gL is not None:
        gA = gA - _mH(L) @ np.tril(gL, -1)
    gA = _solve_unit_lower_h(L1, np.triu(gA))
    if gL is not None:
        gA = np.concatenate([gA + np.tril(gL[..., :k, :], -1), gL[..., k:, :]], -2)
    gA = _solve_right_lower_h(U, gA)
    if gL is None:
        gA = np.concatenate([gA, np.zeros(L[..., k:, :].shape)], -2)
    return P @ gA


def _factors(a):
    lu, pivots, _ = lu_factor(a)
    return (permutation(pivots, a.shape[-2]), *unpack_factors(lu))


def _lu_factor_vjp(xp, g, o, a):
    """torch's lu_factor_ex_backward: linalg_lu_backward of g's strict lower triangle (L's)
    and upper one (U's)."""
    numpy_only("linalg.lu_factor", xp)
    P, L, U = _factors(a)
    k = min(a.shape[-2:])
    g = _double(g)
    return (lu_backward(np.tril(g[..., :, :k], -1), np.triu(g[..., :k, :]), P, L, U)
            .astype(a.dtype),)


defop("linalg_lu_factor_ex", "LinalgLuFactorExBackward0",
      lambda a: lu_factor(a)[0].astype(a.dtype), _lu_factor_vjp, "a",
      _no_form("an LU factorization"))


def _lu_vjp(xp, g, o, a, which):
    numpy_only("linalg.lu", xp)
    P, L, U = _factors(a)
    gL, gU = _outputs_grads(g, which - 1, 2)
    return (lu_backward(gL, gU, P, L, U).astype(a.dtype),)


# linalg.lu's L (which 1) and U (which 2): one node each, as the other decompositions
defop("linalg_lu", "LinalgLuBackward0",
      lambda a, which: _factors(a)[which].astype(a.dtype), _lu_vjp, "a",
      _no_form("an LU factorization"))


# ---- lu_unpack: L and U of the packed factors (P is no function of them) --------------------
def _unpacked(lu, which, unpack):
    return unpack_factors(lu)[which - 1].astype(lu.dtype) if unpack else \
        np.zeros((0,), lu.dtype)


def _lu_unpack_vjp(xp, g, o, lu, which, unpack):
    """torch's lu_unpack_backward: L's gradient below the diagonal, U's on and above it, each
    where it sits in the packed matrix (nothing not unpacked)."""
    numpy_only("torch.lu_unpack", xp)
    k = min(lu.shape[-2:])
    grad = np.zeros(lu.shape)
    if unpack and which == 1:
        grad[..., :, :k] = np.tril(g, -1)
    elif unpack:
        grad[..., :k, :] = np.triu(g)
    return (grad.astype(lu.dtype),)


defop("lu_unpack", "LuUnpackBackward0", _unpacked, _lu_unpack_vjp, "")


# ---- lu_solve: X with A X = B (X A = B unless left; Aᴴ for adjoint), A = P L U -----------------
def _apply_inverse(lu, pivots, b, adjoint):
    """A⁻¹ B, or A⁻ᴴ B for adjoint, by substitution as getrs (a zero pivot: inf, nan)."""
    P = permutation(pivots, lu.shape[-1])
    L, U = unpack_factors(lu)
    if adjoint:
        y = triangular_solve(_mH(U), b, False, True, False)
        return P @ triangular_solve(_mH(L), y, True, True, True)
    y = triangular_solve(L, _mH(P) @ b, False, True, True)
    return triangular_solve(U, y, True, True, False)


def lu_solve(lu, b, pivots, left, adjoint):
    lu, b = _double(lu), _double(b)
    if left:
        return _apply_inverse(lu, pivots, b, adjoint)
    return _mH(_apply_inverse(lu, pivots, _mH(b), not adjoint))


def _lu_solve_vjp(xp, g, o, lu, b, pivots, left, adjoint):
    """gB = lu_solve(g) with the adjoint equation; A's gradient (-gB Xᴴ, -Xᴴ gB, -X gBᴴ or
    -gBᴴ X by the equation) taken through A = P L U to L's strict lower and U's upper
    triangle."""
    numpy_only("linalg.lu_solve", xp)
    x, g = _double(o), _double(g)
    gb = lu_solve(lu, g, pivots, left, not adjoint)
    if left:
        ga = -(x @ _mH(gb)) if adjoint else -(gb @ _mH(x))
    else:
        ga = -(_mH(gb) @ x) if adjoint else -(_mH(x) @ gb)
    P = permutation(pivots, lu.shape[-1])
    L, U = unpack_factors(_double(lu))
    ga = _mH(P) @ ga
    glu = np.tril(ga @ _mH(U), -1) + np.triu(_mH(L) @ ga)
    return _summed_to(glu, lu.shape).astype(lu.dtype), _summed_to(gb, b.shape).astype(b.dtype)


defop("linalg_lu_solve", "LinalgLuSolveBackward0",
      lambda lu, b, pivots, left, adjoint: lu_solve(lu, b, pivots, left, adjoint)
      .astype(b.dtype), _lu_solve_vjp, ("ao", "a"), _no_form("an LU solve"))
