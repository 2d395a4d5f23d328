"""What rich writes for a grid table or a wrapped line on a console that shows no colour (a
pipe, NO_COLOR, --color never), as plain strings: the same bytes, without rich's segments,
which cost half a training loop's run in the table format. rich still decides every column's
width; what this module cannot be sure to write as rich would, it leaves to rich (None).
tests/cli/test_uncoloured.py compares the two on random tables and texts."""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from rich._ratio import ratio_reduce
from rich._wrap import divide_line
from rich.cells import cell_len, set_cell_size
from rich.control import strip_control_codes
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.box import Box
    from rich.console import Console

TRAILING_SPACE = re.compile(r"\s+$")  # rich.text's _re_whitespace
CACHED_TEXTS = 1024  # a loop's tables repeat their names, formulas and notes every step
CELL_PADDING = (0, 1, 0, 1)  # rich's default: a space either side, none above or below


def writes_plain(console: Console) -> bool:
    """Whether `console` writes its text as it is: no colour or style codes, nothing recorded
    or buffered, not a notebook, every box character and no wrapping of its own."""
    return (console.color_system is None and not console.record and not console.quiet
            and not console.is_jupyter and not console.soft_wrap and not console.legacy_windows
            and console._buffer_index == 0 and not console._render_hooks
            and console.encoding.startswith("utf"))


def write(console: Console, lines: list[str]) -> None:
    """Each line and a newline, in one write, as rich writes what it printed."""
    try:
        console.file.write("\n".join(lines) + "\n" if lines else "")
        console.file.flush()
    except BrokenPipeError:
        console.on_broken_pipe()  # as rich does when its reader goes away


def wrapped(text: Text, width: int) -> list[str] | None:
    """`text` wrapped to `width` columns, each line without trailing spaces: what printing each
    of `text.wrap(console, width)` stripped on the right writes (None: left to rich)."""
    if text.justify or text.overflow or text.no_wrap or "\t" in text.plain or width < 1:
        return None
    lines: list[str] = []
    for line in text.plain.split("\n"):
        lines += _wrapped_line(line, width)
    return lines


@lru_cache(maxsize=CACHED_TEXTS)
def _wrapped_line(line: str, width: int) -> tuple[str, ...]:
    return tuple(piece.rstrip() for piece in _folded(line, width, fold=True, pad=False))


def table_lines(console: Console, table: Table, max_width: int | None = None
                ) -> list[str] | None:
    """`table` as rich draws it at the console's width, `max_width` when the caller has read
    it (None: a table this does not draw)."""
    if not _drawable(table):
        return None
    columns = [[c.header.plain if isinstance(c.header, Text) else strip_control_codes(c.header),
                *(text.plain for text in c._cells)] for c in table.columns]  # the header first
    return grid_lines(columns, [c.overflow == "fold" for c in table.columns],
                      console.options.max_width if max_width is None else max_width, table.box)


def grid_lines(columns: list[list[str]], folds: list[bool], max_width: int, box: Box
               ) -> list[str] | None:
    """What rich draws for Table(box=box) at `max_width`: each of `columns` its header's text
    then its cells', plain (no markup, tab or control code), each wrapped by its column (a word
    too long for it folded, or cut with …, as `folds` says). None: rich would crop it."""
    extra_width = len(columns) + 1  # the edges and the lines between columns
    widths = column_widths(tuple((_widest(column),) for column in columns),
                           max(0, max_width - extra_width))
    if min(widths) < 3 or sum(widths) + extra_width > max_width:
        return None  # no room for a cell's text between its padding; or rich would crop
    cells = [[_cell(text, width, fold) for text in column]
             for column, width, fold in zip(columns, widths, folds)]
    headers, *rows = [list(row) for row in zip(*cells)]
    lines = [box.get_top(widths)]
    lines += _row_lines(headers, widths, box.head_left, box.head_vertical, box.head_right,
                        bottom=True)
    lines.append(box.get_row(widths, "head", edge=True))
    for number, row in enumerate(rows, 1):
        left, vertical, right = ((box.foot_left, box.foot_vertical, box.foot_right)
                                 if number == len(rows) else
                                 (box.mid_left, box.mid_vertical, box.mid_right))
        lines += _row_lines(row, widths, left, vertical, right, bottom=False)
    lines.append(box.get_bottom(widths))
    return lines


@lru_cache(maxsize=CACHED_TEXTS)
def column_widths(measures: tuple[tuple[tuple[int, int], ...], ...], max_width: int
                  ) -> tuple[int, ...]:
    """Each column's width, padding included, as rich's Table._calculate_column_widths makes
    it for columns that wrap, from their cells' (minimum, maximum) text widths. (Kept: the
    same every step of a loop whose numbers keep their lengths.)"""
    widths = [_column_range(cells, max_width)[1] or 1 for cells in measures]
    if sum(widths) > max_width:
        widths = Table._collapse_widths(widths, [True] * len(widths), max_width)
        if sum(widths) > max_width:  # rich's last resort: every column less, evenly
            widths = ratio_reduce(sum(widths) - max_width, [1] * len(widths), widths, widths)
        widths = [_column_range(cells, width)[1] or 0 for cells, width in zip(measures, widths)]
    return tuple(widths)


