"""The ledger (`run --explain`, the repl's `:explain`) as tables, plain lines or JSON."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gradcli.events.ledger import (
    AccumulationHint,
    Contribution,
    Ledger,
    Restart,
    any_nonzero,
    listed,
)
from gradcli.report.text import compact, elide_middle, formulas_text, shorten, torch_style

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

TERMS_SHOWN = 5  # a long loop's sum keeps its first terms and its last one


def running_sum(entry: Contribution, number: Callable[[Any], str]) -> str:
    """`[5] = [2] + [3]`: .grad after the call as the sum of its parts since the restart."""
    total = number(entry.grad)
    if len(entry.terms) < 2:
        return total
    if not all(map(listed, entry.terms)):  # summaries of large tensors: too long to add up
        return f"{total}, the sum of {len(entry.terms)} parts"
    terms = elide_middle([number(t) for t in entry.terms], TERMS_SHOWN, TERMS_SHOWN - 2, 1, "…")
    return f"{total} = {' + '.join(terms)}"


def added_text(entry: Contribution, number: Callable[[Any], str], formulas: str) -> str:
    """`3*x**2 = [3]`; the value alone when sympy gave no formula, or the formula is it."""
    value = number(entry.added)
    return f"{formulas} = {value}" if formulas and formulas != value else value


# ---- plain -------------------------------------------------------------------------------


def ledger_lines(ledgers: list[Ledger]) -> list[str]:
    """`ledger of x.grad` and under it one line per call and per restart."""
    lines = []
    for ledger in ledgers:
        lines.append(f"ledger of {ledger.name}.grad")
        for entry in ledger.entries:
            if isinstance(entry, Restart):
                start = f" (it held {torch_style(entry.start)})" if _held(entry) else ""
                lines.append(f"  ↺ {entry.reason}{start}")
                continue
            formulas = _plain_formulas(entry.formula)
            lines.append(f"  #{entry.call} line {entry.line} {entry.source}: "
                         f"+ {added_text(entry, torch_style, formulas)} "
                         f"→ {running_sum(entry, torch_style)}")
    return lines


def symbolic(formula: list[str] | None) -> bool:
    """Whether sympy's formula says more than the value: not just numbers."""
    def is_number(text: str) -> bool:
        try:
            float(text)
        except ValueError:
            return False
        return True
    return bool(formula) and not all(not f or is_number(f) for f in formula)


def _held(restart: Restart) -> bool:
    """Whether the value .grad restarted from is worth showing (not None, not zeros)."""
    return restart.start is not None and any_nonzero(restart.start)


def _plain_formulas(formula: list[str] | None) -> str:
    if not symbolic(formula):
        return ""
    return formula[0] if len(formula) == 1 else formulas_text(formula)


def hint_lines(hints: list[AccumulationHint]) -> list[str]:
    return [f"hint: {hint.message}" for hint in hints]


# ---- table -------------------------------------------------------------------------------


def ledger_tables(ledgers: list[Ledger]) -> list[Text | Table]:
    """Per tensor a heading and a rich table: call, line, statement, what it added, the
    running total. The heading apart from the table, so that it is not padded to its width."""
    from rich.table import Table
    from rich.text import Text

    tables = []
    for ledger in ledgers:
        tables.append(Text(f"ledger of {ledger.name}.grad · shape {list(ledger.shape)}",
                           style="bold"))
        table = Table()
        for column in ("call", "line", "statement", "added (sympy = value)", ".grad after"):
            table.add_column(column)
        for entry in ledger.entries:
            if isinstance(entry, Restart):
                start = f" (it held {compact(entry.start)})" if _held(entry) else ""
                table.add_row("", "", Text(f"↺ {entry.reason}{start}", style="italic dim"))
                continue
            formulas = _table_formulas(entry.formula)
            table.add_row(f"#{entry.call}", str(entry.line), Text(entry.source),
                          Text(added_text(entry, compact, formulas)),
                          Text(running_sum(entry, compact)))
        tables.append(table)
    return tables


def _table_formulas(formula: list[str] | None) -> str:
    if not symbolic(formula):
        return ""
    return shorten(formula[0] if len(formula) == 1 else compact(list(formula)))


# ---- json --------------------------------------------------------------------------------


def ledger_to_json(ledgers: list[Ledger]) -> dict[str, list[dict[str, Any]]]:
    """{name: [entries]}: contributions with their call, line, formula, value and terms."""
    return {ledger.name: [_entry_to_json(e) for e in ledger.entries] for ledger in ledgers}


def _entry_to_json(entry: Contribution | Restart) -> dict[str, Any]:
    if isinstance(entry, Restart):
        return {"restart": entry.reason, "start": entry.start}
    return {"call": entry.call, "line": entry.line, "source": entry.source,
            "added": entry.added, "added_formula": entry.formula, "grad": entry.grad,
            "terms": list(entry.terms)}


def hints_to_json(hints: list[AccumulationHint]) -> list[dict[str, Any]]:
    return [{"kind": "accumulation", "name": h.name, "line": h.line, "source": h.source,
             "calls": h.calls, "message": h.message} for h in hints]
