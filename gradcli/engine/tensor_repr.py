"""repr() and f-string formatting of tensors, exactly as PyTorch 2.13's _tensor_str.py does it."""
from __future__ import annotations

import math

import numpy as np

PRECISION = 4
THRESHOLD = 1000  # more elements than this -> summarize
EDGEITEMS = 3
LINEWIDTH = 80
PREFIX = "tensor("

FLOAT_DTYPES = frozenset({"float16", "float32", "float64"})
# torch omits `dtype=` for the default float dtype and for int64/bool (but not for empty tensors).
DEFAULT_DTYPES = frozenset({"float32", "int64", "bool"})


def format_tensor(
    data: np.ndarray,
    dtype_name: str,
    *,
    requires_grad: bool = False,
    grad_fn_name: str | None = None,
    tangent: str | None = None,
) -> str:
    """What `repr(t)` (== `str(t)`) gives for the tensor holding `data`."""
    data = np.asarray(data)
    indent = len(PREFIX)
    suffixes = []
    if data.size == 0:
        # Nothing to infer the dtype/shape from, so torch spells them out.
        if data.ndim != 1:
            suffixes.append(f"size={tuple(data.shape)}")
        if dtype_name != "float32":
            suffixes.append(f"dtype=torch.{dtype_name}")
        body = "[]"
    else:
        if dtype_name not in DEFAULT_DTYPES:
            suffixes.append(f"dtype=torch.{dtype_name}")
        body = _tensor_str(data, dtype_name in FLOAT_DTYPES, indent)
    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    if tangent is not None:  # a dual tensor's, as f"{tangent}" formats it
        suffixes.append(f"tangent={tangent}")
    return _add_suffixes(PREFIX + body, suffixes, indent)


def format_scalar(value: float | int | bool, dtype_name: str, spec: str = "") -> str:
    """What `format(t, spec)` / `f'{t}'` gives for a 0-dim tensor: torch formats its `.item()`.

    A float32 `.item()` is the float32 value widened to a Python float, so
    `f'{torch.tensor(0.1)}'` is `0.10000000149011612`.
    """
    if dtype_name in FLOAT_DTYPES:
        item = float(value)
    elif dtype_name == "bool":
        item = bool(value)
    else:
        item = int(value)
    return format(item, spec)


def _tensor_str(data: np.ndarray, is_float: bool, indent: int) -> str:
    summarize = data.size > THRESHOLD
    formatter = _Formatter(_summarized(data) if summarize else data, is_float)
    return _format_nd(data, indent, summarize, formatter)


def _summarized(data: np.ndarray) -> np.ndarray:
    """The elements a summarized print shows: first and last EDGEITEMS along every long dim."""
    for axis, size in enumerate(data.shape):
        if size > 2 * EDGEITEMS:
            keep = list(range(EDGEITEMS)) + list(range(size - EDGEITEMS, size))
            data = np.take(data, keep, axis=axis)
    return data


class _Formatter:
    """Chooses one element format (mode and width) for the whole tensor, like torch's _Formatter."""

    def __init__(self, data: np.ndarray, is_float: bool):
        self.is_float = is_float
        self.int_mode = True
        self.sci_mode = False
        self.width = 1
        flat = data.ravel()
        if not is_float:
            self.width = max(self.width, max(len(str(v)) for v in flat.tolist()))
            return
        # Only nonzero finite values decide the format; zeros, nan and inf just get padded.
        values = flat[np.isfinite(flat) & (flat != 0)]
        if values.size == 0:
            return
        magnitudes = np.abs(values).astype(np.float64)
        largest, smallest = float(magnitudes.max()), float(magnitudes.min())
        self.int_mode = bool(np.all(values == np.ceil(values)))
        self.sci_mode = largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
        self.width = max(len(self._text(v)) for v in values.tolist())

    def _text(self, value: float) -> str:
        if self.sci_mode:
            return f"{value:.{PRECISION}e}"
        if self.int_mode:
            # The trailing dot marks a float tensor whose values are all integers.
            text = f"{value:.0f}"
            return text if math.isinf(value) or math.isnan(value) else text + "."
        return f"{value:.{PRECISION}f}"

    def format(self, value) -> str:
        text = self._text(value) if self.is_float else str(value)
        return text.rjust(self.width)


def _format_nd(data: np.ndarray, indent: int, summarize: bool, formatter: _Formatter) -> str:
    if data.ndim == 0:
        return formatter.format(data.item())
    if data.ndim == 1:
        return _format_vector(data, indent, summarize, formatter)

    def row(i: int) -> str:
        return _format_nd(data[i], indent + 1, summarize, formatter)

    size = data.shape[0]
    if summarize and size > 2 * EDGEITEMS:
        rows = [row(i) for i in range(EDGEITEMS)] + ["..."]
        rows += [row(i) for i in range(size - EDGEITEMS, size)]
    else:
        rows = [row(i) for i in range(size)]
    # One blank line between 2-D blocks, two between 3-D blocks, ...
    separator = "," + "\n" * (data.ndim - 1) + " " * (indent + 1)
    return "[" + separator.join(rows) + "]"


def _format_vector(data: np.ndarray, indent: int, summarize: bool, formatter: _Formatter) -> str:
    if summarize and data.shape[0] > 2 * EDGEITEMS:
        # Only the shown elements are converted to Python scalars.
        head, tail = data[:EDGEITEMS].tolist(), data[-EDGEITEMS:].tolist()
        elements = [formatter.format(v) for v in head] + [" ..."]
        elements += [formatter.format(v) for v in tail]
    else:
        elements = [formatter.format(v) for v in data.tolist()]
    per_line = max(1, math.floor((LINEWIDTH - indent) / (formatter.width + 2)))
    lines = [", ".join(elements[i : i + per_line]) for i in range(0, len(elements), per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _add_suffixes(text: str, suffixes: list[str], indent: int) -> str:
    # torch's own arithmetic, quirk included: the "+ 1" (and rfind()'s -1 when there is no
    # newline) make the last line count 2 characters more than it has.
    last_line_len = len(text) - text.rfind("\n") + 1
    parts = [text]
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > LINEWIDTH:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    return "".join(parts) + ")"
