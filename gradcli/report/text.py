"""Text pieces every renderer shares: source excerpts, locations, numbers and tensors as text."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

NARROW = 70  # below this many columns a table cannot show its numbers: lines instead


def source_lines(source: str) -> list[str]:
    """The script's lines, numbered as Python numbers them (\\n, \\r\\n and \\r end a line)."""
    if not source:
        return []
    return source.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def excerpt(source: str, line: int | None, col: int | None, end_col: int | None) -> list[str]:
    """The script line with its number and a caret under col..end_col (1-based, inclusive)."""
    lines = source_lines(source)
    if line is None or not 1 <= line <= len(lines):
        return []
    text = lines[line - 1]
    shown = [f" {line} | {text}"]
    if col is not None:
        start = min(max(col, 1), len(text) + 1)
        width = max((end_col or 0) - start + 1, 1)
        # copy tabs from the line so the caret lines up however the terminal expands them
        indent = "".join(c if c == "\t" else " " for c in text[: start - 1])
        shown.append(f" {' ' * len(str(line))} | {indent}{'^' * width}")
    return shown


def location(source_name: str, line: int | None, col: int | None = None) -> str:
    """`script.py:9:5`, the form editors and terminals turn into links."""
    parts = [source_name] + [str(n) for n in (line, col) if n is not None]
    return ":".join(parts)


def plural(count: int, noun: str, plural_noun: str = "") -> str:
    return f"{count} {noun if count == 1 else plural_noun or noun + 's'}"


def shown_number(x: float | None) -> str:
    """A tolerance or an error, short: `1e-05`, `0.5`, `nan`."""
    return "None" if x is None else f"{x:.3g}"


# ---- numbers as torch prints a tensor's data --------------------------------------------


def _leaves(data: Any) -> list[Any]:
    if not isinstance(data, list):
        return [data]
    return [leaf for item in data for leaf in _leaves(item)]


def elide_middle(items: list, limit: int, head: int, tail: int, marker: str) -> list:
    """`items` when at most `limit` long, else its first `head`, `marker`, its last `tail`."""
    return items if len(items) <= limit else [*items[:head], marker, *items[-tail:]]


def bracketed(data: Any, leaf: Callable[[Any], str], elide: Callable[[list], list]) -> str:
    """Nested lists on one line, `[[1., 2.], [3., 4.]]`, each number through `leaf`."""
    if not isinstance(data, list):
        return leaf(data)
    return "[" + ", ".join(bracketed(item, leaf, elide) for item in elide(data)) + "]"


def _torch_number_format(numbers: list[float]) -> str:
    """torch's choice among `5.`, `0.9925` and `1.0000e-05` (torch/_tensor_str.py), as a
    %-format for the numbers shown."""
    finite = [abs(x) for x in numbers if math.isfinite(x) and x != 0]
    if not finite:
        return "%.0f."
    low, high = min(finite), max(finite)
    if all(x.is_integer() for x in finite):
        return "%.4e" if high / low > 1000 or high > 1e8 else "%.0f."
    return "%.4e" if high / low > 1000 or high > 1e8 or low < 1e-4 else "%.4f"


def summary_text(data: Any) -> str | None:
    """A large tensor arrives summarised (shape, range, mean): say so, in one line. An
    expectation checked on a sample is summarised over the checked elements."""
    if not (isinstance(data, dict) and data.get("type") == "summary"):
        return None
    what = f"{'×'.join(map(str, data['shape']))} elements"
    count = data.get("checked", math.prod(data["shape"]))
    if "checked" in data:
        what += f", {count} checked"
    return (f"<{what}: min {data['min']:.4g}, max {data['max']:.4g}, "
            f"mean {data['mean']:.4g}>") if data["nonfinite"] < count else f"<{what}, none finite>"


UNCHECKED = "·"  # an element of an expectation that the check did not evaluate (JSON null)
TORCH_MARKER = " ..."  # torch's, joined like an element: `2.,  ..., 7.`


def torch_style(data: Any) -> str:
    """A gradient's data as torch prints it, on one line: `[5.]`, `[ 1., 10.]`, `0.5000`.
    Each number is formatted once, then padded to the widest (a layer's gradient is printed
    twice per backward(): its value and sympy's)."""
    if data is None:
        return "None"
    summary = summary_text(data)
    if summary:
        return summary
    if _count(data) > 1000:  # torch summarises tensors of more than 1000 elements
        data = _summarised(data, TORCH_MARKER)  # and formats the numbers it shows, from them alone
        shape, leaves = None, [x for x in _leaves(data) if x is not TORCH_MARKER]
    else:
        shape, leaves = _rectangle(data)
    texts = _torch_texts(leaves)
    width = max(map(len, texts), default=0)
    padded = [text.rjust(width) for text in texts]
    return _rows_format(tuple(shape)) % tuple(padded) if shape else _refilled(data, iter(padded))


def _torch_texts(leaves: list) -> list[str]:
    """Each element's text, in the one format torch picks for them all ("nan"/"inf" come as
    strings, an element the check did not evaluate as None)."""
    numbers = [x for x in leaves if x is not None and not isinstance(x, str)]
    number = _torch_number_format([float(x) for x in numbers])
    if len(numbers) < len(leaves):
        return [UNCHECKED if x is None else x if isinstance(x, str) else number % x
                for x in leaves]
    return (_lines_format(number, len(leaves)) % tuple(leaves)).split("\n") if leaves else []


