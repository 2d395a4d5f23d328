"""repr() and f-string formatting of tensors, exactly as PyTorch 2.13's _tensor_str.py does it."""
from __future__ import annotations

import math

import numpy as np

from . import runtime
from .errors import TorchError
from .limits import limit_message
from .runtime import PrintOptions

NUMBER_WIDTH = 10  # what a printed float takes besides its decimals: sign, digits, e+XX, ", "

PREFIX = "tensor("


PROFILES = {"default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
            "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
            "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80)}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None) -> None:
    """torch.set_printoptions, step for step: a profile first, then each option given; the
    sci_mode is always set (to None when not given), as torch's."""
    options = runtime.current.print_options
    if profile in PROFILES:
        for name, value in PROFILES[profile].items():
            setattr(options, name, value)
    given = dict(precision=precision, threshold=threshold, edgeitems=edgeitems,
                 linewidth=linewidth)
    for name, value in given.items():
        if value is not None:
            setattr(options, name, value)
    options.sci_mode = sci_mode

FLOAT_DTYPES = frozenset({"float16", "float32", "float64"})
# torch omits `dtype=` for the default float dtype (the session's) and for int64/bool; for empty
# tensors, for the default float dtype only
IMPLIED_DTYPES = frozenset({"int64", "bool"})


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
    options = runtime.current.print_options
    default = runtime.current.default_dtype.name
    indent = len(PREFIX)
    suffixes = []
    if data.size == 0:
        # Nothing to infer the dtype/shape from, so torch spells them out.
        if data.ndim != 1:
            suffixes.append(f"size={tuple(data.shape)}")
        if dtype_name != default:
            suffixes.append(f"dtype=torch.{dtype_name}")
        body = "[]"
    else:
        if dtype_name != default and dtype_name not in IMPLIED_DTYPES:
            suffixes.append(f"dtype=torch.{dtype_name}")
        body = _tensor_str(data, dtype_name in FLOAT_DTYPES, indent, options)
    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    if tangent is not None:  # a dual tensor's, as f"{tangent}" formats it
        suffixes.append(f"tangent={tangent}")
    return _add_suffixes(PREFIX + body, suffixes, indent, options.linewidth)


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


def _tensor_str(data: np.ndarray, is_float: bool, indent: int, options: PrintOptions) -> str:
    summarize = data.size > options.threshold
    edge = options.edgeitems
    shown = _summarized(data, edge) if summarize else data
    if is_float:
        _check_length(shown.size * (options.precision + NUMBER_WIDTH))
    formatter = _Formatter(shown, is_float, options)
    return _format_nd(data, indent, summarize, formatter)


def _check_length(length: int) -> None:
    """Refuse a repr longer than the sequence limit before building it (a precision of 10**8
    would make each number 10**8 digits long)."""
    limits = runtime.current.limits
    if length > limits.max_sequence:
        raise TorchError("LimitExceeded", limit_message(
            limits, "max_sequence", f"by a tensor's repr of about {length:,} characters"))


def _summarized(data: np.ndarray, edge: int) -> np.ndarray:
    """The elements a summarized print shows: first and last `edge` along every long dim."""
    for axis, size in enumerate(data.shape):
        if size > 2 * edge:
            keep = list(range(edge)) + list(range(size - edge, size))
            data = np.take(data, keep, axis=axis)
    return data


class _Formatter:
    """Chooses one element format (mode and width) for the whole tensor, like torch's _Formatter
    (and carries the print options the layout reads: edgeitems, linewidth)."""

    def __init__(self, data: np.ndarray, is_float: bool, options: PrintOptions):
        self.is_float, self.options = is_float, options
        self.int_mode = True
        self.sci_mode = False
        self.width = 1
        flat = data.ravel()
        if not is_float:
            self.width = max([self.width, *(len(str(v)) for v in flat.tolist())])
            return
        # Only nonzero finite values decide the format; zeros, nan and inf just get padded.
        values = flat[np.isfinite(flat) & (flat != 0)]
        if values.size == 0:
            return
        magnitudes = np.abs(values).astype(np.float64)
        largest, smallest = float(magnitudes.max()), float(magnitudes.min())
        self.int_mode = bool(np.all(values == np.ceil(values)))
        self.sci_mode = (largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
                         if options.sci_mode is None else bool(options.sci_mode))
        self.width = max(len(self._text(v)) for v in values.tolist())

    def _text(self, value: float) -> str:
        if self.sci_mode:
            return f"{value:.{self.options.precision}e}"
        if self.int_mode:
            # The trailing dot marks a float tensor whose values are all integers.
            text = f"{value:.0f}"
            return text if math.isinf(value) or math.isnan(value) else text + "."
        return f"{value:.{self.options.precision}f}"

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

    size, edge = data.shape[0], formatter.options.edgeitems
    if summarize and size > 2 * edge:
        rows = [row(i) for i in range(edge)] + ["..."]
        rows += [row(i) for i in range(size - edge, size)]
    else:
        rows = [row(i) for i in range(size)]
    # One blank line between 2-D blocks, two between 3-D blocks, ...
    separator = "," + "\n" * (data.ndim - 1) + " " * (indent + 1)
    return "[" + separator.join(rows) + "]"


def _format_vector(data: np.ndarray, indent: int, summarize: bool, formatter: _Formatter) -> str:
    edge, linewidth = formatter.options.edgeitems, formatter.options.linewidth
    if summarize and not edge:
        elements = ["..."]
    elif summarize and data.shape[0] > 2 * edge:
        # Only the shown elements are converted to Python scalars.
        head, tail = data[:edge].tolist(), data[-edge:].tolist()
        elements = [formatter.format(v) for v in head] + [" ..."]
        elements += [formatter.format(v) for v in tail]
    else:
        elements = [formatter.format(v) for v in data.tolist()]
    per_line = max(1, math.floor((linewidth - indent) / (formatter.width + 2)))
    lines = [", ".join(elements[i : i + per_line]) for i in range(0, len(elements), per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _add_suffixes(text: str, suffixes: list[str], indent: int, linewidth: int) -> str:
    # torch's own arithmetic, quirk included: the "+ 1" (and rfind()'s -1 when there is no
    # newline) make the last line count 2 characters more than it has.
    last_line_len = len(text) - text.rfind("\n") + 1
    parts = [text]
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    return "".join(parts) + ")"
