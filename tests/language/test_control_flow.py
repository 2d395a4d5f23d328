"""`while`, `break`/`continue`/`else`, functions and their limits, on the real API table."""
from __future__ import annotations

import textwrap

import pytest

from gradcli.language.interp import Interpreter
from gradcli.language.limits import Limits
from gradcli.language.parse import ScriptInvalid, parse
from gradcli.report.events import ErrorEvent, PrintEvent


def run(source: str, limits: Limits = Limits()) -> list:
    program = parse(textwrap.dedent(source), "s.py", limits)
    events: list = []
    Interpreter(program, events.append, limits).run()
    return events


def printed(source: str) -> list[str]:
    events = run(source)
    assert not any(isinstance(e, ErrorEvent) for e in events), events
    return [e.text for e in events if isinstance(e, PrintEvent)]


def error(source: str, limits: Limits = Limits()) -> ErrorEvent:
    events = run(source, limits)
    assert isinstance(events[-1], ErrorEvent), events
    return events[-1]


# -- while ----------------------------------------------------------------------------------
def test_while_with_break_continue_and_else():
    assert printed("""
        n = 0
        while n < 5:
            n += 1
            if n == 2:
                continue
            if n == 4:
                break
            print(n)
        else:
            print("not reached")
        while n < 6:
            n += 1
        else:
            print("else", n)
    """) == ["1", "3", "else 6"]


def test_while_on_a_tensor_condition():
    assert printed("""
        import torch
        x = torch.tensor(8.0)
        while x > 1:
            x = x / 2
        print(x)
    """) == ["tensor(1.)"]
    assert error("import torch\nwhile torch.ones(2):\n    pass").type == "RuntimeError"


def test_an_endless_while_ends_at_the_step_budget():
    e = error("while True:\n    pass", Limits(max_steps=1000))
    assert e.type == "LimitExceeded" and "--max-steps" in e.message


def test_break_outside_a_loop_is_rejected():
    with pytest.raises(ScriptInvalid, match="'break' outside loop"):
        parse("while True:\n    pass\nbreak", "s.py")
    parse("for i in range(2):\n    while True:\n        break", "s.py")
