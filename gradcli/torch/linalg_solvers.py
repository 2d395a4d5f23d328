"""torch.linalg's solvers and inverses beyond inv and solve: inv_ex, solve_ex, pinv (and
torch.pinverse), lstsq, cond, tensorinv, tensorsolve, and vander (and numpy's, torch.vander).
Composed as torch's LinearAlgebra.cpp and BatchLinearAlgebra.cpp compose them, so the graph
has torch's nodes; pinv and lstsq are nodes of their own (engine/ops_linalg.py)."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import runtime_error
from gradcli.engine.ops_linalg import pinv_point
from gradcli.engine.tensor import Tensor, apply, broadcast_shape
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import reductions
from gradcli.torch._tensor.inplace import _inplace
from gradcli.torch._tensor.pointwise import div, gt, mul
from gradcli.torch._tensor.rearrange import cumprod, flip
from gradcli.torch._tensor.reductions import ReturnTypes
from gradcli.torch._tensor.shape import (
    cat,
    expand,
    flatten,
    masked_fill,
    movedim,
    narrow,
    reshape,
    squeeze,
    unsqueeze,
)
from gradcli.torch._tensor.special_functions import nan_to_num
from gradcli.torch.linalg import (
    _check_square,
    _singular,
    _zero_pivot,
    check_square_shape,
    lapack_layout,
    matrix_norm,
    solve,
    solved,
    svdvals,
)


def _infos(A) -> np.ndarray:
    """LAPACK getrf's info of each matrix: the first zero pivot (1-based), 0 for none."""
    batch = A.data.shape[:-2]
    flat = A.data.reshape((math.prod(batch),) + A.data.shape[-2:])
    return np.array([_zero_pivot(m) for m in flat], dtype=np.int32).reshape(batch)


# ---- inv_ex, solve_ex: the result and LAPACK's info, errors raised only if asked --------------
@torch_function("linalg_inv_ex(Tensor A, *, bool check_errors=False)", name="inv_ex",
                namespace="torch.linalg")
def inv_ex(A, *, check_errors=False) -> ReturnTypes:
    _check_square(A, "linalg.inv")
    if check_errors:
        _singular(A, lambda batch, i: f"linalg.inv_ex: {batch}The diagonal element {i} is zero, "
                  "the inversion could not be completed because the input matrix is singular.")
    inverse = lapack_layout(apply("linalg_inv", (A,)))
    return ReturnTypes("linalg_inv_ex", inverse, Tensor(_infos(A)), fields=("inverse", "info"))


@torch_function("linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False)",
                name="solve_ex", namespace="torch.linalg")
def solve_ex(A, B, *, left=True, check_errors=False) -> ReturnTypes:
    result = solved(A, B, left, "torch.linalg.solve_ex" if check_errors else None)
    return ReturnTypes("linalg_solve_ex", result, Tensor(_infos(A)), fields=("result", "info"))


# ---- pinv, pinverse -------------------------------------------------------------------------
def _tolerance(value, name: str):
    """atol or rtol: a number, a tensor (broadcast over the batch), or None."""
    if isinstance(value, Tensor):
        if value.requires_grad:
            raise runtime_error(f"The function 'linalg_pinv' is not differentiable with respect "
                                f"to argument '{name}'. This input cannot have requires_grad "
                                "True.")
        return value.data.astype(np.float64)
    return value


@torch_function(
    "linalg_pinv(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, "
    "Tensor out=None)",
    "linalg_pinv(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, "
    "Tensor out=None)",
    "linalg_pinv(Tensor input, Tensor rcond, bool hermitian=False, *, Tensor out=None)",
    "linalg_pinv(Tensor input, double rcond, bool hermitian=False, *, Tensor out=None)",
    name="pinv", namespace="torch.linalg")
