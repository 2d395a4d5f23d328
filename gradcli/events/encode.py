"""Turn a script value into its JSON form (the output contract's "Values" table) and REPL text."""
from __future__ import annotations

import math
import re
from typing import Any

import numpy as np

from gradcli.engine.autograd import AccumulateGrad, Node
from gradcli.engine.dtypes import DType
from gradcli.engine.tensor import Tensor

MAX_DEPTH = 200  # nested lists deeper than this are refused, as Python's repr would be
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def encode_value(v: Any) -> Any:
    """The JSON encoding of `v`, snapshotted now (tensor data is copied out)."""
    return _encode(v, 0, set())


def repl_text(v: Any) -> str:
    """What Python's REPL prints for `v`."""
    return repr(v)


def grad_fn_name(node: Any) -> str:
    """PyTorch's class name of a grad_fn node: "PowBackward0", "CopySlices", "AccumulateGrad"."""
    op = getattr(node, "op", None)
    return getattr(op, "grad_fn", None) or type(node).__name__


def number(x: Any) -> Any:
    """A number as JSON has it: non-finite floats become "nan", "inf", "-inf"."""
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


class Listed(list):
    """A tensor's nested lists that keep the float64 array they were made from (None's places
    as nan), so that what reads them again as numbers (a bounded JSON row's summary, the
    accumulation ledger) need not walk every element in Python; `missing`: where None is."""

    __slots__ = ("array", "missing")

    def __reduce__(self) -> tuple:  # pickled (check -j's workers) as the plain list it is
        return list, (list(self),)


def unlisted(data: Any) -> Any:
    """`data` without the array a Listed keeps (a shallow copy: rows are shared), for events
    kept to the end of a run, whose lists are all the ledger needs."""
    return list(data) if isinstance(data, Listed) else data


def listed_array(data: Any) -> np.ndarray | None:
    """The float64 array `data` was listed from, or None when it is not at hand."""
    return data.array if isinstance(data, Listed) else None


def data_of(array: np.ndarray, missing: np.ndarray | None = None) -> Any:
    """A tensor's data for JSON: nested lists, non-finite floats by name, the elements where
    `missing` holds as None (without a loop in Python: tensors can be large)."""
    array = np.asarray(array)  # (arithmetic on 0-dim arrays gives numpy scalars)
    finite = np.isfinite(array) if array.dtype.kind == "f" else None
    # the usual case, where tolist() is already the JSON form (count_nonzero: no .all() call,
    # whose own cost is most of the test on a small tensor)
    if missing is None and (finite is None or np.count_nonzero(finite) == finite.size):
        return _listed(array.tolist(), array, None)
    named = array.astype(object)
    if finite is not None:
        bad = ~finite
        named[bad] = np.where(np.isnan(array[bad]), "nan",
                              np.where(array[bad] > 0, "inf", "-inf"))
    if missing is not None:
        named[missing] = None
    return _listed(named.tolist(), array, missing)


def _listed(data: Any, array: np.ndarray, missing: np.ndarray | None) -> Any:
    """`data` as Listed when it is a list of float data (a 0-dim array lists as a number)."""
    if not isinstance(data, list) or array.dtype.kind != "f":
        return data
    listed = Listed(data)
    listed.array = array.astype(np.float64)
    if missing is not None:
        listed.array[missing] = np.nan  # what reading None as a float64 gives
    listed.missing = missing
    return listed


def summarise(a: np.ndarray, checked: np.ndarray | None = None) -> dict[str, Any]:
    """A large tensor in an event: its shape, range, mean and first elements, not every value
    (with `checked`, of the checked elements only, and how many they are)."""
    # (one dimension in C order, as a[checked] is: the mean sums in that order whether or not
    # a copy of the finite elements is needed, and the usual tensor needs none)
    values = a.reshape(-1) if checked is None else a[checked]
    is_finite = np.isfinite(values)
    finite = values if np.count_nonzero(is_finite) == values.size else values[is_finite]
    stats = (finite.min(), finite.max(), finite.mean()) if finite.size else (np.nan,) * 3
    head_missing = None if checked is None else ~checked.reshape(-1)[:6]
    summary = {"type": "summary", "shape": list(a.shape), "min": number(float(stats[0])),
               "max": number(float(stats[1])), "mean": number(float(stats[2])),
               "nonfinite": int(values.size - finite.size),
               "head": data_of(a.reshape(-1)[:6], head_missing)}
    if checked is not None:
        summary["checked"] = int(values.size)
    return summary


def _encode(v: Any, depth: int, open_lists: set[int]) -> Any:
    """`open_lists`: the ids of the lists and tuples being encoded around `v`."""
    if depth > MAX_DEPTH:
        raise RecursionError("maximum recursion depth exceeded while getting the repr of an object")
    if v is None or isinstance(v, (bool, str, int)):
        return v
    if isinstance(v, float):
        return number(v)
    if isinstance(v, Tensor):
        return {
            "type": "tensor",
            "dtype": v.dtype.name,
            "shape": list(v.data.shape),
            "data": data_of(v.data),
            "requires_grad": bool(v.requires_grad),
            "grad_fn": grad_fn_name(v.grad_fn) if v.grad_fn is not None else None,
        }
    if isinstance(v, (list, tuple)):  # torch.Size is a tuple
        if id(v) in open_lists:  # a list that contains itself: Python's repr shows [...]
            return {"type": "repr", "text": "[...]" if isinstance(v, list) else "(...)"}
        open_lists.add(id(v))
        try:
            return [_encode(x, depth + 1, open_lists) for x in v]
        finally:
            open_lists.discard(id(v))
    if isinstance(v, DType):
        return repr(v)
    if isinstance(v, (Node, AccumulateGrad)):
        return {"type": "grad_fn", "name": grad_fn_name(v)}
    return {"type": "repr", "text": _ADDRESS.sub("", repr(v))}
