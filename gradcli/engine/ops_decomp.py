"""The op table's matrix decompositions (ops.py loads them): cholesky and what solves with it.

Same contract as ops.py. Each forward runs in float64 and is rounded once (as ops_linalg's
det and solve). A decomposition has no closed form sympy could differentiate: the check
differences `differentiated`, the function torch's backward is the derivative of (for a
factor of a symmetric matrix, of its symmetric part: torch's gradient is symmetric, while
LAPACK reads one triangle only).
"""
from __future__ import annotations

import functools

import numpy as np

from . import opkit as K
from . import symforms as S
from .errors import runtime_error
from .optable import defop


def _no_form(what: str):
    def sym(*args, **params):
        raise S.TooIntricate(f"{what}, which sympy has no closed form for")
    return sym


def _double(a):
    return np.asarray(a, dtype=np.float64)


def _symmetric(a):
    return (a + np.swapaxes(a, -1, -2)) / 2


def held_asymmetry(a, upper):
    """The symmetric matrix LAPACK reads (one triangle, mirrored) minus the input's symmetric
    part, in float64: the second input of an op on a symmetric matrix, constant. torch's
    gradient is the derivative of f(sym(A) + this), a symmetric matrix."""
    read = _triangle(_double(a), upper)
    read = read + np.swapaxes(np.tril(read, -1), -1, -2)
    return read - _symmetric(_double(a))


def _as_read(a, held):
    """The matrix an op on a symmetric input differentiates: sym(A) + the held asymmetry."""
    return _symmetric(_double(a)) + held


def _triangle(a, upper):
    """The triangle LAPACK reads, as a lower one (upper: transposed)."""
    return np.tril(np.swapaxes(a, -1, -2) if upper else a)


def _lower_or_upper(lower, upper):
    return np.swapaxes(lower, -1, -2) if upper else lower


# ---- cholesky: A = L Lᴴ, L lower triangular --------------------------------------------
def cholesky_info(a, upper=False):
    """(L, info) as LAPACK's potf2 leaves them: column by column, stopping at the first
    leading minor that is not positive definite (info its order, that diagonal element left
    unrooted, the columns after it the input's), in float64. L is upper's Lᴴ for upper."""
    lower = _triangle(_double(a), upper).copy()
    batch, n = lower.shape[:-2], lower.shape[-1]
    info = np.zeros(batch, dtype=np.int32)
    with np.errstate(all="ignore"):
        for j in range(n):
            going = info == 0
            row = lower[..., j, :j]
            pivot = lower[..., j, j] - np.einsum("...k,...k->...", row, row)
            failed = going & ~(pivot > 0)
            info[failed] = j + 1
            root = np.where(going & ~failed, np.sqrt(np.where(pivot > 0, pivot, 1)), 1)
            lower[..., j, j] = np.where(going, np.where(failed, pivot, root), lower[..., j, j])
            below = (lower[..., j + 1:, j] - np.einsum("...ik,...k->...i",
                                                       lower[..., j + 1:, :j], row)) / \
                root[..., None]
            keep = (going & ~failed)[..., None]
            lower[..., j + 1:, j] = np.where(keep, below, lower[..., j + 1:, j])
    return _lower_or_upper(lower, upper).astype(a.dtype), info


def _cholesky_vjp(xp, g, o, a, held, upper):
    """torch's cholesky_backward: L⁻ᴴ Φ(Lᴴ gL) L⁻¹, Φ taking the lower triangle with half
    its diagonal, symmetrized."""
    L, gL = (K.mT(xp, o), K.mT(xp, g)) if upper else (o, g)
    n = a.shape[-1]
    lower = xp.asarray(np.tril(np.ones((n, n), dtype=K._values(a).dtype)))
    strict = xp.asarray(np.tril(np.ones((n, n), dtype=K._values(a).dtype), -1))
    gA = xp.matmul(K.mT(xp, L), gL) * lower
    gA = (gA + K.mT(xp, gA * strict)) * 0.5
    gA = xp.solve(K.mT(xp, L), gA)
    return K.mT(xp, xp.solve(K.mT(xp, L), K.mT(xp, gA))), None


