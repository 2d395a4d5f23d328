"""torch's statistics of samples: cov and corrcoef, composed as torch composes them (their
grad_fns are the parts'); histc and bincount, the counts of values in bins."""
from __future__ import annotations

from builtins import max as builtins_max

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.linalg import mm
from gradcli.torch._tensor.pointwise import clamp, div, mul, sqrt, sub
from gradcli.torch._tensor.reductions import sum
from gradcli.torch._tensor.selecting import diagonal
from gradcli.torch._tensor.shape import squeeze, t, unsqueeze, view

OBSERVATIONS = 1  # the dim of a (variables, observations) matrix that cov averages over


def _long(value: int) -> Tensor:
    return Tensor(np.asarray(value, np.int64))


def _check_weights(name: str, w: Tensor, observations: int) -> None:
    """torch's checks of cov's fweights (integral) and aweights (floating point)."""
    kind = "integral" if name == "fweights" else "floating point"
    if w.ndim > 1:
        raise runtime_error(f"cov(): expected {name} to have one or fewer dimensions but got "
                            f"{name} with {w.ndim} dimensions")
    if (w.dtype.category == dtypes.INT) != (name == "fweights") or w.dtype is dtypes.bool_:
        raise runtime_error(f"cov(): expected {name} to have {kind} dtype but got {name} with "
                            f"{w.dtype.cpp} dtype")
    if w.data.size != observations:
        raise runtime_error(f"cov(): expected {name} to have the same numel as there are "
                            f"observations in the input but got {w.data.size} != "
                            f"{observations}")
    if observations and w.data.min() < 0:
        raise runtime_error(f"cov(): {name} cannot be negative")


@torch_function(
    "cov(Tensor input, *, int64_t correction=1, Tensor? fweights=None, Tensor? aweights=None)",
    method=True,
)
def cov(input, *, correction=1, fweights=None, aweights=None) -> Tensor:
    if input.ndim > 2:
        raise runtime_error("cov(): expected input to have two or fewer dimensions but got an "
                            f"input with {input.ndim} dimensions")
    if input.dtype is dtypes.bool_:
        raise runtime_error("cov(): bool dtype is not supported for input")
    observations_in = view(input, 1, -1) if input.ndim < 2 else input
    n = observations_in.data.shape[OBSERVATIONS]
    w = None
    for name, given in (("fweights", fweights), ("aweights", aweights)):
        if given is not None:
            _check_weights(name, given, n)
            w = given if w is None else mul(w, given)
    w_sum = sum(w) if w is not None else _long(n)
    if w is not None and not w_sum.data:
        raise runtime_error("cov(): weights sum to zero, can't be normalized")
    weighted = mul(observations_in, w) if w is not None else observations_in
    average = div(sum(weighted, OBSERVATIONS), w_sum)
    factor = _norm_factor(correction, n, w, w_sum, fweights, aweights)
    if factor.data <= 0:
        warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the "
             "number of observations.")
        factor = factor.zero_()
    if n == 1 and (fweights is None) != (aweights is None):
        # torch's shortcut for one weighted observation: it zeroes the input itself
        centered = observations_in.zero_()
        centered = centered.float() if centered.dtype.category == dtypes.INT else centered
    else:
        centered = sub(observations_in, unsqueeze(average, 1))
    right = mul(centered, w) if w is not None else centered
    return squeeze(div(mm(centered, t(right)), factor))


def _norm_factor(correction, n, w, w_sum, fweights, aweights) -> Tensor:
    if w is None:
        return _long(n - correction)
    if correction == 0:
        return w_sum
    if aweights is None:
        return sub(w_sum, correction)
    if fweights is None and n == 1 and correction == 1:
        return _long(0)
    return sub(w_sum, div(mul(sum(mul(w, aweights)), correction), w_sum))


@torch_function("corrcoef(Tensor input)", method=True)
def corrcoef(input) -> Tensor:
    if input.ndim > 2:
        raise runtime_error("corrcoef(): expected input to have two or fewer dimensions but got "
                            f"an input with {input.ndim} dimensions")
    c = cov(input)
    if c.ndim == 0:  # one variable: nan where its variance is 0, inf or nan, else 1
        return div(c, c)
    spread = sqrt(diagonal(c))
    c = div(div(c, view(spread, -1, 1)), view(spread, 1, -1))
    return clamp(c, -1, 1)


@torch_function("histc(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, "
                "Tensor out=None)", method=True)
def histc(input, bins=100, min=0, max=0) -> Tensor:
    """How many elements fall in each of `bins` equal bins over [min, max] (the data's own
    range when both are 0); the rest, and nan, are not counted. No gradient, as torch's."""
    if input.dtype.category != dtypes.FLOAT:
        raise TorchError("NotImplementedError",
                         f"\"histogram_cpu\" not implemented for '{input.dtype.cpp}'")
    if bins <= 0:
        raise runtime_error(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    values = input.data.reshape(-1)
    low, high = float(min), float(max)
    if low == high and values.size:
        low, high = float(values.min()), float(values.max())
    if low == high:
        low, high = low - 1, high + 1
    if not (np.isfinite(low) and np.isfinite(high)):
        raise runtime_error(f"torch.histc: range of [{_c(low)}, {_c(high)}] is not finite")
    if low > high:
        raise runtime_error("torch.histc: max must be larger than min")
    # torch's bin: (x - min) * bins / (max - min) in the dtype (float for half), truncated;
    # max itself in the last bin
    kind = np.float32 if values.dtype == np.float16 else values.dtype.type
    lo, hi = kind(low), kind(high)
    inside = values[(values >= lo) & (values <= hi)].astype(kind)
    position = ((inside - lo) * kind(bins) / (hi - lo)).astype(np.int64)
    counts = np.bincount(np.minimum(position, bins - 1), minlength=bins)
    return Tensor(counts.astype(input.data.dtype))


def _c(value: float) -> str:
    """A bound as torch's message prints it (`1`, `0.5`, `inf`, `nan`)."""
    return f"{value:g}"


@torch_function("bincount(Tensor input, Tensor? weights=None, SymInt minlength=0)",
                method=True)
def bincount(input, weights=None, minlength=0) -> Tensor:
    """How often each of 0, 1, ... occurs in a 1-d tensor of non-negative integers (with
    weights: the sum of their weights, float32 for float32 weights, else float64)."""
    if input.dtype.category != dtypes.INT or input.dtype is dtypes.bool_:
        raise TorchError("NotImplementedError",
                         f"\"bincount_cpu\" not implemented for '{input.dtype.cpp}'")
    if minlength < 0:
        raise runtime_error("minlength should be >= 0")
    index = input.data
    if input.ndim != 1 or (index.size and index.min() < 0):
        raise runtime_error("bincount only supports 1-d non-negative integral inputs.")
    if weights is not None and (weights.ndim != 1 or weights.data.shape[0] != index.size):
        raise runtime_error("weights should be 1-d and have the same length as input")
    bins = builtins_max(int(index.max()) + 1 if index.size else 0, minlength)
    runtime.current.limits.check_elements(bins)
    if weights is None:
        return Tensor(np.bincount(index.astype(np.int64), minlength=bins).astype(np.int64))
    if weights.dtype is not dtypes.float32 and weights.dtype is not dtypes.float64:
        weights = weights.double()
    return apply("bincount", (weights,), index=index.astype(np.int64), bins=bins)
