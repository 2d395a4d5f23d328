"""Random streams: torch-semantics.md section 13's numbers, and a torch differential test."""
from __future__ import annotations

import numpy as np
import pytest
from oracle.tolerance import assert_close, torch_runs_vector_kernels

from gradcli.engine import rng as rng_module
from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.rng import DRAW_CHUNK, Generator
from gradcli.engine.tensor_repr import format_tensor

SEED0_RAND6 = [0.49625658988952637, 0.7682217955589294, 0.08847743272781372,
               0.13203048706054688, 0.30742281675338745, 0.6340786814689636]


def seeded(seed: int) -> Generator:
    return Generator(seed)


# ---- section 13, no torch needed -----------------------------------------------------------

def test_seed_0_rand_exact_values():
    values = seeded(0).rand(6)
    assert values.dtype == np.float32
    assert values.tolist() == SEED0_RAND6


@pytest.mark.parametrize("seed, expected", [
    (0, [0.4963, 0.7682, 0.0885, 0.1320, 0.3074, 0.6341]),
    (1, [0.7576, 0.2793, 0.4031, 0.7347, 0.0293, 0.7999]),
    (42, [0.8823, 0.9150, 0.3829, 0.9593, 0.3904, 0.6009]),
])
def test_section_13_table(seed, expected):
    assert [round(v, 4) for v in seeded(seed).rand(6).tolist()] == expected


def test_one_stream_across_calls():
    g = seeded(5)
    pieces = np.concatenate([g.rand(2), g.rand(2), g.rand(3)])
    assert np.array_equal(pieces, seeded(5).rand(7))


def test_only_low_32_bits_of_the_seed_matter():
    assert np.array_equal(seeded(2**32 + 5).rand(10), seeded(5).rand(10))
    assert seeded(2**32 + 5).initial_seed() == 2**32 + 5


def test_negative_seed_reports_as_uint64():
    g = seeded(-1)
    assert g.initial_seed() == 18446744073709551615
    assert np.array_equal(g.rand(5), seeded(0xFFFFFFFF).rand(5))


def test_seed_out_of_range():
    """torch's ValueError, as an error the script sees (not an internal one)."""
    for seed in (2**64, -(2**63) - 1):
        with pytest.raises(TorchError, match="Overflow when unpacking long long") as raised:
            Generator().manual_seed(seed)
        assert raised.value.type_name == "ValueError"


def test_manual_seed_resets_the_stream():
    g = seeded(3)
    first = g.rand(4)
    g.manual_seed(3)
    assert np.array_equal(g.rand(4), first)


def test_float64_rand_uses_two_words_hi_first():
    words = seeded(0)._bits.random_raw(4)  # a fresh generator with the same seed
    hi_lo = (words[0::2] << np.uint64(32)) | words[1::2]
    expected = (hi_lo & np.uint64(2**53 - 1)).astype(np.float64) * 2.0**-53
    assert np.array_equal(seeded(0).rand(2, "float64"), expected)


def test_randn_10_seed_0_prints_like_torch():
    expected = ("tensor([ 1.5410, -0.2934, -2.1788,  0.5684, -1.0845, -1.3986,  0.4033,  0.8380,\n"
                "        -0.7193, -0.4033])")
    assert format_tensor(seeded(0).randn(10), "float32") == expected


def test_randn_cache_carries_across_calls_and_seed_clears_it():
    g = seeded(0)
    one_by_one = np.concatenate([g.randn(1), g.randn(1)])
    assert np.array_equal(one_by_one, seeded(0).randn(2))
    g = seeded(0)
    g.randn(1)
    g.manual_seed(0)
    assert np.array_equal(g.randn(1), seeded(0).randn(1))


def test_randn_1_consumes_four_words():
    g = seeded(0)
    g.randn(1)
    assert g.rand(1)[0] == seeded(0).rand(5)[4]


@pytest.mark.parametrize("n, words", [(16, 16), (17, 33), (20, 36), (32, 32), (33, 49)])
def test_randn_blocks_consume_n_plus_16_words_when_ragged(n, words):
    g = seeded(0)
    g.randn(n)
    assert g.rand(1)[0] == seeded(0).rand(words + 1)[words]


