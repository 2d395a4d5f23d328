"""A CPU random generator that reproduces PyTorch 2.13's `torch.manual_seed` streams with numpy.

torch's CPU generator is mt19937 seeded with the classic `init_genrand(seed & 0xFFFFFFFF)`;
numpy's `MT19937._legacy_seeding` seeds the same way and `random_raw` yields the same 32-bit
words, so one numpy bit generator kept across calls is one torch stream. Every sampler below
consumes exactly as many words as torch does, so any interleaving of calls stays in sync.

What each sampler reproduces (measured against torch 2.13.0+cpu, x86-64, CPU capability AVX512):

* `rand` float32 / float64 / float16: bit-exact. float32 = low 24 bits of a word * 2**-24;
  float64 = low 53 bits of (hi word << 32 | lo word) * 2**-53; float16 = the float32 value
  rounded to half, where a value that rounds up to 1.0 becomes 0.0 (torch clamps it).
* `randn` n < 16, every dtype: bit-exact. Per pair of outputs torch draws two 53-bit doubles
  u1, u2 (4 words), r = sqrt(-2*log1p(-u2)), theta = 2*pi*u1, returns r*cos(theta) and caches
  r*sin(theta) for the next n < 16 call (the cache survives rand() and n >= 16 calls, and
  manual_seed clears it); the double is then rounded to the dtype. Python's math module calls
  the same glibc log1p/sin/cos as torch.
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
from fractions import Fraction

import numpy as np

from gradcli.engine.errors import runtime_error

_FLOAT_DTYPES = {"float16": np.float16, "float32": np.float32, "float64": np.float64}
_UINT64_MASK = (1 << 64) - 1
_RANDPERM_SMALL_N = 0xFFFFFFFF // 20  # torch's randperm_cpu uses Fisher-Yates below this


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
            raise ValueError("Overflow when unpacking long long")
        self._seed = seed & _UINT64_MASK  # initial_seed() reports negative seeds as uint64
        self._bits._legacy_seeding(self._seed & 0xFFFFFFFF)  # only the low 32 bits seed mt19937
        self._cached_normal: float | None = None

    def initial_seed(self) -> int:
        return self._seed

    def seed(self) -> int:
        """Reseed nondeterministically, like `torch.seed()` (the default seed is random too)."""
        seed = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(seed)
        return seed

    # -- public samplers -------------------------------------------------------------------

    def rand(self, n: int, dtype_name: str = "float32") -> np.ndarray:
        """`torch.rand(n, dtype=...)`: uniform [0, 1)."""
        dtype = _float_dtype(dtype_name)
        if dtype is np.float64:
            return self._uniform_f64(n)
        values = self._uniform_f32(n)
        if dtype is np.float32:
            return values
        half = values.astype(np.float16)
        half[half == 1] = 0  # torch maps a value that rounded up to the upper bound to the lower
        return half

    def randn(self, n: int, dtype_name: str = "float32") -> np.ndarray:
        """`torch.randn(n, dtype=...)`: standard normal."""
        return self.normal(n, 0.0, 1.0, dtype_name)

    def normal(self, n: int, mean: float, std: float, dtype_name: str = "float32") -> np.ndarray:
        """`torch.normal(mean, std, (n,))` (randn is mean 0, std 1): the normal value v comes
        out as v * std + mean, fused (one rounding) in the float32 kernel."""
        dtype = _float_dtype(dtype_name)
        if n < 16:
            values = [fma64(self._normal_double(), std, mean) for _ in range(n)]
            return np.array(values, dtype=np.float64).astype(dtype)
        if dtype is np.float32:
            return self._normal_blocks(n, self._uniform_f32,
                                       lambda u: _box_muller_avx2(u, mean, std))
        if dtype is np.float64:
            return self._normal_blocks(n, self._uniform_f64,
                                       lambda u: _box_muller_libm(u, mean, std))
        if (mean, std) != (0.0, 1.0):
            raise NotImplementedError("torch.normal is reproduced for float32 and float64")
        return self._normal_blocks_half(n)

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

    def _normal_double(self) -> float:
        """torch's at::normal_distribution<double>: Box-Muller with one cached value."""
        if self._cached_normal is not None:
            value, self._cached_normal = self._cached_normal, None
            return value
        u1, u2 = self._uniform_f64(2).tolist()
        radius = math.sqrt(-2.0 * math.log1p(-u2))
        theta = 2.0 * math.pi * u1
        # torch returns `value * std + mean`, which turns -0.0 into +0.0.
        self._cached_normal = radius * math.sin(theta) + 0.0
        return radius * math.cos(theta) + 0.0

    def _normal_blocks(self, n: int, uniform, box_muller) -> np.ndarray:
        """torch's normal_fill for float32/float64: n uniforms, Box-Muller per 16-block,
        and a ragged tail recomputed as the last 16 outputs from 16 fresh uniforms."""
        out = uniform(n)
        full = n - n % 16
        out[:full] = box_muller(out[:full])
        if n % 16:
            out[n - 16 :] = box_muller(uniform(16))
        return out

    def _normal_blocks_half(self, n: int) -> np.ndarray:
        """float16 variant: every block, the tail included, draws 16 fresh float32 uniforms."""
        out = np.empty(n, dtype=np.float16)
        full = n - n % 16
        out[:full] = _box_muller_avx2(self._uniform_f32(full))
        if n % 16:
            out[n - 16 :] = _box_muller_avx2(self._uniform_f32(16))
        return out


def _float_dtype(dtype_name: str):
    if dtype_name not in _FLOAT_DTYPES:
        raise ValueError(f"unsupported dtype for random floats: {dtype_name}")
    return _FLOAT_DTYPES[dtype_name]


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
    normals = normals.reshape(-1)
    if (mean, std) == (0.0, 1.0):
        return normals + 0.0  # fma(x, 1, 0): -0.0 -> +0.0
    return np.array([fma64(v, std, mean) for v in normals.tolist()])


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


def fma64(a: float, b: float, c: float) -> float:
    """a * b + c rounded once, as the compiler's fused multiply-add in torch's double paths."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def fma32(a, b, c) -> np.ndarray:
    """Exact float32 fused multiply-add in numpy.

    a*b of two float32s is exact in float64; the float64 sum is rounded to odd (TwoSum tells
    whether and in which direction it was inexact), and rounding a round-to-odd double to
    float32 is correctly rounded, so no double-rounding error can occur.
    """
    a, b, c = (np.asarray(x, dtype=np.float32).astype(np.float64) for x in (a, b, c))
    product = a * b
    total = product + c
    back = total - product
    error = (product - (total - back)) + (c - back)
    even = (total.view(np.uint64) & np.uint64(1)) == 0
    toward = np.where(error > 0, np.inf, -np.inf)
    total = np.where((error != 0) & even, np.nextafter(total, toward), total)
    return total.astype(np.float32)


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
