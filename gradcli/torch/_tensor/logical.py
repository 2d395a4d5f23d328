"""torch.all and torch.any (and x.all(), x.any()): whether every (some) element is nonzero,
over everything or along dims. Bool results, as torch's, but uint8 for a uint8 input; no
gradient (torch's grad_fn is None for them)."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.tensor import Tensor
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.shape import _dims


def signatures(name: str) -> tuple[str, ...]:
    """torch's overloads of all / any, in its order."""
    return (f"{name}(Tensor input, *, Tensor out=None)",
            f"{name}(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, "
            f"Tensor out=None)",
            f"{name}(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)")


def _logical(name: str, reduce: Callable) -> Callable:
    def fn(input, dim=None, keepdim=False) -> Tensor:
        axes = None if dim is None else _dims(dim, input.ndim)
        out = np.asarray(reduce(input.data != 0, axis=axes, keepdims=keepdim and dim is not None))
        return Tensor(out.astype(np.uint8) if input.dtype is dtypes.uint8 else out)
    fn.__name__ = fn.__qualname__ = name
    return torch_function(*signatures(name), method=True)(fn)


all_ = _logical("all", np.all)
any_ = _logical("any", np.any)