def pinv(input, rcond=None, hermitian=False, *, atol=None, rtol=None) -> Tensor:
    """The pseudo-inverse, singular values at most max(atol, rtol · the largest) dropped: rtol
    is eps · max(m, n) where neither is given (or atol is 0), 0 where atol alone is; rcond is
    the older name of rtol."""
    A, rtol = input, rtol if rcond is None else rcond
    if A.dtype not in (dtypes.float32, dtypes.float64) or A.ndim < 2:
        shape = ", ".join(map(str, A.data.shape))
        raise runtime_error(f"linalg.pinv({A.dtype.cpp}{{[{shape}]}}): expected a tensor with 2 "
                            "or more dimensions of float, double, cfloat or cdouble types")
    if hermitian:  # (eigh's check, before the tolerances')
        check_square_shape(A, "linalg.eigh")
    atol, rtol = _tolerance(atol, "atol"), _tolerance(rtol, "rtol")
    if rtol is None:
        rtol = np.finfo(A.data.dtype).eps * max(A.data.shape[-2:]) \
            if atol is None or np.all(np.asarray(atol) <= 0) else 0.0
    return apply("linalg_pinv", (A,), atol=0.0 if atol is None else atol, rtol=rtol,
                 hermitian=bool(hermitian),
                 point=pinv_point(A.data, hermitian) if A.requires_grad else None)


@torch_function("pinverse(Tensor input, double rcond=1e-15)", method=True)
def pinverse(input, rcond=1e-15) -> Tensor:
    return pinv(input, rcond)


# ---- lstsq ----------------------------------------------------------------------------------
_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")


def _check_lstsq(A, B, driver) -> bool:
    """torch's linalg_lstsq checks, in its order; whether B is a (batch of) vector(s)."""
    if A.ndim < 2:
        raise runtime_error("torch.linalg.lstsq: input must have at least 2 dimensions.")
    if B.ndim < 1:
        raise runtime_error("torch.linalg.lstsq: other must have at least 1 dimension.")
    if A.dtype is not B.dtype:
        raise runtime_error("torch.linalg.lstsq: Expected input and other to have the same "
                            f"dtype, but got input's dtype {A.dtype.cpp} and other's dtype "
                            f"{B.dtype.cpp}")
    vector = A.ndim - B.ndim
    if vector not in (0, 1):
        raise runtime_error("torch.linalg.lstsq: input.dim() must be greater or equal to "
                            "other.dim() and (input.dim() - other.dim()) <= 1")
    broadcast_shape(A.data.shape[:-2], B.data.shape[:-1 if vector else -2])
    if A.data.shape[-2] != B.data.shape[-1 if vector else -2]:
        raise runtime_error("torch.linalg.lstsq: input.size(-2) should match other.size("
                            f"{-1 if vector else -2})")
    if driver not in _DRIVERS:
        raise runtime_error("torch.linalg.lstsq: parameter `driver` should be one of "
                            f"({', '.join(_DRIVERS)})")
    if A.dtype not in (dtypes.float32, dtypes.float64):
        raise runtime_error("This function doesn't handle types other than float and double")
    return bool(vector)


@torch_function("linalg_lstsq(Tensor input, Tensor b, double? rcond=None, *, "
                "c10::string_view? driver=None)", name="lstsq", namespace="torch.linalg")
