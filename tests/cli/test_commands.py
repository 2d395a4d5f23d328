"""`grad`, `graph`, `check` and `run --explain` through the real app (typer's runner) and the
real entry point (`python -m gradcli`)."""
from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gradcli.app import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def undeclared(example: Path) -> str:
    """An example's text without its `# gradcli: expect` line: its error counts again."""
    return re.sub(r"(?m)^# gradcli: expect .*\n", "", example.read_text())


def invoke(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli.app, list(args), input=stdin)


def gradcli(*args: str, stdin: bytes | None = None, cwd: Path = ROOT,
            **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), **env}
    environment.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "gradcli", *args], input=stdin, cwd=cwd,
                          capture_output=True, env=environment, timeout=120)


# ---- grad -----------------------------------------------------------------------------------


def test_grad_shows_each_partial_symbolic_and_numeric():
    result = invoke("grad", "x**2 * sin(y)", "--at", "x=1", "--at", "y=2")
    assert result.exit_code == 0
    assert "x**2 * sin(y) = 0.9093 at x = 1, y = 2" in result.stdout
    assert re.search(r"│ x\s+│ 2\*x\*sin\(y\) = 1\.8186\s+│ 1\.8186\s+│ ✓ │", result.stdout)
    assert re.search(r"│ y\s+│ x\*\*2\*cos\(y\) = -0\.4161\s+│ -0\.4161\s+│ ✓ │", result.stdout)


def test_grad_plain_and_json_agree_with_calculus():
    plain = invoke("grad", "x**2 * sin(y)", "--at", "x=1", "--at", "y=2", "--format", "plain")
    assert plain.stdout.splitlines() == [
        "x**2 * sin(y) = 0.9093 at x = 1, y = 2",
        "∂/∂x: 2*x*sin(y) = 1.8186 · engine 1.8186 ✓",
        "∂/∂y: x**2*cos(y) = -0.4161 · engine -0.4161 ✓"]
    data = json.loads(invoke("grad", "x**2 * sin(y)", "--at", "x=1", "--at", "y=2",
                             "--format", "json").stdout)
    assert data["status"] == "ok" and data["value"] == pytest.approx(math.sin(2))
    dx, dy = data["partials"]
    assert (dx["wrt"], dx["formula"], dx["match"]) == ("x", ["2*x*sin(y)"], True)
    assert dx["engine"] == pytest.approx(2 * math.sin(2)) == dx["sympy"]
    assert dy["engine"] == pytest.approx(math.cos(2))


@pytest.mark.parametrize("function, derivative", [
    ("sin", math.cos), ("cos", lambda x: -math.sin(x)), ("tan", lambda x: 1 / math.cos(x) ** 2),
    ("exp", math.exp), ("log", lambda x: 1 / x), ("sqrt", lambda x: 0.5 / math.sqrt(x)),
    ("tanh", lambda x: 1 - math.tanh(x) ** 2),
    ("sigmoid", lambda x: math.exp(-x) / (1 + math.exp(-x)) ** 2),
    ("relu", lambda x: 1.0), ("abs", lambda x: 1.0),
])
def test_grad_knows_the_bare_functions(function, derivative):
    data = json.loads(invoke("grad", f"{function}(x)", "--at", "x=0.7", "--format",
                             "json").stdout)
    assert data["status"] == "ok"
    assert data["partials"][0]["engine"] == pytest.approx(derivative(0.7))


def test_grad_with_vectors_torch_names_and_wrt():
    result = invoke("grad", "torch.sigmoid((w * x).sum())", "--at", "w=[0.5,-1]",
                    "--at", "x=[1,2]", "--wrt", "w", "--format", "plain")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and len(lines) == 3  # the heading, w[0], w[1]; no x
    s = 1 / (1 + math.exp(1.5))
    assert lines[1].startswith("∂/∂w[0]: x[0]*exp(")
    assert lines[1].endswith(f"engine {s * (1 - s):.4f} ✓")


def test_grad_of_an_unused_variable_is_zero():
    data = json.loads(invoke("grad", "x * 3", "--at", "x=1", "--at", "y=5", "--format",
                             "json").stdout)
    assert [(p["wrt"], p["engine"], p["note"]) for p in data["partials"]] == [
        ("x", 3.0, ""), ("y", 0.0, "the expression does not use it")]


