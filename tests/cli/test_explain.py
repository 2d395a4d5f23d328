"""Errors and warnings that explain themselves (tensor, line, fix), the accumulation ledger,
and the live session the repl and graph run on."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.events.events import BackwardEvent, Clue, ErrorEvent, GradRow, WarningEvent
from gradcli.events.ledger import Contribution, Restart, accumulation_hints, build_ledgers

ROOT = Path(__file__).resolve().parents[2]


def problem(source: str) -> ErrorEvent | WarningEvent:
    result = run_session(source, "s.py", RunOptions(check=False))
    found = [e for e in result.events if isinstance(e, (ErrorEvent, WarningEvent))]
    assert found, result.events
    return found[0]


# ---- a nan gradient in anomaly mode --------------------------------------------------------


def test_nan_gradient_names_the_node_its_line_and_the_leaves():
    e = problem("x = torch.tensor([0.0, 4.0], requires_grad=True)\n"
                "w = torch.tensor([1.0, 0.0], requires_grad=True)\n"
                "with torch.autograd.detect_anomaly():\n"
                "    y = torch.sqrt(x) * w\n    y.sum().backward()\n")
    assert isinstance(e, WarningEvent) and e.line == 3  # "Anomaly Detection has been enabled"
    e = problem("x = torch.tensor([0.0, 4.0], requires_grad=True)\n"
                "w = torch.tensor([0.0, 1.0], requires_grad=True)\n"
                "torch.autograd.set_detect_anomaly(True)\n"
                "s = torch.sqrt(x)\ny = s * w\ny.sum().backward()\n")
    assert e.message == "Function 'SqrtBackward0' returned nan values in its 0th output."
    assert e.clues == (Clue("SqrtBackward0 (s.grad_fn) was built at line 4:", 4),
                       Clue("it came from x = tensor([0., 4.], requires_grad=True)"))
    assert e.hint.startswith("SqrtBackward0's gradient is nan where its derivative is 0/0")


# ---- a second backward ---------------------------------------------------------------------


def test_second_backward_names_the_node_its_line_and_the_pass_that_freed_it():
    e = problem("x = torch.tensor([1.5], requires_grad=True)\ny = x**2\n"
                "y.backward(retain_graph=True)\ny.backward()\ny.backward()\n")
    assert e.message.startswith("Trying to backward through the graph a second time")
    assert e.clues == (
        Clue("PowBackward0 (y.grad_fn) was built at line 2, saving tensors for its gradient:", 2),
        Clue("backward #2 at line 4 ran through it without retain_graph=True and freed them:",
             4))
    assert e.hint == ("pass retain_graph=True there (line 4), or rebuild the graph (run line 2 "
                      "again) before backward() runs through it again")


def test_second_backward_through_an_unnamed_intermediate_and_autograd_grad():
    e = problem("x = torch.ones(2, requires_grad=True)\nloss = (x * x).sum()\n"
                "g = torch.autograd.grad(loss, x)\nfor i in range(2):\n    loss.backward()\n")
    assert e.line == 5
    assert e.clues[0] == Clue("MulBackward0 was built at line 2, saving tensors for its "
                              "gradient:", 2)
    assert e.clues[1].text.startswith("backward #1 at line 3 ran through it")


def test_the_plain_format_shows_clues_with_their_lines(tmp_path):
    script = tmp_path / "s.py"
    example = (ROOT / "examples" / "second_backward.py").read_text()
    script.write_text(example.replace("# gradcli: expect", "# (expect"))  # its error counts
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", str(script), "--format",
                           "plain"], capture_output=True, cwd=ROOT, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 3
    assert ("note: PowBackward0 (y.grad_fn) was built at line 5, saving tensors for its "
            "gradient:\n 5 | y = x**2\n") in err
    assert "note: backward #2 at line 8 ran through it without retain_graph=True" in err
    assert "hint: pass retain_graph=True there (line 8), or rebuild the graph" in err


def test_the_json_error_carries_its_clues():
    result = run_session("x = torch.ones(1, requires_grad=True)\ny = x.exp()\ny.backward()\n"
                         "y.backward()\n", "s.py")
    from gradcli.report.render_json import session_to_json

    error = session_to_json(result)["events"][-1]
    assert error["clues"] == [
        {"text": "ExpBackward0 (y.grad_fn) was built at line 2, saving tensors for its "
                 "gradient:", "line": 2},
        {"text": "backward #1 at line 3 ran through it without retain_graph=True and freed "
                 "them:", "line": 3}]
    assert "retain_graph=True" in error["hint"]


# ---- in-place modification ---------------------------------------------------------------------


def test_inplace_version_error_names_the_tensor_and_the_line_that_modified_it():
    e = problem("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x.exp()\ny += 1\n"
                "y.sum().backward()\n")
    assert e.message.startswith("one of the variables needed for gradient computation has "
                                "been modified by an inplace operation")
    assert e.clues == (
        Clue("ExpBackward0 was built at line 2 and saved `y` at version 0 for its gradient:", 2),
        Clue("line 3 modified `y` in place (version 1 now):", 3))
    assert e.hint == ("at line 3, write `y = y + 1` (a new tensor) instead, or modify it only "
                      "after backward()")


def test_inplace_method_on_a_saved_input_that_does_not_require_grad():
    e = problem("w = torch.ones(3, requires_grad=True)\na = torch.ones(3)\n"
                "y = (w * a).sum()\na.mul_(2)\ny.backward()\n")
    assert e.clues[0] == Clue("MulBackward0 was built at line 3 and saved `a` at version 0 for "
                              "its gradient:", 3)
    assert e.clues[1] == Clue("line 4 modified `a` in place (version 1 now):", 4)
    assert e.hint.startswith("at line 4, write `a = a.mul(2)` (a new tensor) instead")


def test_inplace_write_through_an_index_in_a_loop():
    e = problem("w = torch.ones(3, requires_grad=True)\nh = w * 2\nz = h ** 2\n"
                "for i in range(2):\n    h[i] = 0.0\nz.sum().backward()\n")
    assert e.clues[1] == Clue("line 5 modified `h` in place (version 2 now):", 5)
    assert "line 5" in e.hint and "clone" in e.hint


# ---- non-scalar backward and non-leaf .grad ---------------------------------------------------


def test_nonscalar_backward_gives_the_shape_and_what_gradient_means():
    e = problem("x = torch.ones(2, 3, requires_grad=True)\ny = x * 2\ny.backward()\n")
    assert e.message == "grad can be implicitly created only for scalar outputs"
    assert e.clues[0] == Clue("`y` has shape [2, 3] (6 elements), built at line 2:", 2)
    assert "gradient= is the vector v of the vector-Jacobian product" in e.clues[1].text
    assert e.hint == ("reduce it to a scalar first, y.sum().backward(), or pass "
                      "gradient=torch.ones_like(y) (a tensor of shape [2, 3])")


def test_nonleaf_grad_warning_says_what_a_leaf_is_and_how_to_keep_the_gradient():
    w = problem("a = torch.ones(2, requires_grad=True)\nb = torch.ones(2, requires_grad=True)\n"
                "y = a * b\ny.sum().backward()\nprint(y.grad)\n")
    assert isinstance(w, WarningEvent) and w.line == 5
    assert w.clues[0] == Clue("`y` is not a leaf: MulBackward0 computed it at line 3:", 3)
    assert "a leaf is a tensor created directly with requires_grad=True (here `a`, `b`)" in \
        w.clues[1].text
    assert w.hint == "call y.retain_grad() before backward() to keep its gradient, or read a.grad"


def test_the_table_format_in_a_pipe_writes_clues_as_plain_lines():
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", "-c",
                           "x = torch.ones(3, requires_grad=True)\ny = x * 2\ny.backward()"],
                          capture_output=True, cwd=ROOT, timeout=120)
    err = proc.stderr.decode()
    assert "note: `y` has shape [3] (3 elements), built at line 2:" in err
    assert "\n 2 | y = x * 2\n" in err and "hint: reduce it to a scalar first" in err
    assert "│" not in err  # a box only on a terminal


def test_errors_without_an_explanation_keep_the_generic_hint():
    e = problem("x = torch.ones(2, requires_grad=True)\nx += 1\n")
    assert e.clues == () and "torch.no_grad()" in e.hint


def test_a_bug_in_explaining_never_hides_the_error(monkeypatch):
    import gradcli.sandbox.explain as explain

    def broken(scene):
        raise ValueError("bug")

    monkeypatch.setitem(explain.ERRORS, explain.SECOND_BACKWARD, broken)
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)
    e = problem("x = torch.ones(1, requires_grad=True)\ny = x * x\ny.backward()\ny.backward()\n")
    assert e.type == "RuntimeError" and e.clues == () and "retain_graph=True" in e.hint


def test_watching_for_writes_costs_little():
    """The provenance bookkeeping must not slow a long loop down noticeably."""
    import time

    source = ("w = torch.ones(3, requires_grad=True)\nfor i in range(3000):\n"
              "    loss = (w * 2).sum()\n    loss.backward()\n    with torch.no_grad():\n"
              "        w -= 0.1 * w.grad\n    w.grad.zero_()\n")
    start = time.process_time()
    result = run_session(source, "s.py", RunOptions(check=False))
    assert result.status == "ok" and time.process_time() - start < 10


# ---- the ledger, from events alone ------------------------------------------------------------


def row(name: str, grad, added, formula=None, note: str = "") -> GradRow:
    return GradRow(name, (len(grad),), "float32", grad, added, grad, None, formula, "symbolic",
                   True, note)


def backward(line: int, call: int, *rows: GradRow) -> BackwardEvent:
    return BackwardEvent(line, f"loss{line}.backward()", rows, call)


def test_ledger_keeps_a_running_total_per_tensor():
    (ledger,) = build_ledgers([
        backward(5, 1, row("x", [2.0], [2.0], ["2*x"])),
        backward(7, 2, row("x", [5.0], [3.0], ["3*x**2"])),
    ])
    assert ledger.entries == [
        Contribution(1, 5, "loss5.backward()", [2.0], ["2*x"], [2.0], ([2.0],)),
        Contribution(2, 7, "loss7.backward()", [3.0], ["3*x**2"], [5.0], ([2.0], [3.0])),
    ]


def test_ledger_restarts_when_grad_was_zeroed_set_or_reset():
    (ledger,) = build_ledgers([
        backward(1, 1, row("x", [4.0], [4.0])),
        backward(2, 2, row("x", [1.0], [1.0], note=".grad was zeroed before this call")),
        backward(3, 3, row("x", [12.0], [2.0], note=".grad was set by hand before this call")),
        backward(4, 4, row("x", [7.0], [7.0])),  # .grad = None in between: no note
        backward(5, 5, row("x", [9.0], [1.0])),  # changed outside backward(): 7 + 1 != 9
    ])
    kinds = [(type(e).__name__, getattr(e, "reason", "")[:20]) for e in ledger.entries]
    assert kinds == [
        ("Contribution", ""), ("Restart", ".grad was zeroed bef"), ("Contribution", ""),
        ("Restart", ".grad was set by han"), ("Contribution", ""),
        ("Restart", ".grad was None or ze"), ("Contribution", ""),
        ("Restart", ".grad was changed ou"), ("Contribution", ""),
    ]
    set_by_hand = ledger.entries[3]
    assert isinstance(set_by_hand, Restart) and set_by_hand.start == [10.0]
    assert ledger.entries[4].terms == ([10.0], [2.0])
    assert ledger.entries[-1].terms == ([8.0], [1.0])


def test_ledger_skips_autograd_grad_results_and_keeps_names_apart():
    ledgers = build_ledgers([backward(1, 1, row("autograd.grad[0]", [1.0], [1.0],
                                                note="returned by autograd.grad (.grad "
                                                     "untouched)"),
                                      row("w", [1.0, 2.0], [1.0, 2.0]), row("b", [3.0], [3.0]),
                                      row("y (hook input)", [1.0], [1.0],
                                          note="the gradient this tensor's hooks received; "
                                               ".grad is not touched"))])
    assert [ledger.name for ledger in ledgers] == ["w", "b"]


def test_accumulation_hint_needs_two_calls_in_a_row_at_one_line():
    def grads(*lines):
        total = 0.0
        events = []
        for call, line in enumerate(lines, 1):
            total += 1.0
            events.append(backward(line, call, row("w", [total], [1.0])))
        return accumulation_hints(build_ledgers(events))

    assert grads(5, 7) == []  # the seed: two different lines, on purpose
    (hint,) = grads(4, 4, 4)
    assert (hint.name, hint.line, hint.calls) == ("w", 4, 3)
    assert "w.grad.zero_()" in hint.message
    zeroed = build_ledgers([backward(4, 1, row("w", [1.0], [1.0])),
                            backward(4, 2, row("w", [1.0], [1.0], note=".grad was zeroed"))])
    assert accumulation_hints(zeroed) == []


def test_no_accumulation_hint_where_the_total_before_was_zero_or_nearly():
    """A loop that zeroes .grad, on a tensor whose gradient is 0 (a bias before a BatchNorm) or
    ~1e-7 (a fit near its minimum): total + added == added, a restart as well as a sum."""
    for values in ([0.0, 0.0, 0.0], [3e-7, -2e-7, 1e-7]):
        events = [backward(4, call, row("b", [v], [v])) for call, v in enumerate(values, 1)]
        assert accumulation_hints(build_ledgers(events)) == []
    forgotten = [backward(4, 1, row("b", [3e-7], [3e-7])), backward(4, 2, row("b", [1.3], [1.3]))]
    assert accumulation_hints(build_ledgers(forgotten)) == []  # a restart too: moot
    forgotten.append(backward(4, 3, row("b", [2.6], [1.3])))
    (hint,) = accumulation_hints(build_ledgers(forgotten))
    assert hint.calls == 2


def summary(mean: float, spread: float = 0.0) -> dict:
    return {"type": "summary", "shape": [20000], "min": mean - spread, "max": mean + spread,
            "mean": mean, "nonfinite": 0, "head": [mean] * 6}


def test_ledger_of_summarised_large_tensors_follows_their_means():
    (ledger,) = build_ledgers([
        backward(2, 1, GradRow("x", (20000,), "float32", summary(1), summary(1), None, None,
                               None, "numeric", True)),
        backward(3, 2, GradRow("x", (20000,), "float32", summary(2), summary(1), None, None,
                               None, "numeric", True)),
        backward(5, 3, GradRow("x", (20000,), "float32", summary(1), summary(1), None, None,
                               None, "numeric", True)),  # zero_() in between
    ])
    assert [type(e).__name__ for e in ledger.entries] == [
        "Contribution", "Contribution", "Restart", "Contribution"]
    from gradcli.report.render_ledger import ledger_lines

    assert ", the sum of 2 parts" in ledger_lines([ledger])[2]


def test_summarised_tensors_with_a_mean_near_zero_restart_only_when_min_and_max_agree():
    """An embedding's gradient: its mean ~0, so the means add up either way; min and max tell
    a .grad that holds only this call's part from one that holds more."""
    def calls(*grads):
        return build_ledgers([backward(3, n, GradRow("e", (20000,), "float32", grad,
                                                     summary(1e-8, 0.5), None, None, None,
                                                     "numeric", True))
                              for n, grad in enumerate(grads, 1)])

    (zeroed,) = calls(summary(1e-8, 0.5), summary(1e-8, 0.5))
    assert [type(e).__name__ for e in zeroed.entries] == ["Contribution", "Restart",
                                                          "Contribution"]
    (summed,) = calls(summary(1e-8, 0.5), summary(2e-8, 1.0))
    assert [type(e).__name__ for e in summed.entries] == ["Contribution", "Contribution"]


