"""The op table's linear-algebra rows beyond products (ops.py loads them): linalg.svdvals.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .errors import runtime_error
from .ops_decomp import _no_form, _summed_to
from .ops_lu import lu_factor, lu_solve
from .optable import defop, defop_like


# ---- linalg.svdvals: the singular values of each matrix (the last two dims) --------------
def _svdvals(a):
    if not a.size:  # (numpy's LAPACK call refuses an empty matrix)
        return np.zeros(a.shape[:-2] + (min(a.shape[-2:]),), a.dtype)
    with np.errstate(invalid="ignore"):  # (an inf gives nans, as torch's)
        return np.linalg.svd(a, compute_uv=False)


def _svdvals_vjp(xp, g, o, a):
    """torch's svd_backward for the values alone: U diag(g) Vh of the reduced SVD (its
    product in torch's order). U and Vh are not functions of `a` on the tensor side: torch
    differentiates them again under create_graph, gradcli cannot yet."""
    if xp is not K.NUMPY:
        raise runtime_error("the gradient of linalg.svdvals with create_graph=True (a second "
                            "derivative of a nuclear or spectral norm) is not supported by "
                            "gradcli")
    if not a.size:
        return (np.zeros_like(a),)
    u, _, vh = np.linalg.svd(a, full_matrices=False)
    m, n = a.shape[-2:]
    return (u @ (g[..., :, None] * vh) if m >= n else (u * g[..., None, :]) @ vh,)


def _sym_svdvals(a):
    # NOTE: singular values have no closed form sympy can differentiate: the check takes
    # central differences of the forward instead (numeric), as for any form too intricate
    raise S.TooIntricate("singular values (linalg.svdvals), which sympy has no form for")


defop("svdvals", "LinalgSvdBackward0", _svdvals, _svdvals_vjp, "a", _sym_svdvals)


# vdot: dot conjugating its first vector, of real ones dot itself
defop_like("vdot", "VdotBackward0", "dot")


# ---- beta * input + alpha * product: addmm (scaled), addmv, addr, baddbmm, addbmm --------
# One node each, as torch's BLAS call: `input` broadcast to the product's shape; beta 0
# ignores it (its nans too), a factor of 1 is not multiplied. No `contraction`: the two
# terms scale differently (the check runs the forward on sympy's arrays instead).
def _plus_scaled(product):
    def forward(bias, a, b, beta, alpha):
        out = product(a, b)
        out = out if alpha == 1 else out * alpha
        return out if beta == 0 else (bias if beta == 1 else bias * beta) + out
    return forward


def _times(g, factor):
    """torch's maybe_multiply: g itself for a factor of 1."""
    return g if factor == 1 else g * factor


def _scaled_vjp(grads):
    """The VJP of `beta * bias + alpha * product(a, b)`, from the product's own grads."""
    def vjp(xp, g, o, bias, a, b, beta, alpha):
        grad_a, grad_b = grads(xp, g, a, b)
        return _times(g, beta), _times(grad_a, alpha), _times(grad_b, alpha)
    return vjp


def _batched_g(xp, g, a, b):
    """addbmm's gradient spread over the batch, as torch: g.unsqueeze(0).expand(...)."""
    return xp.broadcast_to(xp.unsqueeze(g, 0), (a.shape[0],) + tuple(g.shape))


for _name, _grad_fn, _product, _grads in (
        ("addmm_scaled", "AddmmBackward0", np.matmul,
         lambda xp, g, a, b: (xp.matmul(g, xp.t(b)), xp.matmul(xp.t(a), g))),
        ("addmv", "AddmvBackward0", np.matmul,
         lambda xp, g, a, b: (K.outer(xp, g, b), xp.matmul(xp.t(a), g))),
        ("addr", "AddrBackward0", lambda a, b: a[:, None] * b[None, :],
         lambda xp, g, a, b: (xp.matmul(g, b), xp.matmul(xp.t(g), a))),
        ("baddbmm", "BaddbmmBackward0", np.matmul,
         lambda xp, g, a, b: (xp.matmul(g, K.mT(xp, b)), xp.matmul(K.mT(xp, a), g))),
        ("addbmm", "AddbmmBackward0", lambda a, b: np.matmul(a, b).sum(0),
         lambda xp, g, a, b: (xp.matmul(_batched_g(xp, g, a, b), K.mT(xp, b)),
                              xp.matmul(K.mT(xp, a), _batched_g(xp, g, a, b))))):
    defop(_name, _grad_fn, _plus_scaled(_product), _scaled_vjp(_grads), ("", "c", "b"))