def test_randn_20_seed_0_exact_values():
    # Recorded from torch 2.13 (torch.manual_seed(0); torch.randn(20).tolist()), AVX2/AVX512 CPU.
    expected = [-1.1258398294448853, -1.152360200881958, -0.2505785822868347, -0.4338788092136383,
                0.5988394618034363, -1.5550950765609741, -0.3413603901863098, 1.85300612449646,
                0.46809640526771545, -0.1577124446630478, 1.4436601400375366, 0.26604941487312317,
                1.3893661499023438, 1.586334228515625, 0.946298360824585, -0.843676745891571,
                0.9318265914916992, 1.2590092420578003, 2.0049805641174316, 0.05373690277338028]
    assert seeded(0).randn(20).tolist() == expected


def test_randn_17_float64_seed_0_last_values():
    # Recorded from torch 2.13.
    expected = [-0.4484158047114511, -0.8910030351707375, 0.6748575435940039]
    assert seeded(0).randn(17, "float64").tolist()[-3:] == expected


def test_randint_uses_64_bit_draws_from_span_2_pow_28():
    words = seeded(0)._bits.random_raw(2)
    assert seeded(0).randint(0, 2**28 - 1, 1)[0] == words[0] % (2**28 - 1)
    assert seeded(0).randint(0, 2**28, 1)[0] == words[1] % 2**28  # (hi << 32 | lo) % 2**28


def test_unseeded_generators_differ():
    assert Generator().initial_seed() != Generator().initial_seed()
    assert isinstance(runtime.current.generator.initial_seed(), int)


def test_randint_range_and_errors():
    values = seeded(0).randint(-5, 7, 1000)
    assert values.dtype == np.int64 and values.min() == -5 and values.max() == 6
    message = "random_ expects 'from' to be less than 'to', but got from=5 >= to=5"
    with pytest.raises(TorchError, match=message):
        seeded(0).randint(5, 5, 3)


def test_randperm_is_a_permutation():
    perm = seeded(0).randperm(100)
    assert perm.dtype == np.int64 and sorted(perm.tolist()) == list(range(100))


def test_exact_fma_avoids_double_rounding():
    # a*b + c = 1 + 2**-23 + 2**-24 - 2**-60: just below a float32 midpoint. A float64 sum rounds
    # onto the midpoint and then to the even neighbour; a true FMA gives 1 + 2**-23.
    a, b, c = np.float32(1 + 2**-18), np.float32(2**-24 - 2**-42), np.float32(1 + 2**-23)
    assert np.float32(np.float64(a) * np.float64(b) + np.float64(c)) == np.float32(1 + 2**-22)
    assert rng_module.fma32(a, b, c) == np.float32(1 + 2**-23)


# ---- against real torch --------------------------------------------------------------------

SEEDS = [0, 1, 42, 123456789, 2**32 - 1, 2**32 + 5, 2**40 + 3, 2**63, 2**64 - 1, -1, -7, -(2**63)]
SIZES = [0, 1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 100, 1000, 4097]
DTYPES = ["float32", "float64", "float16"]


@pytest.fixture(scope="module")
def torch():
    reason = "real torch is the oracle for the RNG differential test"
    return pytest.importorskip("torch", reason=reason)


def torch_randn_is_avx2(torch) -> bool:
    # torch's float32 n >= 16 randn kernel is the AVX2 one only on AVX2/AVX512 CPUs.
    return torch_runs_vector_kernels()


def assert_same(ours: np.ndarray, theirs, exact: bool = True):
    theirs = theirs.numpy()
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
    if exact:
        assert np.array_equal(ours, theirs, equal_nan=True)
    else:
        assert_close(ours, theirs, "randn under torch's scalar kernels")


@pytest.mark.parametrize("dtype", DTYPES)
def test_rand_bit_exact(torch, dtype):
    g = Generator()
    for seed in SEEDS:
        torch.manual_seed(seed)
        g.manual_seed(seed)
        assert g.initial_seed() == torch.initial_seed()
        for n in SIZES:
            assert_same(g.rand(n, dtype), torch.rand(n, dtype=getattr(torch, dtype)))


def test_float16_rand_clamps_one_to_zero(torch):
    torch.manual_seed(0)
    g = seeded(0)
    ours = g.rand(20000, "float16")
    assert np.sum(seeded(0).rand(20000).astype(np.float16) == 1) > 0  # the clamp is exercised
    assert_same(ours, torch.rand(20000, dtype=torch.float16))


