"""The pytest plugin (gradcli/app/pytest_plugin.py), through pytester; each run in a subprocess,
as pytester's in-process runs unload numpy, which cannot be imported twice."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ("-p", "gradcli.app.pytest_plugin", "-p", "no:cacheprovider")
OK = "import torch\nx = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()\nx.grad\n"
TWICE = ("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * x\ny.backward()\n"
         "y.backward()\n")
DECLARED = "# gradcli: expect RuntimeError: Trying to backward through the graph\n" + TWICE


@pytest.fixture
def sessions(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the subprocess runs import this gradcli
    pytester.makefile(".grad.py", test_ok=OK, test_twice=TWICE, test_declared=DECLARED)
    pytester.makepyfile(test_plain="def test_python():\n    assert True\n")
    return pytester


def test_each_script_is_one_item_judged_as_check_judges_it(sessions):
    result = sessions.runpytest_subprocess(*PLUGIN, "-v")
    result.assert_outcomes(passed=3, failed=1)  # three scripts and the plain Python test
    result.stdout.fnmatch_lines(["*test_twice.grad.py:5:1: RuntimeError: Trying to backward*",
                                 " 5 | y.backward()", "hint: pass retain_graph=True*"])


def test_k_x_and_junitxml(sessions):
    sessions.runpytest_subprocess(*PLUGIN, "-k", "ok or declared").assert_outcomes(passed=2)
    result = sessions.runpytest_subprocess(*PLUGIN, "-x", "test_twice.grad.py", "test_ok.grad.py")
    result.assert_outcomes(failed=1)
    sessions.runpytest_subprocess(*PLUGIN, "--junitxml", "report.xml")
    suite = ET.parse(sessions.path / "report.xml").getroot()[0]
    assert (suite.get("tests"), suite.get("failures")) == ("4", "1")
    failure = suite.find("testcase[@name='test_twice.grad.py']/failure")
    assert "retain_graph=True" in failure.text


def test_runs_under_xdist(sessions):
    result = sessions.runpytest_subprocess(*PLUGIN, "-p", "xdist", "-n", "2")
    result.assert_outcomes(passed=3, failed=1)


def test_glob_from_the_ini_option_and_the_pyproject_table(sessions):
    sessions.makefile(".session.py", demo=OK)
    sessions.makepyfile(check_here=OK)
    sessions.makepyprojecttoml('[tool.gradcli]\nglob = ["*.session.py"]\n')
    result = sessions.runpytest_subprocess(*PLUGIN, "-v")
    result.assert_outcomes(passed=4, failed=1)  # *.grad.py files are never Python modules
    result.stdout.fnmatch_lines(["*demo.session.py PASSED*"])
    sessions.makeini("[pytest]\ngradcli_glob = check_*.py\n")
    result = sessions.runpytest_subprocess(*PLUGIN, "-v")
    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines(["*check_here.py PASSED*"])


def test_a_grad_script_named_on_the_command_line_is_collected_whatever_its_name(sessions):
    sessions.makefile(".grad.py", demo=TWICE)
    sessions.runpytest_subprocess(*PLUGIN, "demo.grad.py").assert_outcomes(failed=1)


def test_a_malformed_directive_fails_as_invalid(sessions):
    sessions.makefile(".grad.py", test_bad="# gradcli: expekt RuntimeError\nx = 1\n")
    result = sessions.runpytest_subprocess(*PLUGIN, "test_bad.grad.py")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*invalid script: unknown gradcli directive*"])


def test_the_repo_sessions_pass(pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    result = pytester.runpytest_subprocess(*PLUGIN, str(ROOT / "tests" / "sessions"))
    result.assert_outcomes(passed=3)
