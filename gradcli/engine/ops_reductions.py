"""The op table's rows of reductions, scans and statistics beyond ops.py's (ops.py loads them):
the outputs of var_mean, std_mean and aminmax, median, nanmedian, kthvalue, nansum.

Same contract as ops.py: forward in numpy, `sym` in sympy for the check (None: the forward
runs on object arrays), a VJP written with `xp` as PyTorch's derivatives.yaml has it, so that
create_graph differentiates it again.
"""
from __future__ import annotations

import numpy as np

from . import opkit as K
from . import symforms as S
from .errors import runtime_error
from .optable import OPS, defop, defop_like


def _like(name: str, grad_fn: str, row: str, forward=None) -> None:
    """A row computed (unless `forward` says otherwise), differentiated and checked as `row`
    is, under torch's name for its node: one output of a node with several (torch.var_mean's
    var: torch's node sums the outputs' gradients, the engine sums those of the rows alike),
    or an op whose backward is another's (median's is max's)."""
    defop_like(name, grad_fn, row, forward)


for _name, _node, _row in (("var_mean_var", "VarMeanBackward0", "var"),
                          ("var_mean_mean", "VarMeanBackward0", "mean_dim"),
                          ("std_mean_std", "StdMeanBackward0", "std"),
                          ("std_mean_mean", "StdMeanBackward0", "mean_dim"),
                          ("aminmax_min", "AminmaxBackward0", "amin"),
                          ("aminmax_max", "AminmaxBackward0", "amax"),
                          # the value at the index torch's kernel picked (torch/_tensor/
                          # sorting.py), which alone gets the gradient
                          ("median_dim", "MedianBackward1", "mode"),
                          ("nanmedian_dim", "NanmedianBackward1", "mode"),
                          ("kthvalue", "KthvalueBackward0", "mode")):
    _like(_name, _node, _row)


def _tied_value(a, ties):
    """The value at `ties`: where the median of all elements is (or the nans that make it
    nan), among which torch's evenly_distribute_backward shares the gradient, as max's."""
    return np.asarray(a[ties][0] if ties.any() else np.nan, a.dtype)


_like("median", "MedianBackward0", "max", _tied_value)
_like("nanmedian", "NanmedianBackward0", "max", _tied_value)


# ---- nansum: a sum with the nans counted as 0 ----------------------------------------------
# `nan`: where the input is nan (read off the values when the op ran), for the check
def _nansum(a, dim, keepdim, nan):
    return np.asarray(K.torch_sum(np.where(nan, 0, a).astype(a.dtype), dim, keepdim), a.dtype)


def _nansum_vjp(xp, g, o, a, dim, keepdim, nan):
    """torch's nansum_backward: grad (unreduced, as sum's) * self.isnan().logical_not()."""
    (g,) = OPS["sum"].vjp(xp, g, o, a) if dim is None else \
        OPS["sum_dim"].vjp(xp, g, o, a, dim, keepdim)
    return (g * xp.asarray(~np.isnan(K._values(a))),)


# (where the input is nan torch's backward multiplies by 0: `zeroed`; a nan gradient from
# above then stays nan, which the check does not follow, as for nan_to_num)
defop("nansum", "NansumBackward0", _nansum, _nansum_vjp, "a",
      lambda a, dim, keepdim, nan: np.asarray(S.add_all(np.where(nan, 0, a), dim, keepdim)),
      zeroed=lambda i, a, dim, keepdim, nan: nan)


# ---- cummax, cummin, logcumsumexp: scans along dim (logcumsumexp's forward accumulates in
# double, as torch's cpu_cum_base_kernel: at::acc_type of float) ----------------------------
# cummax/cummin's values: the input at `index`, the running extremum's position torch's kernel
# keeps (torch/_tensor/scans.py); torch's cummaxmin_backward adds each gradient there
def _cum_extremum_vjp(xp, g, o, a, dim, index):
    if not K.numel(a.shape):
        return (g,)
    return (xp.scatter_add_src(g, a.shape, dim, index) if a.ndim else g,)


for _name, _node in (("cummax", "CummaxBackward0"), ("cummin", "CumminBackward0")):
    defop(_name, _node, lambda a, dim, index: K.gather(a, dim, index) if a.ndim else a.copy(),
          _cum_extremum_vjp, "k", elements_read="selection")