def _cholesky_as_read(a, held, upper=False):
    with np.errstate(all="ignore"):
        lower = cholesky_info(_as_read(a, held))[0]
    return _lower_or_upper(lower, upper)


for _name, _grad_fn in (("linalg_cholesky", "LinalgCholeskyExBackward0"),
                        ("cholesky", "CholeskyBackward0")):
    defop(_name, _grad_fn, lambda a, held, upper: cholesky_info(a, upper)[0], _cholesky_vjp,
          ("ao", ""), _no_form("a Cholesky factor"), differentiated=_cholesky_as_read)


# ---- cholesky_solve: X = (L Lᴴ)⁻¹ B; cholesky_inverse: (L Lᴴ)⁻¹ -------------------------
def _gram(factor, upper):
    """L Lᴴ from the triangle LAPACK reads (all of `factor` where `whole`)."""
    lower = np.swapaxes(factor, -1, -2) if upper else factor
    return lower @ np.swapaxes(lower, -1, -2)


def _solve_gram(b, factor, upper, whole=False):
    factor = _double(factor)
    factor = factor if whole else np.triu(factor) if upper else np.tril(factor)
    gram = _gram(factor, upper)
    gram, rhs = np.broadcast_to(gram, np.broadcast_shapes(gram.shape[:-2], b.shape[:-2]) +
                                gram.shape[-2:]), _double(b)
    rhs = np.broadcast_to(rhs, gram.shape[:-2] + rhs.shape[-2:])
    with np.errstate(all="ignore"):
        return np.linalg.solve(gram, rhs).astype(b.dtype) if gram.size and rhs.size else \
            np.zeros(rhs.shape, b.dtype)


def _gram_term_grad(xp, common, factor, upper):
    """-(C) L, or -U (C) for an upper factor: what a function of L Lᴴ passes to L."""
    return -xp.matmul(factor, common) if upper else -xp.matmul(common, factor)


def _cholesky_solve_vjp(xp, g, o, b, factor, upper):
    """torch's cholesky_solve_backward: gB = cholesky_solve(gX), gL from gB Xᴴ
    symmetrized."""
    gram = xp.matmul(K.mT(xp, factor), factor) if upper else \
        xp.matmul(factor, K.mT(xp, factor))
    gb = xp.solve(gram, g)
    common = xp.matmul(gb, K.mT(xp, o))
    return gb, _gram_term_grad(xp, common + K.mT(xp, common), factor, upper)


defop("cholesky_solve", "CholeskySolveBackward0", _solve_gram, _cholesky_solve_vjp,
      ("bo", "bo"), _no_form("a Cholesky solve"),
      differentiated=lambda b, factor, upper: _solve_gram(b, factor, upper, whole=True))


def _inverse_gram(factor, upper, whole=False):
    factor = _double(factor)
    factor = factor if whole else np.triu(factor) if upper else np.tril(factor)
    with np.errstate(all="ignore"):
        return np.linalg.inv(_gram(factor, upper)) if factor.size else np.zeros(factor.shape)


def _cholesky_inverse_vjp(xp, g, o, factor, upper):
    """torch's cholesky_inverse_backward: -(A⁻¹ (g + gᴴ) A⁻¹) L."""
    common = xp.matmul(o, xp.matmul(g + K.mT(xp, g), o))
    return (_gram_term_grad(xp, common, factor, upper),)


defop("cholesky_inverse", "CholeskyInverseBackward0",
      lambda factor, upper: _inverse_gram(factor, upper).astype(factor.dtype),
      _cholesky_inverse_vjp, "ao", _no_form("a Cholesky inverse"),
      differentiated=lambda factor, upper: _inverse_gram(factor, upper, whole=True))


