"""The three renderers on hand-built event streams: exact plain text, the JSON shape, the table."""
from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from gradcli.events.events import (
    BackwardEvent,
    ErrorEvent,
    GradRow,
    InvalidEvent,
    PrintEvent,
    SessionResult,
    Summary,
    ValueEvent,
    WarningEvent,
)
from gradcli.report.render_json import JsonRenderer, json_number, session_to_json
from gradcli.report.render_plain import PlainRenderer, verdict
from gradcli.report.render_table import TableRenderer
from gradcli.report.text import compact, excerpt, torch_style

SEED_SOURCE = """import torch
x = torch.ones(1, requires_grad=True)
x
y = x**2
z = x**3
y.backward()
x.grad
z.backward()
x.grad
"""
TOL = (1.3e-6, 1e-5)


def tensor(data, requires_grad=False):
    return {"type": "tensor", "dtype": "float32", "shape": [len(data)], "data": data,
            "requires_grad": requires_grad, "grad_fn": None}


def grad_row(grad, added, formula, added_formula, **overrides) -> GradRow:
    fields = dict(name="x", shape=(1,), dtype="float32", grad=grad, added=added, expected=grad,
                  formula=formula, added_formula=added_formula, method="symbolic", match=True,
                  max_error=0.0, tolerance=TOL)
    return GradRow(**{**fields, **overrides})


SEED_EVENTS = [
    ValueEvent(3, tensor([1.0], True), "tensor([1.], requires_grad=True)"),
    BackwardEvent(6, "y.backward()", (grad_row([2.0], [2.0], ["2*x"], ["2*x"]),), call=1),
    ValueEvent(7, tensor([2.0]), "tensor([2.])"),
    BackwardEvent(8, "z.backward()",
                  (grad_row([5.0], [3.0], ["2*x + 3*x**2"], ["3*x**2"]),), call=2),
    ValueEvent(9, tensor([5.0]), "tensor([5.])"),
]

BACKWARD_TWICE = ErrorEvent(
    8, "RuntimeError",
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed).", col=1, end_col=12,
    hint="pass retain_graph=True to the first backward()")


def session(events, source=SEED_SOURCE, **summary) -> SessionResult:
    counts = {"statements": 9, "backward": 2, "checked": 2, "mismatches": 0, **summary}
    return SessionResult("seed.py", source, list(events), Summary(**counts))


def render_plain(result: SessionResult) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    renderer = PlainRenderer(result.source_name, result.source, out, err)
    for event in result.events:
        renderer.on_event(event)
    renderer.finish(result)
    return out.getvalue(), err.getvalue()


def render_table(result: SessionResult, **console) -> tuple[str, str]:
    out = Console(file=io.StringIO(), width=100, **console)
    err = Console(file=io.StringIO(), width=100, **console)
    renderer = TableRenderer(result.source_name, result.source, out, err)
    for event in result.events:
        renderer.on_event(event)
    renderer.finish(result)
    return out.file.getvalue(), err.file.getvalue()


# ---- numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize("data, shown", [
    ([0.9925, 3.5841], "[0.9925, 3.584]"),
    ([1.0, 2, 3, 4, 5, 6, 7, 8, 9], "[1, 2, …, 9]"),
    ([[1.0, 2.0], [3.0, 4.0]], "[[1, 2], [3, 4]]"),
    (5.0, "5"),
    (["nan", "inf", "-inf"], "[nan, inf, -inf]"),
    (None, "None"),
])
def test_table_numbers_are_compact(data, shown):
    assert compact(data) == shown


def test_rows_are_as_wide_as_the_numbers_shown():
    """A large matrix shows its corners; an elided element must not widen the column (and
    measuring all 4096 of a layer's gradients cost seconds over a training loop)."""
    matrix = [[1.0] * 8 for _ in range(8)]
    matrix[3][3] = -1.2345e-05  # hidden: neither its row nor its column is shown
    assert compact(matrix, rows=True) == "[[1, 1, …, 1],\n [1, 1, …, 1],\n …,\n [1, 1, …, 1]]"


