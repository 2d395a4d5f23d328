"""The memory an op allocates is foreseen inside the op (issue #31, item 4): a result or a
temporary proportional to a product of sizes or to an argument (one_hot, einsum, a matrix
product, cdist, embedding, a convolution's patches, a pad, a repeat, an upsampling, a
broadcast, index tensors broadcast together) is checked against the element and memory
limits before it exists; the bit-exact init draws in pieces (tests/engine/test_rng.py) and
_trilinear (nn.Bilinear) sums its float64 product a slice at a time, the same bits as in one
piece. --max-memory takes sizes (500MB, 1GiB)."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hostile_harness import run_text

from gradcli.engine import trilinear
from gradcli.engine.limits import Limits, parse_size

ROOT = Path(__file__).resolve().parents[2]
MB = 10**6
IMPORTS = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"


def _peak_run(code: str, *flags: str) -> tuple[int, str, int]:
    """`gradcli run -c CODE` in a process of its own: its exit code, its stderr and its peak
    resident bytes (the kernel's count for that one child)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen([sys.executable, "-m", "gradcli", "run", "-c", code, "--format",
                                 "plain", "--no-check", *flags], env=env,
                                stdout=subprocess.DEVNULL, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait
        err.seek(0)
        return proc.returncode, err.read(), usage.ru_maxrss * 1024


@pytest.fixture(scope="module")
def baseline() -> int:
    """What a process that imports everything and makes a tiny tensor peaks at."""
    code, stderr, peak = _peak_run(IMPORTS + "x = torch.ones(2)")
    assert code == 0, stderr
    return peak


# Each within 500MB: it runs under the limit (the memory an op held at its peak, measured in
# the process), or is refused with LimitExceeded before allocating.
WITHIN_500MB = [
    ("nn.Linear(4096, 4096)", IMPORTS + "layer = nn.Linear(4096, 4096)", "ok"),
    ("nn.Bilinear", IMPORTS + "b = nn.Bilinear(256, 256, 16)\n"
                              "y = b(torch.ones(64, 256), torch.ones(64, 256))", "ok"),
    ("F.one_hot past the element limit",
     IMPORTS + "y = F.one_hot(torch.tensor([0, 1]), num_classes=3*10**8)",
     "LimitExceeded: F.one_hot's result (600,000,000 elements) exceeds the limit of "
     "134,217,728 elements per tensor"),
    ("F.one_hot past the memory limit",
     IMPORTS + "y = F.one_hot(torch.tensor([0, 1]), num_classes=6*10**7)",
     "LimitExceeded: memory limit of 500,000,000 bytes exceeded by F.one_hot's result: it "
     "needs 960,000,000 bytes"),
]


@pytest.mark.parametrize("what, code, ending", WITHIN_500MB, ids=[w[0] for w in WITHIN_500MB])
def test_max_memory_500MB_holds_for_ops_that_allocate_in_one_go(what, code, ending, baseline):
    exit_code, stderr, peak = _peak_run(code, "--max-memory", "500MB")
    if ending == "ok":
        assert exit_code == 0, stderr
    else:
        assert exit_code == 3 and ending in stderr, stderr
        assert "(raise it with --max-" in stderr
    assert peak - baseline < 500 * MB, f"{what} peaked at {(peak - baseline) / MB:.0f} MB"


def test_the_init_peaks_at_a_small_multiple_of_the_weight(baseline):
    exit_code, stderr, peak = _peak_run(IMPORTS + "layer = nn.Linear(4096, 4096)")
    assert exit_code == 0, stderr
    assert peak - baseline < 4 * 4096 * 4096 * 4  # a 64 MiB weight: was ~18 times it


# ---- in process: each op refuses before allocating ---------------------------------------