# baddbmm with beta = alpha = 1 (multi-head attention's scores plus its mask) is one
# contraction, `bias + batch1 @ batch2`, which the check transposes
defop_like("baddbmm_unit", "BaddbmmBackward0", "baddbmm", contraction=lambda bias, a, b, beta,
           alpha: (f"{K.bias_letters(bias, (a[0], a[1], b[2]), 'bik')}+bij,bjk->bik", 1.0))


# ---- det, slogdet, inv, solve ----------------------------------------------------------
# torch factors A = P L U in the input's dtype; here numpy's LAPACK runs in float64 and the
# result is rounded once: nearer the exact value than any float32 factorization, torch's
# included. The sympy forms are sympy's own (sp.Matrix), matrix by matrix.
def _in_double(f):
    def run(*arrays, **params):
        with np.errstate(all="ignore"):
            return np.asarray(f(*[a.astype(np.float64) for a in arrays], **params)) \
                .astype(arrays[0].dtype)
    return run


# sympy's symbolic determinant, inverse and solve of an n x n matrix grow too fast beyond this
# (a 12 x 12 inverse runs for hours): larger matrices are checked numerically
_SYMBOLIC_SIZE = 5


def _small_enough(a) -> None:
    if a.shape[-1] > _SYMBOLIC_SIZE:
        raise S.TooIntricate(f"a {a.shape[-1]} x {a.shape[-1]} matrix, too large for sympy's "
                             "symbolic linear algebra")


def _matrices(a, fn, shape=()):
    """fn of each matrix of a batch of sympy matrices (the last two dims), each result an
    array of `shape`: the batch's results in one object array."""
    _small_enough(a)
    sp = S.sp()
    batch = a.shape[:-2]
    found = [np.asarray(fn(sp.Matrix(m)), dtype=object).reshape(shape)
             for m in a.reshape((int(np.prod(batch)),) + a.shape[-2:])]
    return np.stack(found).reshape(batch + shape) if found else np.empty(batch + shape, object)


def _times_inverse_h(xp, d, a):
    """d A^-H for a batch of numbers d: torch's solve of A^H X = d I."""
    eye = xp.asarray(np.eye(a.shape[-1], dtype=K._values(a).dtype))
    return xp.solve(K.mT(xp, a), xp.unsqueeze(xp.unsqueeze(d, -1), -1) * eye)


def _singular_det_grad(g, a):
    """The product rule through A = U S Vh: g det(U) det(Vh) U diag(prod of the other
    singular values) Vh (torch's prod_safe_zeros_backward: no division by a zero)."""
    u, s, vh = np.linalg.svd(a.astype(np.float64))
    others = np.stack([np.prod(np.delete(s, i, -1), -1) for i in range(s.shape[-1])], -1)
    scale = g * np.linalg.det(u) * np.linalg.det(vh)
    return (u * (scale[..., None] * others)[..., None, :]) @ vh


def _det_vjp(xp, g, o, a):
    """torch's linalg_det_backward: g det(A) A^-H where det(A) is not 0, else
    _singular_det_grad."""
    singular = K._values(o) == 0
    if not singular.any():
        return (_times_inverse_h(xp, g * o, a),)
    if xp is not K.NUMPY:
        raise runtime_error("the second derivative of linalg.det at a singular matrix is not "
                            "supported by gradcli")
    with np.errstate(all="ignore"):
        regular = _in_double(lambda a, d: np.linalg.solve(
            np.swapaxes(a, -1, -2), d[..., None, None] * np.eye(a.shape[-1])))(a, g * o)
    return (np.where(singular[..., None, None], _singular_det_grad(g, a), regular)
            .astype(a.dtype),)


def _sym_det(a):
    return _matrices(a, lambda m: m.det(method="berkowitz"))


defop("linalg_det", "LinalgDetBackward0", _in_double(np.linalg.det), _det_vjp, "ao", _sym_det)


# slogdet's two outputs are two nodes of one name: `which` 0 the sign, 1 log |det A|
def _slogdet_vjp(xp, g, o, a, which):
    """torch's slogdet_backward: g A^-H for log |det A|; a real sign passes zeros."""
    return (xp.zeros_like(a) if which == 0 else _times_inverse_h(xp, g, a),)


