"""Where torch's gradient is its own rule rather than the derivative of an op's forward (max
unpooling's duplicate indices: an op row's `rule`), the check differentiates the function the
rule is the derivative of (the row's `differentiated`), and each gradient row the pass reached
through such an op says so, in the op's words."""
from __future__ import annotations

from dataclasses import replace

from gradcli.engine import trace
from gradcli.events.events import GradRow

from .functions import reaches


def ruled_under(roots) -> list[tuple[object, str]]:
    """(record, what its rule says) for each op under `roots` whose gradient is torch's rule."""
    if not trace.OpRecord.ruled:  # (no walk of a graph that cannot hold one)
        return []
    seen, out, stack = set(), [], list(roots)
    while stack:
        r = stack.pop()
        if r is None or id(r) in seen:
            continue
        seen.add(id(r))
        op = getattr(r, "op", None)
        said = op.rule(**r.params) if op is not None and op.rule is not None else None
        if said:
            out.append((r, said))
        stack.extend(getattr(r, "args", ()))
    return out


def with_rules(row: GradRow, tensor, ruled: list[tuple[object, str]]) -> GradRow:
    """The row, saying which rules of torch's its checked gradient went through."""
    if row.method == "none":
        return row
    said = list(dict.fromkeys(note for r, note in ruled if reaches(r, tensor)))
    if not said:
        return row
    return replace(row, note="; ".join(said + ([row.note] if row.note else [])))