@pytest.mark.parametrize("args, message", [
    (["x +* 2", "--at", "x=1"], "invalid expression: not an expression: invalid syntax"),
    (["x + q", "--at", "x=1"], "--at q=VALUE"),
    (["w * 2", "--at", "w=[1,2]"], "the expression's value has shape [2], not a single number"),
    (["torch.ones(1).sum()", "--at", "x=1"], "does not depend on any --at variable"),
    (["import os", "--at", "x=1"], "not an expression"),
])
def test_grad_rejects_what_it_cannot_differentiate(args, message):
    result = invoke("grad", *args, "--format", "plain")
    assert result.exit_code == 2 and message in result.stderr and result.stdout == ""


def test_grad_error_is_located_in_the_expression():
    result = invoke("grad", "x.view(3)", "--at", "x=1", "--format", "plain")
    assert result.exit_code == 3
    assert result.stderr.startswith(
        "<expression>:1:1: RuntimeError: shape '[3]' is invalid for input of size 1\n"
        " 1 | x.view(3)\n   | ^^^^^^^^^\n")


@pytest.mark.parametrize("args", [
    ["x", "--at", "x"], ["x", "--at", "1x=2"], ["x", "--at", "x=abc"], ["x", "--at", "x=True"],
    ["x", "--at", "x=1", "--at", "x=2"], ["x", "--at", "x=1", "--wrt", "y"], ["x"],
    ["x", "--at", "_f=1"], ["x", "--at", "x=[]"], ["x", "--at", "x=1", "--dtype", "int64"],
])
def test_grad_bad_command_lines_exit_4(args):
    result = invoke("grad", *args)
    assert result.exit_code == 4 and "Traceback" not in result.output


def test_grad_json_carries_the_problem():
    result = invoke("grad", "w * 2", "--at", "w=[1,2]", "--format", "json")
    data = json.loads(result.stdout)
    assert result.exit_code == 2 and data["status"] == "invalid"
    assert data["error"]["kind"] == "invalid" and "shape [2]" in data["error"]["message"]


def test_grad_mismatch_exits_1_through_the_entry_point():
    proc = gradcli("grad", "x * y", "--at", "x=2", "--at", "y=3", "--format", "plain",
                   GRADCLI_FAULT="MulBackward0")
    assert proc.returncode == 1
    assert "∂/∂x: y = 3 · engine 4.5 ✗" in proc.stdout.decode()


# ---- graph -----------------------------------------------------------------------------------


def test_graph_tree_names_lines_leaves_and_retained_grads():
    result = invoke("graph", str(EXAMPLES / "retain_grad.py"))
    out = result.stdout
    assert result.exit_code == 0
    assert out.splitlines()[0].startswith("MeanBackward0 loss [] · line 8: loss = z.mean()")
    assert "AddBackward0 z [3] · line 6: z = y + 3" in out
    assert "MulBackward0 y [3] · line 5: y = x * 2" in out
    assert "· retains_grad: y.grad = [0.3333, 0.3333, 0.3333]" in out
    assert "AccumulateGrad x [3] = [1, 2, 3] · grad [0.6667, 0.6667, 0.6667]" in out


def test_graph_marks_freed_saved_tensors_and_reports_where_the_script_stopped():
    result = invoke("graph", str(EXAMPLES / "second_backward.py"))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "PowBackward0 y [1] · line 5: y = x**2 · saved x (freed)",
        "└── AccumulateGrad x [1] = [1.5] · grad [6]"]
    assert "RuntimeError: Trying to backward through the graph a second time" in result.stderr
    assert "the graph as the script left it at line 10" in result.stderr


def test_graph_shared_nodes_are_drawn_once():
    result = invoke("graph", "-", stdin="x = torch.ones(2, requires_grad=True)\n"
                    "y = x * x\nz = y + y\n")
    lines = result.stdout.splitlines()
    assert lines[0].startswith("AddBackward0 z [2] · line 3")
    assert sum("MulBackward0 y" in line for line in lines) == 2  # drawn, then referred to
    assert "↑ MulBackward0 y (shared: drawn above)" in result.stdout