@pytest.mark.parametrize("data, rows, shown", [
    ([1.0, 2, 3, 4, None], False, "[1, 2, …, ·]"),  # the kept last element unchecked
    ([[0.5, None], ["nan", 1e-05]], True, "[[  0.5,     ·],\n [  nan, 1e-05]]"),
    ([[[1.0, -2.0]], [[3.0, 40.0]]], True, "[[[ 1, -2]],\n [[ 3, 40]]]"),
    ([[1.0] * 5] * 5, False, "[[1, 1, …, 1], [1, 1, …, 1], …, [1, 1, …, 1]]"),
    ([[], []], True, "[[],\n []]"),  # a (2, 0) gradient: nothing to align (it crashed)
    ([[]], True, "[[]]"),
])
def test_compact_numbers_each_once_in_either_layout(data, rows, shown):
    assert compact(data, rows) == shown


def test_an_empty_matrix_gradient_has_its_table():
    row = grad_row([[], []], [[], []], None, None, shape=(2, 0), expected=None, method="none",
                   match=None)
    out, _ = render_table(session([BackwardEvent(3, "x.sum().backward()", (row,), call=1)]))
    assert "│ x      │ [2, 0] │ [[], │ —                │ unchecked │ – │\n" in out
    assert "│        │        │  []] │                  │           │   │\n" in out


@pytest.mark.parametrize("data, shown", [
    ([5.0], "[5.]"),
    ([1.0, 10.0], "[ 1., 10.]"),
    ([0.9925, 3.584], "[0.9925, 3.5840]"),
    ([1e-5, 1.0], "[1.0000e-05, 1.0000e+00]"),
    (0.5, "0.5000"),
    ([1.5, "nan"], "[1.5000,    nan]"),
    ([[1.0, 2.0], [3.0, 4.0]], "[[1., 2.], [3., 4.]]"),
    ([float(i) for i in range(2000)][:3], "[0., 1., 2.]"),
    ([[1.5], ["nan"], [None]], "[[1.5000], [   nan], [     ·]]"),  # a column, padded alike
    ([[[1.0, -2.0]], [[3.0, 40.0]]], "[[[ 1., -2.]], [[ 3., 40.]]]"),
    ([[1.0, 2.0], [3.0]], "[[1., 2.], [3.]]"),  # not a tensor's rectangle: still each list
    ([[], []], "[[], []]"),
])
def test_plain_numbers_look_like_torch(data, shown):
    assert torch_style(data) == shown


def test_plain_summarises_large_tensors_like_torch():
    shown = torch_style([float(i) for i in range(100, 1101)])
    assert shown == "[ 100.,  101.,  102.,  ..., 1098., 1099., 1100.]"  # as torch prints it
    # a matrix: its corners, each number as wide as the widest shown (the -1.5 in a corner)
    zeros, last = " 0.0000,  0.0000,  0.0000,  ...,  0.0000,  0.0000, ", "-1.5000"
    shown = torch_style([[0.0] * 40] * 39 + [[0.0] * 39 + [-1.5]])
    assert shown == ("[" + ", ".join([f"[{zeros} 0.0000]"] * 3) + ",  ..., "
                     + ", ".join([f"[{zeros} 0.0000]"] * 2) + f", [{zeros}{last}]]")


def test_json_numbers_never_bare_nan():
    assert [json_number(x) for x in (float("nan"), float("inf"), -float("inf"), 0.5, None)] == [
        "nan", "inf", "-inf", 0.5, None]


# ---- carets -----------------------------------------------------------------------------


def test_excerpt_puts_a_caret_under_the_span():
    assert excerpt("a = 1\nz.backward()\n", 2, 1, 12) == [" 2 | z.backward()", "   | ^^^^^^^^^^^^"]
    assert excerpt("y = x +* 2", 1, 8, None) == [" 1 | y = x +* 2", "   |        ^"]


def test_excerpt_keeps_tabs_so_the_caret_lines_up():
    assert excerpt("\tx.foo", 1, 2, 6)[1] == "   | \t^^^^^"


