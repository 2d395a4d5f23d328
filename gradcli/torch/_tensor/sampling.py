"""torch's discrete draws and their kin: torch.multinomial, torch.bernoulli, Tensor.random_,
torch.randint_like and Tensor.exponential_, each drawing torch's own numbers from the session's
stream (rng.py)."""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.rng import Generator
from gradcli.engine.stl_order import topk_indices
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import FACTORY, tensor_method, torch_function
from gradcli.torch._tensor.creation import _dtype_or, _new, stream
from gradcli.torch._tensor.shape import check_expand

_MAX_CATEGORIES = 2**24  # torch keeps category indices in floats, exact up to 2**24


@torch_function("bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)",
                "bernoulli(Tensor input, double p, *, Generator? generator=None)", method=True)
def bernoulli(input, p=None, *, generator=None) -> Tensor:
    """0 or 1 per element, 1 with the probability input holds (or p), as torch draws them."""
    if p is not None:
        draws = stream(generator, "bernoulli").bernoulli(input.numel(), p, input.dtype.name)
        return apply("bernoulli_p", (input,), values=draws)
    draws = _bernoulli_draws(input, input, generator)
    return apply("bernoulli", (input,), values=draws)


@tensor_method("bernoulli_(Tensor p, *, Generator? generator=None)",
               "bernoulli_(double p=0.5, *, Generator? generator=None)", writes=True)
def _bernoulli_(self, p=0.5, *, generator=None) -> Tensor:
    if not isinstance(p, Tensor):
        draws = stream(generator, "bernoulli_").bernoulli(self.numel(), p, self.dtype.name)
        return apply("bernoulli_scalar", (self,), values=draws)
    return apply("bernoulli_tensor", (self, p), values=_bernoulli_draws(self, p, generator))


def _bernoulli_draws(out: Tensor, probs: Tensor, generator) -> np.ndarray:
    """One draw per element of out, against probs broadcast to it (float probs only)."""
    if not probs.dtype.is_floating_point:
        raise TorchError("NotImplementedError", '"bernoulli_tensor_cpu_p_" not implemented for '
                                                f"'{probs.dtype.cpp}'")
    check_expand(probs.data.shape, out.data.shape, probs.dtype)
    wide = np.broadcast_to(probs.data, out.data.shape)
    return stream(generator, "bernoulli").bernoulli_probs(wide, out.dtype.name)


@torch_function(
    "multinomial(Tensor input, SymInt num_samples, bool replacement=False, *, "
    "Generator? generator=None, Tensor out=None)",
    method=True,
)
def multinomial(input, num_samples, replacement=False, *, generator=None) -> Tensor:
    """torch.multinomial: with replacement (2+ samples), torch's cumulative-sum search; else
    (and for one sample) its exponential race, argmax / topk of p / q with q ~ Exp(1)."""
    _check_multinomial(input, num_samples, replacement)
    probs = input.data
    shape = probs.shape[:-1] + (num_samples,)
    if math.prod(shape) == 0:
        return Tensor(np.zeros(shape, np.int64))
    # (with replacement, a float64 draw per sample beside each row's int64 samples)
    runtime.current.foresee(math.prod(shape), 8, "multinomial's samples")
    rows = probs.reshape(math.prod(probs.shape[:-1]), probs.shape[-1])
    if replacement and num_samples > 1:
        # half rows: torch's reduced-float kernel sums and divides in float
        rows = rows.astype(np.float32) if rows.dtype == np.float16 else rows
        index = stream(generator).multinomial_with_replacement(rows, num_samples)
    else:
        index = _exponential_race(stream(generator), rows, num_samples)
    return Tensor(index.reshape(shape))


