"""torch's linear algebra: mm, addmm, mv, dot, bmm, matmul."""
from __future__ import annotations

import math

from gradcli.engine import runtime
from gradcli.engine.errors import runtime_error
from gradcli.engine.layout import column_major
from gradcli.engine.tensor import Tensor, apply, broadcast_shape
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.shape import (
    check_expand,
    contiguous,
    expand,
    reshape,
    squeeze,
    t,
    transpose_mT,
    unsqueeze,
)


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


@torch_function(
    "mm(Tensor input, Tensor mat2, *, Tensor out=None)",
    "mm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
    method=("mm(Tensor mat2)",),
)
def mm(input, mat2) -> Tensor:
    _check_mm(input, mat2)
    return apply("mm", (input, mat2), columns=(column_major(input.data),
                                                column_major(mat2.data)))


def addmm(input, mat1, mat2) -> Tensor:
    """input + mat1 @ mat2 as one node (F.linear's bias path); torch checks dtypes first."""
    for name, other in (("self", input), ("mat1", mat1)):
        if other.dtype is not mat2.dtype:
            raise runtime_error(f"{name} and mat2 must have the same dtype, but got "
                                f"{other.dtype.cpp} and {mat2.dtype.cpp}")
    _check_mm(mat1, mat2)
    shape = (mat1.data.shape[0], mat2.data.shape[1])
    check_expand(input.data.shape, shape)
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
    return apply("dot", (input, tensor))


@torch_function(
    "bmm(Tensor input, Tensor mat2, *, Tensor out=None)",
    "bmm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
)
def bmm(input, mat2) -> Tensor:
    if input.ndim != 3 or mat2.ndim != 3:
        raise runtime_error(f"batch{1 if input.ndim != 3 else 2} must be a 3D tensor")
    (b, _, m), (b2, m2, _) = input.data.shape, mat2.data.shape
    if (b2, m2) != (b, m):
        raise runtime_error("Expected size for first two dimensions of batch2 tensor to be: "
                            f"[{b}, {m}] but got: [{b2}, {m2}].")
    _same_dtype(input, mat2)
    runtime.current.check_flops(2 * b * input.data.shape[1] * m * mat2.data.shape[2],
                                "a batched matrix product")
    return apply("bmm", (input, mat2))


@torch_function("matmul(Tensor input, Tensor other, *, Tensor out=None)", method=True)
@torch_function(name="matmul", namespace="torch.linalg")
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
