"""torch's special functions in numpy, float64 in and out: log-gamma, digamma, polygamma,
the inverse error functions, the modified Bessel functions I_n, erfcx and log_ndtr.

numpy has none of them (and gradcli does not depend on scipy). Each is accurate to a few
float64 ulps on the range torch's float32 results need, which is what the op table's
forwards (rounded to the tensor's dtype) and the check's numeric evaluator (symforms.NUMERIC)
ask of them. Each takes array-likes and returns an array (or a numpy scalar for 0-d input).
"""
from __future__ import annotations

import math

import numpy as np

SQRT_PI = math.sqrt(math.pi)
SQRT_2 = math.sqrt(2.0)


def _map(fn, x) -> np.ndarray:
    a = np.asarray(x, dtype=np.float64)
    return np.fromiter(map(fn, a.ravel().tolist()), np.float64, a.size).reshape(a.shape)


def _lgamma_one(v: float) -> float:
    try:
        return math.lgamma(v)
    except ValueError:  # a pole: 0, -1, -2, ...
        return math.inf
    except OverflowError:
        return math.inf


def lgamma(x):
    """log |Γ(x)|: inf at the poles, as torch's."""
    return _map(_lgamma_one, x)[()]


def erf(x):
    return _map(math.erf, x)


def erfc(x):
    return _map(math.erfc, x)


# W. J. Cody's rational Chebyshev approximations (Math. Comp. 23, 1969, as in his CALERF):
# erf(x) ≈ x·A(x²)/B(x²) up to 0.46875, erfc(x) ≈ exp(-x²)·C(x)/D(x) up to 4, and
# erfc(x) ≈ exp(-x²)/x·(1/√π − P(1/x²)/Q(1/x²)·1/x²) beyond (coefficients highest first)
_CODY_A = (1.85777706184603153e-1, 3.16112374387056560e00, 1.13864154151050156e02,
           3.77485237685302021e02, 3.20937758913846947e03)
_CODY_B = (1.0, 2.36012909523441209e01, 2.44024637934444173e02, 1.28261652607737228e03,
           2.84423683343917062e03)
_CODY_C = (2.15311535474403846e-8, 5.64188496988670089e-1, 8.88314979438837594e00,
           6.61191906371416295e01, 2.98635138197400131e02, 8.81952221241769090e02,
           1.71204761263407058e03, 2.05107837782607147e03, 1.23033935479799725e03)
_CODY_D = (1.0, 1.57449261107098347e01, 1.17693950891312499e02, 5.37181101862009858e02,
           1.62138957456669019e03, 3.29079923573345963e03, 4.36261909014324716e03,
           3.43936767414372164e03, 1.23033935480374942e03)
_CODY_P = (1.63153871373020978e-2, 3.05326634961232344e-1, 3.60344899949804439e-1,
           1.25781726111229246e-1, 1.60837851487422766e-2, 6.58749161529837803e-4)
_CODY_Q = (1.0, 2.56852019228982242e00, 1.87295284992346047e00, 5.27905102951428412e-1,
           6.05183413124413191e-2, 2.33520497626869185e-3)
_ERFC_ZERO = 26.543  # erfc(x) underflows past it


def _horner(coefficients: tuple, x: np.ndarray) -> np.ndarray:
    out = np.full_like(x, coefficients[0])
    for c in coefficients[1:]:
        out *= x
        out += c
    return out


def erf_rational(x) -> np.ndarray:
    """erf on whole arrays by Cody's approximations, within a few float64 ulps of
    math.erf, at a third of its map's time on a layer's elements (the check's GELU
    partials, every element of every step); `erf` stays the forwards' (math.erf's, bit for
    bit)."""
    shape = np.shape(x)
    x = np.asarray(x, dtype=np.float64).reshape(-1)  # (1-d: masks assign into it)
    y = np.abs(x)
    with np.errstate(all="ignore"):
        square = y * y
        near = x * _horner(_CODY_A, square) / _horner(_CODY_B, square)
        middle = np.minimum(y, 4.0)
        erfc = _horner(_CODY_C, middle) / _horner(_CODY_D, middle) * _exp_minus_square(middle)
        far = (y > 4.0) & (y < _ERFC_ZERO)  # (few: erfc(4) is 1.5e-8)
        erfc[y >= _ERFC_ZERO] = 0.0
        erfc[far] = _erfc_far(y[far])
        out = np.where(y <= 0.46875, near, np.copysign((0.5 - erfc) + 0.5, x))
    return out.reshape(shape)[()]


def _exp_minus_square(y: np.ndarray) -> np.ndarray:
    """exp(-y²) with y² split as Cody's, (y rounded down to 1/16)² exact and the rest, so
    that y²'s rounding does not grow into exp's result."""
    head = np.trunc(y * 16.0) / 16.0
    return np.exp(-head * head) * np.exp(-(y - head) * (y + head))


