"""A table of styled strings, as the table format shows each backward's gradients: on a console
without colour drawn straight to plain lines (report/uncoloured.py), with no rich Text or Table
made (their making cost more than the drawing); made a rich Table for any other console."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from rich.box import HEAVY_HEAD
from rich.table import Table
from rich.text import Text

from gradcli.report.uncoloured import grid_lines, table_lines

if TYPE_CHECKING:
    from rich.console import Console

# what rich would not print as it is: tabs (expanded), the control codes Text strips, and in
# a header, markup or an emoji code
RICH_CHANGES = re.compile("[\t\x07\x08\x0b\x0c\x0d]")
RICH_CHANGES_HEADER = re.compile("[\t\x07\x08\x0b\x0c\x0d\\[:]")


class Cell(NamedTuple):
    """A cell's text in `style`, and after it a part in dim (a formula under its numbers)."""

    text: str
    style: str = ""
    dim: str = ""

    @property
    def plain(self) -> str:
        return self.text + self.dim

    def rich(self) -> Text:
        text = Text(self.text, style=self.style)
        if self.dim:
            text.append(self.dim, style="dim")
        return text


@dataclass
class Grid:
    """rich's Table() with a column for each of `headers` (each folds a word too long for it)
    and `rows`: each row's cells and the style of the whole row."""

    headers: list[str]
    rows: list[tuple[list[Cell], str | None]] = field(default_factory=list)

    def table(self) -> Table:
        table = Table()
        for header in self.headers:
            table.add_column(header, overflow="fold")  # a number is wrapped, never cut
        for cells, style in self.rows:
            table.add_row(*(cell.rich() for cell in cells), style=style)
        return table

    def lines(self, console: Console, max_width: int) -> list[str] | None:
        """What rich draws for table() at `max_width` on a console without colour (None:
        left to rich)."""
        columns = [[header, *(cells[number].plain for cells, _ in self.rows)]
                   for number, header in enumerate(self.headers)]
        if any(RICH_CHANGES_HEADER.search(header) for header in self.headers) or any(
                RICH_CHANGES.search(text) for column in columns for text in column[1:]):
            return table_lines(console, self.table(), max_width)
        return grid_lines(columns, [True] * len(columns), max_width, HEAVY_HEAD)
