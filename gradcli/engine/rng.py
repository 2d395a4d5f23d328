"""A CPU random generator that reproduces PyTorch 2.13's `torch.manual_seed` streams with numpy.

torch's CPU generator is mt19937 seeded with the classic `init_genrand(seed & 0xFFFFFFFF)`;
numpy's `MT19937._legacy_seeding` seeds the same way and `random_raw` yields the same 32-bit
words, so one numpy bit generator kept across calls is one torch stream. Every sampler below
consumes exactly as many words as torch does, so any interleaving of calls stays in sync.

What each sampler reproduces (measured against torch 2.13.0+cpu, x86-64, CPU capability AVX512,
and AVX2 on an AMD EPYC):

* `rand` float32 / float64 / float16: bit-exact. float32 = low 24 bits of a word * 2**-24;
  float64 = low 53 bits of (hi word << 32 | lo word) * 2**-53; float16 = the float32 value
  rounded to half, where a value that rounds up to 1.0 becomes 0.0 (torch clamps it).
* `randn` n < 16, every dtype: bit-exact. Per pair of outputs torch draws two 53-bit doubles
  u1, u2 (4 words), r = sqrt(-2*log1p(-u2)), theta = 2*pi*u1, returns r*cos(theta) and caches
  r*sin(theta) for the next n < 16 call (the cache survives rand() and n >= 16 calls, and
  manual_seed clears it); the double is then rounded to the dtype (to half through float).
  Python's math module calls the same glibc log1p/sin/cos as torch.
* `randn` n >= 16 float32: bit-exact, 0 mismatches in 20,971,520 elements (5 seeds x 2**22).
  torch fills n uniforms, turns each 16-block into normals with Box-Muller (u1 = 1 - d[j],
  u2 = d[j+8], r*cos at j, r*sin at j+8) and, if n % 16 != 0, recomputes the last 16 outputs
  from 16 fresh uniforms (n + 16 words). Its math is not libm but the Cephes-derived float32
  polynomials of ATen/native/cpu/avx_mathfun.h (log256_ps, sincos256_ps) compiled with GCC's
  FMA contraction; they are ported below operation by operation, with exact float32 FMAs.
  A port with numpy's own float32 log/sin/cos instead matches only 86.2% of elements
  bit-exactly, and 74 in a million differ at the 4 printed decimals.
* `randn` n >= 16 float64: bit-exact (0 mismatches in 4,194,304) - the same scheme with 53-bit
  doubles (2 words each) and glibc log/cos/sin (numpy's float64 log differs from glibc in
  ~0.4% of arguments, so Python's math module is used).
* `randn` n >= 16 float16: bit-exact - float32 blocks of 16 fresh uniforms each (no leftover
  uniforms: 16 * ceil(n / 16) words), then rounded to half.
* `normal` (torch.normal, Tensor.normal_): randn's paths with `v * std + mean` fused; a
  non-contiguous target of any size takes the one-by-one n < 16 path, in memory order.
* `uniform` (Tensor.uniform_, every nn init that is not normal): bit-exact, one word (float32,
  float16) or two (float64) per element, `u * (to - from) + from` as one FMA in float32 (from
  and to cast to float; float16 rounds that, mapping a value equal to to onto from) or float64.
* `bernoulli` with a float p (dropout's masks): bit-exact, a 53-bit double per element, u < p.
  The torch 2.13 wheel has no MKL VSL bernoulli (no vslNewStream/viRngBernoulli in
  libtorch_cpu.so), so this holds on Intel CPUs too. `bernoulli_probs` (a tensor of p): float32
  and float16 p compare a 24-bit float (one word), float64 p a 53-bit double.
* `trunc_normal` (nn.init.trunc_normal_): bit-exact in all 252 cases tested (every dtype, both
  of torch 2.13's rejection samplers); the log in its uniform-candidate branch is computed from
  double, so a decision could differ only where torch's SLEEF log is an ulp off at the edge.
* `randint` (int64): bit-exact - `word % (high - low) + low`, using two words (hi first) per
  value when high - low >= 2**28 (not 2**32: that threshold is fbcode-only).
* `randperm` (int64): bit-exact for n < 214748364 (torch's "small n" Fisher-Yates with
  `word % (n - i)`, n - 1 words); torch switches algorithm above that, so larger n raises.

Caveat: the n >= 16 float32 (and float16) randn path is torch's AVX2 kernel, which torch runs on
x86-64 CPUs with AVX2 or AVX512. On CPUs without AVX2 (or with ATEN_CPU_CAPABILITY=default) and
on ARM, torch uses scalar libm code there instead: with ATEN_CPU_CAPABILITY=default only 61.5% of
torch's values equal ours bit for bit (the rest differ in the last bits).
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.cpu import fuses_multiply_add
from gradcli.engine.errors import runtime_error, value_error

_FLOAT_DTYPES = {d.name: d for d in (dtypes.float16, dtypes.float32, dtypes.float64)}
_UINT64_MASK = (1 << 64) - 1
_RANDPERM_SMALL_N = 0xFFFFFFFF // 20  # torch's randperm_cpu uses Fisher-Yates below this
# random_()'s modulus per dtype: its largest value + 1, or 2**digits + 1 for floats
_RANDOM_MODULUS = {"float16": 2**11 + 1, "float32": 2**24 + 1, "float64": 2**53 + 1,
                   "int64": 2**63, "int32": 2**31, "int16": 2**15, "int8": 2**7, "uint8": 2**8,
                   "bool": 2}
_STATE_WORDS = 624  # mt19937's
# torch's CPUGeneratorImplState (THGeneratorStateLegacy, then the float normal cache), as the
# C compiler lays it out on x86-64: 5056 bytes
_STATE_LAYOUT = np.dtype({
    "names": ["seed", "left", "seeded", "next", "words", "normal_x", "normal_y", "normal_rho",
              "normal_valid", "float_normal", "float_normal_valid"],
    "formats": ["<u8", "<i4", "<i4", "<u8", ("<u8", 624), "<f8", "<f8", "<f8", "<i4", "<f4",
                "u1"],
    "offsets": [0, 8, 12, 16, 24, 5016, 5024, 5032, 5040, 5048, 5052],
    "itemsize": 5056})


def _seeded_key(seed: int) -> np.ndarray:
    """mt19937's words right after torch seeds it (before its first twist)."""
    bits = np.random.MT19937()
    bits._legacy_seeding(seed & 0xFFFFFFFF)
    return bits.state["state"]["key"]