def test_ledger_of_nan_and_inf_does_not_crash():
    (ledger,) = build_ledgers([backward(1, 1, row("x", ["nan"], ["nan"])),
                               backward(2, 2, row("x", ["nan"], ["inf"]))])
    assert len(ledger.contributions()) == 2


def test_ledger_of_a_new_tensor_of_another_shape_under_the_same_name_restarts():
    (ledger,) = build_ledgers([backward(1, 1, row("x", [1.0, 2.0, 3.0], [1.0, 2.0, 3.0])),
                               backward(2, 2, row("x", [5.0], [5.0]))])
    assert [type(e).__name__ for e in ledger.entries] == ["Contribution", "Restart",
                                                          "Contribution"]
    assert "a new tensor under this name" in ledger.entries[1].reason


def test_explain_json_through_the_entry_point_matches_the_ledger():
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", "examples/accumulate.py",
                           "--explain", "--format", "json"], capture_output=True, cwd=ROOT,
                          timeout=120)
    ledger = json.loads(proc.stdout)["ledger"]["x"]
    assert [(e["call"], e["line"], e["added_formula"], e["grad"]) for e in ledger] == [
        (1, 5, ["2*x"], [2.0]), (2, 7, ["3*x**2"], [5.0])]


# ---- the live session --------------------------------------------------------------------------


