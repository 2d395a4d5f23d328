"""How far gradcli's numbers may be from the PyTorch running beside them.

PyTorch is not bit-identical across CPU kinds: ATen picks each kernel by CPU capability
(`ATEN_CPU_CAPABILITY=default|avx2|avx512`: vectorised or scalar, fused multiply-adds or not)
and MKL picks its own (float32 sqrt is correctly rounded on AVX-512 Xeons, up to 0.75 ulp off
in MKL's generic kernel). A test against live torch therefore allows what torch's own
`torch.testing.assert_close` allows for the dtype, or a stated number of ulps for one kernel;
bit equality is asserted only where torch is bit-stable across CPUs (integer-derived draws).
"""
from __future__ import annotations

import numpy as np

# torch.testing.assert_close's defaults (torch/testing/_comparison.py), per dtype: (rtol, atol)
ASSERT_CLOSE = {"float16": (1e-3, 1e-5), "bfloat16": (1.6e-2, 1e-5),
                "float32": (1.3e-6, 1e-5), "float64": (1e-7, 1e-7)}


def _same_kind(ours: np.ndarray, theirs: np.ndarray, what: str) -> None:
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, (
        f"{what}: {ours.dtype}{list(ours.shape)} != {theirs.dtype}{list(theirs.shape)}")
    assert np.array_equal(np.isnan(ours), np.isnan(theirs)), f"{what}: nan at other places"


def assert_close(ours: np.ndarray, theirs: np.ndarray, what: str) -> None:
    """Equal as torch.testing.assert_close would judge two CPU kinds' results of one program."""
    __tracebackhide__ = True
    if str(ours.dtype) not in ASSERT_CLOSE:  # integers and bools: exact, as assert_close does
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs), f"{what}: not equal"
        return
    _same_kind(ours, theirs, what)
    rtol, atol = ASSERT_CLOSE[str(ours.dtype)]
    ok = np.isclose(ours, theirs, rtol=rtol, atol=atol, equal_nan=True)
    assert ok.all(), (f"{what}: {np.count_nonzero(~ok)} elements past rtol={rtol}, atol={atol}: "
                      f"{ours[~ok][:5]} != {theirs[~ok][:5]}")


def ulps(ours: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """How many representable numbers of the dtype lie between each pair (0 where equal)."""
    bits = {2: np.int16, 4: np.int32, 8: np.int64}[ours.dtype.itemsize]

    def ordered(x):  # the float's bits as an integer that grows with the float, -0 == +0
        i = np.ascontiguousarray(x).view(bits).astype(np.int64)
        return np.where(i < 0, np.iinfo(bits).min - i, i)

    return np.abs(ordered(ours) - ordered(theirs))


def assert_within_ulps(ours: np.ndarray, theirs: np.ndarray, most: int, what: str) -> None:
    __tracebackhide__ = True
    _same_kind(ours, theirs, what)
    finite = ~np.isnan(theirs)
    apart = ulps(ours[finite], theirs[finite])
    assert apart.size == 0 or apart.max() <= most, (
        f"{what}: {np.count_nonzero(apart > most)} elements more than {most} ulp apart "
        f"(at most {apart.max()})")


def torch_runs_vector_kernels() -> bool:
    """Whether the PyTorch beside the tests runs ATen's AVX2/AVX-512 kernels, the ones gradcli's
    random draws follow bit for bit (under `default` its scalar kernels round otherwise)."""
    import torch

    return torch.backends.cpu.get_cpu_capability() in ("AVX2", "AVX512")


def assert_bits_where_stable(ours: np.ndarray, theirs: np.ndarray, what: str = "") -> None:
    """Bit for bit where torch's draws are the kernels gradcli follows, else assert_close."""
    __tracebackhide__ = True
    if not torch_runs_vector_kernels():
        assert_close(ours, theirs, what)
        return
    _same_kind(ours, theirs, what)
    assert np.array_equal(ours.view(np.uint8), theirs.view(np.uint8)), f"{what}: not bit for bit"