# ---- decompositions with several outputs: one node per output, `which` picking it --------
# torch makes one node for all the outputs; its backward is linear in their gradients, so
# each output's node passes on its own part (a zero gradient for the others), and the sum is
# torch's. The backward formulas run on numpy in float64 (not under create_graph).
def numpy_only(what: str, xp) -> None:
    if xp is not K.NUMPY:
        raise runtime_error(f"the second derivative of {what} (create_graph=True) is not "
                            "supported by gradcli")


def _outputs_grads(g, which, count):
    """(None, ..., g, ..., None): the gradient of output `which` alone."""
    return tuple(_double(g) if i == which else None for i in range(count))


def _solve_right_upper_h(gA, R):
    """X with X Rᴴ = gA (torch's linalg_solve_triangular(Rᴴ, gA, upper=False, left=False))."""
    return np.swapaxes(np.linalg.solve(R, np.swapaxes(gA, -1, -2)), -1, -2)


# qr: A = Q R; mode 'reduced', 'complete' or 'r' (Q then empty)
def qr_factors(a, mode):
    a = _double(a)
    if not a.size:
        m, n = a.shape[-2:]
        k = m if mode == "complete" else min(m, n)
        return np.zeros(a.shape[:-2] + (m, k)), np.zeros(a.shape[:-2] + (k, n))
    return np.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")


def _qr(a, mode, which):
    if which == 0 and mode == "r":
        return np.zeros((0,), a.dtype)
    return qr_factors(a, mode)[which].astype(a.dtype)


def _qr_square_grad(gQ, gR, Q, R):
    """torch's linalg_qr_backward for m >= n: (gQ + Q copyltu(M)) R⁻ᴴ, M = gR Rᴴ - Qᴴ gQ."""
    M = np.zeros(R.shape[:-2] + (R.shape[-1],) * 2)
    if gR is not None:
        M = M + gR @ np.swapaxes(R, -1, -2)
    if gQ is not None:
        M = M - np.swapaxes(Q, -1, -2) @ gQ
    M = np.triu(M)
    gA = Q @ (M + np.swapaxes(np.triu(M, 1), -1, -2))
    if gQ is not None:
        gA = gA + gQ
    return _solve_right_upper_h(gA, R)


def _qr_vjp(xp, g, o, a, mode, which):
    numpy_only("linalg.qr", xp)
    if mode == "r":
        raise runtime_error("The derivative of linalg.qr depends on Q, which is not computed "
                            "when mode='r'. Please use linalg.qr(A, mode='reduced') if you are "
                            "going to differentiate through linalg.qr.")
    m, n = a.shape[-2:]
    if mode == "complete" and m > n:
        raise runtime_error("The QR decomposition is not differentiable when mode='complete' "
                            "and nrows > ncols.")
    Q, R = qr_factors(a, mode)
    gQ, gR = _outputs_grads(g, which, 2)
    if m >= n:
        return (_qr_square_grad(gQ, gR, Q, R).astype(a.dtype),)
    # wide: A = (B | E) with B = Q U square, E = Q V: V = Qᴴ E passes Q gV to E and E gVᴴ to Q
    gU, gV = (None, None) if gR is None else (gR[..., :m], gR[..., m:])
    E = _double(a)[..., m:]
    if gV is not None:
        gQ = (0 if gQ is None else gQ) + E @ np.swapaxes(gV, -1, -2)
    gB = _qr_square_grad(gQ, gU, Q, R[..., :m])
    gE = np.zeros(E.shape) if gV is None else Q @ gV
    return (np.concatenate([gB, gE], -1).astype(a.dtype),)


defop("linalg_qr", "LinalgQrBackward0", _qr, _qr_vjp, "a", _no_form("a QR factor"))


# eigh: A = V diag(L) Vᴴ from one triangle (UPLO); eigvalsh its values alone
def _eigh_of(a, uplo):
    a = _double(a)
    if not a.size:
        return np.zeros(a.shape[:-1]), np.zeros(a.shape)
    with np.errstate(all="ignore"):
        return np.linalg.eigh(a, UPLO=uplo)


