"""A session's resource limits: named, with defaults no real session meets, each with its flag.

The engine enforces the tensor and memory limits; the language the rest (steps, nesting,
integers, sequences). Both read one `Limits`, the one the current Runtime holds.
"""
from __future__ import annotations

import gc
import math
import os
import re
import sys
from dataclasses import dataclass
from typing import NamedTuple

from .errors import TorchError

MAX_DIMS = 64  # numpy's: no array has more


@dataclass(frozen=True)
class Limits:
    """What one session may use. Each field has a CLI flag (see LIMIT_FLAGS)."""

    max_steps: int = 10_000_000  # statements, loop iterations and function calls executed
    # characters of the script's source: 10,000 lines of 50; at this size the worst script
    # (one tiny statement per line) takes seconds and ~0.5 GB just to parse and compile
    max_script_chars: int = 500_000
    max_nesting: int = 100  # depth of one expression's syntax tree
    max_int_bits: int = 10_000  # size of a Python int made by ** * << on ints
    max_sequence: int = 10_000_000  # items of a list/tuple/str, or of a range a builtin consumes
    max_memory: int = 4 * 2**30  # bytes the session adds: tensors, graphs, lists
    max_elements: int = 2**27  # elements in one tensor
    # script function and lambda calls running at once: a simple call takes ~6 of Python's
    # 1,000 frames (a call inside loops, `with` and `try`, ~15: there Python's stack may run
    # out first, reported as this limit too)
    max_call_depth: int = 100
    max_seconds: float = 60.0  # wall-clock time of one run (of one input in the REPL)

    def check_elements(self, n: int, what: str = "") -> None:
        """`what`: the result or temporary of an op about to be made ("F.one_hot's result")."""
        if n > self.max_elements:
            made = f"{what} ({n:,} elements) exceeds" if what else \
                f"a tensor of {n:,} elements exceeds"
            raise TorchError("LimitExceeded",
                             f"{made} the limit of {self.max_elements:,} elements per tensor "
                             "(raise it with --max-elements)")

    def check_shape(self, shape: tuple[int, ...] | list[int]) -> None:
        self.check_elements(math.prod(shape))

    def check_data_shape(self, shape: list[int]) -> None:
        """The shape of nested lists found so far, checked before torch.tensor() flattens the
        next level: [[0] * 10**7] * 10**7 holds 10**14 numbers, a list that contains itself
        never ends."""
        if len(shape) > MAX_DIMS:
            raise TorchError("ValueError", "too many dimensions 'list'")
        self.check_shape(shape)


class LimitFlag(NamedTuple):
    """A limit in words: what its message says was exceeded and in what unit, and the command
    line's flag that raises it, with the flag's help and smallest value."""

    what: str
    unit: str
    flag: str
    help: str
    least: int = 1
    sizes: bool = False  # the flag also takes sizes with a unit: 500MB, 1GiB (parse_size)


# field -> its words, in the order the commands' --help lists the flags (app/limit_options.py
# makes each command's options from here)
LIMIT_FLAGS: dict[str, LimitFlag] = {
    "max_steps": LimitFlag("step budget", "statements", "--max-steps",
                           "Statements, loop iterations and function calls to execute at most."),
    "max_script_chars": LimitFlag("script size limit", "characters", "--max-script-chars",
                                  "Characters of the script's source at most."),
    "max_nesting": LimitFlag("expression nesting limit", "levels", "--max-nesting",
                             "Depth of one expression at most."),
    "max_int_bits": LimitFlag("integer size limit", "bits", "--max-int-bits",
                              "Bits of a Python int made by ** * << at most."),
    "max_sequence": LimitFlag("sequence length limit", "items", "--max-sequence",
                              "Items of a list, tuple or str, or of a range a builtin consumes, "
                              "at most."),
    "max_elements": LimitFlag("tensor size limit", "elements", "--max-elements",
                              "Elements of one tensor at most."),
    "max_memory": LimitFlag("memory limit", "bytes", "--max-memory",
                            "Memory the session may take (tensors, graphs, lists) at most: "
                            "bytes, or a size such as 500MB, 1.5GiB, 512k.", sizes=True),
    "max_call_depth": LimitFlag("call depth limit", "calls", "--max-call-depth",
                                "Script function and lambda calls running at once, at most."),
    "max_seconds": LimitFlag("time limit", "seconds", "--max-seconds",
                             "Wall-clock seconds a run (each script of check) may take at most.",
                             least=0),
}