defop("linalg_slogdet", "LinalgSlogdetBackward0",
      _in_double(lambda a, which: np.linalg.slogdet(a)[which]), _slogdet_vjp, "a",
      lambda a, which: S.elementwise(lambda d: S.sp().sign(d) if which == 0 else
                                     S.sp().log(S.sp().Abs(d)), _sym_det(a)))


def _or_substitution(solve):
    """np.linalg's solve or inv; for a singular A, getrs's substitution (inf and nan), as
    inv_ex and solve_ex leave it when they do not check errors."""
    def run(a, b=None):
        try:
            return solve(a) if b is None else solve(a, b)
        except np.linalg.LinAlgError:
            lu, pivots, _ = lu_factor(a)
            b = np.broadcast_to(np.eye(a.shape[-1]), a.shape) if b is None else b
            return lu_solve(lu, b, pivots, True, False)
    return run


_solve_matrix, _inverse = _or_substitution(np.linalg.solve), _or_substitution(np.linalg.inv)


# inv: torch's linalg_inv_ex backward, -A^-H g A^-H from the saved inverse
defop("linalg_inv", "LinalgInvExBackward0", _in_double(_inverse),
      lambda xp, g, o, a: (-xp.matmul(K.mT(xp, o), xp.matmul(g, K.mT(xp, o))),), "o",
      lambda a: _matrices(a, _inverse_form, a.shape[-2:]))


def _inverse_form(m):
    """sympy's LU inverse (what m.inv(method="LU") returns) without its test that m is
    invertible: that simplifies the determinant, seconds for a 5 x 5, and the engine has
    inverted the matrix already."""
    return m.LUsolve(m.eye(m.rows))


# solve: X with A X = B (left) or X A = B; `vector`: B is a (batch of) vector(s)
def _solve(a, b, left, vector):
    if vector:
        b = b[..., None]
    x = _solve_matrix(a, b) if left else \
        np.swapaxes(_solve_matrix(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2)), -1, -2)
    return x[..., 0] if vector else x


def _solve_vjp(xp, g, o, a, b, left, vector):
    """torch's linalg_solve_backward: gB = A^-H gX (gX A^-H on the right), gA = -gB X^H
    (-X^H gB)."""
    if vector:
        g, o = xp.unsqueeze(g, -1), xp.unsqueeze(o, -1)
    at = K.mT(xp, a)
    if left:
        gb = xp.solve(at, g)
        ga = -xp.matmul(gb, K.mT(xp, o))
    else:
        gb = K.mT(xp, xp.solve(a, K.mT(xp, g)))
        ga = -xp.matmul(K.mT(xp, o), gb)
    return ga, (xp.squeeze(gb, -1) if vector else gb)


def _sym_solve(a, b, left, vector):
    _small_enough(a)
    sp = S.sp()
    if vector:
        b = b[..., None]
    shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, shape + a.shape[-2:])
    b = np.broadcast_to(b, shape + b.shape[-2:])
    count = int(np.prod(shape))
    pairs = zip(a.reshape((count,) + a.shape[-2:]), b.reshape((count,) + b.shape[-2:]))
    found = [np.asarray(sp.Matrix(m).LUsolve(sp.Matrix(r)) if left else
                        sp.Matrix(m).T.LUsolve(sp.Matrix(r).T).T, dtype=object)
             for m, r in pairs]
    x = np.stack(found).reshape(shape + b.shape[-2:]) if found else \
        np.empty(shape + b.shape[-2:], object)
    return x[..., 0] if vector else x


defop("linalg_solve", "LinalgSolveExBackward0", _in_double(_solve), _solve_vjp, ("ao", "a"),
      _sym_solve)


# ---- linalg.cross: c_i = a_{i+1} b_{i+2} - a_{i+2} b_{i+1} along `dim` (indices mod 3) ----
def cross(xp, a, b, dim):
    """The cross product by rolls, as exact as torch's kernel (one product each, a
    difference); the same code on numpy, on tensors (create_graph) and on sympy's arrays."""
    return xp.roll(a, -1, dim) * xp.roll(b, -2, dim) - xp.roll(a, -2, dim) * xp.roll(b, -1, dim)


# torch's linalg_cross backward: cross(other, g) and cross(g, self)
defop("linalg_cross", "LinalgCrossBackward0",
      lambda a, b, dim: cross(K.NUMPY, *np.broadcast_arrays(a, b), dim),
      lambda xp, g, o, a, b, dim: (cross(xp, b, g, dim), cross(xp, g, a, dim)), ("b", "a"))


