"""Nothing unchecked in silence (issue #30, item 6): a gradient row the check cannot verify says
`unchecked: <reason>` in every format, the summary counts it, and --strict (or the pytest
plugin's `gradcli_strict`) fails the run: exit 1 for an unchecked row, 70 for an internal error
of the check or a crash of the engine (the fault tool's too)."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gradcli.app import cli
from gradcli.check.checker import Checker
from gradcli.engine.runtime import Faults

ROOT = Path(__file__).resolve().parents[2]
OK = "import torch\nx = torch.ones(3, requires_grad=True)\n(x * x).sum().backward()\n"
BY_HAND = ("import torch\nx = torch.ones(3, requires_grad=True)\nx.grad = torch.ones(3)\n"
           "(x * x).sum().backward()\nx.grad\n")
# an inf-norm of 6 elements: past sympy's pairwise Piecewise, checked by finite differences
NUMERIC = ("import torch\na = torch.tensor([[1., -4., 2.], [0.5, 3., -1.]], requires_grad=True)\n"
           "torch.norm(a, float('inf')).backward()\n")
INTERNAL = "internal error in the check (RuntimeError('the check broke'))"


def invoke(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def run_json(*args: str) -> dict:
    return json.loads(invoke("run", *args, "--format", "json").stdout)


@pytest.fixture
def broken_check(monkeypatch):
    """The checker fails on every pass, as a bug in it would."""
    def broken(self, record):
        raise RuntimeError("the check broke")

    monkeypatch.setattr(Checker, "check", broken)
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)


# ---- an internal error of the check ----------------------------------------------------------


def test_an_internal_check_error_is_an_unchecked_row_ok_without_strict(broken_check):
    result = invoke("run", "-c", OK, "--format", "plain")
    assert result.exit_code == 0
    assert f"x grad [2., 2., 2.] expected — unchecked: {INTERNAL} –" in result.stderr
    assert result.stderr.endswith("✓ ok · 3 statements · 1 backward · 0 gradients checked · "
                                  "1 unchecked · 0 mismatches\n")
    row = run_json("-c", OK)["events"][0]["grads"][0]
    assert (row["method"], row["match"], row["unchecked"]) == ("none", None, "internal-error")
    assert row["note"] == f"unchecked: {INTERNAL}"


def test_an_internal_check_error_is_70_with_strict(broken_check):
    result = invoke("run", "-c", OK, "--format", "plain", "--strict")
    assert result.exit_code == 70
    assert "✗ internal · 3 statements" in result.stderr
    data = run_json("-c", OK, "--strict")
    assert data["status"] == "internal"
    assert data["summary"] == {"statements": 3, "backward": 1, "checked": 0, "unchecked": 1,
                               "mismatches": 0, "check_errors": 1}


def test_table_names_the_row_unchecked_and_says_why(broken_check):
    result = invoke("run", "-c", OK, "--color", "never", "--width", "100")
    assert result.exit_code == 0
    assert "│ unchecked │ – │" in result.stdout
    assert f"x: unchecked: {INTERNAL}" in result.stdout
    assert "1 unchecked" in result.stdout


# ---- a row the check skips ---------------------------------------------------------------------


def test_a_row_the_check_skips_says_why_and_is_counted():
    result = invoke("run", "-c", OK, "--no-check", "--format", "plain")
    assert result.exit_code == 0
    assert "expected — unchecked: the check is off (--no-check) –" in result.stderr
    assert "0 gradients checked · 1 unchecked · 0 mismatches" in result.stderr
    assert run_json("-c", OK, "--no-check")["events"][0]["grads"][0]["unchecked"] == "check-off"


def test_a_numeric_fallback_is_unchecked_though_it_matched():
    data = run_json("-c", NUMERIC)
    row = data["events"][0]["grads"][0]
    assert (row["method"], row["match"], row["unchecked"]) == ("numeric", True, "numeric")
    assert row["note"].endswith("unchecked: finite differences, not sympy")
    assert (data["status"], data["summary"]["checked"], data["summary"]["unchecked"]) == \
        ("ok", 0, 1)


def test_strict_fails_an_unchecked_row_with_1():
    for args in (["-c", NUMERIC], ["-c", OK, "--no-check"]):
        result = invoke("run", *args, "--format", "plain", "--strict")
        assert result.exit_code == 1, args
        assert "✗ unchecked · " in result.stderr
    assert invoke("run", "-c", OK, "--strict").exit_code == 0  # checked whole: nothing to fail


# ---- an unchecked start ----------------------------------------------------------------------


def test_a_grad_set_by_hand_is_named_as_an_unchecked_start():
    start = "unchecked start: .grad was set by hand before this call, and never checked"
    table = invoke("run", "-c", BY_HAND, "--color", "never", "--width", "100")
    assert f"x: {start}" in table.stdout and "1 unchecked" in table.stdout
    plain = invoke("run", "-c", BY_HAND, "--format", "plain")
    assert f"symbolic ({start}) ✓" in plain.stderr
    row = run_json("-c", BY_HAND)["events"][0]["grads"][0]
    assert (row["match"], row["unchecked"]) == (True, "unchecked-start")
    assert invoke("run", "-c", BY_HAND, "--strict").exit_code == 1


def test_a_start_left_by_an_unchecked_call_is_unchecked_too():
    script = NUMERIC + "(a * 2).sum().backward()\na.grad.zero_()\n(a * 2).sum().backward()\n"
    rows = [e["grads"][0] for e in run_json("-c", script)["events"] if e["kind"] == "backward"]
    assert [row["unchecked"] for row in rows] == ["numeric", "unchecked-start", None]
    assert "left unchecked by an earlier call" in rows[1]["note"]


def test_accumulation_over_checked_calls_is_a_checked_start():
    script = OK + "(x * x).sum().backward()\n"
    data = run_json("-c", script)
    assert data["summary"]["checked"] == 2 and data["summary"]["unchecked"] == 0


# ---- check, its formats, and the pytest plugin ---------------------------------------------------


@pytest.fixture
def scripts(tmp_path: Path) -> Path:
    (tmp_path / "a_ok.py").write_text(OK)
    (tmp_path / "b_by_hand.py").write_text(BY_HAND)
    return tmp_path


def test_check_reports_unchecked_rows_in_every_format(scripts, monkeypatch):
    monkeypatch.chdir(scripts)
    plain = invoke("check", ".", "--format", "plain")
    assert plain.exit_code == 0
    assert ("b_by_hand.py:4: unchecked: x: unchecked start: .grad was set by hand before this "
            "call, and never checked") in plain.stdout
    github = invoke("check", ".", "--format", "github")
    assert github.exit_code == 0
    assert "::warning file=./b_by_hand.py,line=4,title=gradcli unchecked::x: unchecked start: " \
        in github.stdout
    suite = ET.fromstring(invoke("check", ".", "--format", "junit").stdout)[0]
    case = suite.find("testcase[@name='./b_by_hand.py']")
    assert case.find("properties/property").attrib == {"name": "gradcli.unchecked",
                                                        "value": "1"}
    assert "unchecked start" in case.find("system-out").text
    assert suite.find("testcase[@name='./a_ok.py']/properties") is None
    data = json.loads(invoke("check", ".", "--format", "json").stdout)
    assert [s["summary"]["unchecked"] for s in data["scripts"]] == [0, 1]
    table = invoke("check", ".", "--color", "never", "--width", "120")
    assert "unchecked" in table.stdout.splitlines()[1]  # the table's header has the column


def test_check_strict_fails_the_unchecked_script(scripts, monkeypatch):
    monkeypatch.chdir(scripts)
    plain = invoke("check", ".", "--format", "plain", "--strict")
    assert plain.exit_code == 1
    assert "b_by_hand.py:4: unchecked: 1 gradient row unchecked (--strict)" in plain.stdout
    assert "a_ok.py: ok" in plain.stdout
    github = invoke("check", ".", "--format", "github", "--strict")
    assert "::error file=./b_by_hand.py,line=4,title=gradcli unchecked::" in github.stdout
    suite = ET.fromstring(invoke("check", ".", "--format", "junit", "--strict").stdout)[0]
    failure = suite.find("testcase[@name='./b_by_hand.py']/failure")
    assert failure.get("message").startswith("unchecked: line 4: 1 gradient row unchecked")
    assert "unchecked start" in failure.text


def test_check_strict_internal_check_error_is_70(scripts, monkeypatch, broken_check):
    monkeypatch.chdir(scripts)
    assert invoke("check", ".", "--format", "plain").exit_code == 0
    result = invoke("check", ".", "--format", "plain", "--strict")
    assert result.exit_code == 70
    assert "a_ok.py:3: internal: the check failed internally, a gradcli bug (--strict)" \
        in result.stdout


def test_html_report_names_the_unchecked_row(tmp_path):
    report = tmp_path / "r.html"
    assert invoke("run", "-c", OK, "--no-check", "--html", str(report)).exit_code == 0
    page = report.read_text()
    assert "<td>unchecked</td>" in page and "unchecked: the check is off (--no-check)" in page


def test_pytest_plugin_gradcli_strict(pytester: pytest.Pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makefile(".grad.py", test_by_hand=BY_HAND, test_ok=OK)
    plugin = ("-p", "gradcli.app.pytest_plugin", "-p", "no:cacheprovider")
    pytester.runpytest_subprocess(*plugin).assert_outcomes(passed=2)
    pytester.makeini("[pytest]\ngradcli_strict = true\n")
    result = pytester.runpytest_subprocess(*plugin)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*unchecked start: .grad was set by hand*"])


# ---- the fault tool ----------------------------------------------------------------------------


def test_the_fault_tool_is_caught_and_its_crash_is_70(monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "MulBackward0")
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)
    assert invoke("run", "-c", OK, "--format", "plain").exit_code == 1  # caught: a mismatch

    def crashes(self, grad):
        raise TypeError("unsupported operand")

    monkeypatch.setattr(Faults, "corrupt", crashes)
    result = invoke("run", "-c", OK, "--format", "plain")
    assert result.exit_code == 70
    assert "InternalError: gradcli internal error: TypeError('unsupported operand')" \
        in result.stderr
    assert "✗ internal · " in result.stderr


def test_a_fault_the_rounding_bound_cannot_widen_is_a_mismatch_not_a_check_error(monkeypatch):
    # (a failed comparison asks for the float rounding bound; a 0-d sum's operand passes it
    # none, which was `isfinite(None)`: the wrong gradient hid behind an internal error)
    monkeypatch.setenv("GRADCLI_FAULT", "SumBackward0")
    script = "import torch\nx = torch.ones((), requires_grad=True)\nx.sum().backward()\n"
    result = invoke("run", "-c", script, "--format", "plain")
    assert result.exit_code == 1
    assert "x grad 1.5000 expected 1. (1) symbolic ✗" in result.stderr
    assert "internal error" not in result.stderr
