"""The `json` and `jsonl` formats (../shared/spec/output-contract.md): the whole session as one
JSON object, or one event per line as it happens. A backward event lists gradient data in full
only up to LISTED elements per tensor, unless asked for in full: a 200-step loop over a
512x64 weight would otherwise write every element three times per step. A loop's backward
events are folded: past the first FOLDED_AFTER of a line, they list up to FOLDED_LISTED."""
from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any, TextIO

import numpy as np

from gradcli import __version__
from gradcli.events.encode import listed_array, summarise
from gradcli.events.events import (
    BackwardEvent,
    Clue,
    ErrorEvent,
    Event,
    FindingEvent,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    ValueEvent,
    WarningEvent,
    unchecked_reason,
)
from gradcli.report.event_format import EventFormat


def json_number(x: float | None) -> float | str | None:
    """JSON has no NaN or infinity: the contract spells them "nan", "inf", "-inf"."""
    if x is None or math.isfinite(x):
        return x
    return "nan" if math.isnan(x) else "inf" if x > 0 else "-inf"


LISTED = 1_000  # elements of a gradient a backward event lists; a larger one is summarised
# A line's backward events after its first FOLDED_AFTER (a loop's later steps) list up to
# FOLDED_LISTED elements: 200 steps of a 128-unit layer would list 77,000 numbers per field
FOLDED_AFTER = 3
FOLDED_LISTED = 16


class Folding:
    """How many elements each backward event lists, by how often its line has had one."""

    def __init__(self) -> None:
        self.seen: Counter = Counter()

    def listed(self, event: Event) -> int:
        if not isinstance(event, BackwardEvent):
            return LISTED
        self.seen[event.line] += 1
        return LISTED if self.seen[event.line] <= FOLDED_AFTER else FOLDED_LISTED


def bounded(data: Any, size: int, listed: int = LISTED) -> Any:
    """A tensor's listed data (JSON numbers, "nan"/"inf" names, None where unchecked) as the
    summary large tensors get, when it has more than `listed` elements."""
    if size <= listed or not isinstance(data, list):  # small, None, or summarised already
        return data
    array = listed_array(data)
    if array is not None:  # the array the lists were made from: no walk over each element
        missing = data.missing
        return summarise(array, None if missing is None else ~missing)
    listed = np.array(data, dtype=object)
    checked = np.array([x is not None for x in listed.flat]).reshape(listed.shape)
    values = np.array([0.0 if x is None else float(x)  # float("nan") reads the names
                       for x in listed.flat]).reshape(listed.shape)
    return summarise(values, None if checked.all() else checked)


def shortest32(data: Any, seen: list | None = None) -> Any:
    """float32 data (nested lists) with each number as the shortest decimal that reads back as
    the same float32 (`0.1384567`, not its float64 expansion `0.13845670223236084`): the same
    values in half the characters. `seen`: (float32 bits, digits) of the row's other fields,
    whose digits an equal field reuses (grad, added and expected are often one float32 array)."""
    array = listed_array(data)
    if array is not None and data.missing is None and np.isfinite(array).all():
        bits = array.astype(np.float32).view(np.uint32)  # bits: -0.0 reads "-0.0", 0.0 "0.0"
        for other, digits in seen or ():
            if other.shape == bits.shape and np.array_equal(other, bits):
                return digits
        # numpy writes the whole array's shortest float32 digits at once (as str() writes one)
        text = bits.view(np.float32).astype(str).ravel().tolist()
        digits = np.array(list(map(float, text))).reshape(array.shape).tolist()
        if seen is not None:
            seen.append((bits, digits))
        return digits
    if isinstance(data, list):
        return [shortest32(item) for item in data]
    if isinstance(data, float):
        return float(str(np.float32(data)))
    return data  # None (unchecked), "nan"/"inf" names, a summary


def bounded_formulas(formulas: list[str] | None, full: bool) -> Any:
    """Each element's formula (one for an elementwise graph), or beyond LISTED formulas the
    distinct ones (in order of first appearance, up to six) and how many there are."""
    if formulas is None or full or len(formulas) <= LISTED:
        return formulas
    distinct = list(dict.fromkeys(formulas))
    return {"type": "summary", "shape": [len(formulas)], "distinct": len(distinct),
            "head": distinct[:6]}


def grad_row_to_json(row: GradRow, full: bool = False, listed: int = LISTED) -> dict[str, Any]:
    """A gradient row as JSON; without `full`, data beyond `listed` elements summarised."""
    size = 0 if full else math.prod(row.shape)
    # bounded, float32 rows list each number to float32's precision, sympy's expectation too
    # (how far it is from the gradient stays exact in max_error); full lists float64 digits
    seen: list = []  # the float32 digits of the fields done so far
    short = (lambda data: shortest32(data, seen)) if not full and row.dtype == "float32" \
        else (lambda data: data)
    tolerance = None
    if row.tolerance is not None:
        rtol, atol = row.tolerance
        tolerance = {"rtol": json_number(rtol), "atol": json_number(atol)}
    return {
        "name": row.name,
        "shape": list(row.shape),
        "dtype": row.dtype,
        "grad": short(bounded(row.grad, size, listed)),
        "added": short(bounded(row.added, size, listed)),
        "expected": short(bounded(row.expected, size, listed)),
        "formula": bounded_formulas(row.formula, full),
        "added_formula": bounded_formulas(row.added_formula, full),
        "method": row.method,
        "match": row.match,
        "note": row.note,
        "max_error": json_number(row.max_error),
        "tolerance": tolerance,
        "unchecked": unchecked_reason(row) or None,  # why it is not fully checked (a code)
    }