def _logcumsumexp_vjp(xp, g, o, a, dim):
    """torch's logcumsumexp_backward: sum over j >= i of g_j * exp(a_i - result_j), the
    positive and the negative g apart, each summed in log space (no overflow)."""
    if not g.ndim or not K.numel(g.shape):
        return (g,)
    lowest = float(np.finfo(K._values(a).dtype).min)
    log_abs = xp.log(xp.abs(g))
    parts = [xp.exp(xp.flip(xp.op("logcumsumexp", xp.flip(xp.where(part, log_abs, lowest) - o,
                                                            dim), dim=dim), dim) + a)
             for part in (g > 0, g < 0)]
    return (parts[0] - parts[1],)


def _logcumsumexp_sym(a, dim):
    """Each prefix's logsumexp(…) (symforms' function, whose numeric twin does not overflow
    where exp of an element would)."""
    if not a.ndim:
        return a
    f, moved = S.logsumexp_function(), np.moveaxis(a, dim, -1)
    out = np.empty(moved.shape, dtype=object)
    for at in np.ndindex(moved.shape):
        out[at] = f(*moved[at[:-1]][:at[-1] + 1])
    return np.moveaxis(out, -1, dim)


defop("logcumsumexp", "LogcumsumexpBackward0",
      lambda a, dim: np.logaddexp.accumulate(a.astype(np.float64), axis=dim).astype(a.dtype)
      if a.ndim else a.copy(), _logcumsumexp_vjp, "ao",
      _logcumsumexp_sym, along_dim=True)


# ---- dist: the p-norm of a - b (broadcast); torch: norm_backward(grad, a - b, p, result), and
# its negation for b. At p = 0 norm_backward is undefined: no gradient for a, and torch's
# negation of it fails where b wants one (`b_grad`: b requires grad)
def _dist_vjp(xp, g, o, a, b, p, b_grad):
    grad = K.norm_grad(xp, g, a - b, o, p, None, False)
    if grad is None and b_grad:
        raise runtime_error("Expected a proper Tensor but got None (or an undefined Tensor in "
                            "C++) for argument #0 'self'")
    return (grad, None if grad is None else -grad)


defop("dist", "DistBackward0",
      lambda a, b, p, b_grad: np.asarray(K.vector_norm(a - b, p, None, False), a.dtype),
      _dist_vjp, ("abo", "abo"), lambda a, b, p, b_grad: S.norm(a - b, p, None, False))


# ---- renorm: each slice along dim scaled down to p-norm maxnorm where it is larger ---------
def _others(ndim: int, dim: int) -> tuple:
    return tuple(i for i in range(ndim) if i != dim)


def _renorm(a, p, dim, maxnorm):
    norm = K.vector_norm(a, p, _others(a.ndim, dim), True)
    return a * np.where(norm > maxnorm, maxnorm / (norm + 1e-7), 1.0).astype(a.dtype)


def _renorm_vjp(xp, g, o, a, p, dim, maxnorm):
    """torch's renorm_backward."""
    others = _others(a.ndim, dim)
    norm = xp.op("norm", a, p=p, dim=others, keepdim=True)
    nb = K.norm_grad(xp, xp.sum(a * g, axis=others, keepdims=True), a, norm, p, others, True)
    factor = xp.reciprocal(norm + 1e-7) * maxnorm
    return (xp.where(K._values(norm) > maxnorm,
                     factor * g - factor * xp.reciprocal(norm + 1e-7) * nb, g),)


def _slice_norms(a, p, dim):
    """Each slice's p-norm along dim as one sympy expression, kept dims (no Piecewise, which
    renorm's condition cannot hold: symforms' norm differs only at the zero vector, where the
    condition is false)."""
    sp = S.sp()
    rows = np.moveaxis(a, dim, 0).reshape(a.shape[dim], -1)
    if p == float("inf") and rows.shape[1] > S.MAX_PAIRWISE_PIECEWISE:  # as symforms.norm's
        raise S.TooIntricate(f"an inf-norm of {rows.shape[1]:,} elements, whose Max sympy "
                             "differentiates for seconds")
    out = np.empty(a.shape[dim], dtype=object)
    for i, row in enumerate(rows):
        xs = [sp.Abs(x) for x in row]
        out[i] = sp.Max(*xs) if p == float("inf") else sum(xs) if p == 1 else \
            sum(x ** p for x in xs) ** (1 / p)
    return out.reshape([a.shape[dim] if i == dim else 1 for i in range(a.ndim)])


def _renorm_sym(a, p, dim, maxnorm):
    norm = _slice_norms(a, p, dim)
    return S.elementwise(lambda x, n: S.sp().Piecewise((x * maxnorm / (n + 1e-7), n > maxnorm),
                                                       (x, True)), *np.broadcast_arrays(a, norm))


defop("renorm", "RenormBackward0", _renorm, _renorm_vjp, "a", _renorm_sym)
