"""Which of PyTorch's CPU kernels gradcli emulates.

ATen compiles each kernel once per CPU capability and picks one when torch starts: AVX-512 or
AVX2 where the CPU has them (vectorised, with fused multiply-adds), else `default` (scalar code:
a multiply, then an add). `ATEN_CPU_CAPABILITY` chooses among those the CPU supports, for torch
and so for gradcli: the same script prints the same numbers as torch on the same machine."""
from __future__ import annotations

import functools
import os
import platform


@functools.cache
def fuses_multiply_add() -> bool:
    """Whether torch's vectorised kernels run here, so that `a * b + c` is rounded once."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return True  # ARM's NEON and SVE kernels fuse too
    chosen = os.environ.get("ATEN_CPU_CAPABILITY", "").strip().lower()
    return chosen != "default" and _x86_has_avx2_and_fma()


def _x86_has_avx2_and_fma() -> bool:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
                    return {"avx2", "fma"} <= flags
    except OSError:
        pass
    return True  # no way to tell: the kind every x86-64 of the past decade is
