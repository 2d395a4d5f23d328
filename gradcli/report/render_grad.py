"""`gradcli grad`'s answer (gradcli.events.results.GradResult): a table, plain lines or JSON."""
from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from gradcli.events.results import GradResult, Partial

if TYPE_CHECKING:
    from rich.console import Console

ROWS_SHOWN = 40  # elements of a vector variable listed one per row at most
MARKS = {True: "✓", False: "✗", None: "–"}


def number_text(x: Any) -> str:
    """`2`, `1.8186`, `-0.4161`, `1.2346e-07`: exact integers bare, else four decimals."""
    if isinstance(x, str) or x is None:
        return str(x)  # "nan", "inf", "-inf" come as strings
    x = float(x)
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    if 1e-4 <= abs(x) < 1e6:
        return f"{x:.4f}".rstrip("0")  # 0.5, not 0.5000; 1.8186 keeps its four decimals
    return f"{x:.4e}"


def value_text(data: Any) -> str:
    if isinstance(data, list):
        return "[" + ", ".join(value_text(x) for x in data) + "]"
    return number_text(data)


def at_text(result: GradResult) -> str:
    return ", ".join(f"{name} = {value_text(value)}" for name, value in result.at.items())


def heading(result: GradResult) -> str:
    """`x**2 * sin(y) = 0.9093 at x = 1, y = 2`."""
    value = _only(result.value)
    shown = f" = {number_text(value)}" if value is not None else ""
    return f"{result.expression}{shown} at {at_text(result)}"


def elements(partial: Partial) -> Iterator[tuple[str, str, Any, Any]]:
    """(label, formula, sympy, engine) per element: `x`, or `w[0]`, `w[1]`, ... for a vector."""
    formulas = partial.formula or []
    sympy, engine = _flat(partial.sympy), _flat(partial.engine)
    for i, index in enumerate(_indices(partial.shape)):
        label = partial.wrt + (f"[{','.join(map(str, index))}]" if index else "")
        formula = formulas[i] if i < len(formulas) else ""
        yield label, formula, sympy[i] if i < len(sympy) else None, engine[i]


def _indices(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    indices: list[tuple[int, ...]] = [()]
    for size in shape:
        indices = [index + (i,) for index in indices for i in range(size)]
    return indices


def _flat(data: Any) -> list:
    if isinstance(data, list):
        return [x for item in data for x in _flat(item)]
    return [data]


def _only(data: Any) -> Any:
    while isinstance(data, list) and len(data) == 1:
        data = data[0]
    return data


def sympy_cell(formula: str, sympy: Any) -> str:
    """`2*x*sin(y) = 1.8186`; the bare value when sympy's formula is that number."""
    value = number_text(sympy) if sympy is not None else "—"
    return value if not formula or formula == value else f"{formula} = {value}"


# ---- plain and table ----------------------------------------------------------------------


def plain_lines(result: GradResult) -> list[str]:
    lines = [heading(result)]
    for partial in result.partials:
        for count, (label, formula, sympy, engine) in enumerate(elements(partial)):
            if count == ROWS_SHOWN:
                lines.append(f"… {math.prod(partial.shape) - ROWS_SHOWN} more elements of "
                             f"{partial.wrt} (--format json has all)")
                break
            match = MARKS[partial.match]
            lines.append(f"∂/∂{label}: {sympy_cell(formula, sympy)} · engine "
                         f"{number_text(engine)} {match}")
    return lines


def print_table(result: GradResult, out: Console) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for column in ("∂/∂", "sympy: formula = value", "engine", "✓"):
        table.add_column(column)
    for partial in result.partials:
        style = "red" if partial.match is False else None
        for count, (label, formula, sympy, engine) in enumerate(elements(partial)):
            if count == ROWS_SHOWN:
                table.add_row("…", Text(f"{math.prod(partial.shape) - ROWS_SHOWN} more "
                                        "elements (--format json has all)", style="dim"))
                break
            table.add_row(label, sympy_cell(formula, sympy), number_text(engine),
                          MARKS[partial.match], style=style)
    notes = [f"{p.wrt}: {p.note}" for p in result.partials if p.note]
    if notes:
        table.caption, table.caption_justify = Text("\n".join(notes), style="dim"), "left"
    out.print(Text(heading(result), style="bold"))  # apart: a title is padded to the table
    out.print(table)


# ---- json ----------------------------------------------------------------------------------


def grad_to_json(result: GradResult) -> dict[str, Any]:
    from gradcli import __version__
    from gradcli.report.render_json import event_to_json

    data: dict[str, Any] = {
        "gradcli": __version__, "expression": result.expression, "at": result.at,
        "dtype": result.dtype, "status": result.status, "value": result.value,
        "partials": [{"wrt": p.wrt, "shape": list(p.shape), "formula": p.formula,
                      "sympy": p.sympy, "engine": p.engine, "match": p.match,
                      "method": p.method, "note": p.note} for p in result.partials],
    }
    if result.problem is not None:
        data["error"] = event_to_json(result.problem)
    return data