def clues_to_json(clues: tuple[Clue, ...]) -> list[dict[str, Any]] | None:
    """An error's or warning's clues, `[{"text": ..., "line": 5}]`; None when there are none."""
    return [{"text": c.text, "line": c.line} for c in clues] or None


def _known(**fields: Any) -> dict[str, Any]:
    """Only the fields that have a value: an error's position and hint are optional."""
    return {key: value for key, value in fields.items() if value not in (None, "")}


def event_to_json(event: Event, full: bool = True, listed: int = LISTED) -> dict[str, Any]:
    """One event as the contract's dict; the values inside are already JSON-encoded. Without
    `full`, a backward event's gradients beyond `listed` elements are summarised."""
    return EventJson(full, listed).dispatch(event)


class EventJson(EventFormat[dict[str, Any]]):
    """Each kind of event as the contract's dict."""

    def __init__(self, full: bool, listed: int) -> None:
        self.full, self.listed = full, listed

    @staticmethod
    def head(event: Event) -> dict[str, Any]:
        return {"kind": event.kind, "line": event.line}

    def on_value(self, event: ValueEvent) -> dict[str, Any]:
        return {**self.head(event), "value": event.value}  # the contract's data, listed whole

    def on_print(self, event: PrintEvent) -> dict[str, Any]:
        stream = {"stream": event.stream} if event.stream != "stdout" else {}
        return {**self.head(event), "text": event.text, **stream}

    def on_warning(self, event: WarningEvent) -> dict[str, Any]:
        why = _known(clues=clues_to_json(event.clues), hint=event.hint)
        return {**self.head(event), "type": event.type, "message": event.message, **why}

    def on_finding(self, event: FindingEvent) -> dict[str, Any]:
        return {**self.head(event), "message": event.message}

    def on_backward(self, event: BackwardEvent) -> dict[str, Any]:
        grads = [grad_row_to_json(row, self.full, self.listed) for row in event.grads]
        return {**self.head(event), "source": event.source, "grads": grads}

    def on_error(self, event: ErrorEvent) -> dict[str, Any]:
        where = _known(col=event.col, end_col=event.end_col, hint=event.hint,
                       clues=clues_to_json(event.clues))
        return {**self.head(event), "type": event.type, "message": event.message, **where}

    def on_invalid(self, event: InvalidEvent) -> dict[str, Any]:
        fields = {"col": event.col, "message": event.message, "hint": event.hint}
        return {**self.head(event), **fields, **_known(end_col=event.end_col)}


def session_to_json(result: SessionResult, explain: bool = False, full: bool = True,
                    encoded: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The contract's JSON object for a whole session, as Python data; with `explain`, the
    accumulation ledger too; without `full`, large gradients summarised. `encoded`: the events
    as a renderer encoded them while the session ran (the result may keep less of them)."""
    from gradcli.events.ledger import accumulation_hints, build_ledgers
    from gradcli.report.render_ledger import hints_to_json, ledger_to_json

    ledgers = build_ledgers(result.events)
    hints = hints_to_json(accumulation_hints(ledgers))
    # beyond the contract's keys: hints only when there are some, the ledger when asked for
    extra = {**({"hints": hints} if hints else {}),
             **({"ledger": ledger_to_json(ledgers)} if explain else {})}
    return {
        **session_head(result.source_name),
        "status": result.status,
        "events": encoded if encoded is not None else
        [event_to_json(event, full) for event in result.events if shown(event, explain)],
        "summary": summary_to_json(result),
        **extra,
    }


def shown(event: Event, explain: bool) -> bool:
    """--explain's notes are events only with --explain."""
    return explain or not isinstance(event, FindingEvent)


def session_head(source: str) -> dict[str, Any]:
    return {"gradcli": __version__, "source": source}


def summary_to_json(result: SessionResult) -> dict[str, int]:
    s = result.summary
    return {"statements": s.statements, "backward": s.backward, "checked": s.checked,
            "unchecked": s.unchecked, "mismatches": s.mismatches,
            **({"check_errors": s.check_errors} if s.check_errors else {}),
            **({"problems": s.problems} if s.problems else {})}


def write_json(out: TextIO, data: dict[str, Any]) -> None:
    """One line of JSON, flushed; allow_nan=False: a bare NaN would be invalid JSON, so fail
    loudly instead."""
    out.write(json.dumps(data, allow_nan=False) + "\n")
    out.flush()


class JsonRenderer:
    """Encodes each event as it comes (bounded, it is far smaller than the event: a long loop's
    run keeps little), and writes the one object at the end."""

    def __init__(self, out: TextIO, explain: bool = False, full: bool = False) -> None:
        self.out, self.explain, self.full = out, explain, full
        self.encoded: list[dict[str, Any]] = []
        self.folding = Folding()

    def on_event(self, event: Event) -> None:
        if shown(event, self.explain):
            self.encoded.append(event_to_json(event, self.full, self.folding.listed(event)))

    def finish(self, result: SessionResult) -> None:
        write_json(self.out, session_to_json(result, self.explain, self.full, self.encoded))


class JsonLinesRenderer:
    """`jsonl`: each event on its line as it happens, then a last line with the `json`
    object's other fields: `gradcli`, `source`, `status`, `summary`."""

    def __init__(self, out: TextIO, full: bool = False) -> None:
        self.out, self.full = out, full
        self.folding = Folding()

    def on_event(self, event: Event) -> None:
        if shown(event, explain=False):  # jsonl has no --explain
            write_json(self.out, event_to_json(event, self.full, self.folding.listed(event)))

    def finish(self, result: SessionResult) -> None:
        write_json(self.out, {**session_head(result.source_name), "status": result.status,
                              "summary": summary_to_json(result)})
