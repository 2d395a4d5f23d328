"""torch.result_type over tensors and Python numbers: a Python float stands for the session's
default dtype (torch.set_default_dtype), so `int_tensor * 2.5` is float64 after
set_default_dtype(torch.float64)."""
from __future__ import annotations

from . import dtypes, runtime
from .dtypes import DType


def scalar_dtype(v) -> DType:
    """The dtype a Python number stands for when it meets a tensor ("wrapped number")."""
    if isinstance(v, bool):
        return dtypes.bool_
    if isinstance(v, int):
        return dtypes.int64
    return runtime.current.default_dtype


def _combine(higher: DType | None, lower: DType | None) -> DType | None:
    # c10's combine_categories: a lower-priority operand only matters if it is of a higher category.
    if higher is None:
        return lower
    if lower is None or higher.category == dtypes.FLOAT:
        return higher
    if higher is dtypes.bool_ or lower.category == dtypes.FLOAT:
        return dtypes.promote(higher, lower)
    return higher


def result_type(*operands) -> DType:
    """torch.result_type over tensors and Python scalars.

    Dimensioned tensors outrank 0-dim tensors, which outrank Python scalars, unless a
    lower-ranked operand is of a higher category (a float scalar makes an int tensor float).
    """
    dim = zero = wrapped = None
    for x in operands:
        if hasattr(x, "dtype") and hasattr(x, "data"):  # a Tensor
            if x.data.ndim:
                dim = x.dtype if dim is None else dtypes.promote(dim, x.dtype)
            else:
                zero = x.dtype if zero is None else dtypes.promote(zero, x.dtype)
        else:
            d = scalar_dtype(x)
            wrapped = d if wrapped is None else dtypes.promote(wrapped, d)
    return _combine(dim, _combine(zero, wrapped))