def test_graph_of_every_result_when_no_name_is_given():
    result = invoke("graph", str(EXAMPLES / "accumulate.py"))
    roots = [line for line in result.stdout.splitlines() if not line.startswith(("└", "├", "│",
                                                                                  " "))]
    assert [r.split(" · ")[0] for r in roots] == ["PowBackward0 y [1]", "PowBackward0 z [1]"]


def test_graph_dot_is_graphviz():
    result = invoke("graph", str(EXAMPLES / "retain_grad.py"), "--dot")
    dot = result.stdout
    assert result.exit_code == 0 and dot.startswith("digraph gradcli {") and dot.endswith("}\n")
    nodes = re.findall(r"^  (n\d+) \[label=\"([^\"]*)\"", dot, re.M)
    edges = re.findall(r"^  (n\d+) -> (n\d+);$", dot, re.M)
    assert len(nodes) == 4 and len(edges) == 3
    labels = dict(nodes)
    assert labels["n0"].startswith("MeanBackward0\\nloss []")
    assert any("AccumulateGrad\\nx [3]" in label for label in labels.values())
    assert all(a in labels and b in labels for a, b in edges)


def test_graph_dot_escapes_quotes_and_backslashes():
    result = invoke("graph", "-", "--dot", stdin='x = torch.ones(1, requires_grad=True)\n'
                    'y = x * len("a\\\\b")\n')
    assert '\\"a\\\\\\\\b\\"' in result.stdout  # "a\\b" in the line's text, escaped for DOT


@pytest.mark.parametrize("args, code, message", [
    (["--of", "nope"], 2, "`nope` is not defined when the script ends"),
    (["--of", "torch"], 2, "`torch` is not a tensor when the script ends: it is <module 'torch'>"),
])
def test_graph_of_a_name_without_a_tensor(args, code, message):
    result = invoke("graph", str(EXAMPLES / "accumulate.py"), *args)
    assert result.exit_code == code and message in result.stderr


def test_graph_without_any_graph_and_of_a_constant():
    assert invoke("graph", "-", stdin="x = 1\n").exit_code == 1
    result = invoke("graph", "-", "--of", "c", stdin="c = torch.ones(2)\n")
    assert result.exit_code == 1 and "`c` does not require grad" in result.stderr


def test_graph_of_an_invalid_or_missing_script_exits_2():
    assert invoke("graph", "-", stdin="x = (\n").exit_code == 2
    result = invoke("graph", "no/such/file.py")
    assert result.exit_code == 2 and "cannot read no/such/file.py" in result.stderr


def test_graph_of_a_deep_chain_is_folded_not_crashed():
    result = invoke("graph", "-", stdin="x = torch.ones(1, requires_grad=True)\ny = x\n"
                    "for i in range(3000):\n    y = y * 1.0\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "MulBackward0 y [1] · line 4: y = y * 1.0 · saved other",
        "└── MulBackward0 [1] · line 4 · saved other",
        "    └── … 2997 more MulBackward0 from line 4, one after another",
        "        └── MulBackward0 [1] · line 4 · saved other",
        "            └── AccumulateGrad x [1] = [1] · grad None"]


def test_graph_of_a_deep_graph_past_max_nodes_is_cut_keeping_its_leaves():
    result = invoke("graph", "-", stdin="x = torch.ones(1, requires_grad=True)\ny = x\n"
                    "for i in range(3000):\n    y = y * y\n")
    assert result.exit_code == 0
    assert "… and 2600 more nodes (the graph is cut at 401)" in result.stdout


def test_graph_too_deep_for_the_screen_is_summarised():
    steps = "".join(f"y = y * {i}.5 if {i} % 2 else y + {i}\n" for i in range(60))
    result = invoke("graph", "-", stdin="x = torch.ones(1, requires_grad=True)\ny = x\n" + steps)
    assert result.exit_code == 0
    assert "deeper nodes not shown (gradcli graph --dot draws all)" in result.stdout


# ---- check -----------------------------------------------------------------------------------


@pytest.fixture
def scripts(tmp_path: Path) -> Path:
    folder = tmp_path / "scripts"
    (folder / "sub").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    (folder / "ok.py").write_text((EXAMPLES / "accumulate.py").read_text())
    (folder / "sub" / "error.py").write_text(undeclared(EXAMPLES / "second_backward.py"))
    (folder / "sub" / "invalid.py").write_text("x = (1\n")
    (folder / "sub" / "assertion.py").write_text("assert 1 == 2, 'nope'\n")
    (folder / ".hidden" / "skipped.py").write_text("x = (\n")
    (folder / "notes.txt").write_text("not a script")
    return folder


