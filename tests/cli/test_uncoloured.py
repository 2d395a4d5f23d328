"""report/uncoloured.py writes what rich writes on a console without colour: compared here with
rich itself on random tables and texts (words too long for a column, wide characters, blank
lines, runs of spaces) at random widths."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gradcli.report.grid import Cell, Grid
from gradcli.report.render_table import fit
from gradcli.report.uncoloured import table_lines, wrapped, writes_plain

WORDS = ["x", "grad", "[0.9925,", "3.584]", "(2/512)·Σᵢ(tanh(X·W1", "+", "b1)ᵀ", "⊙", "✓", "—",
         "symbolic", "漢字の", "[[-0.002455,", "-0.009271,", "…,", "=", "1.0000e-05", "·",
         "a_very_long_name_that_does_not_fit_anywhere_at_all", "", " ", "  "]


def random_text(rng: random.Random) -> Text:
    lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8)))
             for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    text = Text("\n".join(lines), style=rng.choice(["", "dim", "red"]))
    if rng.random() < 0.2:
        text.append("\n" + rng.choice(WORDS), style="dim")
    return text


def random_table(rng: random.Random) -> Table:
    table = Table()
    for number in range(rng.randint(1, 7)):
        table.add_column(rng.choice(["tensor", "shape", "grad", "expected (sympy)", "✓",
                                     f"column {number}"]),
                         overflow=rng.choice(["fold", "fold", "ellipsis"]))
    for _ in range(rng.randint(0, 4)):
        table.add_row(*(random_text(rng) for _ in table.columns),
                      style=rng.choice([None, "red"]))
    return table


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, highlight=False,
                   emoji=False)


def rich_table(table: Table, width: int) -> str:
    shown = console(width)
    shown.print(table)
    return shown.file.getvalue()


def rich_wrapped(text: Text, width: int) -> str:
    shown = console(width)
    for line in text.wrap(shown, width):
        line.rstrip()
        shown.print(line, soft_wrap=True)
    return shown.file.getvalue()


def test_tables_are_what_rich_draws():
    drawn = 0
    for seed in range(600):
        rng = random.Random(seed)
        table, width = random_table(rng), rng.choice([20, 40, 60, 69, 80, 100, 120, 200])
        lines = table_lines(console(width), table)
        if lines is not None:
            drawn += 1
            assert "".join(line + "\n" for line in lines) == rich_table(table, width), seed
    assert drawn > 400  # the narrow widths that leave a cell no room go to rich


def test_wrapped_lines_are_what_rich_prints():
    for seed in range(600):
        rng = random.Random(seed)
        text, width = random_text(rng), rng.choice([1, 5, 20, 40, 80, 100])
        lines = wrapped(text, width)
        assert "".join(line + "\n" for line in lines) == rich_wrapped(text, width), seed


def random_grid(rng: random.Random) -> Grid:
    """A grid as grad_table makes one, now and then with what rich would change: a tab, a
    control code it strips, markup in a header."""
    odd = ["a\tb", "bell\x07", "cr\r", "[bold]", "x:y"]
    headers = [rng.choice(["tensor", "grad", "expected (sympy)", "✓", *odd[:1], *odd[3:]])
               if rng.random() < 0.05 else rng.choice(["tensor", "grad", "expected (sympy)", "✓"])
               for _ in range(rng.randint(1, 7))]
    rows = []
    for _ in range(rng.randint(0, 4)):
        cells = []
        for _ in headers:
            text = random_text(rng).plain + (rng.choice(odd) if rng.random() < 0.03 else "")
            dim = "\n" + rng.choice(WORDS) if rng.random() < 0.2 else ""
            cells.append(Cell(text, rng.choice(["", "dim", "green"]), dim))
        rows.append((cells, rng.choice([None, "red"])))
    return Grid(headers, rows)


def test_grids_are_what_rich_draws_of_their_tables():
    drawn = 0
    for seed in range(300):
        rng = random.Random(seed)
        grid, width = random_grid(rng), rng.choice([20, 40, 60, 69, 80, 100, 120, 200])
        lines = grid.lines(console(width), width)
        if lines is not None:
            drawn += 1
            assert "".join(line + "\n" for line in lines) == rich_table(grid.table(), width), seed
        shown = console(width)
        fit(shown, grid, width)
        assert shown.file.getvalue() == rich_table(grid.table(), width), seed
    assert drawn > 200


def test_what_it_does_not_draw_goes_to_rich():
    table = Table(title="a title")
    table.add_column("a")
    table.add_row("a str cell")
    assert table_lines(console(80), table) is None
    shown = console(80)
    fit(shown, table)
    assert shown.file.getvalue() == rich_table(table, 80)
    assert wrapped(Text("a\tb"), 80) is None and wrapped(Text("ab", justify="right"), 80) is None


@pytest.mark.parametrize("options, plain", [
    ({}, True),
    ({"color_system": "standard", "force_terminal": True}, False),  # colour codes: rich's
    ({"record": True}, False),
    ({"soft_wrap": True}, False),
])
def test_only_a_console_without_colour_is_written_plain(options, plain):
    shown = Console(file=io.StringIO(), width=80, **{"color_system": None, **options})
    assert writes_plain(shown) is plain
