"""A training loop reads as a summary in the table format (issue 34): a line's calls after the
third fold into one line each time something else is printed, a call with a mismatch is shown
whole, the last call's table closes the run, and --all-tables shows every one."""
from __future__ import annotations

import io

from rich.console import Console
from test_render import grad_row, session

from gradcli.events.events import BackwardEvent, PrintEvent
from gradcli.report.render_table import TableRenderer


def call(number: int, line: int = 8, match: bool = True) -> BackwardEvent:
    rows = (grad_row([2.0], [2.0], ["2*x"], ["2*x"], match=match),
            grad_row([1.0], [1.0], ["1"], ["1"], name="b"))
    return BackwardEvent(line, "loss.backward()", rows, call=number)


def rendered(events, every_table: bool = False, repl_inputs: int = 0) -> str:
    out = Console(file=io.StringIO(), width=100)
    renderer = TableRenderer("loop.py", "", out, Console(file=io.StringIO()),
                             every_table=every_table)
    for event in events:
        renderer.on_event(event)
    if repl_inputs:
        renderer.end_of_input()
    else:
        renderer.finish(session(events))
    return out.file.getvalue()


def headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("backward #")]


def test_calls_after_the_third_fold_into_a_line_and_the_last_table_ends_the_run():
    text = rendered([call(n) for n in range(1, 2001)])
    assert headings(text) == [
        "backward #1 · line 8 · loss.backward()", "backward #2 · line 8 · loss.backward()",
        "backward #3 · line 8 · loss.backward()",
        "backward #4–#2000 · line 8 · 3,994 gradients ✓",
        "backward #2000 · line 8 · loss.backward()"]
    assert len(text) < 2_000


def test_a_print_ends_a_fold_where_it_is():
    events = []
    for n in range(1, 301):
        events.append(call(n))
        if n % 100 == 0:
            events.append(PrintEvent(9, f"step {n}"))
    lines = [line for line in rendered(events).splitlines()
             if line.startswith(("backward #", "step"))]
    assert lines[3:] == ["backward #4–#100 · line 8 · 194 gradients ✓", "step 100",
                         "backward #101–#200 · line 8 · 200 gradients ✓", "step 200",
                         "backward #201–#300 · line 8 · 200 gradients ✓", "step 300",
                         "backward #300 · line 8 · loss.backward()"]


def test_a_mismatch_inside_a_fold_is_counted_and_its_table_shown():
    events = [call(n, match=n != 50) for n in range(1, 101)]
    text = rendered(events)
    assert headings(text)[3:] == [
        "backward #4–#100 · line 8 · 194 gradients · 193 ✓ · 1 ✗",
        "backward #50 · line 8 · loss.backward()",
        "backward #100 · line 8 · loss.backward()"]


def test_unchecked_rows_are_counted_apart():
    events = [BackwardEvent(8, "loss.backward()", (grad_row([1.0], [1.0], [], [], match=None),),
                            call=n) for n in range(1, 6)]
    assert headings(rendered(events))[3] == "backward #4–#5 · line 8 · 2 gradients · 2 unchecked"


def test_each_line_folds_on_its_own_in_the_order_its_calls_began():
    events = [event for n in range(1, 11) for event in (call(2 * n - 1, 8), call(2 * n, 12))]
    assert headings(rendered(events))[6:8] == [
        "backward #7–#19 · line 8 · 14 gradients ✓",
        "backward #8–#20 · line 12 · 14 gradients ✓"]


def test_all_tables_shows_every_call():
    assert len(headings(rendered([call(n) for n in range(1, 51)], every_table=True))) == 50


def test_a_repl_input_folds_its_own_loop_only():
    text = rendered([call(n) for n in range(1, 6)], repl_inputs=1)
    assert headings(text)[3:] == ["backward #4–#5 · line 8 · 4 gradients ✓",
                                  "backward #5 · line 8 · loss.backward()"]
