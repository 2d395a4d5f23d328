"""The draws torch.nn makes (uniform_, normal_, bernoulli_, trunc_normal_), bit for bit against
real torch, and the generator state each leaves behind."""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from oracle.tolerance import assert_bits_where_stable

from gradcli.engine.errors import TorchError
from gradcli.engine.rng import Generator

SEEDS = [0, 1, 42, 2**32 + 5, -7]
SIZES = [0, 1, 2, 7, 15, 16, 17, 33, 100, 1000]
DTYPES = ["float32", "float64", "float16"]
BOUNDS = [(0.0, 1.0), (-1.0, 1.0), (-0.5773502691896258, 0.5773502691896258), (-3.3, 7.1),
          (2.0, 2.5), (-1e-3, 2e-3), (1.5, 1.5), (-2.651367109761766, 2.651367109761766)]
NORMALS = [(0.0, 1.0), (0.3, 2.5), (0.0, 0.02), (-1.0, 0.1)]


# ---- without torch ---------------------------------------------------------------------------

def test_rand_is_uniform_on_zero_one():
    for dtype in DTYPES:
        assert np.array_equal(Generator(3).rand(50, dtype), Generator(3).uniform(50, 0, 1, dtype))


def test_uniform_float16_value_rounding_to_high_becomes_low():
    low, high = np.float32(-1.0), np.float32(3.0)
    unrounded = Generator(5).uniform(20000, low, high)  # float32 works out the same values
    up = unrounded.astype(np.float16) == np.float16(high)
    values = Generator(5).uniform(20000, low, high, "float16")
    assert up.sum() > 0 and np.all(values[up] == np.float16(low)) and values.max() < high


def test_bernoulli_compares_53_bit_doubles():
    u = Generator(9)._uniform_f64(1000)
    assert np.array_equal(Generator(9).bernoulli(1000, 0.3), (u < 0.3).astype(np.float32))


def test_bad_probability_tensor_draws_up_to_the_bad_element():
    g = Generator(0)
    with pytest.raises(TorchError, match=r"Expected p_in >= 0 && p_in <= 1 to be true"):
        g.bernoulli_probs(np.array([0.5, 0.5, 1.5, 0.5], dtype=np.float32), "float32")
    assert g.rand(1)[0] == Generator(0).rand(3)[2]


# ---- against real torch ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch", reason="real torch is the oracle for torch.nn's draws")


def assert_bits(ours: np.ndarray, theirs) -> None:
    assert_bits_where_stable(ours, np.ascontiguousarray(theirs.detach().numpy()))


def assert_in_sync(g: Generator, torch) -> None:
    """The next draws agree too: the mt19937 position and the cached Box-Muller normal."""
    assert_bits(g.rand(5), torch.rand(5))
    assert_bits(g.randn(3), torch.randn(3))


def seeded_pair(torch, seed: int) -> Generator:
    torch.manual_seed(seed)
    return Generator(seed)


def assert_sweep(torch, pairs, ours, theirs) -> None:
    """For every seed and parameter pair (a, b), draws of every size agree bit for bit, and
    the generator ends where torch's does."""
    for seed in SEEDS:
        for a, b in pairs:
            g = seeded_pair(torch, seed)
            for n in SIZES:
                assert_bits(ours(g, n, a, b), theirs(n, a, b))
            assert_in_sync(g, torch)


@pytest.mark.parametrize("dtype", DTYPES)
def test_uniform_bit_exact(torch, dtype):
    kind = getattr(torch, dtype)
    assert_sweep(torch, BOUNDS, lambda g, n, low, high: g.uniform(n, low, high, dtype),
                 lambda n, low, high: torch.empty(n, dtype=kind).uniform_(low, high))