def lstsq(input, b, rcond=None, *, driver=None) -> ReturnTypes:
    """The least-squares solution of least norm (singular values under rcond · the largest
    dropped), its residuals where A is tall and of full rank (not by gelsy), A's rank (not by
    gels) and singular values (by gelsd and gelss)."""
    A, B, driver = input, b, "gelsy" if driver is None else driver
    vector = _check_lstsq(A, B, driver)
    m, n = A.data.shape[-2:]
    rcond = np.finfo(A.data.dtype).eps * max(m, n) if rcond is None or rcond <= 0 else rcond
    values = np.linalg.svd(A.data.astype(np.float64), compute_uv=False) if A.data.size else \
        np.zeros(A.data.shape[:-2] + (0,))
    rank = (values > rcond * values[..., :1]).sum(-1) if values.shape[-1] else \
        np.zeros(A.data.shape[:-2], np.int64)
    kept = m > n and driver != "gelsy" and (driver == "gels" or bool((rank == n).all()))
    solution, residuals = (apply("linalg_lstsq", (A, B), rcond=float(rcond), vector=vector,
                                 which=i, kept=kept) for i in (0, 1))
    rank = Tensor(np.zeros((0,), np.int64) if driver == "gels" else rank.astype(np.int64))
    values = values if driver in ("gelsd", "gelss") else np.zeros((0,))
    return ReturnTypes("linalg_lstsq", solution, residuals, rank,
                       Tensor(values.astype(A.data.dtype)),
                       fields=("solution", "residuals", "rank", "singular_values"))


# ---- cond ---------------------------------------------------------------------------------
def _check_order(p) -> None:
    valid = p in ("fro", "nuc") if isinstance(p, str) else abs(p) in (1, 2, math.inf)
    if not valid:
        shown = p if isinstance(p, str) else f"{float(p):g}"
        raise runtime_error(f"linalg.cond got an invalid norm type: {shown}")


def _square_for(A, p) -> None:
    """squareCheckInputs under the name torch gives it: the order as C++'s to_string prints
    it (a float with six decimals, inf as inf)."""
    shown = p if isinstance(p, str) or not isinstance(p, float) or math.isinf(p) else f"{p:.6f}"
    check_square_shape(A, f"linalg.cond(ord={shown})")


@torch_function("linalg_cond(Tensor input, Scalar? p=None, *, Tensor out=None)",
                "linalg_cond(Tensor input, c10::string_view p, *, Tensor out=None)",
                name="cond", namespace="torch.linalg")
def cond(input, p=None) -> Tensor:
    """‖A‖ ‖A⁻¹‖ in the p-norm: for 2 and -2 (and None) the ratio of the extreme singular
    values, for 'nuc' their sum times that of their reciprocals; 0 for an empty matrix."""
    A = input
    if not isinstance(p, str) and A.ndim < 2:
        raise runtime_error("linalg.cond: The input tensor must have at least 2 dimensions.")
    p = 2 if p is None else p
    if isinstance(p, str):
        _square_for(A, p)
    _check_order(p)
    if A.data.size == 0:
        return Tensor(np.zeros(A.data.shape[:-2], A.data.dtype))
    if p in (2, -2):
        values = svdvals(A)
        largest, smallest = narrow(values, -1, 0, 1), narrow(values, -1, -1, 1)
        return squeeze(div(smallest, largest) if p == -2 else div(largest, smallest), -1)
    if not isinstance(p, str):
        _square_for(A, p)
    if p == "nuc":
        values = svdvals(A)
        return mul(reductions.sum(values, -1), reductions.sum(div(1, values), -1))
    inverse, info = inv_ex(A)
    info = unsqueeze(unsqueeze(info, -1), -1)
    _inplace(masked_fill, "masked_fill_")(inverse, gt(info, 0), math.inf)
    result = mul(matrix_norm(A, p), matrix_norm(inverse, p))
    return _inplace(nan_to_num, "nan_to_num_")(result, math.inf, math.inf, -math.inf)


# ---- tensorinv, tensorsolve ---------------------------------------------------------------
@torch_function("linalg_tensorinv(Tensor input, int64_t ind=2, *, Tensor out=None)",
                name="tensorinv", namespace="torch.linalg")
