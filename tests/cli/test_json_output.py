"""`run --format json` bounds a backward event's gradient data (`--json-data full` lists it
all); `--format jsonl` streams one event per line as it happens."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from gradcli.app import cli

ROOT = Path(__file__).resolve().parents[2]
LARGE = """import torch
w = torch.ones(40, 30, requires_grad=True)
small = torch.ones(3, requires_grad=True)
(w * w).sum().backward()
(small * 2).sum().backward()
print("done")
"""


def run_json(*args: str) -> dict:
    result = CliRunner().invoke(cli.app, ["run", "-", "--format", "json", *args], input=LARGE)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_summarises_gradients_beyond_a_thousand_elements():
    first, second = (event["grads"][0] for event in run_json()["events"][:2])
    for field in ("grad", "added", "expected"):
        assert first[field] == {"type": "summary", "shape": [40, 30], "min": 2.0, "max": 2.0,
                                "mean": 2.0, "nonfinite": 0, "head": [2.0] * 6}
    assert first["formula"] == ["2*w"]  # an elementwise graph's one formula
    assert first["match"] is True
    assert second["grad"] == [2.0, 2.0, 2.0]  # small ones stay listed


def test_json_data_full_lists_every_element():
    grad = run_json("--json-data", "full")["events"][0]["grads"][0]
    assert grad["grad"] == [[2.0] * 30] * 40


def test_jsonl_is_one_event_per_line_then_status_and_summary():
    result = CliRunner().invoke(cli.app, ["run", "-", "--format", "jsonl"], input=LARGE)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("kind") for line in lines] == ["backward", "backward", "print", None]
    assert lines[0]["grads"][0]["grad"]["type"] == "summary"
    assert lines[-1]["status"] == "ok" and lines[-1]["summary"]["backward"] == 2
    assert set(lines[-1]) == {"gradcli", "source", "status", "summary"}


def test_a_reader_tailing_jsonl_sees_the_backward_before_the_next_statement_ends():
    script = ("import torch\nx = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()\n"
              "y = torch.zeros(1)\nfor i in range(100000):\n    y = y + 1\nprint('late')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, "-m", "gradcli", "run", "-", "--format", "jsonl",
                             "--no-check"], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    proc.stdin.write(script)
    proc.stdin.close()
    first = json.loads(proc.stdout.readline())
    still_running = proc.poll() is None  # the slow loop after the backward has not finished
    rest = [json.loads(line) for line in proc.stdout]
    proc.wait(timeout=120)
    assert first["kind"] == "backward"
    assert still_running
    assert [line.get("kind") for line in rest] == ["print", None]


def test_more_than_a_thousand_formulas_fold_to_the_distinct_ones():
    from gradcli.report.render_json import bounded_formulas

    formulas = ["2*x", "3*x"] * 600
    assert bounded_formulas(formulas, full=False) == {
        "type": "summary", "shape": [1200], "distinct": 2, "head": ["2*x", "3*x"]}
    assert bounded_formulas(formulas, full=True) is formulas


def test_bounded_float32_gradients_are_listed_to_float32_precision():
    script = ("import torch\nx = torch.tensor([0.1, 0.7], requires_grad=True)\n"
              "(x * x).sum().backward()\n")
    rows = {}
    for data in ("bounded", "full"):
        result = CliRunner().invoke(cli.app, ["run", "-", "--format", "json", "--json-data", data],
                                    input=script)
        rows[data] = json.loads(result.stdout)["events"][0]["grads"][0]
    bounded, full = rows["bounded"], rows["full"]
    assert bounded["grad"] == [0.2, 1.4]  # float32's shortest decimals
    assert full["grad"] == [float(np.float32(0.2)), float(np.float32(1.4))]  # float64 digits
    for field in ("grad", "added", "expected"):  # the same float32 values, to the last bit
        assert np.array_equal(np.float32(bounded[field]), np.float32(full[field]))
    assert bounded["max_error"] == full["max_error"]  # the evidence stays exact


def _as_plain_lists(data):
    return [_as_plain_lists(x) for x in data] if isinstance(data, list) else data


def test_rows_read_from_their_arrays_give_what_reading_their_lists_gives():
    """A row's data keeps the array it was listed from (Listed): the summary and the float32
    digits made from that array are the ones the nested lists alone would give."""
    from gradcli.events.encode import Listed, data_of
    from gradcli.report.render_json import bounded, shortest32

    rng = np.random.default_rng(0)
    values = rng.standard_normal((40, 30)) * 10.0 ** rng.integers(-40, 30, (40, 30))
    values.flat[:3] = [0.0, -0.0, 1e-45]
    with_names = values.copy()
    with_names.flat[5:8] = [np.nan, np.inf, -np.inf]
    missing = rng.random((40, 30)) < 0.1
    for array, absent in ((values, None), (with_names, None), (values, missing),
                          (with_names, missing)):
        listed = data_of(array, absent)
        plain = _as_plain_lists(listed)
        assert isinstance(listed, Listed) and type(plain) is list
        assert bounded(listed, array.size) == bounded(plain, array.size)
        assert shortest32(listed) == shortest32(plain)
        assert json.dumps(shortest32(listed)) == json.dumps(shortest32(plain))
    seen: list = []  # a row's fields: one equal to a field before reuses its digits
    zeros, signed = data_of(np.zeros(3)), data_of(np.array([0.0, -0.0, 0.0]))
    assert shortest32(zeros, seen) == [0.0, 0.0, 0.0]
    assert json.dumps(shortest32(signed, seen)) == "[0.0, -0.0, 0.0]"  # bits, not ==
    assert shortest32(data_of(np.array([1e-9, -0.0, 0.0]) * 0), seen) is seen[1][1]


LOOP = """import torch
w = torch.ones(20, requires_grad=True)
for step in range(5):
    (w * w).sum().backward()
    w.grad = None
