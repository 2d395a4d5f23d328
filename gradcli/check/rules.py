"""Where torch's gradient is its own rule rather than the derivative of an op's forward (max
unpooling's duplicate indices: an op row's `rule`), the check differentiates the function the
rule is the derivative of (the row's `differentiated`), and each gradient row the pass reached
through such an op says so, in the op's words."""
from __future__ import annotations

from dataclasses import replace

from gradcli.engine import trace
from gradcli.events.events import GradRow

from .functions import reaches, records_under


def ruled_under(roots) -> list[tuple[object, str]]:
    """(record, what its rule says) for each op under `roots` whose gradient is torch's rule."""
    if not trace.OpRecord.ruled:  # (no walk of a graph that cannot hold one)
        return []
    return [(r, _said(r)) for r in records_under(roots, _said)]


def _said(record) -> str | None:
    op = getattr(record, "op", None)
    return op.rule(**record.params) if op is not None and op.rule is not None else None


def with_rules(row: GradRow, tensor, ruled: list[tuple[object, str]]) -> GradRow:
    """The row, saying which rules of torch's its checked gradient went through."""
    if row.method == "none":
        return row
    said = list(dict.fromkeys(note for r, note in ruled if reaches(r, tensor)))
    if not said:
        return row
    return replace(row, note="; ".join(said + ([row.note] if row.note else [])))