def test_check_runs_every_script_and_summarises(scripts, tmp_path):
    junit = tmp_path / "reports" / "junit.xml"
    proc = gradcli("check", "scripts", "--junit", "reports/junit.xml", cwd=tmp_path)
    out = proc.stdout.decode()
    assert proc.returncode == 1
    for name, status in (("scripts/ok.py", "ok"), ("scripts/sub/assertion.py", "assertion"),
                         ("scripts/sub/error.py", "error"), ("scripts/sub/invalid.py", "invalid")):
        assert re.search(rf"│ {name}\s+│ {status}\s", out), name
    assert re.search(r"│ scripts/sub/error.py\s+│ error\s+│\s+2 │\s+2 │\s+0 │\s+\d+\.\d\d s │ "
                     r"line 10: RuntimeError:", out)
    assert "skipped" not in out and "notes" not in out
    assert "✗ 4 scripts · 1 ok · 1 assertion · 1 error · 1 invalid" in out
    assert "\x1b" not in out + proc.stderr.decode()  # a pipe: no colour, no progress bar
    assert junit.is_file()


def test_check_junit_is_shaped_like_pytests(scripts, tmp_path):
    junit = tmp_path / "junit.xml"
    gradcli("check", "scripts", "--junit", str(junit), cwd=tmp_path)
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.tag == "testsuite"
    assert {k: suite.get(k) for k in ("name", "tests", "failures", "errors", "skipped")} == {
        "name": "gradcli", "tests": "4", "failures": "2", "errors": "1", "skipped": "0"}
    assert float(suite.get("time")) >= 0 and suite.get("timestamp") and suite.get("hostname")
    cases = {case.get("name"): case for case in suite}
    assert set(cases) == {"scripts/ok.py", "scripts/sub/assertion.py", "scripts/sub/error.py",
                          "scripts/sub/invalid.py"}
    assert cases["scripts/ok.py"].get("classname") == "scripts.ok"
    assert len(cases["scripts/ok.py"]) == 0
    failure = cases["scripts/sub/error.py"].find("failure")
    assert failure.get("message").startswith("error: line 10: RuntimeError: Trying to backward")
    assert "hint: pass retain_graph=True there (line 8)" in failure.text
    assert cases["scripts/sub/invalid.py"].find("error").get("message") == (
        "invalid: line 1: invalid script: '(' was never closed")
    assert cases["scripts/sub/assertion.py"].find("failure") is not None


def test_check_all_ok_exits_0_and_json_has_every_session(tmp_path):
    proc = gradcli("check", str(EXAMPLES / "accumulate.py"), str(EXAMPLES / "vector.py"),
                   "--format", "json")
    data = json.loads(proc.stdout)
    assert proc.returncode == 0 and data["status"] == "ok"
    assert data["summary"]["scripts"] == 2 and data["summary"]["ok"] == 2
    first = data["scripts"][0]
    assert first["path"].endswith("accumulate.py") and first["status"] == "ok"
    assert first["summary"]["backward"] == 2 and first["seconds"] >= 0
    assert [e["kind"] for e in first["events"]][:2] == ["backward", "value"]


def test_check_reads_stdin():
    proc = gradcli("check", "-", stdin=b"x = torch.ones(1, requires_grad=True)\n(x*2).backward()\n")
    assert proc.returncode == 0 and "│ -" in proc.stdout.decode()


@pytest.mark.parametrize("args", [["check"], ["check", "no/such/dir"], ["check", "--format",
                                                                        "yaml", "examples"]])
def test_check_bad_command_lines_exit_4(args):
    assert invoke(*args).exit_code == 4


def test_check_of_an_empty_folder_exits_5(tmp_path):
    result = invoke("check", str(tmp_path))
    assert result.exit_code == 5 and "no *.py scripts" in result.output