def tensorinv(input, ind=2) -> Tensor:
    """The inverse of A as a map of its first `ind` dims onto the others: reshape, inv,
    reshape."""
    A = input
    if ind <= 0:
        raise runtime_error(f"Expected a strictly positive integer for 'ind', but got {ind}")
    shape = A.data.shape
    rows, cols = math.prod(shape[ind:]), math.prod(shape[:ind])
    if rows != cols:
        raise runtime_error("Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                            f"prod(self.shape[:ind]), but got {rows} != {cols}")
    square = reshape(A, (rows, rows))
    _check_square(square, "linalg.inv")
    _singular(square, lambda batch, i: f"inv: The diagonal element {i} is zero, the inversion "
              "could not be completed because the input matrix is singular.")
    return reshape(lapack_layout(apply("linalg_inv", (square,))), shape[ind:] + shape[:ind])


@torch_function("linalg_tensorsolve(Tensor input, Tensor other, IntArrayRef? dims=None, *, "
                "Tensor out=None)", name="tensorsolve", namespace="torch.linalg")
def tensorsolve(input, other, dims=None) -> Tensor:
    """X with tensordot(A, X, X.ndim) = B: A's `dims` moved last, reshaped to a square
    matrix, solved against B flattened, reshaped."""
    A, B = input, other
    if dims is not None:
        dims = [dims] if isinstance(dims, int) else list(dims)
        A = movedim(A, dims, list(range(A.ndim - len(dims), A.ndim)))
    shape = A.data.shape[B.ndim:]
    size, count = math.prod(shape), math.prod(B.data.shape)
    if size != count:
        raise runtime_error("Expected self to satisfy the requirement prod(self.shape[other.ndim:"
                            "]) == prod(self.shape[:other.ndim]), but got "
                            f"{size} != {count}")
    return reshape(solve(reshape(A, (size, size)), flatten(B)), shape)


# ---- vander -------------------------------------------------------------------------------
@torch_function("linalg_vander(Tensor x, *, SymInt? N=None)", name="vander",
                namespace="torch.linalg")
def vander(x, *, N=None) -> Tensor:
    """The powers x⁰ … x^(N-1) along a new last dim: ones, then the cumulative product of x
    repeated N - 1 times (torch's)."""
    if x.dtype not in (dtypes.float32, dtypes.float64) and x.dtype.category != dtypes.INT:
        raise runtime_error("linalg.vander supports floating point, complex, and integer "
                            f"tensors, but got {x.dtype.cpp}")
    x = unsqueeze(x, -1) if x.ndim == 0 else x
    n = x.data.shape[-1] if N is None else N
    if n <= 1:
        raise runtime_error("N must be greater than 1.")
    runtime.current.foresee(x.data.size * n, x.data.itemsize, "vander's result")
    powers = cumprod(expand(unsqueeze(x, -1), x.data.shape + (n - 1,)), -1)
    ones = Tensor(np.ones(x.data.shape + (1,), powers.data.dtype))
    return cat([ones, powers], -1)


@torch_function("vander(Tensor x, int64_t? N=None, bool increasing=False)")
def numpy_vander(x, N=None, increasing=False) -> Tensor:
    """numpy's Vandermonde matrix, columns x^(N-1) … x⁰ (increasing: x⁰ … x^(N-1)), written
    as torch's LinearAlgebra.cpp writes it: ones filled in, x copied into columns 1..N-1 and
    their cumulative product copied over them (CopySlices, then FlipBackward0). Its gradient
    is torch's error: cumprod saved the columns that the second copy overwrites."""
    if x.ndim != 1:
        raise runtime_error("x must be a one-dimensional tensor.")
    n = x.data.shape[0] if N is None else N
    if n < 0:
        raise runtime_error("N must be non-negative.")
    runtime.current.foresee(x.data.shape[0] * n, 8, "vander's result")
    kind = x.dtype if x.dtype.category == dtypes.FLOAT else dtypes.int64
    result = Tensor(np.empty((x.data.shape[0], n), kind.np))
    if n > 0:
        result.fill_(1)
        if n > 1:
            narrow(result, 1, 1, n - 1).copy_(unsqueeze(x, 1))
            narrow(result, 1, 1, n - 1).copy_(cumprod(narrow(result, 1, 1, n - 1), 1))
    return result if increasing else flip(result, 1)