@pytest.mark.parametrize("dtype", DTYPES)
def test_randn_bit_exact(torch, dtype):
    exact = dtype == "float64" or torch_randn_is_avx2(torch)
    g = Generator()
    for seed in SEEDS:
        torch.manual_seed(seed)
        g.manual_seed(seed)
        for n in SIZES:
            small = n < 16
            theirs = torch.randn(n, dtype=getattr(torch, dtype))
            assert_same(g.randn(n, dtype), theirs, exact or small)


def test_randn_float32_large_blocks(torch):
    exact = torch_randn_is_avx2(torch)
    for seed in [0, 2**33 + 9]:
        torch.manual_seed(seed)
        assert_same(seeded(seed).randn(300_001), torch.randn(300_001), exact)


@pytest.mark.parametrize("dtype", DTYPES)
def test_large_draws_made_in_pieces_are_torchs(torch, dtype):
    """uniform_ (every nn init), bernoulli_ and normal_ past DRAW_CHUNK elements, a ragged
    16-block at the end: drawn piece by piece, so that an init's peak stays near its weight."""
    n = 3 * DRAW_CHUNK + 21
    draws = [("uniform_", (-0.3, 0.7), lambda g: g.uniform(n, -0.3, 0.7, dtype), True),
             ("bernoulli_", (0.3,), lambda g: g.bernoulli(n, 0.3, dtype), True)]
    if dtype != "float64":  # (float64's normals go through Python's math: slow at this size)
        draws.append(("normal_", (0.5, 2.0), lambda g: g.normal(n, 0.5, 2.0, dtype),
                      torch_randn_is_avx2(torch)))
    for method, args, ours, exact in draws:
        torch.manual_seed(7)
        theirs = getattr(torch.empty(n, dtype=getattr(torch, dtype)), method)(*args)
        assert_same(ours(seeded(7)), theirs, exact)


def test_randint_and_randperm_bit_exact(torch):
    g = Generator()
    bounds = [(0, 2), (-5, 7), (0, 2**28 - 1), (0, 2**28), (3, 2**31 + 3), (-(2**40), 2**40),
              (0, 2**32), (-(2**63), 2**63 - 1), (10, 11)]
    for seed in SEEDS[:6]:
        torch.manual_seed(seed)
        g.manual_seed(seed)
        for low, high in bounds:
            for n in [0, 1, 5, 64]:
                assert_same(g.randint(low, high, n), torch.randint(low, high, (n,)))
        for n in [0, 1, 2, 3, 10, 1000]:
            assert_same(g.randperm(n), torch.randperm(n))


def test_interleaved_calls_stay_in_sync(torch):
    ops = ["rand", "randn", "randint", "randperm"]
    plan = np.random.default_rng(2024)
    g = Generator()
    for seed in [0, 7, 2**32 + 1, -3]:
        torch.manual_seed(seed)
        g.manual_seed(seed)
        for _ in range(60):
            op = ops[plan.integers(len(ops))]
            n = int(plan.choice([1, 2, 3, 5, 15, 16, 17, 40]))
            dtype = DTYPES[plan.integers(3)]
            if op == "rand":
                assert_same(g.rand(n, dtype), torch.rand(n, dtype=getattr(torch, dtype)))
            elif op == "randn":
                exact = n < 16 or dtype == "float64" or torch_randn_is_avx2(torch)
                assert_same(g.randn(n, dtype), torch.randn(n, dtype=getattr(torch, dtype)), exact)
            elif op == "randint":
                low, high = [(-3, 2**33), (0, 10), (5, 2**28 + 5)][plan.integers(3)]
                assert_same(g.randint(low, high, n), torch.randint(low, high, (n,)))
            else:
                assert_same(g.randperm(n), torch.randperm(n))
            if plan.random() < 0.05:
                torch.manual_seed(seed + 1)
                g.manual_seed(seed + 1)


def test_randn_shape_does_not_matter(torch):
    torch.manual_seed(0)
    assert_same(seeded(0).randn(24).reshape(2, 3, 4), torch.randn(2, 3, 4),
                torch_randn_is_avx2(torch))