def _check_multinomial(input, num_samples: int, replacement: bool) -> None:
    """multinomial_out's checks, in torch's order."""
    if input.ndim not in (1, 2):
        raise runtime_error("prob_dist must be 1 or 2 dim")
    if not input.dtype.is_floating_point:
        raise runtime_error("multinomial only supports floating-point dtypes for input, got: "
                            f"{input.dtype.cpp}")
    if num_samples <= 0:
        raise runtime_error("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > input.data.shape[-1]:
        raise runtime_error("cannot sample n_sample > prob_dist.size(-1) samples without "
                            "replacement")
    if input.data.shape[-1] > _MAX_CATEGORIES:
        raise runtime_error("number of categories cannot exceed 2^24")


def _exponential_race(draws: Generator, rows: np.ndarray, n: int) -> np.ndarray:
    """torch's fast path (no replacement, or one sample): q = exponential_(1) in the rows'
    dtype, then the indices of the n largest p / q per row, as argmax (n = 1) or topk picks
    them (ties, the zero probabilities, in the order libstdc++'s partial sort leaves)."""
    if not (rows.max() < math.inf and rows.min() >= 0):  # (a nan fails the first)
        raise runtime_error("probability tensor contains either `inf`, `nan` or element < 0")
    if (rows.sum(axis=1) == 0).any():
        raise runtime_error("invalid multinomial distribution (sum of probabilities <= 0)")
    q = draws.exponential(rows.size, 1.0, rows.dtype.name).reshape(rows.shape)
    with np.errstate(all="ignore"):
        races = rows / q
    if n == 1:
        return np.argmax(races, axis=1)[:, None]
    return np.array([topk_indices(row, n, True, True) for row in races.tolist()], np.int64)


@tensor_method("exponential_(double lambd=1, *, Generator? generator=None)", writes=True)
def _exponential(self, lambd=1.0, *, generator=None) -> Tensor:
    """x.exponential_(lambd): one draw per element, in memory order (ExponentialBackward0)."""
    if not lambd > 0:
        raise runtime_error(f"exponential_ expects lambda > 0.0, but found lambda={lambd:g}")
    if not self.dtype.is_floating_point:
        raise runtime_error("Exponential distribution is a continuous probability "
                            f"distribution. dtype must be a floating point but you specified "
                            f"{self.dtype.cpp}")
    draws = stream(generator).exponential(self.numel(), float(lambd), self.dtype.name)
    return apply("exponential", (self,), values=draws)


@tensor_method("cauchy_(double median=0, double sigma=1, *, Generator? generator=None)",
               writes=True)
def _cauchy(self, median=0.0, sigma=1.0, *, generator=None) -> Tensor:
    """x.cauchy_(median, sigma): one draw per element, in memory order (CauchyBackward0)."""
    if not sigma > 0:
        raise runtime_error(f"cauchy_ expects sigma > 0.0, but found sigma={sigma:g}")
    if not self.dtype.is_floating_point:
        raise runtime_error("Cauchy distribution is a continuous probability distribution. "
                            f"dtype must be a floating point but you specified {self.dtype.c}")
    draws = stream(generator).cauchy(self.numel(), float(median), float(sigma), self.dtype.name)
    return apply("cauchy", (self,), values=draws)


@tensor_method(  # (in torch's order, which its messages list)
    "random_(*, Generator? generator=None)",
    "random_(int64_t from, int64_t? to, *, Generator? generator=None)",
    "random_(int64_t to, *, Generator? generator=None)",
    writes=True,
)
def _random(self, *args, generator=None, **kwargs) -> Tensor:
    """x.random_(), x.random_(to), x.random_(from, to), x.random_(from, None): integers
    drawn as torch draws them (RandomBackward2/1/0, by overload)."""
    bounds = [*args, *(kwargs[k] for k in ("from", "to") if k in kwargs)]
    draws = stream(generator)
    if not bounds:
        values = draws.random_values(self.numel(), self.dtype.name)
        return apply("random", (self,), values=values)
    low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
    if high is None:
        low, high = _from_to_top(int(low), self.dtype)
    values = _random_from_to(draws, self.dtype, int(low), int(high), self.numel())
    return apply("random_to" if len(bounds) == 1 else "random_from_to", (self,), values=values)


_DIGITS = {"float16": 11, "float32": 24, "float64": 53}


def _from_to_top(low: int, dtype: dtypes.DType) -> tuple[int, int]:
    """random_(from, None): [from, the dtype's largest integer] (2**digits for floats), as
    torch's random_from_to_impl moves and checks `from`; returned as [from, to)."""
    if not dtype.is_floating_point:
        return low, (1 if dtype is dtypes.bool_ else int(np.iinfo(dtype.np).max)) + 1
    top = 2 ** _DIGITS[dtype.name]
    low = _update_from(low, dtype)
    if low >= top:
        raise runtime_error("random_ expects 'from' casted to dtype to be less than or equal "
                            f"to 'to_inc' casted to dtype, but got from={low} > to_inc={top}")
    return low, top + 1


def _random_from_to(draws: Generator, dtype: dtypes.DType, low: int, high: int,
                    n: int) -> np.ndarray:
    """torch's random_from_to: its bounds checks (a warning for floats), then randint's words."""
    if low >= high:
        raise runtime_error(f"random_ expects 'from' to be less than 'to', but got from={low} "
                            f">= to={high}")
    if dtype.is_floating_point:
        low, high = _update_from(low, dtype), _update_to(high, dtype)
        if low >= high:
            raise runtime_error("random_ expects 'from' casted to dtype to be less than 'to' "
                                f"casted to dtype, but got from={low} >= to={high}")
    bounds = (("from", low), ("to - 1", high - 1))
    for check in (_check_bound, _warn_past_precision):  # both checks, then both warnings
        for name, bound in bounds:
            check(name, bound, dtype)
    return draws.randint(low, high, n).astype(dtype.np)


def _as_float(value: int, dtype: dtypes.DType) -> int:
    """static_cast<int64_t>(static_cast<scalar_t>(value)) (half through float, as c10 casts);
    past the dtype's range the float is infinite, which x86-64 converts to -2**63."""
    if abs(value) > np.finfo(dtype.np).max:
        return -(2**63)
    if dtype is dtypes.float64:
        return int(float(value))
    single = np.float32(value)
    return int(single if dtype is dtypes.float32 else np.float16(single))


def _update_from(low: int, dtype: dtypes.DType) -> int:
    """torch's update_from: a `from` whose successor rounds below it in the dtype moves right
    to the next value the dtype holds, so that no draw casts outside [from, to)."""
    rounded = _as_float(low + 1, dtype)
    if rounded < low:
        return rounded + (1 << (abs(low + 1).bit_length() - _DIGITS[dtype.name]))
    return low


def _update_to(high: int, dtype: dtypes.DType) -> int:
    """torch's update_to: a `to` whose predecessor rounds up to it moves left likewise."""
    rounded = _as_float(high - 1, dtype)
    if rounded >= high:
        return rounded - (1 << (abs(high - 1).bit_length() - _DIGITS[dtype.name]))
    return high


def _check_bound(name: str, bound: int, dtype: dtypes.DType) -> None:
    if dtype.is_floating_point:
        smallest, largest = -int(np.finfo(dtype.np).max), int(np.finfo(dtype.np).max)
    else:
        info = np.iinfo(np.int8 if dtype is dtypes.bool_ else dtype.np)
        smallest, largest = (0, 1) if dtype is dtypes.bool_ else (int(info.min), int(info.max))
    if not smallest <= bound <= largest:
        raise runtime_error(f"{name} is out of bounds for {dtype.c}")


def _warn_past_precision(name: str, bound: int, dtype: dtypes.DType) -> None:
    digits = _DIGITS.get(dtype.name)
    if digits and not -(2**digits) <= bound <= 2**digits:
        warn(f"{name} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision "
             f"limitations {dtype.c} can support discrete uniform distribution only within "
             "this range. This warning will become an error in version 1.7 release, please "
             "fix the code in advance")


@torch_function(  # (in torch's order, which its messages list)
    "randint_like(Tensor input, SymInt low, SymInt high, *, Generator? generator, "
    f"MemoryFormat? memory_format=None, {FACTORY})",
    "randint_like(Tensor input, SymInt low, SymInt high, *, "
    f"MemoryFormat? memory_format=None, {FACTORY})",
    "randint_like(Tensor input, Tensor high, *, Generator? generator, "
    f"MemoryFormat? memory_format=None, {FACTORY})",
    f"randint_like(Tensor input, Tensor high, *, MemoryFormat? memory_format=None, {FACTORY})",
    "randint_like(Tensor input, SymInt high, *, Generator? generator, "
    f"MemoryFormat? memory_format=None, {FACTORY})",
    f"randint_like(Tensor input, SymInt high, *, MemoryFormat? memory_format=None, {FACTORY})",
)
def randint_like(input, *bounds, generator=None, dtype=None, device=None,
                 requires_grad=False, memory_format=None) -> Tensor:
    """torch.randint_like(input, high) / (input, low, high): random_(low, high) on a new
    tensor of input's shape and dtype; a high given as a scalar tensor draws the same."""
    low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
    if isinstance(high, Tensor):
        if high.numel() != 1:
            raise runtime_error("high must be a scalar tensor and on CPU")
        high = high.item()
    d = _dtype_or(dtype, input.dtype)
    values = _random_from_to(stream(generator), d, int(low), int(high), input.numel())
    return _new(values.reshape(input.data.shape), requires_grad)

