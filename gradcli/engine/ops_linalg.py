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
from .optable import defop


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
