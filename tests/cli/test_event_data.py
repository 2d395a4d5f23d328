"""A run whose events are shown as they come keeps, in its SessionResult, only what the end of
the run reads again (RunOptions.keep_event_data=False, the CLI's table, plain and jsonl)."""
from __future__ import annotations

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.engine.runtime import Faults
from gradcli.events.events import BackwardEvent, ValueEvent
from gradcli.events.ledger import build_ledgers

LOOP = """import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
for step in range(3):
    loss = (w * w).sum() + (b * 3).sum()
    loss.backward()
    w.grad
"""


def both_ways(options: dict) -> tuple[list, list, list]:
    """(events as shown, kept in full, kept light) of the same run."""
    shown: list = []
    light = run_session(LOOP, "s.py", RunOptions(keep_event_data=False, **options), shown.append)
    full = run_session(LOOP, "s.py", RunOptions(**options))
    return shown, full.events, light.events


def test_the_events_are_shown_in_full_and_kept_light():
    shown, full, light = both_ways({})
    assert shown == full
    values = [e for e in light if isinstance(e, ValueEvent)]
    assert values and all(e.value is None for e in values)
    assert [e.text for e in values] == [e.text for e in full if isinstance(e, ValueEvent)]
    for kept, whole in zip(light, full):
        if isinstance(kept, BackwardEvent):
            for row, original in zip(kept.grads, whole.grads):
                assert (row.expected, row.formula) == (None, None)
                assert (row.grad, row.added, row.added_formula, row.match) == (
                    original.grad, original.added, original.added_formula, original.match)


def test_the_ledger_and_the_verdict_read_the_same():
    _, full, light = both_ways({})
    assert build_ledgers(light) == build_ledgers(full)
    assert run_session(LOOP, "s.py", RunOptions(keep_event_data=False)).summary == \
        run_session(LOOP, "s.py").summary


def test_a_mismatch_keeps_its_expectation():
    _, full, light = both_ways({"faults": Faults(frozenset({"MulBackward0"}))})
    wrong = [(row, whole) for kept, original in zip(light, full)
             if isinstance(kept, BackwardEvent) for row, whole in zip(kept.grads, original.grads)
             if row.match is False]
    assert wrong and all(row == whole for row, whole in wrong)