def test_uniform_random_bounds(torch):
    plan = np.random.default_rng(5)
    for trial in range(200):
        low, high = sorted((plan.normal(0, 3, 2) * 10.0 ** plan.integers(-3, 3)).tolist())
        dtype = DTYPES[trial % 3]
        g = seeded_pair(torch, trial)
        theirs = torch.empty(300, dtype=getattr(torch, dtype)).uniform_(low, high)
        assert_bits(g.uniform(300, low, high, dtype), theirs)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("low, high", [(2.0, 1.0), (math.nan, 1.0), (0.0, math.inf),
                                       (-1e39, 0.0), (-3e38, 3e38), (-1.7e308, 1.7e308),
                                       (-6e4, 6e4), (0.0, 1e5)])
def test_uniform_errors(torch, dtype, low, high):
    try:
        torch.empty(2, dtype=getattr(torch, dtype)).uniform_(low, high)
    except RuntimeError as error:
        with pytest.raises(TorchError) as ours:
            Generator(0).uniform(2, low, high, dtype)
        assert ours.value.message == str(error)
    else:
        Generator(0).uniform(2, low, high, dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_normal_in_place_bit_exact(torch, dtype):
    kind = getattr(torch, dtype)
    assert_sweep(torch, NORMALS, lambda g, n, mean, std: g.normal(n, mean, std, dtype),
                 lambda n, mean, std: torch.empty(n, dtype=kind).normal_(mean, std))


@pytest.mark.parametrize("dtype", DTYPES)
def test_normal_non_contiguous_draws_one_by_one_in_memory_order(torch, dtype):
    for rows, cols in [(2, 3), (4, 5), (20, 30)]:
        for mean, std in NORMALS[:2]:
            g = seeded_pair(torch, rows)
            base = torch.empty(rows, cols, dtype=getattr(torch, dtype))
            base.t().normal_(mean, std)
            ours = g.normal(rows * cols, mean, std, dtype, contiguous=False)
            assert_bits(ours, base.reshape(-1))
            assert_in_sync(g, torch)
    g = seeded_pair(torch, 2)
    base = torch.zeros(6, 8, dtype=getattr(torch, dtype))
    base[:, ::2].normal_()
    assert_bits(g.normal(24, 0.0, 1.0, dtype, contiguous=False), base[:, ::2].reshape(-1))


def test_half_from_double_goes_through_float(torch):
    # 200,000 one-by-one float16 normals: numpy's direct double -> half rounding differs in ~12.
    g = seeded_pair(torch, 4)
    base = torch.empty(2, 100_000, dtype=torch.float16)
    base.t().normal_()
    assert_bits(g.normal(200_000, 0.0, 1.0, "float16", contiguous=False), base.reshape(-1))


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bool", "int64"])
def test_bernoulli_float_p_bit_exact(torch, dtype):
    for seed in SEEDS[:3]:
        for p in [0.0, 0.1, 1 / 3, 0.5, 0.9, 1.0]:
            g = seeded_pair(torch, seed)
            for n in [0, 1, 7, 100, 1000, 100_000]:
                theirs = torch.empty(n, dtype=getattr(torch, dtype)).bernoulli_(p)
                assert_bits(g.bernoulli(n, p, dtype), theirs)
            assert_in_sync(g, torch)


@pytest.mark.parametrize("p", [1.5, -0.1, math.nan])
def test_bernoulli_bad_p(torch, p):
    with pytest.raises(RuntimeError) as theirs:
        torch.empty(3).bernoulli_(p)
    with pytest.raises(TorchError) as ours:
        Generator(0).bernoulli(3, p)
    assert ours.value.message == str(theirs.value)


@pytest.mark.parametrize("probs_dtype", DTYPES)
def test_bernoulli_probability_tensor_bit_exact(torch, probs_dtype):
    for seed in SEEDS[:3]:
        for n in [0, 1, 7, 100, 1000, 100_000]:
            torch.manual_seed(100 + seed)
            probs = torch.rand(n, dtype=torch.float64).to(getattr(torch, probs_dtype))
            g = seeded_pair(torch, seed)
            assert_bits(g.bernoulli_probs(probs.numpy(), probs_dtype), torch.bernoulli(probs))
            assert_in_sync(g, torch)
    g = seeded_pair(torch, 1)
    probs = torch.tensor([0.2, 0.7, 0.5])
    assert_bits(g.bernoulli_probs(probs.numpy(), "int64"),
                torch.empty(3, dtype=torch.int64).bernoulli_(probs))


def test_bad_probability_tensor_message_and_state(torch):
    probs = [0.5, 0.5, 1.5, 0.5]
    g = seeded_pair(torch, 0)
    with pytest.raises(RuntimeError) as theirs:
        torch.bernoulli(torch.tensor(probs))
    with pytest.raises(TorchError) as ours:
        g.bernoulli_probs(np.array(probs, dtype=np.float32), "float32")
    assert ours.value.message == str(theirs.value)
    assert_in_sync(g, torch)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_dropout_masks(torch, dtype):
    # F.dropout in training: mask = bernoulli_(1 - p), then x * (mask / (1 - p)); p = 0 and
    # p = 1 draw nothing.
    F = torch.nn.functional
    for seed in SEEDS[:3]:
        for p in [0.0, 0.1, 1 / 3, 0.5, 0.9, 1.0]:
            torch.manual_seed(1000 + seed)
            x = torch.randn(3000, dtype=getattr(torch, dtype))
            g = seeded_pair(torch, seed)
            theirs = F.dropout(x, p)
            if 0 < p < 1:
                keep = g.bernoulli(3000, 1 - p, dtype)
                scale = np.dtype(dtype).type(1 - p)
                assert_bits(x.numpy() * (keep / scale), theirs)
            assert_in_sync(g, torch)


def test_dropout2d_masks_whole_channels(torch):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 4)
    g = seeded_pair(torch, 7)
    theirs = torch.nn.functional.dropout2d(x, 0.4)
    keep = g.bernoulli(6, 0.6).reshape(2, 3, 1, 1)
    assert_bits(x.numpy() * (keep / np.float32(0.6)), theirs)
    assert_in_sync(g, torch)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_rrelu_draws_a_slope_per_element_at_most_zero(torch, dtype):
    # one uniform_real_distribution<double> in [lower, upper] (the bounds in the dtype's
    # opmath first) per element <= 0, in order; the slope rounded to the dtype
    for seed in SEEDS[:3]:
        torch.manual_seed(1000 + seed)
        x = torch.randn(3000, dtype=getattr(torch, dtype))
        g = seeded_pair(torch, seed)
        theirs = torch.nn.functional.rrelu(x, 0.1, 1 / 3, training=True)
        ours, negative = x.numpy().copy(), x.numpy() <= 0
        low, high = (float(np.dtype(dtype).type(b)) for b in (0.1, 1 / 3))
        ours[negative] *= g.uniform_doubles(int(negative.sum()), low, high).astype(dtype)
        assert_bits(ours, theirs)
        assert_in_sync(g, torch)


