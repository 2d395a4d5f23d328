"""torch's reductions: sum, mean, max/min, norm, var/std, softmax, cumsum."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, promotion
from gradcli.engine import opkit as K
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply, normalize_dim, shape_args
from gradcli.torch._declare import tensor_method, torch_function
from gradcli.torch._tensor.creation import _dtype_or, _sizes
from gradcli.torch._tensor.pointwise import (
    div,
    float_input,
    float_kernel,
    foresee_broadcast,
    maximum,
    minimum,
    mul,
)
from gradcli.torch._tensor.shape import _dims, reshape, to


@torch_function(
    "sum(Tensor input, *, ScalarType? dtype=None)",
    "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
    "Tensor out=None)",
    method=True,
)
def sum(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    t = _summed(input, dtype)
    if dim is None or dim == ():
        return apply("sum", (t,))
    return apply("sum_dim", (t,), dim=_dims(dim, t.ndim), keepdim=keepdim)


@tensor_method("sum_to_size(SymIntArrayRef size)")
def sum_to_size(input, *args, size=None) -> Tensor:
    """input summed down to a shape it could be expanded from, as torch's sum_to: the leading
    dims and those of size 1 summed (keepdim), the leading ones then viewed away."""
    shape, have = shape_args(_sizes(args, size, "size")), input.data.shape
    lead = len(have) - len(shape)
    if lead < 0 or any(s != 1 and s != n for s, n in zip(shape, have[lead:])):
        raise runtime_error(f"size {{{list(shape)}}} is not expandable to size {{{list(have)}}}.")
    dims = tuple(range(lead)) + tuple(lead + i for i, (s, n) in enumerate(zip(shape, have[lead:]))
                                      if s == 1 and n != 1)
    if not dims:
        return input
    summed = apply("sum_dim", (input,), dim=dims, keepdim=True)
    return reshape(summed, shape) if lead else summed


def _summed(t: Tensor, dtype) -> Tensor:
    """What sum and nansum add up: the input in `dtype`; ints and bools in int64."""
    if dtype is not None or not t.dtype.is_floating_point:
        target = _dtype_or(dtype, dtypes.int64 if t.dtype.category < dtypes.FLOAT else t.dtype)
        t = apply("to_copy", (t,), to=target.np) if target is not t.dtype else t
    return t


@torch_function(
    "mean(Tensor input, *, ScalarType? dtype=None, Tensor out=None)",
    "mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
    "Tensor out=None)",
    method=True,
)
def mean(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    if dtype is not None:
        input = to(input, dtype)
    if not input.dtype.is_floating_point:
        raise runtime_error("mean(): could not infer output dtype. Input dtype must be either a "
                            f"floating point or complex dtype. Got: {input.dtype.cpp}")
    if dim is None:
        return apply("mean", (input,))
    return apply("mean_dim", (input,), dim=_dims(dim, input.ndim), keepdim=keepdim)


@torch_function(
    "prod(Tensor input, *, ScalarType? dtype=None)",
    "prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, "
    "Tensor out=None)",
    method=True,
)
def prod(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    if dim is None:
        return apply("prod", (input,))
    return apply("prod_dim", (input,), dim=normalize_dim(dim, input.ndim), keepdim=keepdim)


def _extremum(name: str, dim_op: str, pick):
    def fn(input, dim=None, keepdim=False, other=None):
        other = dim if isinstance(dim, Tensor) else other
        if other is not None:  # torch.max(a, b) is the binary maximum
            return (maximum if name == "max" else minimum)(input, other)
        if dim is None:
            if input.data.size == 0:
                raise runtime_error(f"{name}(): Expected reduction dim to be specified for "
                                    "input.numel() == 0. Specify the reduction dim with the "
                                    "'dim' argument.")
            value = np.max(input.data) if name == "max" else np.min(input.data)
            ties = np.isnan(input.data) if np.isnan(value) else input.data == value
            return apply(name, (input,), ties=ties)
        d = normalize_dim(dim, input.ndim)
        index = pick(input.data, axis=d) if input.ndim else np.asarray(0)
        values = apply(dim_op, (input,), dim=d, keepdim=keepdim, index=index)
        idx = np.expand_dims(index, d) if keepdim and input.ndim else index
        return ReturnTypes(name, values, Tensor(np.asarray(idx, dtype=np.int64)))
    fn.__name__ = name
    return fn


max = _extremum("max", "max_dim", np.argmax)
torch_function(
    "max(Tensor input, *, Tensor out=None)",
    "max(Tensor input, Tensor other, *, Tensor out=None)",
    "max(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    method=True,
)(max)
min = _extremum("min", "min_dim", np.argmin)
torch_function(
    "min(Tensor input, *, Tensor out=None)",
    "min(Tensor input, Tensor other, *, Tensor out=None)",
    "min(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    method=True,
)(min)


class ReturnTypes(tuple):
    """torch.return_types.max(values=..., indices=...), and the other named results
    (linalg_slogdet's sign and logabsdet...): `fields` names the items."""

    FIELDS = ("values", "indices", "sign", "logabsdet", "inverse", "info", "result", "L", "Q",
              "R", "eigenvalues", "eigenvectors", "U", "S", "Vh", "V", "solution",
              "cloned_coefficient", "residuals", "rank", "singular_values", "LU", "pivots", "P",
              "min", "max", "mantissa", "exponent")

    def __new__(cls, name, *items, fields=("values", "indices")):
        obj = super().__new__(cls, items)
        obj.name, obj.fields = name, fields
        return obj

    @property
    def values(self):
        return self.field("values")

    @property
    def indices(self):
        return self.field("indices")

    def field(self, name: str):
        if name not in self.fields:
            raise TorchError("AttributeError", f"'torch.return_types.{self.name}' object has no "
                                               f"attribute '{name}'")
        return self[self.fields.index(name)]

    def __repr__(self) -> str:
        items = ",\n".join(f"{f}={t!r}" for f, t in zip(self.fields, self))
        return f"torch.return_types.{self.name}(\n{items})"


def _ties(data, reduce, dims):
    """Where each slice over `dims` reaches its extremum (the check splits the gradient
    evenly among them, as torch)."""
    return data == reduce(data, axis=dims, keepdims=True)


def _amax(name):
    def fn(input, dim=(), keepdim=False) -> Tensor:
        dims = tuple(range(input.ndim)) if dim in ((), [], None) else _dims(dim, input.ndim)
        _require_identity_free(name, input, dim, dims)
        reduce = np.amax if name == "amax" else np.amin
        return apply(name, (input,), dim=dims, keepdim=keepdim,
                     ties=_ties(input.data, reduce, dims))
    fn.__name__ = name
    return fn


def _require_identity_free(name, input, dim, dims) -> None:
    """amax/amin have no identity: torch refuses an empty reduction (the dim as given)."""
    if dim in ((), [], None):
        if input.data.size == 0:
            raise runtime_error(f"{name}(): Expected reduction dim to be specified for "
                                "input.numel() == 0. Specify the reduction dim with the "
                                "'dim' argument.")
        return
    given = dim if isinstance(dim, (list, tuple)) else (dim,)
    for d, n in zip(given, np.atleast_1d(dims)):
        if input.ndim and input.data.shape[n] == 0:
            raise TorchError("IndexError", f"{name}(): Expected reduction dim {d} to have "
                                           "non-zero size.")


amax, amin = _amax("amax"), _amax("amin")
torch_function(
    "amax(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)",
    method=True,
)(amax)
torch_function(
    "amin(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)",
    method=True,
)(amin)


@torch_function(
    "argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",
    method=True,
)
def argmax(input, dim=None, keepdim=False) -> Tensor:
    if input.dtype is dtypes.bool_:
        raise runtime_error("argmax(): does not support bool input")
    if dim is None:
        return Tensor(np.asarray(np.argmax(input.data), dtype=np.int64))
    out = np.argmax(input.data, axis=normalize_dim(dim, input.ndim), keepdims=keepdim)
    return Tensor(out.astype(np.int64))


@torch_function(
    "argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",
    method=True,
)
def argmin(input, dim=None, keepdim=False) -> Tensor:
    if input.dtype is dtypes.bool_:
        raise runtime_error("argmin(): does not support bool input")
    if dim is None:
        return Tensor(np.asarray(np.argmin(input.data), dtype=np.int64))
    out = np.argmin(input.data, axis=normalize_dim(dim, input.ndim), keepdims=keepdim)
    return Tensor(out.astype(np.int64))


def norm(input, p="fro", dim=None, keepdim=False, dtype=None) -> Tensor:
    if not input.dtype.is_floating_point:
        raise runtime_error("linalg.vector_norm: Expected a floating point or complex tensor as "
                            f"input. Got {input.dtype.cpp}")
    if p == "fro":
        p = 2
    if isinstance(p, str):
        raise runtime_error(f"norm(): p = '{p}' is not supported by gradcli")
    dims = None if dim is None else _dims(dim, input.ndim)
    if abs(p) == float("inf"):
        _require_inf_norm_identity(p, input, dim, dims)
    return apply("norm", (input,), p=float(p) if isinstance(p, float) else p, dim=dims,
                 keepdim=keepdim)


def _require_inf_norm_identity(p, input, dim, dims) -> None:
    """An inf-norm is a max, which has no identity: torch refuses an empty reduction (its
    message names the dim as given, and has no space before `because`)."""
    what = f"linalg.vector_norm cannot compute the {'' if p > 0 else '-'}inf norm on"
    if dims is None or dims == ():
        if input.data.size == 0:
            raise runtime_error(f"{what} an empty tensor because the operation does not have "
                                "an identity")
        return
    given = dim if isinstance(dim, (list, tuple)) else (dim,)
    for d, n in zip(given, np.atleast_1d(dims)):
        if input.data.shape[n] == 0:
            raise runtime_error(f"{what} the dimension {d}because this dimension is empty and "
                                "the operation does not have an identity")


@torch_function("dist(Tensor input, Tensor other, Scalar p=2)", method=True)
def dist(input, other, p=2) -> Tensor:
    d = promotion.result_type(input, other)
    if not d.is_floating_point:
        raise runtime_error("norm(): input dtype should be either floating point or complex. "
                            f"Got {d.cpp} instead.")
    foresee_broadcast((input, other), d.itemsize)
    return apply("dist", (input, other), d, p=float(p), b_grad=other.requires_grad)


@torch_function("renorm(Tensor input, Scalar p, int64_t dim, Scalar maxnorm, *, Tensor out=None)",
                method=True, inplace=True)
def renorm(input, p, dim, maxnorm) -> Tensor:
    if p <= 0:
        raise runtime_error("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise runtime_error(f"renorm: expected maxnorm to be >= 0 but got {float(maxnorm):g}")
    if input.ndim <= 1:
        raise runtime_error(f"renorm: input needs at least 2 dimensions, got {input.ndim} "
                            "dimensions")
    float_kernel(input, "renorm_out")
    return apply("renorm", (input,), p=float(p), dim=normalize_dim(dim, input.ndim),
                 maxnorm=float(maxnorm))


def _variance_args(name, input, dim, unbiased, correction):
    """var/std(_mean)'s dims (None: all) and correction, with torch's refusal and warning."""
    if isinstance(dim, bool):  # x.var(False): the `unbiased` form
        dim, unbiased = None, dim
    correction = (1 if unbiased else 0) if correction is None else correction
    if not input.dtype.is_floating_point:
        what = "std and var" if name in ("std", "var") else name
        raise runtime_error(f"{what} only support floating point and complex dtypes")
    dims = None if dim is None or dim == () else _dims(dim, input.ndim)
    reduced = input.data.size if dims is None else K.count(input.data.shape, dims)
    if reduced - correction <= 0:
        warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than "
             "the reduction factor (input numel divided by output numel).")
    return dims, correction


def _variance(name):
    def fn(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> Tensor:
        dims, correction = _variance_args(name, input, dim, unbiased, correction)
        return apply(name, (input,), float_input(input), dim=dims, correction=correction,
                     keepdim=keepdim)
    fn.__name__ = name
    return fn


def _variance_mean(name, spread):
    """var_mean / std_mean: torch's one node (VarMeanBackward0) for both outputs."""
    def fn(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> tuple:
        dims, correction = _variance_args(name, input, dim, unbiased, correction)
        return (apply(f"{name}_{spread}", (input,), dim=dims, correction=correction,
                      keepdim=keepdim),
                apply(f"{name}_mean", (input,), dim=dims, keepdim=keepdim))
    fn.__name__ = name
    return fn


var, std = _variance("var"), _variance("std")
torch_function(
    "var(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, "
    "Tensor out=None)",
    "var(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, "
    "Tensor out=None)",
    "var(Tensor input, bool unbiased=True)",
    method=True,
)(var)
torch_function(
    "std(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, "
    "Tensor out=None)",
    "std(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, "
    "Tensor out=None)",
    "std(Tensor input, bool unbiased=True)",
    method=True,
)(std)


var_mean, std_mean = _variance_mean("var_mean", "var"), _variance_mean("std_mean", "std")
for _f in (var_mean, std_mean):
    torch_function(
        f"{_f.__name__}(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, "
        "bool keepdim=False)",
        f"{_f.__name__}(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, "
        "bool keepdim=False)",
        f"{_f.__name__}(Tensor input, bool unbiased=True)",
    )(_f)


@torch_function(
    "aminmax(Tensor input, *, int64_t? dim=None, bool keepdim=False, TensorList[2] out=None)",
    method=True,
)
def aminmax(input, *, dim=None, keepdim=False) -> ReturnTypes:
    if dim is None:
        if input.data.size == 0:
            raise runtime_error("aminmax(): cannot compute aminmax over an empty dimension as "
                                "the operation has no identity.")
        dims = tuple(range(input.ndim))
    else:
        dims = (normalize_dim(dim, input.ndim),)
        if input.ndim and input.data.shape[dims[0]] == 0:
            raise TorchError("IndexError", f"aminmax: Expected reduction dim {dims[0]} to have "
                                           "non-zero size.")
        dims = dims if input.ndim else ()
    low, high = (apply(f"aminmax_{end}", (input,), dim=dims, keepdim=keepdim,
                       ties=_ties(input.data, reduce, dims))
                 for end, reduce in (("min", np.amin), ("max", np.amax)))
    return ReturnTypes("aminmax", low, high, fields=("min", "max"))


@torch_function(
    "nansum(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)",
    method=True,
)
def nansum(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    t = _summed(input, dtype)
    dims = None if dim is None or dim == () else _dims(dim, t.ndim)
    return apply("nansum", (t,), dim=dims, keepdim=keepdim, nan=np.isnan(t.data))


@torch_function(
    "nanmean(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, "
    "ScalarType? dtype=None, Tensor out=None)",
    method=True,
)
def nanmean(input, dim=None, keepdim=False, dtype=None) -> Tensor:
    """torch's composite: nansum / the count of the non-nan elements (DivBackward0)."""
    if not input.dtype.is_floating_point:
        raise runtime_error("nanmean(): expected input to have floating point or complex dtype "
                            f"but got {input.dtype.cpp}")
    dims = None if dim is None or dim == () else _dims(dim, input.ndim)
    kept = ~np.isnan(input.data)
    count = np.sum(kept, axis=dims, keepdims=keepdim, dtype=np.int64)
    return div(nansum(input, dims, keepdim, dtype), Tensor(np.asarray(count)))


@torch_function(
    "logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
    method=True,
)
def logsumexp(input, dim, keepdim=False) -> Tensor:
    return apply("logsumexp", (input,), float_input(input), dim=_dims(dim, input.ndim),
                 keepdim=keepdim)


@torch_function("outer(Tensor input, Tensor vec2, *, Tensor out=None)", method=True)
def outer(input, vec2) -> Tensor:
    for name, t in (("self", input), ("vec2", vec2)):
        if t.ndim != 1:
            raise runtime_error(f"outer: Expected 1-D argument {name}, but got {t.ndim}-D")
    return mul(reshape(input, -1, 1), vec2)


@torch_function(
    "cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
    method=True,
)
def cumsum(input, dim, dtype=None) -> Tensor:
    return apply("cumsum", (integers_as_long(input),), dim=normalize_dim(dim, input.ndim))


def integers_as_long(input: Tensor) -> Tensor:
    """The input of torch's cumulative sums and products: integers and bools count in int64
    (they need no gradient)."""
    return input if input.dtype.is_floating_point else Tensor(input.data.astype(np.int64))


def _softmax(name):
    def fn(input, dim=None, dtype=None) -> Tensor:
        d = normalize_dim(dim, input.ndim)
        if dtype is not None:
            input = to(input, dtype)
        last = "_lastdim" if d == input.ndim - 1 or not input.ndim else ""
        float_kernel(input, f"{name}{last}_kernel_impl")
        return apply(name, (input,), dim=d)
    fn.__name__ = name
    return fn


softmax, log_softmax = _softmax("softmax"), _softmax("log_softmax")
torch_function(
    "softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
    method=True,
)(softmax)
torch_function(
    "log_softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
    method=True,
)(log_softmax)