def _widest(texts: Iterable[str]) -> tuple[int, int]:
    """A column's cells measured as one: the widest of their (normalised) ranges. Each step of
    rich's measuring grows with a cell's range, so the column's is that of this one range."""
    low = high = 0
    for text in texts:
        least, most = _measure(text)
        low, high = max(low, min(least, most)), max(high, most)
    return low, high


@lru_cache(maxsize=CACHED_TEXTS)
def _measure(text: str) -> tuple[int, int]:
    """Text.__rich_measure__: the longest word, the longest line."""
    lines = text.splitlines()
    longest = max(map(cell_len, lines)) if lines else 0
    words = text.split()
    return (max(map(cell_len, words)) if words else longest), longest


def _column_range(cells: tuple[tuple[int, int], ...], max_width: int) -> tuple[int, int]:
    """Table._measure_column: the widest of its padded cells' ranges, at most max_width."""
    if max_width < 1:
        return 0, 0
    ranges = [_got(_padded(cell, max_width), max_width) for cell in cells]
    return (min(max(low for low, _ in ranges), max_width),
            min(max(high for _, high in ranges), max_width))


def _padded(cell: tuple[int, int], max_width: int) -> tuple[int, int]:
    """Padding.__rich_measure__ of a cell: its text's range, a space added either side."""
    if max_width - 2 < 1:
        return max_width, max_width
    low, high = _got(cell, max_width)
    return min(low + 2, max_width), min(high + 2, max_width)


def _got(measured: tuple[int, int], max_width: int) -> tuple[int, int]:
    """Measurement.get of what measured itself as `measured`: normalised, at most max_width."""
    if max_width < 1:
        return 0, 0
    low, high = _normalised(*measured)
    low, high = min(low, max_width), min(high, max_width)
    return (0, 0) if high < 1 else _normalised(low, high)


def _normalised(low: int, high: int) -> tuple[int, int]:
    low = min(max(0, low), high)
    return max(0, low), max(0, max(low, high))


def _drawable(table: Table) -> bool:
    """A table as Table() and add_column(header, overflow=...) make it: a header, edges, a
    box, no title, caption, footer, lines between rows or fixed widths; every cell a Text
    that wraps by the column's rule."""
    plain_columns = all(
        c.justify == "left" and c.vertical == "top" and not c.no_wrap and c.overflow in (
            "fold", "ellipsis") and c.width is None and c.min_width is None
        and c.max_width is None and c.ratio is None and _plain_header(c.header)
        for c in table.columns)
    cells = all(isinstance(cell, Text) and _plain_cell(cell)
                for c in table.columns for cell in c._cells)
    return (bool(table.columns) and plain_columns and cells and table.box is not None
            and table.show_header and table.show_edge and not table.show_footer
            and not table.show_lines and not table.leading and not table.expand
            and table.pad_edge and not table.collapse_padding
            and tuple(table.padding) == CELL_PADDING and table.width is None
            and table.min_width is None and not table.title and not table.caption
            and not any(row.end_section for row in table.rows))


def _plain_header(header: object) -> bool:
    """A header rich prints as it is: a Text, or a str with no markup or emoji code."""
    if isinstance(header, Text):
        return _plain_cell(header)
    return isinstance(header, str) and not any(c in header for c in "[:\t")


def _plain_cell(text: Text) -> bool:
    return not (text.justify or text.overflow or text.no_wrap or "\t" in text.plain
                or text.end != "\n")


@lru_cache(maxsize=CACHED_TEXTS)
def _cell(text: str, width: int, fold: bool) -> tuple[str, ...]:
    """A cell's lines, each `width` columns: its text wrapped between a space either side
    (`fold`: a word too long for the column is cut; else it ends in …)."""
    return tuple(f" {line} " for line in text.split("\n")
                 for line in _folded(line, width - 2, fold, pad=True))


def _row_lines(cells: list[tuple[str, ...]], widths: list[int], left: str, vertical: str,
               right: str, bottom: bool) -> list[str]:
    """One row's lines: its cells side by side, the shorter ones filled with blank lines below
    (above, in the header, whose names rich aligns to the bottom)."""
    height = max(len(cell) for cell in cells)
    filled = []
    for cell, width in zip(cells, widths):
        blank = (" " * width,) * (height - len(cell))
        filled.append(blank + cell if bottom else cell + blank)
    return [left + vertical.join(parts) + right for parts in zip(*filled)]


def _folded(line: str, width: int, fold: bool, pad: bool) -> list[str]:
    """One line of text as rich's Text.wrap divides it at `width` (`fold`: a word too long
    for a line is cut; else it is cut with …), each piece padded to `width` with `pad`."""
    offsets = divide_line(line, width, fold=fold) if cell_len(line) > width else []
    bounds = [0, *offsets, len(line)]
    pieces = [line[start:end] for start, end in zip(bounds, bounds[1:])] if offsets else [line]
    return [_fitted(piece, width, fold, pad) for piece in pieces]


def _fitted(piece: str, width: int, fold: bool, pad: bool) -> str:
    """rich's rstrip_end(width) then truncate(width, pad=pad) of a wrapped piece."""
    if len(piece) > width:
        space = TRAILING_SPACE.search(piece)
        if space is not None:
            piece = piece[:-min(len(space.group(0)), len(piece) - width)]
    length = cell_len(piece)
    if length > width:
        return set_cell_size(piece, width) if fold else set_cell_size(piece, width - 1) + "…"
    return piece + " " * (width - length) if pad else piece

