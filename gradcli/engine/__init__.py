"""gradcli's engine layer."""
import gc

import numpy as np

# inf and nan are values in torch's arithmetic, never warnings or errors: numpy is told so
# once for the process, not with an errstate context around every op (a cost per op). Code
# that wants numpy to raise still says so locally with np.errstate(...="raise").
np.seterr(all="ignore")

# A graph is many small objects that live until its backward pass. With Python's default
# thresholds (a collection every 700 new objects) the cycle collector walks them over and
# over: half the time of a long chain of ops. Collect rarely; the engine makes few cycles.
# (It also makes imports, sympy's above all, ~25% faster.)
gc.set_threshold(200_000, 50, 50)


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


_keep_freed_memory()