(w * 3).sum().backward()
"""


def test_a_loops_later_backward_events_are_folded():
    """Past a line's third backward event, gradients beyond 16 elements are summarised (a
    200-step loop would list every step's numbers three times); other lines, and
    --json-data full, are not folded."""
    def grads(fmt: str, *args: str) -> list:
        result = CliRunner().invoke(cli.app, ["run", "-", "--format", fmt, *args], input=LOOP)
        assert result.exit_code == 0, result.output
        text = result.stdout
        events = json.loads(text)["events"] if fmt == "json" else \
            [json.loads(line) for line in text.splitlines()][:-1]
        return [event["grads"][0] for event in events if event["kind"] == "backward"]

    for fmt in ("json", "jsonl"):
        rows = grads(fmt)
        assert [row["grad"] == [2.0] * 20 for row in rows[:5]] == [True] * 3 + [False] * 2
        for row in rows[3:5]:
            for field in ("grad", "added", "expected"):
                assert row[field]["type"] == "summary" and row[field]["mean"] == 2.0
            assert row["match"] is True
        assert rows[5]["grad"] == [3.0] * 20  # another line: listed
    assert all(row["grad"] == [2.0] * 20 for row in grads("json", "--json-data", "full")[:5])


def test_a_summary_reads_the_same_without_copying_the_finite_elements():
    """The mean of a summarised tensor sums its elements in C order, as the copy of its finite
    elements does: the same digits for a transposed (Fortran-ordered) gradient as for a
    C-ordered one with the same values, with and without nan, inf and unchecked elements."""
    from gradcli.events.encode import summarise
    rng = np.random.default_rng(3)
    for trial in range(40):
        a = rng.normal(size=(300, 77)) * 10 ** rng.uniform(-3, 3)
        if trial % 4 == 1:
            a.reshape(-1)[rng.integers(a.size, size=3)] = [np.nan, np.inf, -np.inf]
        checked = rng.random(a.shape) < 0.8 if trial % 4 == 2 else None
        values = a.reshape(-1) if checked is None else a[checked]
        finite = values[np.isfinite(values)]
        summary = summarise(np.asfortranarray(a), checked)
        assert (summary["min"], summary["max"], summary["mean"], summary["nonfinite"]) == \
            (float(finite.min()), float(finite.max()), float(finite.mean()),
             values.size - finite.size)
        assert summarise(a, checked) == summary


def test_a_rejected_script_reports_every_problem_and_counts_them():
    script = "import socket\nasync def g(): pass\n" + "".join(f"y{i} = q{i}\n" for i in range(60))
    result = CliRunner().invoke(cli.app, ["run", "-", "--format", "json"], input=script)
    data = json.loads(result.stdout)
    assert result.exit_code == 2 and data["status"] == "invalid"
    shown = [(e["line"], e["col"]) for e in data["events"]]
    assert shown[:3] == [(1, 8), (2, 1), (3, 6)] and len(shown) == 50  # in the script's order
    assert data["summary"]["problems"] == 62
    plain = CliRunner().invoke(cli.app, ["run", "-", "--format", "plain"], input=script)
    assert plain.stderr.splitlines()[-1] == (
        "✗ invalid · 62 problems (the first 50 shown) · script rejected before running")