def test_excerpt_without_a_line_is_empty():
    assert excerpt("x = 1", None, None, None) == []
    assert excerpt("", 1, 1, None) == []
    assert excerpt("x = 1", 7, 1, None) == []


# ---- plain ------------------------------------------------------------------------------


def test_plain_stdout_is_exactly_what_pytorch_prints():
    events = [*SEED_EVENTS, PrintEvent(10, "after both: tensor([5.])")]
    out, _ = render_plain(session(events))
    assert out == ("tensor([1.], requires_grad=True)\ntensor([2.])\ntensor([5.])\n"
                   "after both: tensor([5.])\n")


def test_plain_findings_go_to_stderr():
    _, err = render_plain(session(SEED_EVENTS))
    assert err == (
        "check line 6 y.backward(): x grad [2.] expected [2.] (2*x) symbolic ✓\n"
        "check line 8 z.backward(): x grad [5.] expected [5.] (2*x + 3*x**2) symbolic ✓\n"
        "✓ ok · 9 statements · 2 backward · 2 gradients checked · 0 mismatches\n")


def test_plain_mismatch_shows_the_error_and_the_tolerance():
    row = grad_row([5.0], [3.0], ["2*x + 3*x**2"], None, expected=[6.0], match=False,
                   max_error=1.0)
    _, err = render_plain(session([BackwardEvent(8, "z.backward()", (row,))], mismatches=1))
    assert ("check line 8 z.backward(): x grad [5.] expected [6.] (2*x + 3*x**2) symbolic ✗ "
            "max error 1 (rtol 1.3e-06, atol 1e-05)\n") in err
    assert err.endswith("✗ mismatch · 9 statements · 2 backward · 2 gradients checked "
                        "· 1 mismatch\n")


def test_plain_unchecked_row_says_why():
    row = grad_row([5.0], [3.0], None, None, expected=None, method="none", match=None,
                   note="sympy cannot differentiate sort")
    _, err = render_plain(session([BackwardEvent(8, "z.backward()", (row,))]))
    assert ("x grad [5.] expected — unchecked: sympy cannot differentiate sort –\n") in err


def test_plain_error_has_location_caret_and_hint():
    _, err = render_plain(session([*SEED_EVENTS[:4], BACKWARD_TWICE]))
    assert ("seed.py:8:1: RuntimeError: Trying to backward through the graph a second time "
            "(or directly access saved tensors after they have already been freed).\n"
            " 8 | z.backward()\n"
            "   | ^^^^^^^^^^^^\n"
            "hint: pass retain_graph=True to the first backward()\n") in err
    assert err.endswith("✗ error · 9 statements · 2 backward · 2 gradients checked "
                        "· 0 mismatches\n")


def test_plain_warning_is_in_pythons_style():
    warning = WarningEvent(7, "UserWarning", "The .grad attribute of a Tensor that is not a "
                           "leaf Tensor is being accessed.")
    _, err = render_plain(session([warning]))
    assert err.startswith("seed.py:7: UserWarning: The .grad attribute of a Tensor that is not "
                          "a leaf Tensor is being accessed.\n  x.grad\n")


def test_verdicts():
    assert verdict(session([], statements=1, backward=1, checked=1)) == (
        "✓ ok · 1 statement · 1 backward · 1 gradient checked · 0 mismatches")
    assert verdict(session([ErrorEvent(3, "AssertionError", "")])).startswith("✗ assertion ·")
    invalid = session([InvalidEvent(1, 5, "invalid syntax")])
    assert verdict(invalid) == "✗ invalid · 1 problem · script rejected before running"
    invalid = session([InvalidEvent(1, 5, "one"), InvalidEvent(2, 1, "two")])
    assert verdict(invalid) == "✗ invalid · 2 problems · script rejected before running"
    invalid.summary.problems = 60
    assert verdict(invalid) == ("✗ invalid · 60 problems (the first 2 shown) · script "
                                "rejected before running")


# ---- json -------------------------------------------------------------------------------


def test_json_matches_the_contract():
    data = session_to_json(session([*SEED_EVENTS[:4], BACKWARD_TWICE]))
    assert list(data) == ["gradcli", "source", "status", "events", "summary"]
    assert data["source"] == "seed.py" and data["status"] == "error"
    assert data["summary"] == {"statements": 9, "backward": 2, "checked": 2, "unchecked": 0,
                               "mismatches": 0}
    assert data["events"][0] == {"kind": "value", "line": 3, "value": tensor([1.0], True)}
    backward = data["events"][3]
    assert backward == {"kind": "backward", "line": 8, "source": "z.backward()", "grads": [{
        "name": "x", "shape": [1], "dtype": "float32", "grad": [5.0], "added": [3.0],
        "expected": [5.0], "formula": ["2*x + 3*x**2"], "added_formula": ["3*x**2"],
        "method": "symbolic", "match": True, "note": "", "max_error": 0.0,
        "tolerance": {"rtol": 1.3e-6, "atol": 1e-5}, "unchecked": None}]}
    assert data["events"][4] == {
        "kind": "error", "line": 8, "type": "RuntimeError", "message": BACKWARD_TWICE.message,
        "col": 1, "end_col": 12, "hint": "pass retain_graph=True to the first backward()"}


def test_json_other_kinds():
    events = [PrintEvent(2, "hi"), WarningEvent(3, "UserWarning", "careful"),
              ErrorEvent(4, "TypeError", "bad"), InvalidEvent(5, 7, "no", "try this")]
    assert session_to_json(session(events))["events"] == [
        {"kind": "print", "line": 2, "text": "hi"},
        {"kind": "warning", "line": 3, "type": "UserWarning", "message": "careful"},
        {"kind": "error", "line": 4, "type": "TypeError", "message": "bad"},
        {"kind": "invalid", "line": 5, "col": 7, "message": "no", "hint": "try this"},
    ]


def test_json_renderer_writes_one_valid_object_with_nan_as_a_string():
    row = grad_row(["nan"], ["nan"], ["log(x)"], ["log(x)"], expected=[0.5], match=False,
                   max_error=float("nan"))
    out = io.StringIO()
    renderer = JsonRenderer(out)
    result = session([BackwardEvent(2, "y.backward()", (row,))], mismatches=1)
    renderer.on_event(result.events[0])
    assert out.getvalue() == ""  # nothing until the end: one object
    renderer.finish(result)
    data = json.loads(out.getvalue(), parse_constant=pytest.fail)
    assert data["status"] == "mismatch"
    assert data["events"][0]["grads"][0]["max_error"] == "nan"


# ---- table ------------------------------------------------------------------------------


def test_table_shows_the_seed_session():
    out, err = render_table(session(SEED_EVENTS))
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "tensor([1.], requires_grad=True)"
    assert lines[-1] == "✓ ok · 9 statements · 2 backward · 2 gradients checked · 0 mismatches"
    assert "backward #2 · line 8 · z.backward()" in out
    for header in ("tensor", "shape", "grad", "added", "expected (sympy)", "method", "✓"):
        assert header in out
    row = next(line for line in lines if "2*x + 3*x**2" in line)
    cells = [cell.strip() for cell in row.strip("│ ").split("│")]
    assert cells == ["x", "[1]", "[5]", "[3]", "2*x + 3*x**2", "symbolic", "✓"]  # value = grad
    assert "tensor([2.])" in lines and "tensor([5.])" in lines


def test_table_streams_each_event_as_it_arrives():
    out = Console(file=io.StringIO(), width=100)
    renderer = TableRenderer("seed.py", SEED_SOURCE, out, Console(file=io.StringIO()))
    renderer.on_event(SEED_EVENTS[0])
    assert out.file.getvalue() == "tensor([1.], requires_grad=True)\n"
    renderer.on_event(SEED_EVENTS[1])
    assert "backward #1 · line 6 · y.backward()" in out.file.getvalue()


def test_table_prints_script_output_verbatim():
    text = "[red]not markup[/red] :smile: " + "x" * 150
    out, _ = render_table(session([PrintEvent(1, text)]))
    assert out.splitlines()[0] == text


def test_table_mismatch_row_is_red_with_error_and_tolerance():
    row = grad_row([5.0], [3.0], ["2*x + 3*x**2"], None, expected=[6.0], match=False,
                   max_error=1.0)
    result = session([BackwardEvent(8, "z.backward()", (row,))], mismatches=1)
    out, _ = render_table(result)
    assert "✗ x: max error 1 (rtol 1.3e-06, atol 1e-05)" in out
    assert "✗ mismatch" in out.splitlines()[-1]
    coloured, _ = render_table(result, force_terminal=True, color_system="standard")
    assert "\x1b[31m" in coloured  # red


def test_table_elides_long_formulas():
    formula = "exp(x)*sin(x)**2 + 2*exp(x)*sin(x)*cos(x) + x**7"
    row = grad_row([1.0], [1.0], [formula], [formula])
    out, _ = render_table(session([BackwardEvent(2, "y.backward()", (row,))]))
    assert "x**7" not in out and "cos(…" in out  # cut at 40 characters, in both cells


def test_table_error_panel_on_a_terminal():
    _, err = render_table(session([BACKWARD_TWICE]), force_terminal=True, color_system=None)
    assert "RuntimeError" in err.splitlines()[0]
    assert "│  8 | z.backward()" in err and "│    | ^^^^^^^^^^^^" in err
    assert "hint: pass retain_graph=True to the first backward()" in err
    assert "seed.py:8:1" in err


def test_table_invalid_panel_and_warning():
    warning = WarningEvent(7, "UserWarning", "careful")
    invalid = InvalidEvent(2, 5, "invalid syntax", "close the bracket")
    _, err = render_table(session([warning, invalid], source="x\ny = (1\n"))
    assert "invalid script" in err and "invalid syntax" in err and "close the bracket" in err
    assert err.startswith("seed.py:7: UserWarning: careful\n")


def test_table_has_no_ansi_when_not_a_terminal():
    out, err = render_table(session([*SEED_EVENTS, BACKWARD_TWICE]))
    assert "\x1b" not in out + err


def test_table_console_respects_no_color(monkeypatch, capsys):
    from gradcli.app.output import make_console

    def rendered() -> str:
        renderer = TableRenderer("seed.py", SEED_SOURCE, make_console(False), make_console(True))
        result = session([*SEED_EVENTS, BACKWARD_TWICE])
        for event in result.events:
            renderer.on_event(event)
        renderer.finish(result)
        captured = capsys.readouterr()
        return captured.out + captured.err

    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then treats the captured stream as a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\x1b[" in rendered()
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b" not in rendered()


def test_console_is_100_columns_when_not_a_terminal(monkeypatch):
    from gradcli.app.output import make_console

    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert make_console(stderr=False).width == 100


def test_a_bare_assert_has_no_dangling_colon():
    result = session([ErrorEvent(4, "AssertionError", "", col=1, end_col=6)],
                     source="x\ny\nz\nassert False\n")
    _, plain = render_plain(result)
    assert plain.startswith("seed.py:4:1: AssertionError\n 4 | assert False\n   | ^^^^^^\n")
    _, table = render_table(result, force_terminal=True, color_system=None)
    assert table.splitlines()[1].rstrip("│ ") == "│  4 | assert False"  # first line: the source


def test_every_format_shows_every_event_type_through_one_dispatch():
    """A new event type is one abstract method of EventFormat, which every format must then
    write: the four formats dispatch through it."""
    from typing import get_args

    from gradcli.events.events import Event
    from gradcli.report.event_format import EventFormat
    from gradcli.report.render_html import EventHtml
    from gradcli.report.render_json import EventJson

    assert EventFormat.__abstractmethods__ == {f"on_{kind.kind}" for kind in get_args(Event)}
    for each_format in (PlainRenderer, TableRenderer, EventJson, EventHtml):
        assert issubclass(each_format, EventFormat) and not each_format.__abstractmethods__