TRUNC = [(0.0, 0.02, -2.0, 2.0), (0.0, 1.0, -1.0, 1.0), (0.5, 2.0, -1.0, 0.5),  # mass > 0.3
         (0.0, 1.0, 2.0, 3.0), (0.0, 1.0, -0.2, 0.3), (1.0, 0.5, -3.0, -2.0),  # mass <= 0.3
         (0.3, 0.7, 0.1, 0.2)]


@pytest.mark.parametrize("dtype", DTYPES)
def test_trunc_normal_bit_exact(torch, dtype):
    for mean, std, low, high in TRUNC:
        for n in [5, 16, 100, 1000]:
            for seed in SEEDS[:3]:
                g = seeded_pair(torch, seed)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # "mean is more than 2 std from [a, b]"
                    theirs = torch.nn.init.trunc_normal_(
                        torch.empty(n, dtype=getattr(torch, dtype)), mean, std, low, high)
                assert_bits(g.trunc_normal(n, mean, std, low, high, dtype), theirs)
                assert_in_sync(g, torch)


def kaiming_bound(fan_in: int) -> float:
    """kaiming_uniform_(a=sqrt(5))'s bound, with torch's float arithmetic."""
    gain = math.sqrt(2.0 / (1 + math.sqrt(5) ** 2))
    return math.sqrt(3.0) * (gain / math.sqrt(fan_in))


