"""torch's linear algebra: mm, addmm, mv, dot, bmm, matmul."""
from __future__ import annotations

import math

from gradcli.engine import promotion, runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.layout import column_major
from gradcli.engine.tensor import Tensor, apply, broadcast_shape, normalize_dim
from gradcli.torch._declare import takes_tensor, torch_function
from gradcli.torch._tensor.pointwise import mul
from gradcli.torch._tensor.shape import (
    check_expand,
    contiguous,
    expand,
    reshape,
    squeeze,
    t,
    to,
    transpose_mT,
    unsqueeze,
)
from gradcli.torch.nn.functional._common import check_nn


def _same_dtype(a, b) -> None:
    if a.dtype is not b.dtype:
        raise runtime_error(f"expected m1 and m2 to have the same dtype, but got: {a.dtype.c} != "
                            f"{b.dtype.c}")


def _check_mm(input, mat2) -> None:
    """mm's errors, in torch's order: ranks, shapes, dtypes."""
    if input.ndim != 2 or mat2.ndim != 2:
        raise runtime_error("self must be a matrix" if input.ndim != 2 else "mat2 must be a matrix")
    if input.data.shape[1] != mat2.data.shape[0]:
        (a, b), (c, d) = input.data.shape, mat2.data.shape
        raise runtime_error(f"mat1 and mat2 shapes cannot be multiplied ({a}x{b} and {c}x{d})")
    _same_dtype(input, mat2)
    (n, k), m = input.data.shape, mat2.data.shape[1]
    runtime.current.check_flops(2 * n * k * m, "a matrix product")
    runtime.current.foresee(n * m, input.data.itemsize, "a matrix product's result")


@torch_function(
    "mm(Tensor input, Tensor mat2, *, Tensor out=None)",
    "mm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
    method=("mm(Tensor mat2)",),
)
def mm(input, mat2) -> Tensor:
    _check_mm(input, mat2)
    return apply("mm", (input, mat2), columns=(column_major(input.data),
                                                column_major(mat2.data)))


def _check_addmm(input, mat1, mat2) -> None:
    """addmm's errors in torch's order: dtypes, then mm's, then the broadcast of input."""
    for name, other in (("self", input), ("mat1", mat1)):
        if other.dtype is not mat2.dtype:
            raise runtime_error(f"{name} and mat2 must have the same dtype, but got "
                                f"{other.dtype.cpp} and {mat2.dtype.cpp}")
    _check_mm(mat1, mat2)
    check_expand(input.data.shape, (mat1.data.shape[0], mat2.data.shape[1]), input.dtype)


def addmm(input, mat1, mat2) -> Tensor:
    """input + mat1 @ mat2 as one node (F.linear's bias path)."""
    _check_addmm(input, mat1, mat2)
    return apply("addmm", (input, mat1, mat2), columns=(column_major(mat1.data),
                                                         column_major(mat2.data)))


@torch_function("mv(Tensor input, Tensor vec, *, Tensor out=None)", method=True)
def mv(input, vec) -> Tensor:
    if input.ndim != 2 or vec.ndim != 1:
        raise runtime_error(f"vector + matrix @ vector expected, got 1, {input.ndim}, {vec.ndim}")
    if input.data.shape[1] != vec.data.shape[0]:
        raise runtime_error(f"size mismatch, got input ({input.data.shape[0]}), mat "
                            f"({input.data.shape[0]}x{input.data.shape[1]}), vec "
                            f"({vec.data.shape[0]})")
    if input.dtype is not vec.dtype:
        raise runtime_error("addmv input tensors must have the same dtype, but got "
                            f"{vec.dtype.cpp}, {input.dtype.cpp}, and {vec.dtype.cpp}")
    return apply("mv", (input, vec))


@torch_function("dot(Tensor input, Tensor tensor, *, Tensor out=None)", method=True)
def dot(input, tensor) -> Tensor:
    _check_dot(input, tensor)
    return apply("dot", (input, tensor))


