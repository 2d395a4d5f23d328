"""Process-wide tuning for running the engine fast. Never done at import: a program that runs
gradcli's sessions (its CLI, a benchmark) calls `tune_process` once, at its start."""
from __future__ import annotations

import gc

import numpy as np


def tune_process() -> None:
    # inf and nan are values in torch's arithmetic, never warnings (sessions also say so
    # while they run: engine/runtime.py); here for everything around them (the reports).
    np.seterr(all="ignore")
    # A graph is many small objects that live until its backward pass. With Python's default
    # thresholds (a collection every 700 new objects) the cycle collector walks them over and
    # over: half the time of a long chain of ops. Collect rarely; the engine makes few cycles.
    # (It also makes imports, sympy's above all, ~25% faster.)
    gc.set_threshold(200_000, 50, 50)
    _keep_freed_memory()


def _keep_freed_memory() -> None:
    """Let glibc's malloc keep freed memory for reuse instead of handing big blocks back to the
    system at once: every op on a big tensor allocates its result anew, and memory fresh from
    the system costs a page fault per 4 KiB, several times the arithmetic (a 1e6-element
    forward and backward: 15 ms against 2.5 ms). Elsewhere than glibc, nothing to do."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt  # (the C library the process already runs on)
    except (OSError, AttributeError):
        return
    m_trim_threshold, m_mmap_threshold = -1, -3
    mallopt(m_mmap_threshold, 256 * 2**20)  # blocks below this come from the reusable heap
    mallopt(m_trim_threshold, 512 * 2**20)  # free heap kept for reuse, up to this much