# ---- cdist: the p-norm distance of each row of x1 to each row of x2 (batched) ---------------
def _differences(xp, a, b):
    """x1's rows minus x2's, (..., P, R, M)."""
    return xp.unsqueeze(a, -2) - xp.unsqueeze(b, -3)


def _cdist_vjp(xp, g, o, a, b, p):
    """torch's _cdist_backward: norm_backward of each difference, summed over the other
    side's rows (x2's gradient is minus the same)."""
    grad = K.norm_grad(xp, g, _differences(xp, a, b), o, p, -1, False)
    if grad is None:  # (p = 0: a count, flat)
        return xp.zeros_like(a), xp.zeros_like(b)
    return xp.sum(grad, axis=-2), -xp.sum(grad, axis=-3)


defop("cdist", "CdistBackward0",
      lambda a, b, p: K.vector_norm(_differences(K.NUMPY, a, b), p, -1, False),
      _cdist_vjp, ("abo", "abo"),
      lambda a, b, p: S.norm(_differences(K.NUMPY, a, b), p, -1, False))


# cdist's matrix-product form (p = 2, more than 25 rows): torch's _euclidean_dist,
# sqrt(clamp_min([-2 x1, |x1|², 1] @ [x2, 1, |x2|²]ᵀ, 0)), and its _euclidean_dist_backward
def _euclidean_dist(a, b):
    sq_a, sq_b = (a * a).sum(-1, keepdims=True), (b * b).sum(-1, keepdims=True)
    left = np.concatenate([a * -2, sq_a, np.ones_like(sq_a)], -1)
    right = np.concatenate([b, np.ones_like(sq_b), sq_b], -1)
    return np.sqrt(np.maximum(left @ np.swapaxes(right, -1, -2), 0))


def _euclidean_dist_vjp(xp, g, o, a, b):
    ratio = xp.masked_fill(g / o, K._values(o) == 0, 0)
    return (a * xp.sum(ratio, -1, True) - xp.matmul(ratio, b),
            b * xp.unsqueeze(xp.sum(ratio, -2), -1) - xp.matmul(K.mT(xp, ratio), a))


defop("euclidean_dist", "EuclideanDistBackward0", _euclidean_dist, _euclidean_dist_vjp,
      ("abo", "abo"), lambda a, b: S.norm(_differences(K.NUMPY, a, b), 2, -1, False))


# ---- linalg.pinv: V diag(1/S) Uᴴ over the singular values above max(atol, rtol · S_max) ------
def pinv(a, atol, rtol, hermitian):
    """torch's linalg_pinv in float64: by the SVD, or for `hermitian` by eigh of the lower
    triangle (|eigenvalues| as the singular values)."""
    a = np.asarray(a, dtype=np.float64)
    if not a.size:
        return np.zeros(a.shape[:-2] + a.shape[:-3:-1])
    atol, rtol = (np.asarray(t, dtype=np.float64)[..., None] for t in (atol, rtol))
    with np.errstate(all="ignore"):
        if hermitian:
            values, vectors = np.linalg.eigh(a)
            magnitude = np.abs(values)
            tol = np.maximum(atol, rtol * magnitude.max(-1, keepdims=True))
            kept = np.where(magnitude > tol, 1 / values, 0)
            return (vectors * kept[..., None, :]) @ np.swapaxes(vectors, -1, -2)
        u, s, vh = np.linalg.svd(a, full_matrices=False)
        tol = np.maximum(atol, rtol * s[..., :1])
        kept = np.where(s > tol, 1 / s, 0)
        return (np.swapaxes(vh, -1, -2) * kept[..., None, :]) @ np.swapaxes(u, -1, -2)


def _pinv_vjp(xp, g, o, a, atol, rtol, hermitian, point=None):
    """torch's pinv_backward, its products ordered for the smaller of m and n."""
    m, n = a.shape[-2:]
    mm = xp.matmul
    pinv_h, g_h = K.mT(xp, o), K.mT(xp, g)
    if m <= n:
        k = mm(g_h, o)
        k_pinv_h = mm(k, pinv_h)
        return (-K.mT(xp, mm(o, k)) + k_pinv_h - mm(mm(a, o), k_pinv_h) +
                mm(mm(pinv_h, o), g_h - mm(k, a)),)
    k = mm(o, g_h)
    pinv_h_k = mm(pinv_h, k)
    return (-K.mT(xp, mm(k, o)) + mm(mm(g_h - mm(a, k), o), pinv_h) + pinv_h_k -
            mm(mm(pinv_h_k, o), a),)