SMALL = Limits(max_memory=64 * 2**20, max_seconds=86_400.0)
FORESEEN = [
    ("y = torch.einsum('i,j->ij', torch.ones(6000), torch.ones(6000))",
     "einsum's product of two operands"),
    ("x = torch.ones(6000, 8)\ny = x @ x.T", "a matrix product's result"),
    ("x = torch.ones(4, 3000, 8)\ny = torch.bmm(x, x.transpose(1, 2))",
     "a batched matrix product's result"),
    ("q = torch.ones(1, 2, 3000, 8)\ny = torch.softmax(q @ q.transpose(-2, -1), -1)",
     "a batched matrix product's result"),  # attention's scores
    ("x = torch.ones(1500, 8)\ny = torch.cdist(x, x, p=1)", "cdist's table of row differences"),
    ("e = nn.Embedding(10, 1000)\ny = e(torch.zeros(20000, dtype=torch.long))",
     "F.embedding's result"),
    ("c = nn.Conv2d(16, 1, 7)\ny = c(torch.ones(2, 16, 128, 128))",
     "the convolution's patches"),
    ("y = F.one_hot(torch.arange(3), num_classes=10**7)", "F.one_hot's result"),
    ("y = F.pad(torch.ones(1, 1), (0, 2 * 10**7))", "the padded result"),
    ("y = F.pad(torch.ones(1, 1, 1), (0, 10**7), mode='replicate')", "the padded result"),
    ("y = torch.ones(2).repeat_interleave(torch.tensor([10**7, 1]))",
     "repeat_interleave's indices"),
    ("y = torch.ones(2).repeat_interleave(10**7)", "repeat_interleave's result"),
    ("y = F.pdist(torch.ones(3000, 2))", "pdist's table of row differences"),
    ("y = torch.ones(2).tile(10**7)", "the repeated result"),
    ("y = F.interpolate(torch.ones(1, 1, 2), size=5 * 10**6)", "the interpolation's matrix"),
    ("y = F.interpolate(torch.ones(1, 10, 1), size=10**6)", "the interpolated result"),
    ("y = F.adaptive_avg_pool1d(torch.ones(1, 1, 4), 10**7)", "the adaptive pooling's result"),
    ("y = F.adaptive_max_pool2d(torch.ones(1, 1, 4, 4), (10**4, 10**3))",
     "the adaptive pooling's result"),
    ("y = F.conv_transpose1d(torch.ones(1, 1, 3), torch.ones(1, 1, 1), stride=5 * 10**6)",
     "the transposed convolution's result"),
    ("y = F.unfold(torch.ones(1, 1, 200, 200), kernel_size=50)", "F.unfold's result"),
    ("y = F.fold(torch.ones(1, 1, 4), (5000, 5000), kernel_size=1, stride=4999)",
     "F.fold's result"),
    ("y = torch.multinomial(torch.ones(3), 10**7, replacement=True)", "multinomial's samples"),
    ("y = F.affine_grid(torch.zeros(1, 2, 3), (1, 1, 3000, 3000), align_corners=False)",
     "affine_grid's base grid"),
    ("y = F.affine_grid(torch.zeros(100, 2, 3), (100, 1, 300, 300), align_corners=False)",
     "affine_grid's result"),
    ("y = torch.combinations(torch.ones(10**4), r=2)", "combinations' mask of index tuples"),
    ("y = torch.block_diag(*[torch.ones(1, 1)] * 5000)", "block_diag's result"),
    ("y = torch.cartesian_prod(torch.ones(3000), torch.ones(3000))", "cartesian_prod's result"),
    ("y = F.ctc_loss(torch.ones(3000, 1, 3).log_softmax(2), torch.ones(1, 3000, "
     "dtype=torch.long), [3000], [3000])", "ctc_loss's tables of alignments"),
    ("y = torch.linalg.vander(torch.ones(2), N=10**7)", "vander's result"),
    ("y = torch.kron(torch.ones(5000, 1), torch.ones(1, 5000))", "kron's result"),
    ("y = torch.ones(5000, 1) + torch.ones(1, 5000)", "the broadcast result"),
    ("y = torch.atan2(torch.ones(5000, 1), torch.ones(1, 5000))", "the broadcast result"),
    ("y = torch.ones(5000, 1).clamp(torch.zeros(1, 5000))", "the broadcast result"),
    ("y = torch.normal(torch.ones(5000, 1), torch.ones(1, 5000))", "the broadcast result"),
    ("x = torch.ones(10, 10)\n"
     "y = x[torch.zeros(5000, 1, dtype=torch.long), torch.zeros(1, 5000, dtype=torch.long)]",
     "the advanced index's result"),
    ("y = torch.ones(10, 10).index_put_((torch.zeros(5000, 1, dtype=torch.long), "
     "torch.zeros(1, 5000, dtype=torch.long)), torch.ones(1))", "index_put's positions"),
    ("y = F.embedding_bag(torch.zeros(1000, 10, dtype=torch.long), torch.ones(10, 10))",
     "embedding_bag's table of bag members"),
    ("y = F.embedding_bag(torch.zeros(2 * 10**5, dtype=torch.long), torch.ones(10, 50), "
     "torch.zeros(1, dtype=torch.long))", "embedding_bag's rows"),
    ("x = torch.ones(5000, 2)\ny = torch.cdist(x, x)", "cdist's matrix of distances"),
    ("y = torch.addr(torch.ones(1), torch.ones(5000), torch.ones(5000))", "addr's outer product"),
    ("y = F.grid_sample(torch.ones(1, 100, 2, 2), torch.zeros(1, 300, 300, 2), "
     "align_corners=False)", "grid_sample's result"),
    ("y = F.embedding_bag(torch.zeros(2000, dtype=torch.long), torch.ones(10, 5000), "
     "torch.arange(2000), mode='max')", "embedding_bag's maxima"),
    ("y = torch.take_along_dim(torch.ones(5000, 1), torch.zeros(1, 5000, dtype=torch.long), 1)",
     "the broadcast result"),
    ("y = F.binary_cross_entropy_with_logits(torch.ones(5000, 1), torch.ones(5000, 1), "
     "pos_weight=torch.ones(1, 5000))", "the broadcast result"),
    ("y = F.soft_margin_loss(torch.ones(5000, 1), torch.ones(1, 5000))", "the broadcast result"),
    ("y = torch.ones(5000, 1).masked_scatter(torch.ones(1, 5000) > 0, torch.ones(1))",
     "the broadcast result"),
    ("y = torch.ones(10**4, 1).masked_select(torch.ones(1, 10**4) > 0)", "the broadcast result"),
]


