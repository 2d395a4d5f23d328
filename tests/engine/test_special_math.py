"""The check's vectorised erf (Cody's rational approximations) against math.erf."""
import math

import numpy as np

from gradcli.engine import special_math as M


def test_erf_rational_is_math_erf_within_a_few_ulps():
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.standard_normal(50_000) * scale for scale in (0.1, 1, 3, 8)] +
                       [np.linspace(-30, 30, 20_001)])
    expected = np.array([math.erf(v) for v in x])
    got = M.erf_rational(x)
    ulps = np.abs(got - expected) / np.spacing(np.abs(expected))
    assert ulps[expected != 0].max() <= 8


def test_erf_rational_tail_keeps_erfc_digits():
    # (the branch past 4, where erf is 1 - erfc: erfc's own digits say its coefficients hold)
    y = np.linspace(4, 20, 1001)
    expected = np.array([math.erfc(v) for v in y])
    assert np.max(np.abs(M._erfc_far(y) - expected) / expected) < 1e-14


def test_erf_rational_special_values_and_shapes():
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-300, -1e-300, 0.46875, 4.0, 27.0])
    got = M.erf_rational(special)
    expected = np.array([math.erf(v) for v in special])
    np.testing.assert_allclose(got, expected, rtol=1e-15, atol=0)
    assert np.signbit(got[1]) and np.isnan(got[4])
    assert M.erf_rational(np.ones((2, 3))).shape == (2, 3)
    assert M.erf_rational(np.zeros((2, 0))).shape == (2, 0)
    assert np.ndim(M.erf_rational(0.5)) == 0