class Generator:
    """One torch CPU random stream (the state behind `torch.manual_seed` / `torch.Generator`)."""

    def __init__(self, seed: int | None = None):
        self._bits = np.random.MT19937()
        if seed is None:
            self.seed()
        else:
            self.manual_seed(seed)

    def manual_seed(self, seed: int) -> None:
        seed = int(seed)  # torch accepts floats and truncates them
        if not -(1 << 63) <= seed <= _UINT64_MASK:
            raise value_error("Overflow when unpacking long long")
        self._seed = seed & _UINT64_MASK  # initial_seed() reports negative seeds as uint64
        self._bits._legacy_seeding(self._seed & 0xFFFFFFFF)  # only the low 32 bits seed mt19937
        self._cached_normal: float | None = None
        # torch's float normal cache: no sampler here fills it; a state set with it keeps it
        self._cached_float_normal = (np.float32(0), False)

    def initial_seed(self) -> int:
        return self._seed

    def get_state(self) -> np.ndarray:
        """torch's `get_state()`: its CPUGeneratorImplState as 5056 bytes (the seed, mt19937's
        `left` and `next`, its 624 words as uint64, the cached double normal and float normal,
        C struct padding as zeros). numpy's `pos` is torch's `next`; torch counts `left` down
        to the twist, and a fresh seeding has next 0 where numpy's pos is 624 already."""
        mt = self._bits.state["state"]
        key, pos = mt["key"], int(mt["pos"])
        fresh = pos == _STATE_WORDS and np.array_equal(key, _seeded_key(self._seed))
        state = np.zeros((), _STATE_LAYOUT)
        state["seed"], state["seeded"], state["words"] = self._seed, 1, key
        state["left"], state["next"] = (1, 0) if fresh else (_STATE_WORDS + 1 - pos, pos)
        if self._cached_normal is not None:
            state["normal_valid"], state["normal_y"] = 1, self._cached_normal
        state["float_normal"], state["float_normal_valid"] = self._cached_float_normal
        return np.frombuffer(state.tobytes(), np.uint8).copy()

    def set_state(self, data: np.ndarray) -> None:
        """torch's `set_state(new_state)` from get_state's bytes; torch's errors for others."""
        if data.size != _STATE_LAYOUT.itemsize:
            raise runtime_error(f"Expected a CPUGeneratorImplState of size "
                                f"{_STATE_LAYOUT.itemsize} but found the input RNG state size "
                                f"to be {data.size}")
        state = np.frombuffer(np.ascontiguousarray(data).tobytes(), _STATE_LAYOUT)[0]
        left, after = int(state["left"]), int(state["next"]) & 0xFFFFFFFF
        if not (state["seeded"] and 0 < left <= _STATE_WORDS and after <= _STATE_WORDS):
            raise runtime_error("Invalid mt19937 state")
        if left != 1 and left + after != _STATE_WORDS + 1:  # (never made by get_state)
            raise runtime_error("gradcli can set an RNG state only as get_state() gave it: "
                                f"this one has mt19937 left={left} and next={after}, which "
                                "torch never pairs")
        pos = _STATE_WORDS if left == 1 else after
        words = (state["words"] & 0xFFFFFFFF).astype(np.uint32)
        self._bits.state = {"bit_generator": "MT19937", "state": {"key": words, "pos": pos}}
        self._seed = int(state["seed"])
        self._cached_normal = float(state["normal_y"]) if state["normal_valid"] else None
        self._cached_float_normal = (np.float32(state["float_normal"]),
                                     bool(state["float_normal_valid"]))

    def seed(self) -> int:
        """Reseed nondeterministically, like `torch.seed()` (the default seed is random too)."""
        seed = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(seed)
        return seed

    # -- public samplers -------------------------------------------------------------------

    def rand(self, n: int, dtype_name: str = "float32") -> np.ndarray:
        """`torch.rand(n, dtype=...)`: uniform [0, 1)."""
        return self.uniform(n, 0.0, 1.0, dtype_name)

    def uniform(self, n: int, low: float, high: float, dtype_name: str = "float32") -> np.ndarray:
        """`Tensor.uniform_(low, high)`, what nn.init's uniform_/kaiming_uniform_/xavier_uniform_
        and the default inits of Linear, Conv, RNN draw: one uniform u per element, in memory
        order whatever the strides, then u * (high - low) + low with one rounding (the compiler's
        FMA). float32 and float16 work in float32 (low and high cast to float first); a float16
        value that rounds up to `high` becomes `low`, as rand's 1.0 becomes 0.0."""
        dtype = _float_dtype(dtype_name)
        _check_uniform_range(low, high, dtype)
        return _in_chunks(n, dtype.np, lambda k: self._uniform_piece(k, low, high, dtype))

    def _uniform_piece(self, n: int, low: float, high: float, dtype: dtypes.DType) -> np.ndarray:
        """The next n values of `uniform` (element by element: drawn piece by piece, the
        same values)."""
        unit = (low, high) == (0.0, 1.0)  # fma(u, 1, 0) is u
        if dtype is dtypes.float64:
            u = self._uniform_f64(n)
            return u if unit else compiled_fma(u, high - low, low)
        low32, high32 = np.float32(low), np.float32(high)
        u = self._uniform_f32(n)
        values = u if unit else compiled_fma(u, high32 - low32, low32)
        if dtype is dtypes.float32:
            return values
        half = values.astype(np.float16)
        half[half == np.float16(high32)] = np.float16(low32)
        return half

    def randn(self, n: int, dtype_name: str = "float32") -> np.ndarray:
        """`torch.randn(n, dtype=...)`: standard normal."""
        return self.normal(n, 0.0, 1.0, dtype_name)

    def normal(self, n: int, mean: float, std: float, dtype_name: str = "float32",
               contiguous: bool = True) -> np.ndarray:
        """`torch.normal(mean, std, (n,))` and `Tensor.normal_(mean, std)` (randn is mean 0,
        std 1; nn.init's normal_, xavier_normal_, kaiming_normal_ and Embedding's init too).
        From 16 elements up a contiguous target gets torch's 16-block kernel; smaller or
        non-contiguous targets (a transposed weight) get one cached Box-Muller double per
        element, in memory order. The normal value v comes out as v * std + mean, fused."""
        dtype = _float_dtype(dtype_name)
        if n < 16 or not contiguous:
            return _double_to(compiled_fma(self._normal_doubles(n), std, mean), dtype)
        if dtype is dtypes.float64:
            return self._normal_blocks(n, self._uniform_f64,
                                       lambda u: _box_muller_libm(u, mean, std))
        if dtype is dtypes.float32:
            return self._normal_blocks(n, self._uniform_f32,
                                       lambda u: _box_muller_avx2(u, mean, std))
        return self._normal_blocks_half(n, mean, std)

    def bernoulli(self, n: int, p: float, dtype_name: str = "float32") -> np.ndarray:
        """`Tensor.bernoulli_(p)` with a float p, which dropout draws (p = 1 - its p): one 53-bit
        double u per element (2 words), 1 where u < p. torch's MKL path for this (an MCG31
        stream seeded from one word) is not in the torch 2.13 CPU wheel at all."""
        if not 0 <= p <= 1:
            raise runtime_error(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
        dtype = np.dtype(dtype_name)
        return _in_chunks(n, dtype, lambda k: (self._uniform_f64(k) < p).astype(dtype))

    def uniform_doubles(self, n: int, low: float, high: float) -> np.ndarray:
        """n draws of at::uniform_real_distribution<double>(low, high), as rrelu's loop makes
        them one by one: a 53-bit double u (2 words), u * (high - low) + low in double, two
        roundings (Activation.cpp is built without FMA)."""
        return _in_chunks(n, np.dtype(np.float64),
                          lambda k: self._uniform_f64(k) * (high - low) + low)

    def bernoulli_probs(self, probs: np.ndarray, dtype_name: str) -> np.ndarray:
        """`torch.bernoulli(probs)` / `Tensor.bernoulli_(probs)` (probs already broadcast to the
        output's shape): float64 probs compare a 53-bit double, float32 and float16 probs a
        24-bit float. torch checks each p just before its draw, so a bad one raises with the
        draws before it already made."""
        probs = np.asarray(probs).reshape(-1)
        uniform = self._uniform_f64 if probs.dtype == np.float64 else self._uniform_f32
        bad = ~((probs >= 0) & (probs <= 1))
        if bad.any():
            uniform(int(np.argmax(bad)))
            raise runtime_error(_BAD_PROBABILITY)
        return (uniform(probs.size) < probs).astype(np.dtype(dtype_name))

    def trunc_normal(self, n: int, mean: float, std: float, low: float, high: float,
                     dtype_name: str = "float32") -> np.ndarray:
        """`nn.init.trunc_normal_` (torch 2.13 samples by rejection, no erfinv). When more than
        0.3 of the mass lies in [low, high]: normal_ draws, every rejected element replaced from
        a whole fresh normal_ draw until none is out. Otherwise uniform candidates on
        [low, high], each accepted when log(uniform) <= its log density (peak-normalised)."""
        dtype = _float_dtype(dtype_name)
        mass = _norm_cdf((high - mean) / std) - _norm_cdf((low - mean) / std)
        if mass > 0.3:
            return self._trunc_normal_by_normal(n, mean, std, low, high, dtype)
        return self._trunc_normal_by_uniform(n, mean, std, low, high, dtype)

    def randint(self, low: int, high: int, n: int) -> np.ndarray:
        """`torch.randint(low, high, (n,))` (int64)."""
        if low >= high:
            raise runtime_error(
                f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
            )
        span = high - low
        # torch (outside fbcode) draws 64-bit values from a span of 2**28 up, to limit modulo bias.
        words = self._bits.random_raw(n) if span < (1 << 28) else self._words64(n)
        # torch computes (word % span + low) in uint64 and reinterprets it as int64.
        offset = np.uint64(low & _UINT64_MASK)
        return ((words % np.uint64(span)) + offset).view(np.int64)

    def exponential(self, n: int, lambd: float, dtype_name: str = "float32") -> np.ndarray:
        """`Tensor.exponential_(lambd)`: torch's serial CPU kernel, -1 / lambd * log1p(-u) in
        double (glibc's log1p) from one 53-bit double u per element, cast to the dtype."""
        dtype = _float_dtype(dtype_name)
        log1p = np.frompyfunc(math.log1p, 1, 1)
        return _in_chunks(n, dtype.np, lambda k: _double_to(
            (-1.0 / lambd) * log1p(-self._uniform_f64(k)).astype(np.float64), dtype))

    def cauchy(self, n: int, median: float, sigma: float,
               dtype_name: str = "float32") -> np.ndarray:
        """`Tensor.cauchy_(median, sigma)`: torch's serial CPU kernel, median + sigma *
        tan(pi * (u - 0.5)) in double (glibc's tan, the sum a fused multiply-add) from one
        53-bit double u per element, cast to the dtype."""
        dtype = _float_dtype(dtype_name)
        tan = np.frompyfunc(math.tan, 1, 1)

        def draw(k: int) -> np.ndarray:
            t = tan(math.pi * (self._uniform_f64(k) - 0.5)).astype(np.float64)
            return _double_to(fma64(np.full_like(t, sigma), t, np.full_like(t, median)), dtype)
        return _in_chunks(n, dtype.np, draw)

    def multinomial_with_replacement(self, rows: np.ndarray, n_sample: int) -> np.ndarray:
        """torch's CPU multinomial with replacement of 2+ samples, one row after the other:
        the row's cumulative sum in its dtype, divided by its total, the last set to 1, then
        per sample a 53-bit double u and the first category whose cumulative value >= u (the
        kernel's binary search). A row is checked just before its draws, as torch does."""
        out = np.empty((len(rows), n_sample), np.int64)
        for i, row in enumerate(rows):
            cumulative = _cumulative_distribution(row)
            out[i] = np.searchsorted(cumulative, self._uniform_f64(n_sample), side="left")
        return out

    def random_values(self, n: int, dtype_name: str) -> np.ndarray:
        """`Tensor.random_()` without bounds: a word (two, hi first, for int64 and float64)
        modulo the dtype's count of exactly representable integers from 0 (2**24 + 1 for
        float32, 2**63 for int64, 2 for bool)."""
        words = self._words64(n) if dtype_name in ("int64", "float64") else \
            self._bits.random_raw(n)
        return (words % np.uint64(_RANDOM_MODULUS[dtype_name])).astype(np.dtype(dtype_name))

    def randperm(self, n: int) -> np.ndarray:
        """`torch.randperm(n)` (int64), for n < 214748364."""
        if n >= _RANDPERM_SMALL_N:
            raise NotImplementedError("randperm is only reproduced for n < 214748364")
        perm = list(range(n))
        if n > 1:
            # Step i swaps slot i with slot i + word % (n - i).
            offsets = self._bits.random_raw(n - 1) % np.arange(n, 1, -1, dtype=np.uint64)
            for i, offset in enumerate(offsets.tolist()):
                j = i + offset
                perm[i], perm[j] = perm[j], perm[i]
        return np.array(perm, dtype=np.int64)

    # -- building blocks ---------------------------------------------------------------------

    def _words64(self, n: int) -> np.ndarray:
        words = self._bits.random_raw(2 * n)
        return (words[0::2] << np.uint64(32)) | words[1::2]  # torch's random64(): hi word first

    def _uniform_f32(self, n: int) -> np.ndarray:
        words = self._bits.random_raw(n)
        return (words & 0xFFFFFF).astype(np.float32) * np.float32(2.0**-24)

    def _uniform_f64(self, n: int) -> np.ndarray:
        return (self._words64(n) & np.uint64((1 << 53) - 1)).astype(np.float64) * 2.0**-53

    def _normal_doubles(self, n: int) -> np.ndarray:
        """n draws of torch's at::normal_distribution<double>: Box-Muller pairs (r*cos, r*sin)
        from two 53-bit doubles each, the value left over cached for the next call."""
        head = []
        if n and self._cached_normal is not None:
            head, self._cached_normal = [self._cached_normal], None
        pairs = (n - len(head) + 1) // 2
        u1, u2 = self._uniform_f64(2 * pairs).reshape(-1, 2).T
        log1p, sin, cos = (np.frompyfunc(f, 1, 1) for f in (math.log1p, math.sin, math.cos))
        radius = np.sqrt(-2.0 * log1p(-u2).astype(np.float64))
        theta = (2.0 * math.pi) * u1
        # torch returns `value * std + mean`, which turns -0.0 into +0.0.
        pair_values = np.stack([cos(theta), sin(theta)], axis=1).astype(np.float64)
        values = (radius[:, None] * pair_values).reshape(-1) + 0.0
        if len(head) + len(values) > n:
            self._cached_normal = float(values[-1])
            values = values[:-1]
        return np.concatenate([head, values])

    def _normal_blocks(self, n: int, uniform, box_muller) -> np.ndarray:
        """torch's normal_fill for float32/float64: n uniforms, Box-Muller per 16-block,
        and a ragged tail recomputed as the last 16 outputs from 16 fresh uniforms."""
        full = n - n % 16
        out = _in_chunks(n, None, uniform)
        for start in range(0, full, DRAW_CHUNK):  # each 16-block on its own: piece by piece
            piece = slice(start, min(start + DRAW_CHUNK, full))
            out[piece] = box_muller(out[piece])
        if n % 16:
            out[n - 16 :] = box_muller(uniform(16))
        return out

    def _normal_blocks_half(self, n: int, mean: float, std: float) -> np.ndarray:
        """float16 variant: every block, the tail included, draws 16 fresh float32 uniforms
        (mean and std stay float32)."""
        out = np.empty(n, dtype=np.float16)
        full = n - n % 16
        out[:full] = _in_chunks(full, np.float16, lambda k: _box_muller_avx2(
            self._uniform_f32(k), mean, std).astype(np.float16))
        if n % 16:
            out[n - 16 :] = _box_muller_avx2(self._uniform_f32(16), mean, std)
        return out

    def _trunc_normal_by_normal(self, n: int, mean: float, std: float, low: float, high: float,
                                dtype: dtypes.DType) -> np.ndarray:
        low, high = dtype.np.type(low), dtype.np.type(high)  # torch compares in the dtype
        result = self.normal(n, mean, std, dtype.name)
        rejected = (result < low) | (result > high)
        while rejected.any():
            result = np.where(rejected, self.normal(n, mean, std, dtype.name), result)
            rejected = (result < low) | (result > high)
        return result

    def _trunc_normal_by_uniform(self, n: int, mean: float, std: float, low: float, high: float,
                                 dtype: dtypes.DType) -> np.ndarray:
        mode = max(low, min(mean, high))
        log_peak = -0.5 * ((mode - mean) / std) ** 2

        def rejects(candidates: np.ndarray) -> np.ndarray:
            log_u = _log(self.uniform(n, 0.0, 1.0, dtype.name), dtype)
            return log_u > _log_density(candidates, mean, std, log_peak, dtype)

        result = self.uniform(n, low, high, dtype.name)
        pending = rejects(result)
        while pending.any():
            candidates = self.uniform(n, low, high, dtype.name)
            result = np.where(pending, candidates, result)
            pending = pending & rejects(candidates)
        return result


def _log_density(x: np.ndarray, mean: float, std: float, log_peak: float,
                 dtype: dtypes.DType) -> np.ndarray:
    """torch's `x.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)`: each op computed in
    the op-math type (float for half, with the scalar in float) and stored in the dtype."""
    opmath = np.float32 if dtype is dtypes.float16 else dtype.np.type
    steps = (lambda v: v - opmath(mean), lambda v: v / opmath(std), lambda v: v * v,
             lambda v: v * opmath(-0.5), lambda v: v - opmath(log_peak))
    for step in steps:
        x = step(x).astype(dtype.np)
    return x


def _cumulative_distribution(row: np.ndarray) -> np.ndarray:
    """multinomial_with_replacement_apply's normalised cumulative distribution (as float64 for
    the comparison with u), with its checks in its order: each entry, then the total."""
    invalid = ~(row >= 0) | ~np.isfinite(row)
    if invalid.any():
        first = row[np.argmax(invalid)]
        raise runtime_error("invalid multinomial distribution (encountering probability entry "
                            + ("< 0)" if not first >= 0 else "= infinity or NaN)"))
    cumulative = np.cumsum(row)  # sequential, in the row's dtype, as the kernel's loop
    if not (len(row) and cumulative[-1] > 0):
        raise runtime_error("invalid multinomial distribution (sum of probabilities <= 0)")
    cumulative = (cumulative / cumulative[-1]).astype(np.float64)
    cumulative[-1] = 1.0
    return cumulative


def _float_dtype(dtype_name: str) -> dtypes.DType:
    if dtype_name not in _FLOAT_DTYPES:
        raise ValueError(f"unsupported dtype for random floats: {dtype_name}")
    return _FLOAT_DTYPES[dtype_name]


def _check_uniform_range(low: float, high: float, dtype: dtypes.DType) -> None:
    """uniform_'s checks, in torch's order."""
    largest = float(np.finfo(dtype.np).max)
    for name, bound in (("from", low), ("to", high)):
        if not -largest <= bound <= largest:
            raise runtime_error(f"{name} is out of bounds for {dtype.c}")
    if low > high:
        raise runtime_error(
            f"uniform_ expects to return a [from, to) range, but found from={low:g} > to={high:g}"
        )
    if high - low > largest:
        raise runtime_error(
            f"uniform_ expects to-from <= std::numeric_limits<{dtype.cpp}>::max(), but found "
            f"to={high:g} and from={low:g} which result in to-from to exceed the limit"
        )


def _double_to(values: np.ndarray, dtype: dtypes.DType) -> np.ndarray:
    """Doubles cast to the dtype as torch casts them: to half through float (c10::Half has no
    constructor from double), which can differ from numpy's direct rounding."""
    if dtype is dtypes.float64:
        return values
    return values.astype(np.float32).astype(dtype.np)


def _norm_cdf(x: float) -> float:
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


def _log(values: np.ndarray, dtype: dtypes.DType) -> np.ndarray:
    """Tensor.log_ for trunc_normal_'s acceptance test, from double (torch's SLEEF log is within
    1 ulp of it, which changes a decision only when the two sides are an ulp apart)."""
    with np.errstate(divide="ignore"):
        return _double_to(np.log(values.astype(np.float64)), dtype)


_BAD_PROBABILITY = (
    "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
    "improved?  If so, please report an enhancement request to PyTorch.)"
)


# Elements drawn and transformed at a time (a multiple of 16, Box-Muller's block): a large
# draw's temporaries (its 64-bit words, the float64 of an exact FMA) stay a few MiB, so that
# nn.Linear(8192, 8192)'s init peaks at a small multiple of its weight, not ~18 times it.
DRAW_CHUNK = 2**18


def _in_chunks(n: int, dtype: np.dtype | None, draw: Callable[[int], np.ndarray]) -> np.ndarray:
    """draw(k) for consecutive pieces of n elements, in order, into one array (of the pieces'
    dtype when `dtype` is None): the same values as draw(n) for an elementwise draw."""
    if n <= DRAW_CHUNK:
        return draw(n)
    out = None if dtype is None else np.empty(n, dtype)
    for start in range(0, n, DRAW_CHUNK):
        piece = draw(min(DRAW_CHUNK, n - start))
        if out is None:
            out = np.empty(n, piece.dtype)
        out[start:start + len(piece)] = piece
    return out


# -- Box-Muller on 16-blocks -------------------------------------------------------------------


def _box_muller_libm(uniforms: np.ndarray, mean: float = 0.0, std: float = 1.0) -> np.ndarray:
    """torch's scalar NormalFill16<double> (glibc math through Python's math module)."""
    blocks = uniforms.reshape(-1, 16)
    log, cos, sin = (np.frompyfunc(f, 1, 1) for f in (math.log, math.cos, math.sin))
    radius = np.sqrt(-2.0 * log(1.0 - blocks[:, :8]).astype(np.float64))
    theta = (2.0 * math.pi) * blocks[:, 8:]
    normals = np.concatenate(
        [radius * cos(theta).astype(np.float64), radius * sin(theta).astype(np.float64)], axis=1
    )
    return compiled_fma(normals.reshape(-1), std, mean)  # fma(x, 1, 0) turns -0.0 into +0.0


_f32 = np.float32
_ONE, _HALF = _f32(1.0), _f32(0.5)


def _box_muller_avx2(uniforms: np.ndarray, mean: float = 0.0, std: float = 1.0) -> np.ndarray:
    """torch's NormalFill16<float> AVX2 kernel in float32, the compiler's FMAs made explicit."""
    blocks = uniforms.reshape(-1, 16)
    u1 = _ONE - blocks[:, :8]  # [0, 1) -> (0, 1] for log
    u2 = blocks[:, 8:]
    radius = np.sqrt(_f32(-2.0) * _log256(u1))
    sin, cos = _sincos256(_f32(2.0 * math.pi) * u2)
    normals = np.concatenate([radius * cos, radius * sin], axis=1)
    return fma32(normals.reshape(-1), std, mean)  # _mm256_fmadd_ps(n, std, mean)


def compiled_fma(a, b, c):
    """a * b + c as the compiler leaves it in torch's kernels: rounded once in ATen's AVX2 and
    AVX-512 builds (compiled with FMA), twice in its scalar `default` build; float32 when all
    three are, else float64."""
    dtype = np.dtype(np.float32 if np.result_type(a, b, c) == np.float32 else np.float64)
    if fuses_multiply_add():
        return fma32(a, b, c) if dtype == np.float32 else fma64(a, b, c)
    with np.errstate(all="ignore"):
        return dtype.type(a) * dtype.type(b) + dtype.type(c) if np.ndim(a) == 0 else \
            np.asarray(a) * np.asarray(b, dtype) + np.asarray(c, dtype)


def fma64(a, b, c):
    """a * b + c rounded once, as the compiler's fused multiply-add in torch's double paths;
    elementwise over arrays (a float for scalars).

    Dekker's split gives a*b exactly as product + product_error; with TwoSum's
    total + sum_error = product + c, round(total + round_to_odd(sum_error + product_error))
    is the correctly rounded result (Boldo and Melquiond, 2008). Elements outside that
    method's range (huge, a product near underflow, not finite) are worked out in fractions.
    Infinities and overflow follow IEEE fma.
    """
    if not any(isinstance(x, np.ndarray) for x in (a, b, c)):  # scalars: quicker in fractions
        return _fma64_in_fractions(float(a), float(b), float(c))
    a, b, c = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (a, b, c)))
    shape = a.shape
    a, b, c = a.ravel(), b.ravel(), c.ravel()
    with np.errstate(all="ignore"):
        product = a * b
        product_error = _product_error(a, b, product)
        total = product + c
        out = total + _round_to_odd_sum(_sum_error(product, c, total), product_error)
        tiny = (np.abs(product) < 2.0**-960) & (a != 0) & (b != 0)
        huge = (np.abs(a) > 2.0**995) | (np.abs(b) > 2.0**995) | (np.abs(c) > 2.0**1020)
    for i in np.flatnonzero(tiny | huge | ~np.isfinite(out)):
        out[i] = _fma64_in_fractions(float(a[i]), float(b[i]), float(c[i]))
    return out.reshape(shape)


