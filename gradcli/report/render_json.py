"""The `json` format: the whole session as one JSON object (../shared/spec/output-contract.md)."""
from __future__ import annotations

import json
import math
from typing import Any, TextIO

from gradcli import __version__
from gradcli.report.events import (
    BackwardEvent,
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
        return {**head, "type": event.type, "message": event.message}
    if isinstance(event, BackwardEvent):
        grads = [grad_row_to_json(row) for row in event.grads]
        return {**head, "source": event.source, "grads": grads}
    if isinstance(event, ErrorEvent):
        where = _known(col=event.col, end_col=event.end_col, hint=event.hint)
        return {**head, "type": event.type, "message": event.message, **where}
    if isinstance(event, InvalidEvent):
        fields = {"col": event.col, "message": event.message, "hint": event.hint}
        return {**head, **fields, **_known(end_col=event.end_col)}
    raise TypeError(f"not a session event: {event!r}")


def session_to_json(result: SessionResult) -> dict[str, Any]:
    """The contract's JSON object for a whole session, as Python data."""
    s = result.summary
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
    }


class JsonRenderer:
    """Collects nothing while the session runs: the object is written once, at the end."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def on_event(self, event: Event) -> None:
        pass  # the result carries every event; one object means nothing to stream

    def finish(self, result: SessionResult) -> None:
        # allow_nan=False: a bare NaN would be invalid JSON, so fail loudly instead
        self.out.write(json.dumps(session_to_json(result), allow_nan=False) + "\n")
        self.out.flush()
