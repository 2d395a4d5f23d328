"""The comparison of a gradient with its expectation: the rounding allowance is asked for only
where an element is outside rtol/atol without it, and judges as the whole allowance would."""
import numpy as np
import pytest

from gradcli.check.compare import judged, matches

SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0]


@pytest.mark.parametrize("seed", range(5))
def test_an_allowance_asked_for_where_needed_judges_as_the_whole_one(seed):
    rng = np.random.default_rng(seed)
    for trial in range(400):
        shape = [(), (5,), (3, 4)][trial % 3]
        expected = np.array(rng.normal(size=shape))
        actual = expected + rng.normal(size=shape) * 10 ** rng.uniform(-8, -2)
        for a in (actual, expected):
            if a.size and rng.random() < 0.3:
                a.reshape(-1)[rng.integers(a.size)] = SPECIALS[rng.integers(len(SPECIALS))]
        mask = rng.random(shape) < 0.7 if shape and rng.random() < 0.5 else None
        allowance = np.abs(rng.normal(size=shape)) * 1e-3
        asked = []

        def at(where, allowance=allowance, asked=asked):
            asked.append(where.copy())
            return np.where(where, allowance, np.nan)  # (nothing outside what it was asked)
        whole = matches(actual, expected, 1e-4, 1e-5, mask, allowance)
        match, worst, needed = judged(actual, expected, 1e-4, 1e-5, mask, at)
        assert (match, worst) == whole or (match == whole[0] and np.isnan(worst))
        assert needed == bool(asked)
        strict = matches(actual, expected, 1e-4, 1e-5, mask)
        assert not asked or not strict[0]


def test_a_nan_against_a_nan_needs_no_allowance():
    assert judged(np.array([np.nan, 1.0]), np.array([np.nan, 1.0]), 1e-4, 1e-5,
                  None, lambda where: 1 / 0) == (True, 0.0, False)
