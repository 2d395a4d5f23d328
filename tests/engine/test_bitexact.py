"""Sums along a dim, bit for bit as torch's CPU kernel adds them up (engine/bitexact.py):
the column blocks of every width, the rows below and above the cascade's first step."""
import numpy as np
import pytest
import torch as real

from gradcli.engine.bitexact import torch_sum

ROWS = (1, 3, 8, 15, 16, 17, 33, 100)
COLUMNS = (1, 3, 4, 5, 8, 9, 31, 32, 33, 40, 128, 130)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("rows", ROWS)
def test_sum_over_rows_matches_torch_bits(dtype, rows):
    rng = np.random.default_rng(rows)
    for columns in COLUMNS:
        # magnitudes over six decades: the order of the additions shows in the last bits
        x = (rng.standard_normal((rows, columns)) *
             10 ** rng.uniform(-3, 3, (rows, columns))).astype(dtype)
        ours, theirs = torch_sum(x, 0), real.from_numpy(x).sum(0).numpy()
        assert ours.tobytes() == theirs.tobytes(), (rows, columns)


def test_sum_over_rows_keeps_a_negative_zero_out():
    x = np.full((4, 40), -0.0, np.float32)
    assert torch_sum(x, 0).tobytes() == real.from_numpy(x).sum(0).numpy().tobytes()