# A size's units: SI (kB, MB = 10**6 bytes), binary (KiB, MiB = 2**20), and docker's single
# letters (k, m, g), binary too.
SIZE_UNITS = {"": 1, "b": 1, **{f"{p}b": 1000 ** (i + 1) for i, p in enumerate("kmgt")},
              **{f"{p}ib": 1024 ** (i + 1) for i, p in enumerate("kmgt")},
              **{p: 1024 ** (i + 1) for i, p in enumerate("kmgt")}}
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-z]*)\s*", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes from `4096`, `500MB`, `1.5GiB` or `512k`; ValueError saying what is accepted."""
    match = _SIZE.fullmatch(text)
    unit = match and match.group(2).lower()
    if match is None or unit not in SIZE_UNITS:
        raise ValueError(f"{text!r} is not a size: give bytes (4096) or a number with a unit "
                         "(500MB, 1.5GiB, 512k; kB/MB/GB/TB are powers of 1000, KiB/MiB/GiB/"
                         "TiB and k/m/g/t powers of 1024)")
    return int(float(match.group(1)) * SIZE_UNITS[unit])


def limit_message(limits: Limits, field: str, context: str = "") -> str:
    """E.g. 'step budget of 10,000,000 statements exceeded (raise it with --max-steps)'."""
    words = LIMIT_FLAGS[field]
    value = getattr(limits, field)
    value = f"{value:,}" if isinstance(value, int) else f"{value:g}"
    where = f" {context}" if context else ""
    return f"{words.what} of {value} {words.unit} exceeded{where} (raise it with {words.flag})"


# ---- memory -------------------------------------------------------------------------------
#
# What a session holds is measured, not tallied: the growth of the process's resident memory
# since the session started covers tensor data, autograd graphs, the check's records and the
# script's lists alike, and needs no bookkeeping when anything is freed. Measuring costs a
# read of /proc, so it is done once every few MiB of new tensors and sequences: the places
# that create them call `count`, which is one add and one compare.

# A tensor's own bytes are its data; its Python object, its graph node and the check's record
# of it cost about 2 KB more per op (measured on a chain of scalar ops): count 1 KiB a tensor,
# so that graphs of tiny tensors are measured too.
TENSOR_OVERHEAD = 1024
LARGEST_CHECK_INTERVAL = 64 * 2**20  # bytes counted between two measurements, at most


class MemoryMeter:
    """A session's memory: the process's growth since the meter was made, against `limit`."""

    __slots__ = ("limit", "baseline", "since_check", "interval")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.baseline = resident_bytes()
        self.since_check = 0  # bytes counted since the process was last measured
        self.interval = max(1, min(LARGEST_CHECK_INTERVAL, limit // 16))

    def count(self, n: int) -> None:
        """`n` bytes were just allocated; measure the process when enough have been."""
        self.since_check += n
        if self.since_check > self.interval:
            self.check()

    def check(self) -> None:
        """Raise LimitExceeded if the session holds more than the limit; garbage that only
        the cycle collector frees is collected before deciding."""
        self.since_check = 0
        if self.session_bytes() <= self.limit:
            return
        gc.collect()
        used = self.session_bytes()
        if used > self.limit:
            raise TorchError("LimitExceeded",
                             f"memory limit of {self.limit:,} bytes exceeded: the session holds "
                             f"{used:,} bytes of tensors, graphs and values (raise it with "
                             "--max-memory)")

    def foresee(self, nbytes: int, what: str) -> None:
        """Before `what` allocates `nbytes`: refuse it if the session could not hold them
        (an allocation smaller than the interval between measurements is left to `count`)."""
        if nbytes < self.interval or self.session_bytes() + nbytes <= self.limit:
            return
        gc.collect()
        held = self.session_bytes()
        if held + nbytes > self.limit:
            raise TorchError("LimitExceeded",
                             f"memory limit of {self.limit:,} bytes exceeded by {what}: it needs "
                             f"{nbytes:,} bytes, and the session holds {held:,} "
                             "(raise it with --max-memory)")

    def session_bytes(self) -> int:
        """The growth of resident memory since the session started; never below 0 (garbage of
        before the session, freed during it, would make room the session never had)."""
        return max(resident_bytes() - self.baseline, 0)


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