def _eigh_vjp(xp, g, o, a, held, uplo, which):
    """torch's linalg_eig_backward for a Hermitian input: V (diag(gL) + skew(Vᴴ gV) / E) Vᴴ,
    E[i, j] = L[j] - L[i]."""
    numpy_only("linalg.eigh", xp)
    L, V = _eigh_of(a, uplo)
    gL, gV = _outputs_grads(g, which, 2)
    if gV is None:
        inner = np.einsum("...i,ij->...ij", gL, np.eye(L.shape[-1]))
    else:
        VhgV = np.swapaxes(V, -1, -2) @ gV
        VhgV = (VhgV - np.swapaxes(VhgV, -1, -2)) / 2
        E = L[..., None, :] - L[..., :, None]
        E = E + np.eye(L.shape[-1])
        with np.errstate(all="ignore"):
            inner = VhgV / E
    return (V @ inner @ np.swapaxes(V, -1, -2)).astype(a.dtype), None


defop("linalg_eigh", "LinalgEighBackward0",
      lambda a, held, uplo, which: _eigh_of(a, uplo)[which].astype(a.dtype), _eigh_vjp,
      ("a", ""), _no_form("an eigendecomposition"),
      differentiated=lambda a, held, uplo, which: _eigh_of(_as_read(a, held), uplo)[which])


# svd: A = U diag(S) Vh; full_matrices adds columns to U (rows to Vh) that A does not
# determine: torch's backward reads the first k = min(m, n) alone, so the check holds the
# others constant (the op's second input, `held`: those of the forward, else empty)
def svd_factors(a, full):
    a = _double(a)
    m, n = a.shape[-2:]
    if not a.size:
        k = min(m, n)
        u, v = (m, n) if full else (k, k)
        return (np.broadcast_to(np.eye(m, u), a.shape[:-2] + (m, u)).copy(),
                np.zeros(a.shape[:-2] + (k,)),
                np.broadcast_to(np.eye(v, n), a.shape[:-2] + (v, n)).copy())
    with np.errstate(all="ignore"):
        return np.linalg.svd(a, full_matrices=full)


def svd_held(a, full, which):
    """The part of output `which` that torch's backward does not read (see above)."""
    if not full or which == 1:
        return np.zeros((0,))
    out, k = svd_factors(a, True)[which], min(a.shape[-2:])
    return out[..., k:] if which == 0 else out[..., k:, :]


def _svd_differentiated(a, held, full, which):
    out = svd_factors(a, False)[which]
    if not held.size:
        return out
    return np.concatenate([out, held], -1 if which == 0 else -2)


def _svd_grad(gU, gS, gVh, U, S, Vh):
    """torch's svd_backward (real) on the reduced factors."""
    m, n = U.shape[-2], Vh.shape[-1]
    if gU is None and gVh is None:
        return U @ (gS[..., :, None] * Vh) if m >= n else (U * gS[..., None, :]) @ Vh
    k = S.shape[-1]
    mT = functools.partial(np.swapaxes, axis1=-1, axis2=-2)
    E = S[..., None, :] ** 2 - S[..., :, None] ** 2 + np.eye(k)
    gA = np.zeros(U.shape[:-2] + (k, k))
    if gU is not None:
        UhgU = mT(U) @ gU
        gA = gA + (UhgU - mT(UhgU)) * S[..., None, :]
    if gVh is not None:
        VhgV = Vh @ mT(gVh)
        gA = gA + S[..., :, None] * (VhgV - mT(VhgV))
    with np.errstate(all="ignore"):
        gA = gA / E
        if gS is not None:
            gA = gA + np.einsum("...i,ij->...ij", gS, np.eye(k))
        if m > k and gU is not None:
            gUSinv = gU / S[..., None, :]
            return (U @ gA + gUSinv - U @ (mT(U) @ gUSinv)) @ Vh
        if n > k and gVh is not None:
            SinvgVh = gVh / S[..., :, None]
            return U @ (gA @ Vh + SinvgVh - (SinvgVh @ mT(Vh)) @ Vh)
        return U @ gA @ Vh


