"""The op table's Householder products (ops.py loads them): linalg.householder_product (orgqr)
and ormqr.

Same contract as ops.py and ops_decomp.py. Q = H₁ H₂ … H_k with H_j = I - τ_j v_j v_jᵀ, v_j
column j of A below its diagonal with a 1 on it (geqrf's packed reflectors), in float64 and
rounded once. The VJPs run the product backwards, reflector by reflector; the check differences
the forward (numeric: sympy's expanded products grow too large).
"""
from __future__ import annotations

import numpy as np

from .ops_decomp import _double, _no_form, numpy_only
from .optable import defop


def _mT(a):
    return np.swapaxes(a, -1, -2)


def _reflector(a, j):
    """v_j: A's column j below the diagonal, 1 on it, 0 above (batched)."""
    v = np.zeros(a.shape[:-1])
    v[..., j] = 1.0
    v[..., j + 1:] = a[..., j + 1:, j]
    return v


def _times_reflector(q, v, tau):
    """Q H for H = I - τ v vᵀ."""
    return q - tau[..., None, None] * (q @ v[..., :, None]) * v[..., None, :]


def full_q(a, tau):
    """The m x m product H₁ … H_k of each batch element."""
    a, tau = _double(a), _double(tau)
    q = np.broadcast_to(np.eye(a.shape[-2]), a.shape[:-2] + (a.shape[-2],) * 2).copy()
    for j in range(tau.shape[-1]):
        q = _times_reflector(q, _reflector(a, j), tau[..., j])
    return q


def reflector_grads(a, tau, gq):
    """(gA, gτ) from the gradient of the full Q: backwards through Q_j = Q_{j-1} H_j, where
    gH_j = Q_{j-1}ᵀ gQ_j, gτ_j = -v_jᵀ gH_j v_j, g v_j = -τ_j (gH_j + gH_jᵀ) v_j."""
    a, tau = _double(a), _double(tau)
    reflectors = [_reflector(a, j) for j in range(tau.shape[-1])]
    before = [np.broadcast_to(np.eye(a.shape[-2]), gq.shape).copy()]
    for j, v in enumerate(reflectors[:-1]):
        before.append(_times_reflector(before[-1], v, tau[..., j]))
    ga, gtau = np.zeros(a.shape), np.zeros(tau.shape)
    for j in reversed(range(tau.shape[-1])):
        v, t = reflectors[j], tau[..., j]
        gh = _mT(before[j]) @ gq
        gtau[..., j] = -np.einsum("...i,...ij,...j->...", v, gh, v)
        gv = -t[..., None] * np.einsum("...ij,...j->...i", gh + _mT(gh), v)
        ga[..., j + 1:, j] = gv[..., j + 1:]
        gq = _times_reflector(gq, v, t)  # gQ_{j-1} = gQ_j H_jᵀ (H_j is symmetric)
    return ga, gtau


# ---- householder_product: the first n columns of Q ------------------------------------------
def _householder_vjp(xp, g, o, a, tau):
    numpy_only("linalg.householder_product", xp)
    if not a.size or not tau.size:  # torch's backward returns no gradients at all
        return None, None
    gq = np.zeros(a.shape[:-2] + (a.shape[-2],) * 2)
    gq[..., :, :a.shape[-1]] = _double(g)
    ga, gtau = reflector_grads(a, tau, gq)
    return ga.astype(a.dtype), gtau.astype(tau.dtype)


defop("linalg_householder_product", "LinalgHouseholderProductBackward0",
      lambda a, tau: full_q(a, tau)[..., :a.shape[-1]].astype(a.dtype), _householder_vjp,
      ("ab", "ab"), _no_form("a product of Householder reflectors"))


# ---- ormqr: op(Q) C (left) or C op(Q), op(Q) = Qᵀ if transpose ----------------------------
def _ormqr(a, tau, c, left, transpose):
    q = full_q(a, tau)
    q = _mT(q) if transpose else q
    return (q @ _double(c)) if left else (_double(c) @ q)


def _ormqr_vjp(xp, g, o, a, tau, c, left, transpose):
    """The product's gradients: gC = op(Q)ᵀ g (g op(Q)ᵀ), g op(Q) = g Cᵀ (Cᵀ g), then Q's."""
    numpy_only("torch.ormqr", xp)
    q, g, c2 = full_q(a, tau), _double(g), _double(c)
    op_q = _mT(q) if transpose else q
    gc = (_mT(op_q) @ g) if left else (g @ _mT(op_q))
    g_op = (g @ _mT(c2)) if left else (_mT(c2) @ g)
    ga, gtau = reflector_grads(a, tau, _mT(g_op) if transpose else g_op)
    return ga.astype(a.dtype), gtau.astype(tau.dtype), gc.astype(c.dtype)


defop("ormqr", "OrmqrBackward0",
      lambda a, tau, c, left, transpose: _ormqr(a, tau, c, left, transpose).astype(c.dtype),
      _ormqr_vjp, ("abc", "abc", "ab"), _no_form("a product of Householder reflectors"))