@torch_function("vdot(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def vdot(input, other) -> Tensor:
    """dot, conjugating the first vector (a real one is itself): VdotBackward0."""
    _check_dot(input, other)
    return apply("vdot", (input, other))


def _check_dot(input, tensor) -> None:
    if input.ndim != 1 or tensor.ndim != 1:
        raise runtime_error(f"1D tensors expected, but got {input.ndim}D and {tensor.ndim}D "
                            "tensors")
    n, m = input.data.shape[0], tensor.data.shape[0]
    if n != m:
        raise runtime_error(f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to "
                            f"have the same number of elements, but got {n} and {m} elements "
                            "respectively")
    if input.dtype is not tensor.dtype:
        raise runtime_error("dot : expected both vectors to have same dtype, but found "
                            f"{input.dtype.cpp} and {tensor.dtype.cpp}")


@torch_function(
    "bmm(Tensor input, Tensor mat2, *, Tensor out=None)",
    "bmm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
)
def bmm(input, mat2) -> Tensor:
    _check_batches(input, mat2)
    _same_dtype(input, mat2)
    return apply("bmm", (input, mat2))


def _check_batches(batch1, batch2) -> None:
    if batch1.ndim != 3 or batch2.ndim != 3:
        raise runtime_error(f"batch{1 if batch1.ndim != 3 else 2} must be a 3D tensor")
    (b, n, m), (b2, m2, p) = batch1.data.shape, batch2.data.shape
    if (b2, m2) != (b, m):
        raise runtime_error("Expected size for first two dimensions of batch2 tensor to be: "
                            f"[{b}, {m}] but got: [{b2}, {m2}].")
    runtime.current.check_flops(2 * b * n * m * p, "a batched matrix product")
    runtime.current.foresee(b * n * p, batch1.data.itemsize,
                            "a batched matrix product's result")


@torch_function("matmul(Tensor input, Tensor other, *, Tensor out=None)", method=True)
@torch_function(name="matmul", namespace="torch.linalg")
@takes_tensor("linalg_matmul", "input", "other")
def matmul(input, other) -> Tensor:
    """torch.matmul's dispatch (aten _matmul_impl), so grad_fns and errors are torch's."""
    a, b = input.ndim, other.ndim
    if a == 0 or b == 0:
        raise runtime_error(f"both arguments to matmul need to be at least 1D, but they are {a}D "
                            f"and {b}D")
    if a == 1 and b == 1:
        return dot(input, other)
    if a == 2 and b == 1:
        return mv(input, other)
    if a == 1 and b == 2:
        out = apply("squeeze_last", (mm(unsqueeze(input, 0), other),), dim=0)
        out._storage.before_write()  # torch's squeeze_(0) is in place: the version is 1
        return out
    if a == 2 and b == 2:
        return mm(input, other)
    if _should_fold(input, other):
        return _matmul_folded(input, other)
    return _matmul_batched(input, other)


def _should_fold(t1, t2) -> bool:
    """Whether torch folds the larger operand into a matrix (mm/mv) instead of using bmm."""
    larger = t1.ndim >= t2.ndim
    big, small = (t1, t2) if larger else (transpose_mT(t2), t1)
    if not (big.ndim >= 3 and small.ndim <= 2):
        return False
    if small.requires_grad:
        return True  # torch folds to keep the smaller operand's gradient small
    if t1.ndim == 2:
        return False
    if big.data.size == 0:
        return True
    shape, strides = big.data.shape, big.data.strides
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 2))


def _matmul_folded(input, other) -> Tensor:
    flip = other.ndim > input.ndim
    t1 = transpose_mT(other) if flip else input
    t2 = (t(input) if input.ndim == 2 else input) if flip else other
    lead = t1.data.shape[:-1]
    folded = reshape(t1, math.prod(lead), t1.data.shape[-1])
    if t2.ndim == 1:
        return apply("unsafe_view", (mv(folded, t2),), shape=lead)
    out = apply("unsafe_view", (mm(folded, t2),), shape=lead + (t2.data.shape[1],))
    return contiguous(transpose_mT(out)) if flip else out


def _matmul_batched(input, other) -> Tensor:
    a, b = input.ndim, other.ndim
    n, m1 = input.data.shape[-2] if a > 1 else 1, input.data.shape[-1]
    m2, p = (other.data.shape[-2], other.data.shape[-1]) if b > 1 else (other.data.shape[0], 1)
    batch = broadcast_shape(input.data.shape[:-2], other.data.shape[:-2])
    count = math.prod(batch)
    t1 = reshape(expand(input, *batch, n, m1), count, n, m1)
    if b == 1:
        t2 = unsqueeze(reshape(expand(other, *batch, m2), count, m2), 2)
    else:
        t2 = reshape(expand(other, *batch, m2, p), count, m2, p)
    out = bmm(t1, t2)
    shape = batch + ((n,) if a > 1 else ()) + ((p,) if b > 1 else ())
    return apply("unsafe_view", (squeeze(out, -1) if b == 1 else out,), shape=shape)


# ---- beta * input + alpha * product, one node each (engine/ops_linalg.py) -------------------
def _scaled(name, input, a, b, beta, alpha) -> Tensor:
    if not (input.dtype.is_floating_point or input.dtype.is_bool):
        for which, value in (("beta", beta), ("alpha", alpha)):
            if isinstance(value, float):
                raise runtime_error(f"For integral input tensors, argument {which} must not be "
                                    "a floating point number.")
    return apply(name, (input, a, b), beta=beta, alpha=alpha)