def _svd_vjp(xp, g, o, a, held, full, which):
    numpy_only("linalg.svd", xp)
    U, S, Vh = svd_factors(a, False)
    grads = list(_outputs_grads(g, which, 3))
    k = S.shape[-1]
    if which == 0 and full:
        grads[0] = grads[0][..., :k]
    if which == 2 and full:
        grads[2] = grads[2][..., :k, :]
    return _svd_grad(*grads, U, S, Vh).astype(a.dtype), None


defop("linalg_svd", "LinalgSvdBackward0",
      lambda a, held, full, which: svd_factors(a, full)[which].astype(a.dtype), _svd_vjp,
      ("a", ""), _no_form("a singular value decomposition"),
      differentiated=_svd_differentiated)


# ---- solve_triangular: X with A X = B (X A = B unless left), A's one triangle read --------
def _triangular(a, upper, unit):
    t = np.triu(a) if upper else np.tril(a)
    if unit:
        t = t - np.einsum("...ii->...i", t)[..., None] * np.eye(a.shape[-1]) + np.eye(a.shape[-1])
    return t


def _substitute(t, b, upper):
    """X with T X = B by substitution, row by row, as trsm: a zero on the diagonal gives inf
    and nan, not an error."""
    n = t.shape[-1]
    x = np.zeros(np.broadcast_shapes(t.shape[:-2], b.shape[:-2]) + b.shape[-2:])
    with np.errstate(all="ignore"):
        for i in (range(n - 1, -1, -1) if upper else range(n)):
            done = slice(i + 1, n) if upper else slice(0, i)
            known = np.einsum("...j,...jk->...k", t[..., i, done], x[..., done, :])
            x[..., i, :] = (b[..., i, :] - known) / t[..., i, i][..., None]
    return x


def triangular_solve(a, b, upper, left, unit):
    t, b = _triangular(_double(a), upper, unit), _double(b)
    if left:
        return _substitute(t, b, upper)
    return np.swapaxes(_substitute(np.swapaxes(t, -1, -2), np.swapaxes(b, -1, -2), not upper),
                       -1, -2)


def _triangle_of(g, upper, unit):
    return np.triu(g, int(unit)) if upper else np.tril(g, -int(unit))


def _solve_triangular_vjp(xp, g, o, a, b, upper, left, unit):
    """torch's linalg_solve_triangular_backward: gB = solve_triangular(Aᴴ, g), gA = -gB Xᴴ
    (-Xᴴ gB on the right) in A's triangle."""
    numpy_only("linalg.solve_triangular", xp)
    gb = triangular_solve(np.swapaxes(a, -1, -2), g, not upper, left, unit)
    x = _double(o)
    ga = -(gb @ np.swapaxes(x, -1, -2) if left else np.swapaxes(x, -1, -2) @ gb)
    return (_summed_to(_triangle_of(ga, upper, unit), a.shape).astype(a.dtype),
            _summed_to(gb, b.shape).astype(b.dtype))


def _summed_to(g, shape):
    """g summed over the batch dims it was broadcast along."""
    extra = g.ndim - len(shape)
    g = g.sum(tuple(range(extra))) if extra else g
    dims = tuple(i for i, n in enumerate(shape[:-2]) if n == 1 and g.shape[i] != 1)
    return g.sum(dims, keepdims=True) if dims else g


defop("linalg_solve_triangular", "LinalgSolveTriangularBackward0",
      lambda a, b, upper, left, unit: triangular_solve(a, b, upper, left, unit).astype(b.dtype),
      _solve_triangular_vjp, ("ao", "ao"), _no_form("a triangular solve"))