def _erfc_far(y: np.ndarray) -> np.ndarray:
    inverse = 1.0 / (y * y)
    tail = inverse * _horner(_CODY_P, inverse) / _horner(_CODY_Q, inverse)
    return (1.0 / SQRT_PI - tail) / y * _exp_minus_square(y)


# ---- digamma, polygamma (the Hurwitz zeta function) -------------------------------------
# Bernoulli numbers B_2k / 2k, the asymptotic series of digamma
_DIGAMMA_SERIES = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132, -691 / 32760, 1 / 12)


def digamma(x):
    """ψ(x) as Cephes' psi (torch's calc_digamma): reflected below 0, shifted up past 10,
    then the asymptotic series; -inf·sign at 0, nan at the negative integers."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        negative = x < 0
        reflection = np.where(negative, -math.pi / np.tan(math.pi * x), 0.0)
        v = np.where(negative, 1 - x, x)
        shift = np.zeros_like(v)
        for _ in range(10):
            small = v < 10
            shift = shift - np.where(small, 1 / v, 0.0)
            v = np.where(small, v + 1, v)
        inv2 = 1 / (v * v)
        series = sum(c * inv2 ** (k + 1) for k, c in enumerate(_DIGAMMA_SERIES))
        out = np.log(v) - 0.5 / v - series + shift + reflection
        out = np.where(x == 0, np.copysign(np.inf, -x), out)
        out = np.where(negative & (x == np.floor(x)), np.nan, out)
        out = np.where(x == np.inf, np.inf, out)
    return out[()]


# Cephes zeta.c: (2k)! / B_2k
_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
           7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
           -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18)


def zeta(s, q):
    """The Hurwitz zeta function Σ_k (k + q)^-s, for s > 1, as Cephes' zeta (torch's):
    terms summed directly up to q + 9, then the Euler-Maclaurin formula."""
    s, q = np.broadcast_arrays(np.asarray(s, np.float64), np.asarray(q, np.float64))
    with np.errstate(all="ignore"):
        total = q ** -s
        a = q.copy()
        lowest = np.min(np.where(np.isfinite(q), q, 9.0), initial=9.0)
        steps = 10 + int(min(9 - lowest, 10**5)) if lowest < 9 else 10  # (q + steps > 9)
        for i in range(steps):
            going = (i < 9) | (a <= 9)
            a = np.where(going, a + 1, a)
            total = total + np.where(going, a ** -s, 0.0)
        b = a ** -s
        total = total + b * a / (s - 1) - 0.5 * b
        factor, k = np.ones_like(a), 0.0
        for coefficient in _ZETA_A:
            factor = factor * (s + k)
            b = b / a
            total = total + factor * b / coefficient
            factor, b, k = factor * (s + k + 1), b / a, k + 2
        total = np.where((q <= 0) & (q == np.floor(q)), np.inf, total)
        total = np.where(s == 1, np.inf, np.where(s < 1, np.nan, total))
    return total[()]


def trigamma(x):
    """ψ⁽¹⁾(x) as torch's calc_trigamma, in x's own dtype (at a pole, float32's sin(πx) is
    not 0: torch's value is large, not inf): reflected below 1/2, six steps up, then the
    asymptotic series."""
    x = np.asarray(x)
    one, pi = x.dtype.type(1), x.dtype.type(math.pi)
    with np.errstate(all="ignore"):
        reflected = x < 0.5
        sin_pi_x = np.sin(pi * x)
        result = np.where(reflected, -(pi * pi) / (sin_pi_x * sin_pi_x), 0).astype(x.dtype)
        x = np.where(reflected, one - x, x)
        for _ in range(6):
            result = result + one / (x * x)
            x = x + one
        ixx = one / (x * x)
        c6, c30, c42 = (x.dtype.type(1 / k) for k in (6, 30, 42))
        result = result + (one + one / (2 * x) + ixx * (c6 - ixx * (c30 - ixx * c42))) / x
    return np.where(reflected, -result, result)[()]


def polygamma(n, x):
    """ψ⁽ⁿ⁾(x): digamma for n = 0, else (-1)ⁿ⁺¹ n! ζ(n + 1, x)."""
    n, x = np.broadcast_arrays(np.asarray(n, np.float64), np.asarray(x, np.float64))
    orders = np.unique(n)
    out = np.empty(x.shape)
    for order in orders.tolist():
        at = n == order
        if order == 0:
            out[at] = digamma(x[at])
        else:
            k = int(order)
            out[at] = (-1) ** (k + 1) * math.factorial(k) * zeta(k + 1.0, x[at])
    return out[()]


def mvlgamma(x, p: int):
    """The multivariate log-gamma function: Σ_i lgamma(x - i/2) + p(p-1)/4 log(π)."""
    return (sum(lgamma(np.asarray(x, np.float64) - i / 2) for i in range(p))
            + p * (p - 1) / 4 * math.log(math.pi))


# ---- inverses of erf ---------------------------------------------------------------------
def _giles(z):
    """erfcinv(z) to ~1e-7 (Giles' single-precision approximation of erfinv(1 - z), its
    logarithm taken of z(2 - z) = (1 - x)(1 + x) so that small z keep their digits)."""
    w = -np.log(z * (2 - z))
    near = w < 5
    t = np.where(near, w - 2.5, np.sqrt(np.maximum(w, 5.0)) - 3)
    near_coefficients = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                         0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)
    far_coefficients = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                        0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)
    p_near, p_far = np.zeros_like(t), np.zeros_like(t)
    for c_near, c_far in zip(near_coefficients, far_coefficients):
        p_near, p_far = p_near * t + c_near, p_far * t + c_far
    return np.where(near, p_near, p_far) * (1 - z)


def erfcinv(z):
    """The x with erfc(x) = z, for z in [0, 2]: Giles' approximation (sqrt(w) past its
    range), refined by Newton's steps on log erfc(x) = log(erfcx(x)) - x², which stay
    accurate in the far tail (z down to the smallest double)."""
    z = np.asarray(z, dtype=np.float64)
    with np.errstate(all="ignore"):
        upper = z > 1
        tail = np.where(upper, 2 - z, z)  # erfcinv(z) = -erfcinv(2 - z)
        w = -np.log(tail * (2 - tail))
        x = np.where(w < 16, _giles(tail), np.sqrt(w))
        for _ in range(4):
            scaled = erfcx(x)
            step = (np.log(scaled) - x * x - np.log(tail)) * (-SQRT_PI / 2 * scaled)
            x = np.where(np.isfinite(step), x - step, x)
        x = np.where(tail == 0, np.inf, np.where(tail == 1, 0.0, x))
        x = np.where((z < 0) | (z > 2) | np.isnan(z), np.nan, x)
    return np.where(upper, -x, x)[()]


def erfinv(y):
    """The x with erf(x) = y: Newton's steps on erf near 0 (where y keeps its digits),
    erfcinv(1 - |y|) elsewhere."""
    y = np.asarray(y, dtype=np.float64)
    with np.errstate(all="ignore"):
        x = np.sign(y) * erfcinv(1 - np.abs(y))
        small = np.abs(y) < 0.5
        for _ in range(2):
            step = (erf(x) - y) / (2 / SQRT_PI * np.exp(-x * x))
            x = np.where(small, x - step, x)
    return x[()]


def ndtri(p):
    """The quantile of the standard normal distribution: -√2 erfcinv(2p)."""
    return (0.0 - SQRT_2 * erfcinv(2 * np.asarray(p, dtype=np.float64)))[()]  # (+0 at 0.5)


# ---- erfcx, log_ndtr -------------------------------------------------------------------
def erfcx(x):
    """exp(x²) erfc(x): directly up to 25, then its asymptotic series (exp(x²) overflows)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        direct = np.exp(x * x) * erfc(np.minimum(x, 25.0))
        inv = 1 / (2 * x * x)
        term, series = np.ones_like(x), np.ones_like(x)
        for k in range(1, 12):
            term = -term * (2 * k - 1) * inv
            series = series + term
        far = series / (x * SQRT_PI)
    return np.where(x > 25, far, direct)[()]


