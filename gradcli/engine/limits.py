"""The engine's resource limits: named, with defaults no real session meets, raised by flags."""
from __future__ import annotations

import gc
import math
import os
import sys
from typing import TYPE_CHECKING

from .errors import TorchError

if TYPE_CHECKING:
    import numpy as np

max_elements = 2**27  # elements in one tensor (--max-elements)
DEFAULT_MAX_MEMORY = 4 * 2**30
max_memory = DEFAULT_MAX_MEMORY  # bytes the session may add to the process (--max-memory)

# A tensor's own bytes are its data; its Python object, its graph node and the check's record
# of it cost about 2 KB more per op (measured on a chain of scalar ops): count 1 KiB a tensor,
# so that graphs of tiny tensors are measured too.
TENSOR_OVERHEAD = 1024
LARGEST_CHECK_INTERVAL = 64 * 2**20  # bytes counted between two measurements, at most

_since_check = 0  # bytes counted since the process was last measured
_check_interval = LARGEST_CHECK_INTERVAL
_baseline = 0  # the process's resident bytes when the session started


def check_elements(n: int) -> None:
    if n > max_elements:
        raise TorchError("LimitExceeded",
                         f"a tensor of {n:,} elements exceeds the limit of {max_elements:,} "
                         "elements per tensor (raise it with --max-elements)")


def check_shape(shape: tuple[int, ...] | list[int]) -> None:
    check_elements(math.prod(shape))


MAX_DIMS = 64  # numpy's: no array has more


def check_data_shape(shape: list[int]) -> None:
    """The shape of nested lists found so far, checked before torch.tensor() flattens the next
    level: [[0] * 10**7] * 10**7 holds 10**14 numbers, a list that contains itself never ends."""
    if len(shape) > MAX_DIMS:
        raise TorchError("ValueError", "too many dimensions 'list'")
    check_shape(shape)


# ---- memory -------------------------------------------------------------------------------
#
# What a session holds is measured, not tallied: the growth of the process's resident memory
# since the session started covers tensor data, autograd graphs, the check's records and the
# script's lists alike, and needs no bookkeeping when anything is freed. Measuring costs a
# read of /proc, so it is done once every few MiB of new tensors and sequences: the places
# that create them call count_bytes, which is one add and one compare.


def start_session(limit: int) -> None:
    """The memory limit of a new session; the process's size now is its zero."""
    global max_memory, _baseline, _since_check, _check_interval
    max_memory = limit
    _baseline = resident_bytes()
    _since_check = 0
    _check_interval = max(1, min(LARGEST_CHECK_INTERVAL, limit // 16))


def count_bytes(n: int) -> None:
    """`n` bytes were just allocated; measure the process when enough have been."""
    global _since_check
    _since_check += n
    if _since_check > _check_interval:
        check_memory()


def count_tensor(data: np.ndarray) -> None:
    """A tensor was made from the array `data` (count_bytes, inlined: every op calls this)."""
    global _since_check
    _since_check += data.nbytes + TENSOR_OVERHEAD
    if _since_check > _check_interval:
        check_memory()


def check_memory() -> None:
    """Raise LimitExceeded if the session holds more than max_memory bytes; garbage that only
    the cycle collector frees is collected before deciding."""
    global _since_check
    _since_check = 0
    if session_bytes() <= max_memory:
        return
    gc.collect()
    used = session_bytes()
    if used > max_memory:
        raise TorchError("LimitExceeded",
                         f"memory limit of {max_memory:,} bytes exceeded: the session holds "
                         f"{used:,} bytes of tensors, graphs and values (raise it with "
                         "--max-memory)")


def session_bytes() -> int:
    return resident_bytes() - _baseline


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_statm: tuple[int, int] | None = None  # (pid, fd of /proc/self/statm), opened once


def resident_bytes() -> int:
    """The process's resident memory now (Linux), else its peak (macOS), else 0 (Windows)."""
    statm = _statm_fd()
    if statm is not None:
        return int(os.pread(statm, 64, 0).split()[1]) * _PAGE
    try:
        import resource
    except ImportError:
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _statm_fd() -> int | None:
    """An open /proc/self/statm, kept open: a session opens no file while it runs."""
    global _statm
    pid = os.getpid()
    if _statm is None or _statm[0] != pid:  # first use, or a forked child
        try:
            _statm = (pid, os.open("/proc/self/statm", os.O_RDONLY))
        except OSError:
            _statm = (pid, -1)
    return _statm[1] if _statm[1] >= 0 else None


_statm_fd()  # opened at import, before any session (and any audit of its file access)