@pytest.mark.parametrize("seed", SEEDS)
def test_nn_default_inits(torch, seed):
    nn = torch.nn
    g = seeded_pair(torch, seed)
    for fan_in, fan_out in [(3, 1), (64, 128), (5, 7)]:
        layer = nn.Linear(fan_in, fan_out)
        weight = g.uniform(fan_in * fan_out, -kaiming_bound(fan_in), kaiming_bound(fan_in))
        assert_bits(weight.reshape(fan_out, fan_in), layer.weight)
        bias = 1 / math.sqrt(fan_in)
        assert_bits(g.uniform(fan_out, -bias, bias), layer.bias)
    conv = nn.Conv2d(3, 4, 3)
    assert_bits(g.uniform(108, -kaiming_bound(27), kaiming_bound(27)).reshape(4, 3, 3, 3),
                conv.weight)
    assert_bits(g.uniform(4, -1 / math.sqrt(27), 1 / math.sqrt(27)), conv.bias)
    embedding = nn.Embedding(10, 3)
    assert_bits(g.normal(30, 0.0, 1.0).reshape(10, 3), embedding.weight)
    lstm = nn.LSTM(4, 6)
    for parameter in lstm.parameters():
        ours = g.uniform(parameter.numel(), -1 / math.sqrt(6), 1 / math.sqrt(6))
        assert_bits(ours.reshape(tuple(parameter.shape)), parameter)
    assert_in_sync(g, torch)


def test_nn_init_functions(torch):
    init = torch.nn.init
    g = seeded_pair(torch, 11)
    w = torch.empty(20, 30)
    std = 1.0 * math.sqrt(2.0 / float(30 + 20))  # xavier_normal_: gain * sqrt(2 / (in + out))
    assert_bits(g.normal(600, 0.0, std).reshape(20, 30), init.xavier_normal_(w))
    bound = math.sqrt(3.0) * 1.0 * math.sqrt(2.0 / float(30 + 20))
    assert_bits(g.uniform(600, -bound, bound).reshape(20, 30), init.xavier_uniform_(w))
    std = math.sqrt(2.0) / math.sqrt(30)  # kaiming_normal_, relu gain, fan_in
    assert_bits(g.normal(600, 0.0, std).reshape(20, 30), init.kaiming_normal_(w))
    transposed = torch.empty(30, 20)
    init.normal_(transposed.t(), 0.5, 2.0)  # a non-contiguous target
    assert_bits(g.normal(600, 0.5, 2.0, contiguous=False).reshape(30, 20), transposed)
    assert_bits(g.uniform(600, -0.1, 0.1).reshape(20, 30), init.uniform_(w, -0.1, 0.1))
    assert_in_sync(g, torch)


def test_interleaved_draws_stay_in_sync(torch):
    plan = np.random.default_rng(2026)
    g = seeded_pair(torch, 3)
    for _ in range(150):
        n = int(plan.choice([1, 3, 15, 16, 17, 40, 257]))
        dtype = DTYPES[plan.integers(3)]
        empty = torch.empty(n, dtype=getattr(torch, dtype))
        op = plan.integers(5)
        if op == 0:
            assert_bits(g.uniform(n, -0.7, 0.4, dtype), empty.uniform_(-0.7, 0.4))
        elif op == 1:
            assert_bits(g.normal(n, 0.1, 3.0, dtype), empty.normal_(0.1, 3.0))
        elif op == 2:
            assert_bits(g.bernoulli(n, 0.25, dtype), empty.bernoulli_(0.25))
        elif op == 3:
            assert_bits(g.randn(n, dtype), torch.randn(n, dtype=empty.dtype))
        else:
            assert_bits(g.rand(n, dtype), torch.rand(n, dtype=empty.dtype))
    assert_in_sync(g, torch)