def log_ndtr(x):
    """log Φ(x): log1p(-Φ(-x)) above 0, else log(erfcx(-x/√2) / 2) - x²/2 (no underflow)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        upper = np.log1p(-0.5 * erfc(x / SQRT_2))
        lower = np.log(erfcx(-x / SQRT_2) / 2) - x * x / 2
    return np.where(x > 0, upper, lower)[()]


def ndtr(x):
    return (0.5 * erfc(-np.asarray(x, dtype=np.float64) / SQRT_2))[()]


# ---- the modified Bessel functions of the first kind --------------------------------------
def besseli_scaled(n, x):
    """exp(-|x|) I_n(x) for integer orders n: its power series up to |x| = 40, its asymptotic
    series beyond (both in the scaled form, which neither overflows)."""
    n, x = np.broadcast_arrays(np.abs(np.asarray(n, np.float64)), np.asarray(x, np.float64))
    ax = np.abs(x)
    with np.errstate(all="ignore"):
        near = np.minimum(ax, 40.0)
        half = near / 2
        term = np.exp(n * np.log(half) - lgamma(n + 1) - near)
        term = np.where(n == 0, np.exp(-near), term)
        series = term
        for k in range(1, 120):
            term = term * half * half / (k * (k + n))
            series = series + term
        far_x = np.maximum(ax, 40.0)
        mu, step, asymptotic = 4 * n * n, np.ones_like(x), np.ones_like(x)
        for k in range(1, 30):
            step = -step * (mu - (2 * k - 1) ** 2) / (k * 8 * far_x)
            asymptotic = asymptotic + step
        far = asymptotic / np.sqrt(2 * math.pi * far_x)
        out = np.where(ax > 40, far, series)
    odd = (n % 2 == 1) & (x < 0)
    return np.where(odd, -out, out)[()]


def besseli(n, x):
    """I_n(x) for integer orders n (inf where it overflows)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return (besseli_scaled(n, x) * np.exp(np.abs(np.asarray(x, np.float64))))[()]
