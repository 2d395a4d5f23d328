"""The comparison of a gradient with its expectation: the rounding allowance is asked for only
where an element is outside rtol/atol without it, and judges as the whole allowance would."""
import numpy as np
import pytest

from gradcli.check.compare import in_dtype, judged, matches, same_values

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


def _narrowed(values, dtype_name):
    """in_dtype's meaning, element by element: what the dtype holds, or the float64 value."""
    out = []
    for v in np.asarray(values, dtype=np.float64).reshape(-1):
        with np.errstate(over="ignore"):
            narrow = np.array(v).astype(dtype_name)
        out.append(np.copysign(np.inf, v) if np.isfinite(v) and np.isinf(narrow) else v)
    return np.array(out).reshape(np.shape(values))


@pytest.mark.parametrize("dtype_name", ["float16", "float32"])
def test_in_dtype_overflows_exactly_where_the_dtype_rounds_to_inf(dtype_name):
    top = float(np.finfo(dtype_name).max)
    half_ulp = (top - float(np.nextafter(np.finfo(dtype_name).max,
                                          np.zeros((), dtype_name)))) / 2
    edges = [top, top + half_ulp, np.nextafter(top + half_ulp, 0), np.nextafter(top + half_ulp,
             np.inf), 2 * top, 1.0, 0.0, -0.0, np.nan, np.inf]
    values = np.array(edges + [-v for v in edges])
    got = in_dtype(values, dtype_name)
    assert np.array_equal(got, _narrowed(values, dtype_name), equal_nan=True)
    assert np.isinf(got[1]) and np.isfinite(got[2])  # the tie rounds to inf, below it not
    for v in values:  # one element at a time: the common case's shortcut decides alone
        assert np.array_equal(in_dtype(np.array([v]), dtype_name),
                              _narrowed([v], dtype_name), equal_nan=True)


def test_in_dtype_keeps_float64_and_empty_arrays():
    assert in_dtype([1e300, -np.inf], "float64").tolist() == [1e300, -np.inf]
    assert in_dtype(np.zeros(0), "float32").shape == (0,)


@pytest.mark.parametrize("seed", range(3))
def test_same_values_is_array_equal_with_nans_equal(seed):
    rng = np.random.default_rng(seed)
    for trial in range(300):
        shape = [(), (4,), (2, 3)][trial % 3]
        a = rng.choice([0.0, -0.0, 1.0, np.nan, np.inf], size=shape)
        b = a.copy() if rng.random() < 0.6 else rng.choice([0.0, 1.0, np.nan], size=shape)
        if b.size and rng.random() < 0.3:
            b.reshape(-1)[0] = rng.choice([np.nan, -0.0, 2.0])
        b = b.astype(rng.choice([np.float64, np.float32]))
        assert same_values(a, b) == np.array_equal(a, b, equal_nan=True)
    assert not same_values(np.zeros(2), np.zeros(3))


def _one_pass_judged(actual, expected, rtol, atol, mask=None, rounding=0.0):
    """judged as written first, on every element at once: the reference for the one that
    looks again only at the elements outside rtol/atol."""
    a, e = np.atleast_1d(np.asarray(actual, dtype=np.float64),
                         np.asarray(expected, dtype=np.float64))
    if a.shape != e.shape:
        a, e = np.broadcast_arrays(a, e)
    with np.errstate(all="ignore"):
        err = np.abs(a - e)
        bound = np.abs(e) * rtol + atol
        far = ~(err <= bound)
    if mask is not None:
        far &= mask
    special = (np.isnan(a) & np.isnan(e)) | (np.isinf(a) & (a == e))
    far &= ~special
    err[special] = 0.0
    needed = bool(far.any())
    if needed and (callable(rounding) or np.any(rounding)):
        allowance = rounding(far) if callable(rounding) else rounding
        with np.errstate(invalid="ignore"):
            far[far] = ~(err[far] <= bound[far] + np.broadcast_to(allowance, far.shape)[far])
    checked = err if mask is None else err[mask]
    if not far.any() and not (special if mask is None else special & mask).any():
        return True, float(checked.max()) if checked.size else 0.0, needed
    if not np.isfinite(err[far]).all():
        return False, float("inf"), needed
    finite = checked[np.isfinite(checked)]
    return not far.any(), float(finite.max()) if finite.size else 0.0, needed


@pytest.mark.parametrize("seed", range(4))
def test_judged_looks_again_only_outside_and_judges_as_one_pass(seed):
    rng = np.random.default_rng(seed)
    for trial in range(500):
        shape = [(), (6,), (3, 5), (2, 3, 4)][trial % 4]
        expected = rng.normal(size=shape) * 10 ** rng.uniform(-6, 3)
        actual = (expected + rng.normal(size=shape) * 10 ** rng.uniform(-9, -1)).astype(
            rng.choice([np.float32, np.float64]))
        for _ in range(rng.integers(4) if expected.size else 0):
            i, special = rng.integers(expected.size), rng.choice(SPECIALS)
            both = rng.random() < 0.5  # (nan against nan, inf against the same inf)
            for x in (actual, expected) if both else (actual,) if rng.random() < 0.5 else \
                    (expected,):
                x.reshape(-1)[i] = special
        if shape and rng.random() < 0.2:  # a value broadcast against an array
            expected = expected.reshape(-1)[:1].reshape((1,) * len(shape))
        mask = rng.random(shape) < 0.6 if shape and rng.random() < 0.4 else None
        allowance = [0.0, np.abs(rng.normal(size=shape)) * 1e-3, 1e-2][trial % 3]
        rounding = (lambda where, allowance=allowance: np.where(where, allowance, np.nan)) \
            if rng.random() < 0.5 and np.ndim(allowance) else allowance
        got = judged(actual, expected, 1e-4, 1e-5, mask, rounding)
        want = _one_pass_judged(actual, expected, 1e-4, 1e-5, mask, rounding)
        assert got == want or (got[::2] == want[::2] and np.isnan(got[1]) and
                               np.isnan(want[1])), (trial, got, want)