# torch.triangular_solve(b, A): (X with op(A) X = b, A's copy); transpose: Aᵀ X = b. Its
# cloned coefficient's gradient goes to A whole.
def _triangular_solve_vjp(xp, g, o, b, a, upper, transpose, unit, which):
    numpy_only("torch.triangular_solve", xp)
    if which == 1:
        return np.zeros(b.shape, b.dtype), g
    a_t = np.swapaxes(a, -1, -2) if transpose else a
    gb = triangular_solve(np.swapaxes(a_t, -1, -2), g, upper == transpose, True, unit)
    x = triangular_solve(a_t, b, upper != transpose, True, unit)
    ga = -(x @ np.swapaxes(gb, -1, -2)) if transpose else -(gb @ np.swapaxes(x, -1, -2))
    return (_summed_to(gb, b.shape).astype(b.dtype),
            _summed_to(_triangle_of(ga, upper, unit), a.shape).astype(a.dtype))


def _triangular_solve(b, a, upper, transpose, unit, which):
    if which == 1:
        return a.copy()
    a_t = np.swapaxes(a, -1, -2) if transpose else a
    return triangular_solve(a_t, b, upper != transpose, True, unit).astype(b.dtype)


defop("triangular_solve", "TriangularSolveBackward0", _triangular_solve,
      _triangular_solve_vjp, ("ab", "ab"), _no_form("a triangular solve"))


# ---- matrix_exp: scaling and squaring with Padé's [13/13] approximant (Higham 2005) -------
_PADE13 = (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800.,
           129060195264000., 10559470521600., 670442572800., 33522128640., 1323241920.,
           40840800., 960960., 16380., 182., 1.)


def matrix_exp(a):
    """exp(A) of each matrix, in float64: A scaled by 2^-s to a 1-norm under 5.37, Padé's
    approximant there, squared s times."""
    a = _double(a)
    if not a.size:
        return a.copy()
    n = a.shape[-1]
    with np.errstate(all="ignore"):
        norm = np.abs(a).sum(-2).max(-1)
        s = int(np.nanmax(np.maximum(0, np.ceil(np.log2(np.where(norm > 0, norm, 1) / 5.37)))))
        s = min(s, 1024) if np.isfinite(s) else 0
        x = a / 2.0 ** s
        c, eye = _PADE13, np.eye(n)
        x2 = x @ x
        x4, x6 = x2 @ x2, x2 @ (x2 @ x2)
        u = x @ (x6 @ (c[13] * x6 + c[11] * x4 + c[9] * x2) + c[7] * x6 + c[5] * x4 +
                 c[3] * x2 + c[1] * eye)
        v = x6 @ (c[12] * x6 + c[10] * x4 + c[8] * x2) + c[6] * x6 + c[4] * x4 + c[2] * x2 + \
            c[0] * eye
        out = np.linalg.solve(v - u, v + u) if np.isfinite(x).all() else \
            np.full(a.shape, np.nan)
        for _ in range(s):
            out = out @ out
    return out


def _matrix_exp_vjp(xp, g, o, a):
    """torch's linalg_matrix_exp_differential (adjoint): the upper right block of
    exp([[Aᴴ, g], [0, Aᴴ]])."""
    numpy_only("linalg.matrix_exp", xp)
    n = a.shape[-1]
    at = np.swapaxes(_double(a), -1, -2)
    big = np.zeros(np.broadcast_shapes(a.shape, g.shape)[:-2] + (2 * n, 2 * n))
    big[..., :n, :n] = at
    big[..., n:, n:] = at
    big[..., :n, n:] = g
    return (matrix_exp(big)[..., :n, n:].astype(a.dtype),)


defop("linalg_matrix_exp", "LinalgMatrixExpBackward0",
      lambda a: matrix_exp(a).astype(a.dtype), _matrix_exp_vjp, "a",
      _no_form("a matrix exponential"))
