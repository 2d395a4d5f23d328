"""The `json` format: the whole session as one JSON object (../shared/spec/output-contract.md)."""
from __future__ import annotations

import json
import math
from typing import Any, TextIO

from gradcli import __version__
from gradcli.events.events import (
    BackwardEvent,
    Clue,
    ErrorEvent,
    Event,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    ValueEvent,
    WarningEvent,
)


def json_number(x: float | None) -> float | str | None:
    """JSON has no NaN or infinity: the contract spells them "nan", "inf", "-inf"."""
    if x is None or math.isfinite(x):
        return x
    return "nan" if math.isnan(x) else "inf" if x > 0 else "-inf"


def grad_row_to_json(row: GradRow) -> dict[str, Any]:
    tolerance = None
    if row.tolerance is not None:
        rtol, atol = row.tolerance
        tolerance = {"rtol": json_number(rtol), "atol": json_number(atol)}
    return {
        "name": row.name,
        "shape": list(row.shape),
        "dtype": row.dtype,
        "grad": row.grad,
        "added": row.added,
        "expected": row.expected,
        "formula": row.formula,
        "added_formula": row.added_formula,
        "method": row.method,
        "match": row.match,
        "note": row.note,
        "max_error": json_number(row.max_error),
        "tolerance": tolerance,
    }


def clues_to_json(clues: tuple[Clue, ...]) -> list[dict[str, Any]] | None:
    """An error's or warning's clues, `[{"text": ..., "line": 5}]`; None when there are none."""
    return [{"text": c.text, "line": c.line} for c in clues] or None


def _known(**fields: Any) -> dict[str, Any]:
    """Only the fields that have a value: an error's position and hint are optional."""
    return {key: value for key, value in fields.items() if value not in (None, "")}


def event_to_json(event: Event) -> dict[str, Any]:
    """One event as the contract's dict; the values inside are already JSON-encoded."""
    head = {"kind": event.kind, "line": event.line}
    if isinstance(event, ValueEvent):
        return {**head, "value": event.value}
    if isinstance(event, PrintEvent):
        return {**head, "text": event.text}
    if isinstance(event, WarningEvent):
        why = _known(clues=clues_to_json(event.clues), hint=event.hint)
        return {**head, "type": event.type, "message": event.message, **why}
    if isinstance(event, BackwardEvent):
        grads = [grad_row_to_json(row) for row in event.grads]
        return {**head, "source": event.source, "grads": grads}
    if isinstance(event, ErrorEvent):
        where = _known(col=event.col, end_col=event.end_col, hint=event.hint,
                       clues=clues_to_json(event.clues))
        return {**head, "type": event.type, "message": event.message, **where}
    if isinstance(event, InvalidEvent):
        fields = {"col": event.col, "message": event.message, "hint": event.hint}
        return {**head, **fields, **_known(end_col=event.end_col)}
    raise TypeError(f"not a session event: {event!r}")


def session_to_json(result: SessionResult, explain: bool = False) -> dict[str, Any]:
    """The contract's JSON object for a whole session, as Python data; with `explain`, the
    accumulation ledger too."""
    from gradcli.events.ledger import accumulation_hints, build_ledgers
    from gradcli.report.render_ledger import hints_to_json, ledger_to_json

    s = result.summary
    ledgers = build_ledgers(result.events)
    hints = hints_to_json(accumulation_hints(ledgers))
    # beyond the contract's keys: hints only when there are some, the ledger when asked for
    extra = {**({"hints": hints} if hints else {}),
             **({"ledger": ledger_to_json(ledgers)} if explain else {})}
    return {
        "gradcli": __version__,
        "source": result.source_name,
        "status": result.status,
        "events": [event_to_json(event) for event in result.events],
        "summary": {
            "statements": s.statements,
            "backward": s.backward,
            "checked": s.checked,
            "mismatches": s.mismatches,
        },
        **extra,
    }


class JsonRenderer:
    """Collects nothing while the session runs: the object is written once, at the end."""

    def __init__(self, out: TextIO, explain: bool = False) -> None:
        self.out, self.explain = out, explain

    def on_event(self, event: Event) -> None:
        pass  # the result carries every event; one object means nothing to stream

    def finish(self, result: SessionResult) -> None:
        # allow_nan=False: a bare NaN would be invalid JSON, so fail loudly instead
        self.out.write(json.dumps(session_to_json(result, self.explain), allow_nan=False) + "\n")
        self.out.flush()