def _fma64_in_fractions(a: float, b: float, c: float) -> float:
    if not (math.isfinite(a) and math.isfinite(b)):
        return a * b + c  # the product is infinite or nan exactly
    if not math.isfinite(c):
        return c  # a finite product does not change an infinite or nan c
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    try:
        return float(exact)  # correctly rounded
    except OverflowError:
        return math.inf if exact > 0 else -math.inf


def fma32(a, b, c) -> np.ndarray:
    """Exact float32 fused multiply-add in numpy.

    a*b of two float32s is exact in float64; the float64 sum is rounded to odd, and rounding
    a round-to-odd double to float32 is correctly rounded, so no double-rounding error occurs.
    """
    a, b, c = (np.asarray(x, dtype=np.float32).astype(np.float64) for x in (a, b, c))
    return _round_to_odd_sum(a * b, c).astype(np.float32)


def _round_to_odd_sum(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x + y rounded to odd: when inexact (TwoSum says so, and which way), the neighbour of
    the rounded sum whose last bit is 1."""
    total = x + y
    error = _sum_error(x, y, total)
    even = (np.asarray(total).view(np.uint64) & np.uint64(1)) == 0
    toward = np.where(error > 0, np.inf, -np.inf)
    return np.where((error != 0) & even, np.nextafter(total, toward), total)


def _sum_error(x: np.ndarray, y: np.ndarray, total: np.ndarray) -> np.ndarray:
    """TwoSum: (x + y) - total, exactly."""
    back = total - x
    return (x - (total - back)) + (y - back)


def _product_error(a: np.ndarray, b: np.ndarray, product: np.ndarray) -> np.ndarray:
    """Dekker's TwoProduct: a*b - product, exactly (no float64 FMA in numpy)."""
    a_high, a_low = _split(a)
    b_high, b_low = _split(b)
    return ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low


def _split(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Veltkamp's split of a double into two 26-bit halves."""
    scaled = 134217729.0 * x  # 2**27 + 1
    high = scaled - (scaled - x)
    return high, x - high


# Cephes constants of avx_mathfun.h, as float32.
_LOG_POLY = [_f32(c) for c in (
    7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1, 1.4249322787e-1,
    -1.6668057665e-1, 2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1,
)]
_LOG_Q1, _LOG_Q2 = _f32(-2.12194440e-4), _f32(0.693359375)
_SQRT_HALF = _f32(0.707106781186547524)
_MINUS_DP = [_f32(-0.78515625), _f32(-2.4187564849853515625e-4), _f32(-3.77489497744594108e-8)]
_COS_POLY = [_f32(2.443315711809948e-5), _f32(-1.388731625493765e-3), _f32(4.166664568298827e-2)]
_SIN_POLY = [_f32(-1.9515295891e-4), _f32(8.3321608736e-3), _f32(-1.6666654611e-1)]
_FOUR_OVER_PI = _f32(1.27323954473516)


def _log256(x: np.ndarray) -> np.ndarray:
    """log256_ps for x in (0, 1] (no zero/negative/denormal inputs reach it here)."""
    bits = x.view(np.int32)
    exponent = ((bits >> 23) - 0x7F).astype(np.float32) + _ONE
    x = ((bits & ~0x7F800000) | _HALF.view(np.int32)).view(np.float32)  # mantissa in [0.5, 1)
    small = x < _SQRT_HALF
    exponent = exponent - np.where(small, _ONE, _f32(0))
    x = (x - _ONE) + np.where(small, x, _f32(0))  # x < sqrt(1/2): 2x - 1 and one less exponent
    z = x * x
    y = np.full_like(x, _LOG_POLY[0])
    for coefficient in _LOG_POLY[1:]:
        y = fma32(y, x, coefficient)
    y = y * x
    # GCC contracts `y*z + e*q1` with y*z as the fused product (checked against torch).
    y = fma32(y, z, exponent * _LOG_Q1)
    y = y - z * _HALF
    return fma32(exponent, _LOG_Q2, x + y)


def _sincos256(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """sincos256_ps for x >= 0 (theta = 2*pi*u2 is never negative)."""
    octant = (x * _FOUR_OVER_PI).astype(np.int32)  # truncation, like _mm256_cvttps_epi32
    octant = (octant + 1) & ~1
    y = octant.astype(np.float32)
    sin_sign = ((octant & 4) << 29).astype(np.uint32)
    cos_sign = ((~(octant - 2) & 4) << 29).astype(np.uint32)
    use_sin_poly = (octant & 2) == 0
    for dp in _MINUS_DP:  # x - y*pi/4 in three pieces ("extended precision modular arithmetic")
        x = fma32(y, dp, x)
    z = x * x
    cos_poly = fma32(fma32(_COS_POLY[0], z, _COS_POLY[1]), z, _COS_POLY[2]) * z
    cos_poly = fma32(cos_poly, z, -(z * _HALF)) + _ONE
    sin_poly = fma32(fma32(_SIN_POLY[0], z, _SIN_POLY[1]), z, _SIN_POLY[2]) * z
    sin_poly = fma32(sin_poly, x, x)
    sin = np.where(use_sin_poly, sin_poly, cos_poly)
    cos = np.where(use_sin_poly, cos_poly, sin_poly)
    return _flip_sign(sin, sin_sign), _flip_sign(cos, cos_sign)


def _flip_sign(values: np.ndarray, sign_bits: np.ndarray) -> np.ndarray:
    return (values.view(np.uint32) ^ sign_bits).view(np.float32)