@torch_function(
    "addmm(Tensor input, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, "
    "Tensor out=None)",
    "addmm(Tensor input, Tensor mat1, Tensor mat2, ScalarType out_dtype, *, Scalar beta=1, "
    "Scalar alpha=1, Tensor out=None)",
    method=("addmm(Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1)",), inplace=True)
def addmm_scaled(input, mat1, mat2, *, beta=1, alpha=1) -> Tensor:
    """torch.addmm: beta * input + alpha * mat1 @ mat2 (F.linear's addmm when both are 1)."""
    for name, m in (("mat1", mat1), ("mat2", mat2)):
        if m.ndim != 2:
            raise runtime_error(f"{name} must be a matrix, got {m.ndim}-D tensor")
    if beta == 1 and alpha == 1:
        return addmm(input, mat1, mat2)
    _check_addmm(input, mat1, mat2)
    return _scaled("addmm_scaled", input, mat1, mat2, beta, alpha)


def _size(t, dim) -> int:
    """t.size(dim), with torch's IndexError for a dim t lacks."""
    return t.data.shape[normalize_dim(dim, t.ndim)]


@torch_function("addmv(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, "
                "Tensor out=None)", method=True, inplace=True)
def addmv(input, mat, vec, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * mat @ vec."""
    if mat.ndim != 2 or vec.ndim != 1 or input.ndim > 1:
        raise runtime_error(f"vector + matrix @ vector expected, got {input.ndim}, {mat.ndim}, "
                            f"{vec.ndim}")
    (n, m), size = mat.data.shape, input.data.size
    if m != vec.data.shape[0] or size not in (n, 1):
        raise runtime_error(f"size mismatch, got input ({size}), mat ({n}x{m}), vec "
                            f"({vec.data.shape[0]})")
    if not (input.dtype is mat.dtype is vec.dtype):
        raise runtime_error("addmv input tensors must have the same dtype, but got "
                            f"{input.dtype.cpp}, {mat.dtype.cpp}, and {vec.dtype.cpp}")
    return _scaled("addmv", input, mat, vec, beta, alpha)


@torch_function("addr(Tensor input, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, "
                "Tensor out=None)", method=True, inplace=True)
def addr(input, vec1, vec2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * outer(vec1, vec2), in the three's promoted dtype."""
    for name, vec in (("vec1", vec1), ("vec2", vec2)):
        if vec.ndim != 1:
            raise runtime_error(f"addr: Expected 1-D argument {name}, but got {vec.ndim}-D")
    check_expand(input.data.shape, (vec1.data.shape[0], vec2.data.shape[0]), input.dtype)
    d = promotion.result_type(input, vec1, vec2)
    runtime.current.foresee(vec1.data.size * vec2.data.size, d.itemsize, "addr's outer product")
    return _scaled("addr", to(input, d), to(vec1, d), to(vec2, d), beta, alpha)


@torch_function(
    "baddbmm(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, "
    "Tensor out=None)",
    "baddbmm(Tensor input, Tensor batch1, Tensor batch2, ScalarType out_dtype, *, "
    "Scalar beta=1, Scalar alpha=1, Tensor out=None)", method=True, inplace=True)
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * batch1 @ batch2, batch by batch."""
    check_expand(input.data.shape, (_size(batch1, 0), _size(batch1, 1), _size(batch2, 2)),
                 input.dtype)
    if not (input.dtype is batch1.dtype is batch2.dtype):
        raise runtime_error(f"Input dtypes must be the same, got: input {input.dtype.c}, "
                            f"batch1: {batch1.dtype.c}, batch2: {batch2.dtype.c}")
    _check_batches(batch1, batch2)
    unit = beta == 1 and alpha == 1 and input.dtype.is_floating_point
    return _scaled("baddbmm_unit" if unit else "baddbmm", input, batch1, batch2, beta, alpha)


@torch_function("addbmm(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, "
                "Scalar alpha=1, Tensor out=None)", method=True, inplace=True)
def addbmm(input, batch1, batch2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * the sum over the batch of batch1 @ batch2."""
    check_expand(input.data.shape, (_size(batch1, 1), _size(batch2, 2)), input.dtype)
    if batch1.ndim == 3 == batch2.ndim and batch1.data.shape[0] != batch2.data.shape[0]:
        raise runtime_error("batch1 and batch2 must have same number of batches, got "
                            f"{batch1.data.shape[0]} and {batch2.data.shape[0]}")
    for name, other in (("self", input), ("mat1", batch1)):
        if other.dtype is not batch2.dtype:
            raise runtime_error(f"{name} and mat2 must have the same dtype, but got "
                                f"{other.dtype.cpp} and {batch2.dtype.cpp}")
    _check_batches(batch1, batch2)
    return _scaled("addbmm", input, batch1, batch2, beta, alpha)


# ---- cross, kron, cdist -----------------------------------------------------------------
_CROSS_DIM_WARNING = (
    "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the "
    "dim explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to "
    "agree with that of linalg.cross in a future release.")


@torch_function("cross(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)",
                method=True)
def cross(input, other, dim=None) -> Tensor:
    """torch.cross: linalg.cross along dim, else (deprecated) along input's first dim of 3."""
    if dim is None:
        warn(_CROSS_DIM_WARNING, once_per_process=True)
        dim = next((d for d, n in enumerate(input.data.shape) if n == 3), None)
        if dim is None:
            raise runtime_error("no dimension of size 3 in input")
    return linalg_cross(input, other, dim=dim)


@torch_function(name="cross", namespace="torch.linalg")
@takes_tensor("linalg_cross", "input", "other")
def linalg_cross(input, other, *, dim=-1) -> Tensor:
    if input.ndim != other.ndim:
        raise runtime_error("linalg.cross: inputs must have the same number of dimensions.")
    d = normalize_dim(dim, input.ndim)
    if input.data.shape[d] != 3 or other.data.shape[d] != 3:
        raise runtime_error(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                            f"{input.data.shape[d]} and {other.data.shape[d]}")
    broadcast_shape(input.data.shape, other.data.shape)
    if input.dtype is not other.dtype:
        raise runtime_error(f"expected scalar type {input.dtype.cpp} but found "
                            f"{other.dtype.cpp}")
    return apply("linalg_cross", (input, other), dim=d - input.ndim)


@torch_function("kron(Tensor input, Tensor other, *, Tensor out=None)", method=True)
def kron(input, other) -> Tensor:
    """torch's KronImpl: each input viewed with a dim of 1 beside each of its dims (the
    shorter one padded in front), their product, viewed back (grad_fn UnsafeViewBackward0)."""
    ndim = max(input.ndim, other.ndim)
    a = (1,) * (ndim - input.ndim) + input.data.shape
    b = (1,) * (ndim - other.ndim) + other.data.shape
    runtime.current.foresee(input.data.size * other.data.size,
                            max(input.data.itemsize, other.data.itemsize), "kron's result")
    spread_a = apply("unsafe_view", (input,), shape=tuple(x for n in a for x in (n, 1)))
    spread_b = apply("unsafe_view", (other,), shape=tuple(x for n in b for x in (1, n)))
    return apply("unsafe_view", (mul(spread_a, spread_b),),
                 shape=tuple(m * n for m, n in zip(a, b)))


_COMPUTE_MODES = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist",
                  "donot_use_mm_for_euclid_dist")


