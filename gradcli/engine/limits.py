"""The engine's resource limits: named, with defaults no real session meets, raised by flags."""
from __future__ import annotations

import math

from .errors import TorchError

max_elements = 2**27  # elements in one tensor (--max-elements)


def check_elements(n: int) -> None:
    if n > max_elements:
        raise TorchError("LimitExceeded",
                         f"a tensor of {n:,} elements exceeds the limit of {max_elements:,} "
                         "elements per tensor (raise it with --max-elements)")


def check_shape(shape) -> None:
    check_elements(math.prod(shape))