@lru_cache(maxsize=64)
def _lines_format(number: str, count: int) -> str:
    """The %-format `number` `count` times, a line each: every number formatted by one %
    (a number's text has no newline)."""
    return "\n".join([number] * count)


@lru_cache(maxsize=64)
def _rows_format(shape: tuple[int, ...]) -> str:
    """`[[%s, %s], [%s, %s]]`: the brackets of a tensor of `shape` around a %s per element."""
    return _bracketed_rows(["%s"] * math.prod(shape), list(shape))


def _rectangle(data: Any) -> tuple[list[int] | None, list]:
    """The sizes and the numbers, in order, of nested lists that are all as long at each
    level (a tensor's data, not summarised, none empty); else None and every leaf."""
    shape = []
    inner = data
    while isinstance(inner, list) and inner:
        shape.append(len(inner))
        inner = inner[0]
    leaves = data
    for size in shape[1:]:
        if not all(isinstance(item, list) and len(item) == size for item in leaves):
            return None, _leaves(data)
        leaves = [x for item in leaves for x in item]
    if not shape or any(isinstance(x, list) for x in leaves):
        return None, _leaves(data)
    return shape, leaves


def _bracketed_rows(texts: list[str], shape: list[int]) -> str:
    """`texts` (one per element, in order) bracketed as nested lists of `shape`."""
    for size in reversed(shape):
        texts = ["[" + ", ".join(texts[i:i + size]) + "]" for i in range(0, len(texts), size)]
    return texts[0]


def _refilled(data: Any, texts: Iterator[str]) -> str:
    """`data`'s brackets around the next of `texts` for each number (the marker as itself)."""
    if not isinstance(data, list):
        return next(texts)
    return "[" + ", ".join([x if x is TORCH_MARKER else _refilled(x, texts)
                            for x in data]) + "]"


def _count(data: Any) -> int:
    """How many numbers nested lists hold (they are rectangular: a tensor's data)."""
    n = 1
    while isinstance(data, list):
        n *= len(data)
        data = data[0] if data else None
    return n


def _summarised(data: Any, marker: str) -> Any:
    """The first and last three items at each level of nested lists, `marker` between."""
    if not isinstance(data, list):
        return data
    return [x if x is marker else _summarised(x, marker)
            for x in elide_middle(data, 6, 3, 3, marker)]


def formulas_text(formula: list[str] | None) -> str:
    """`(2*x + 3*x**2)`; long lists keep their ends, long formulas their start (JSON and
    --explain have them whole); an element the check did not sample (it has no formula)
    reads `·`."""
    if not formula:
        return ""
    shown = [shorten(f, 2 * FORMULA_WIDTH) if f else UNCHECKED for f in formula]
    return "(" + ", ".join(elide_middle(shown, 6, 3, 3, "...")) + ")"


FORMULA_WIDTH = 40  # the table elides formulas; JSON has them whole


def compact(data: Any, rows: bool = False) -> str:
    """A cell's numbers: `[0.9925, 3.584]`; a long vector keeps its ends: `[1, 2, …, 9]`.
    With `rows`, a matrix prints one row per line, as PyTorch prints it."""
    return laid_out(number_texts(data), rows)


ELIDED = "…"  # in place of the middle items of a list of more than four


def number_texts(data: Any) -> str | list:
    """What compact shows of `data`: nested lists of the texts of the numbers it keeps (a
    4096-element gradient shows 9, each formatted once for both layouts), ELIDED for the
    items left out; or the one text of a number, a summary, None."""
    if data is None:
        return "None"
    if not isinstance(data, list):
        return summary_text(data) or _number_text(data)
    kept = data if len(data) <= 4 else (data[0], data[1], data[-1])
    texts = [number_texts(x) if isinstance(x, list) else _number_text(x) for x in kept]
    return texts if len(data) <= 4 else [texts[0], texts[1], ELIDED, texts[2]]


def _number_text(x: Any) -> str:
    """An element's text (not a list)."""
    if x is None:
        return UNCHECKED  # an element the check did not evaluate
    return x if isinstance(x, str) else f"{x:.4g}"  # "nan"/"inf" come as strings


def laid_out(texts: str | list, rows: bool = False) -> str:
    """number_texts bracketed on one line; with `rows`, a matrix's rows one per line, each
    number right-aligned to the widest."""
    if not (rows and isinstance(texts, list) and texts and isinstance(texts[0], list)):
        return _bracketed_texts(texts, 0)
    width = max((len(text) for text in _leaves(texts) if text != ELIDED), default=0)
    return _one_row_per_line(texts, width)


def _bracketed_texts(texts: str | list, width: int) -> str:
    if not isinstance(texts, list):
        return texts if texts == ELIDED else texts.rjust(width)
    return "[" + ", ".join([_bracketed_texts(text, width) for text in texts]) + "]"


def _one_row_per_line(texts: str | list, width: int, depth: int = 1) -> str:
    """`[[1, 2],\n [3, 4]]`: the innermost lists one per line, indented under their bracket."""
    if not (isinstance(texts, list) and texts and isinstance(texts[0], list)):
        return _bracketed_texts(texts, width)
    separator = ",\n" + " " * depth
    return "[" + separator.join([_one_row_per_line(item, width, depth + 1)
                                 for item in texts]) + "]"


def shorten(text: str, width: int = FORMULA_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