@torch_function(name="cdist")
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary") -> Tensor:
    """The p-norm distance of each row of x1 to each row of x2, batch dims broadcast; for
    p = 2 and more than 25 rows (or by compute_mode), by a matrix product, as torch."""
    check_nn("cdist", x1, x2, p)
    if compute_mode not in _COMPUTE_MODES:
        raise TorchError("ValueError", f"{compute_mode} is not a valid value for compute_mode")
    for name, x in (("X1", x1), ("X2", x2)):
        if x.ndim < 2:
            raise runtime_error(f"cdist only supports at least 2D tensors, {name} got: "
                                f"{x.ndim}D")
    if x1.data.shape[-1] != x2.data.shape[-1]:
        raise runtime_error(f"X1 and X2 must have the same number of columns. X1: "
                            f"{x1.data.shape[-1]} X2: {x2.data.shape[-1]}")
    if not x1.dtype.is_floating_point:
        raise runtime_error(f"cdist only supports floating-point dtypes, X1 got: {x1.dtype.cpp}")
    if x2.dtype is not x1.dtype:
        raise runtime_error(f"expected scalar type {x1.dtype.cpp} but found {x2.dtype.cpp}")
    if p < 0:
        raise runtime_error("cdist only supports non-negative p values")
    batch = broadcast_shape(x1.data.shape[:-2], x2.data.shape[:-2])
    (r1, c), r2 = x1.data.shape[-2:], x2.data.shape[-2]
    mode, count = _COMPUTE_MODES.index(compute_mode), math.prod(batch)
    if p != 2 or mode == 2 or (mode == 0 and r1 <= 25 and r2 <= 25) or not (x1.data.size and
                                                                         x2.data.size):
        # every row of x1 minus every row of x2, at once
        runtime.current.foresee(count * r1 * r2 * c, x1.data.itemsize,
                                "cdist's table of row differences")
        return apply("cdist", (x1, x2), p=float(p))
    runtime.current.foresee(count * r1 * r2, x1.data.itemsize, "cdist's matrix of distances")
    a = reshape(expand(x1, *batch, r1, c), count, r1, c)
    b = reshape(expand(x2, *batch, r2, c), count, r2, c)
    return apply("view", (apply("euclidean_dist", (a, b)),), shape=batch + (r1, r2))