def test_a_live_session_runs_input_after_input_with_global_line_numbers():
    from gradcli.app.api import open_session

    events = []
    session = open_session("<stdin>", RunOptions(), events.append)
    assert session.feed("x = torch.ones(2, requires_grad=True)\n").status == "ok"
    assert session.feed("y = (x * 3).sum()\ny.backward()\n").status == "ok"
    piece = session.feed("x.grad")
    assert [(e.kind, e.line) for e in piece.events] == [("value", 4)]
    assert session.result.summary.backward == 1 and session.result.summary.statements == 4
    failed = session.feed("y.backward()")
    assert failed.status == "error" and failed.events[0].line == 5
    assert failed.events[0].clues[1].line == 3  # the pass in an earlier input freed it
    assert session.feed("q + 1").status == "invalid"
    assert [e.kind for e in events].count("backward") == 1


def test_a_live_session_keeps_grad_mode_between_inputs_but_not_after():
    from gradcli.app.api import open_session
    from gradcli.engine.runtime import is_grad_enabled

    session = open_session()
    session.feed("torch.set_grad_enabled(False)")
    assert is_grad_enabled()  # the process is left as it was found
    piece = session.feed("torch.is_grad_enabled()")
    assert piece.events[0].text == "False"


def test_a_live_session_has_a_step_budget_per_input():
    from gradcli.app.api import open_session
    from gradcli.engine.limits import Limits

    session = open_session("<stdin>", RunOptions(limits=Limits(max_steps=50)))
    for _ in range(3):
        assert session.feed("for i in range(20):\n    i = i + 1\n").status == "ok"  # 41 steps
    assert session.feed("for i in range(30):\n    pass\n").status == "error"


def test_script_graph_of_a_script():
    from gradcli.app.api import script_graph
    from gradcli.events.results import Graph, NoGraph

    result, graph = script_graph("x = torch.ones(2, requires_grad=True)\ny = x.sin()\n", "s.py")
    assert result.status == "ok" and isinstance(graph, Graph)
    (name, key), = graph.roots
    root = graph.nodes[key]
    assert (name, root.kind, root.line, root.saved, root.saved_what) == (
        "y", "SinBackward0", 2, "kept", ("x",))
    leaf = graph.nodes[root.children[0]]
    assert (leaf.kind, leaf.name, leaf.value, leaf.grad) == ("AccumulateGrad", "x", [1.0, 1.0],
                                                             None)
    _, nothing = script_graph("x = (", "s.py")
    assert isinstance(nothing, NoGraph) and nothing.exit_code == 2


@pytest.mark.parametrize("text, message", [
    ("x = '\udcff'", "invalid UTF-8: byte 0xff"), ("ok = 1", None)])
def test_undecodable_text(text, message):
    from gradcli.app.sources import undecodable

    found = undecodable(text)
    assert (found.message if found else None) == message