def pinv_point(a, hermitian):
    """The input, held in float64, where torch's gradient is no derivative of pinv: hermitian
    on a matrix that is not symmetric, whose eigh reads the lower triangle while
    pinv_backward(grad, pinv, A) takes A itself (None elsewhere)."""
    if not hermitian or np.array_equal(a, np.swapaxes(a, -1, -2), equal_nan=True):
        return None
    return np.array(a, dtype=np.float64)


def _pinv_differentiated(a, atol, rtol, hermitian, point=None):
    """The function torch's backward is the derivative of: the SVD's pseudo-inverse (a
    Hermitian input's too); at a `point`, pinv's derivative formula taken there, with the
    pseudo-inverse P of the triangle eigh read and A itself: P + dP for dA = a - A, dP =
    -P dA P + P Pᴴ dAᴴ (I - A P) + (I - P A) dAᴴ Pᴴ P, linear in `a`."""
    if point is None:
        return pinv(a, atol, rtol, False)
    p = pinv(point, atol, rtol, True)
    d_h, p_h = np.swapaxes(a - point, -1, -2), np.swapaxes(p, -1, -2)
    eye = np.eye(point.shape[-1])
    return p - p @ (a - point) @ p + p @ p_h @ d_h @ (eye - point @ p) + \
        (eye - p @ point) @ d_h @ p_h @ p


def _pinv_rule(point, **params) -> str | None:
    return None if point is None else (
        "hermitian=True on a matrix that is not symmetric: checked against torch's rule, "
        "pinv's derivative formula at the pseudo-inverse of the lower triangle eigh read and "
        "at A itself")


defop("linalg_pinv", "LinalgPinvBackward0",
      lambda a, atol, rtol, hermitian, point=None: pinv(a, atol, rtol, hermitian).astype(a.dtype),
      _pinv_vjp, "ao", _no_form("a pseudo-inverse"), differentiated=_pinv_differentiated,
      rule=_pinv_rule)


# ---- linalg.lstsq: X = pinv(A) B, the least-squares solution of least norm; its residuals
# |A X - B|² down each column (`which` 0 and 1: one node each, as the decompositions).
# `vector`: B is a (batch of) vector(s); `kept`: whether torch computes the residuals at all.
def _lstsq_parts(a, b, rcond, vector):
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    b = b[..., None] if vector else b
    pinv_a = pinv(a, 0.0, rcond, False)
    return a, b, pinv_a, pinv_a @ b


def lstsq(a, b, rcond, vector, which, kept):
    a2, b2, _, x = _lstsq_parts(a, b, rcond, vector)
    if which == 0:
        return (x[..., 0] if vector else x).astype(a.dtype)
    if not kept:
        return np.zeros((0,), a.dtype)
    return ((a2 @ x - b2) ** 2).sum(-2).astype(a.dtype)  # (of a vector: one, as torch's)


def _lstsq_vjp(xp, g, o, a, b, rcond, vector, which, kept):
    """torch's linalg_lstsq_backward: the solution's through pinv_backward (A) and pinv(A)ᴴ
    (B); the residuals', 2 R diag(g) Xᴴ and -2 R diag(g) with R = A X - B."""
    if xp is not K.NUMPY:
        raise runtime_error("the second derivative of linalg.lstsq (create_graph=True) is not "
                            "supported by gradcli")
    a2, b2, pinv_a, x = _lstsq_parts(a, b, rcond, vector)
    g = np.asarray(g, dtype=np.float64)
    if which == 1 and not kept:
        return np.zeros(a.shape, a.dtype), np.zeros(b.shape, b.dtype)
    if which == 0:
        gx = g[..., None] if vector else g
        ga = _pinv_vjp(K.NUMPY, gx @ np.swapaxes(b2, -1, -2), pinv_a, a2, 0.0, rcond, False)[0]
        gb = np.swapaxes(pinv_a, -1, -2) @ gx
    else:
        weighted = (a2 @ x - b2) * g[..., None, :]
        ga, gb = 2 * weighted @ np.swapaxes(x, -1, -2), -2 * weighted
    gb = gb[..., 0] if vector else gb
    return _summed_to(ga, a.shape).astype(a.dtype), _summed_to(gb, b.shape).astype(b.dtype)


defop("linalg_lstsq", "LinalgLstsqBackward0", lstsq, _lstsq_vjp, ("ab", "ab"),
      _no_form("a least-squares solution"))