@pytest.mark.parametrize("code, what", FORESEEN, ids=[f[1] for f in FORESEEN])
def test_each_op_foresees_the_memory_limit(code, what):
    outcome = run_text(IMPORTS + code, SMALL, max_elements=2**27, check=False, seconds=60)
    assert (outcome.status, outcome.error_type) == ("error", "LimitExceeded"), outcome
    assert outcome.message.startswith(f"memory limit of 67,108,864 bytes exceeded by {what}: "
                                      "it needs "), outcome.message
    assert outcome.message.endswith("(raise it with --max-memory)")


@pytest.mark.parametrize("code, what", FORESEEN, ids=[f[1] for f in FORESEEN])
def test_each_op_foresees_the_element_limit(code, what):
    outcome = run_text(IMPORTS + code, Limits(max_seconds=86_400.0), max_elements=10**6,
                       check=False, seconds=60)
    assert (outcome.status, outcome.error_type) == ("error", "LimitExceeded"), outcome
    assert outcome.message.startswith(f"{what} (") and outcome.message.endswith(
        "exceeds the limit of 1,000,000 elements per tensor (raise it with --max-elements)")


NEW_TENSORS = ["y = torch.ones(2**24, dtype=torch.float64)",
               "y = torch.full((2**24,), 2.5, dtype=torch.float64)",
               "y = torch.randn(2**24)", "y = torch.randint(0, 5, (2**24,))",
               "y = torch.arange(2**24)", "y = torch.linspace(0, 1, 2**24)",
               "y = torch.eye(2**12, dtype=torch.float64)", "y = torch.normal(0., 1., (2**24,))"]


@pytest.mark.parametrize("code", NEW_TENSORS)
def test_a_new_tensor_within_the_element_limit_foresees_the_memory_limit(code):
    outcome = run_text(IMPORTS + code, SMALL, max_elements=2**27, check=False, seconds=60)
    assert (outcome.status, outcome.error_type) == ("error", "LimitExceeded"), outcome
    assert outcome.message.startswith("memory limit of 67,108,864 bytes exceeded by the new "
                                      "tensor: it needs "), outcome.message


# ---- the same bits as before ------------------------------------------------------------------

def _bilinear_calls(rng, n: int, out: int, in1: int, in2: int, dtype) -> list[tuple]:
    """F.bilinear's _trilinear and the three of its backward."""
    x1, x2 = (rng.standard_normal(s).astype(dtype) for s in ((n, in1), (n, in2)))
    w, g = (rng.standard_normal(s).astype(dtype) for s in ((out, in1, in2), (n, out)))
    e1, e2, e3, summed = (1, 3), (0,), (1, 2), (2, 3)
    return [(x1, w, x2, e1, e2, e3, summed), (g, w, x2, summed, e2, e3, e1),
            (x1, g, x2, e1, summed, e3, e2), (x1, w, g, e1, e2, summed, e3)]


@pytest.mark.parametrize("chunk", [1, 7, 5000])
def test_trilinear_in_slices_is_bit_identical_to_one_piece(chunk, monkeypatch):
    rng = np.random.default_rng(chunk)
    shapes = [(int(n), int(o), int(a), int(b)) for n, o, a, b in rng.integers(1, 30, (12, 4))]
    for dtype in (np.float32, np.float64):
        for call in (c for s in shapes + [(5, 3, 256, 300)]
                     for c in _bilinear_calls(rng, *s, dtype)):
            monkeypatch.setattr(trilinear, "TRILINEAR_CHUNK", 2**40)
            whole = trilinear.trilinear(*call)
            monkeypatch.setattr(trilinear, "TRILINEAR_CHUNK", chunk)
            sliced = trilinear.trilinear(*call)
            assert whole.dtype == sliced.dtype and whole.shape == sliced.shape
            assert whole.tobytes() == sliced.tobytes()


# ---- --max-memory's sizes ---------------------------------------------------------------------

@pytest.mark.parametrize("text, size", [
    ("4096", 4096), ("500MB", 500 * MB), ("1GiB", 2**30), ("1.5 GiB", 3 * 2**29),
    ("512k", 512 * 2**10), ("2g", 2 * 2**30), ("10kb", 10_000), ("7B", 7)])
def test_sizes(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["garbage", "12XB", "-5", "", "1e9", "MB"])
def test_garbage_sizes_are_refused_on_the_command_line(text):
    with pytest.raises(ValueError, match="is not a size: give bytes"):
        parse_size(text)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", "-c", "x = 1",
                           "--max-memory", text], env=env, capture_output=True, text=True)
    assert proc.returncode == 4 and "is not a size" in proc.stderr, proc.stderr