def test_check_a_script_that_breaks_gradcli_does_not_stop_the_others(scripts, tmp_path,
                                                                     monkeypatch):
    import gradcli.app.api

    real = gradcli.app.api.run_session

    def breaks_on_assertion(text, name, options=None, on_event=None):
        if name.endswith("assertion.py"):
            raise RuntimeError("a bug in gradcli")
        return real(text, name, options, on_event)

    monkeypatch.setattr(gradcli.app.api, "run_session", breaks_on_assertion)
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)
    result = invoke("check", "scripts", "--junit", "junit.xml")
    assert result.exit_code == 70  # a gradcli bug, as the output contract numbers it
    assert re.search(r"scripts/sub/assertion.py\s+│ internal .* InternalError", result.stdout)
    assert re.search(r"scripts/ok.py\s+│ ok", result.stdout)
    assert "a bug in gradcli" in (tmp_path / "junit.xml").read_text()


def test_check_junit_that_cannot_be_written_exits_4_before_running(scripts, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = invoke("check", str(scripts / "ok.py"), "--junit", str(blocker / "junit.xml"))
    assert result.exit_code == 4 and "cannot write the JUnit report" in result.stderr
    assert "ok.py" not in result.stdout  # refused before any script ran


def test_check_junit_strips_what_xml_cannot_hold(tmp_path):
    from gradcli.report.render_check import xml_safe

    assert xml_safe("a\x01b\x1bc\td") == "a#x01b#x1Bc\td"


# ---- run --explain and the accumulation hint ----------------------------------------------------


def test_explain_ledger_of_the_seed_example():
    result = invoke("run", str(EXAMPLES / "accumulate.py"), "--explain")
    out = result.stdout
    assert result.exit_code == 0
    assert "ledger of x.grad · shape [1]" in out
    assert re.search(r"│ #1\s+│ 5\s+│ y\.backward\(\)\s+│ 2\*x = \[2\]\s+│ \[2\]\s+│", out)
    assert re.search(r"│ #2\s+│ 7\s+│ z\.backward\(\)\s+│ 3\*x\*\*2 = \[3\]\s+│ "
                     r"\[5\] = \[2\] \+ \[3\]\s+│", out)
    assert out.index("ledger of x.grad") < out.index("✓ ok")


def test_explain_plain_and_json():
    plain = invoke("run", str(EXAMPLES / "accumulate.py"), "--explain", "--format", "plain")
    assert ("ledger of x.grad\n"
            "  #1 line 5 y.backward(): + 2*x = [2.] → [2.]\n"
            "  #2 line 7 z.backward(): + 3*x**2 = [3.] → [5.] = [2.] + [3.]\n") in plain.stderr
    data = json.loads(invoke("run", str(EXAMPLES / "accumulate.py"), "--explain", "--format",
                             "json").stdout)
    assert data["ledger"]["x"][1] == {
        "call": 2, "line": 7, "source": "z.backward()", "added": [3.0],
        "added_formula": ["3*x**2"], "grad": [5.0], "terms": [[2.0], [3.0]]}
    assert "ledger" not in json.loads(invoke("run", str(EXAMPLES / "accumulate.py"),
                                             "--format", "json").stdout)


def test_explain_shows_where_the_ledger_restarts():
    result = invoke("run", "-c", "x = torch.ones(2, requires_grad=True)\n(x * 4).sum().backward()\n"
                    "x.grad.zero_()\n(x * 2).sum().backward()\nx.grad = torch.ones(2) * 10\n"
                    "(x * 3).sum().backward()\n", "--explain", "--format", "plain")
    lines = result.stderr.splitlines()
    assert "  ↺ .grad was zeroed before this call" in lines
    assert "  ↺ .grad was set by hand before this call (it held [10., 10.])" in lines
    assert "  #3 line 6 (x * 3).sum().backward(): + [3., 3.] → [13., 13.] = [10., 10.] + [3., 3.]" \
        in lines


LOOP_WITHOUT_ZERO = ("w = torch.ones(2, requires_grad=True)\nfor step in range(4):\n"
                     "    loss = (w * w).sum()\n    loss.backward()\n")


def test_a_loop_that_forgets_zero_gets_a_hint_in_every_format():
    table = invoke("run", "-c", LOOP_WITHOUT_ZERO)
    assert "hint: w.grad accumulated over 4 calls at line 4 (`loss.backward()`)" in table.stderr
    plain = invoke("run", "-c", LOOP_WITHOUT_ZERO, "--format", "plain")
    assert "w.grad.zero_()" in plain.stderr and plain.exit_code == 0
    data = json.loads(invoke("run", "-c", LOOP_WITHOUT_ZERO, "--format", "json").stdout)
    assert data["hints"] == [{"kind": "accumulation", "name": "w", "line": 4,
                              "source": "loss.backward()", "calls": 4,
                              "message": data["hints"][0]["message"]}]


def test_no_hint_when_the_loop_resets_the_gradient():
    result = invoke("run", str(EXAMPLES / "training_loop.py"), "--format", "plain")
    assert "hint:" not in result.stderr
    assert "hints" not in json.loads(invoke("run", str(EXAMPLES / "training_loop.py"),
                                            "--format", "json").stdout)


# ---- conventions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["run", "repl", "grad", "graph", "check"])
def test_every_command_has_help_with_an_example(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.stdout and f"gradcli {command}" in result.stdout


def test_top_level_help_lists_the_commands_with_examples():
    result = invoke("--help")
    for command in ("run", "repl", "grad", "graph", "check"):
        assert f"gradcli {command}" in result.stdout
    assert "--install-completion" in result.stdout


def test_shell_completion_through_the_entry_point():
    executable = shutil.which("gradcli")
    if executable is None:
        pytest.skip("the gradcli console script is not installed")
    # the script bash sources (`--show-completion` finds the shell from the parent processes,
    # which a test runner need not have)
    proc = subprocess.run([executable], env={**os.environ, "_GRADCLI_COMPLETE": "source_bash"},
                          capture_output=True, timeout=60)
    assert proc.returncode == 0 and b"_gradcli_completion" in proc.stdout
    proc = subprocess.run([executable], env={**os.environ, "_GRADCLI_COMPLETE": "complete_bash",
                                             "COMP_WORDS": "gradcli gr", "COMP_CWORD": "1"},
                          capture_output=True, timeout=60)
    assert proc.stdout.split() == [b"grad", b"graph"]


def test_run_does_not_import_what_it_does_not_need():
    code = ("import sys; from gradcli.app import cli; sys.argv = ['gradcli', 'run', '-c', '1', "
            "'--format', 'plain']\ntry:\n    cli.run_main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('gradcli')), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                          cwd=ROOT)
    loaded = proc.stderr.decode()
    for module in ("gradcli.app.repl", "gradcli.app.graph", "gradcli.app.batch",
                   "gradcli.app.oneshot", "gradcli.events.results",
                   "gradcli.report.render_graph", "gradcli.report.render_check",
                   "gradcli.report.render_table", "gradcli.report.render_json",
                   "gradcli.report.render_html", "gradcli.report.svg_graph",
                   "gradcli.report.svg_plot", "gradcli.report.mathml", "gradcli.app.files"):
        assert f"'{module}'" not in loaded, module


@pytest.mark.parametrize("args", [
    ["run", "examples/accumulate.py"], ["grad", "x*x", "--at", "x=3"],
    ["graph", "examples/retain_grad.py"], ["check", "examples/accumulate.py"],
])
def test_no_ansi_in_a_pipe_and_no_traceback(args):
    proc = gradcli(*args)
    assert b"\x1b" not in proc.stdout + proc.stderr and b"Traceback" not in proc.stderr


def test_an_unwritable_stdout_is_quiet():
    """`gradcli graph ... | head -1` and friends: no traceback when the reader leaves."""
    script = "x = torch.ones(1, requires_grad=True)\ny = x\nfor i in range(300):\n    y = y * 1.0\n"
    proc = subprocess.Popen([sys.executable, "-m", "gradcli", "graph", "-"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(script.encode())
    proc.stdin.close()
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert b"Traceback" not in err and b"internal error" not in err


@pytest.mark.parametrize("fmt", ["table", "plain", "json", "jsonl"])
def test_a_closed_pipe_ends_quietly_with_sigpipes_code_in_every_format(fmt):
    """`gradcli run ... | head`: the reader is gone; 141 as any Unix filter, never 1 (the
    mismatch code, which rich and click would give)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # gone before the first write
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", "examples/accumulate.py",
                           "--format", fmt], cwd=ROOT, stdout=write_end, stderr=subprocess.PIPE,
                          env=environment, timeout=120)
    os.close(write_end)
    assert proc.returncode == 141, proc.stderr.decode()
    assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr
