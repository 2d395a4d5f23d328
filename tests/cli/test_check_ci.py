"""`gradcli check` in CI: exit codes, streamed lines, formats, -x, --exclude, -j, special files,
signals; the `# gradcli: expect` directive; every README and --help example run as written."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gradcli.app import cli
from gradcli.events.events import ErrorEvent, SessionResult
from gradcli.events.expectations import MalformedDirective, expectation, verdict

ROOT = Path(__file__).resolve().parents[2]
OK = "import torch\nx = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()\n"
TWICE = ("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * x\ny.backward()\n"
         "y.backward()\n")
# (a while loop: a for loop this long is refused before its first item)
SLOW = "i = 0\nwhile i < 10 ** 7:\n    i = i + 1\n"


def gradcli(*args: str, cwd: Path = ROOT, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300, **kwargs)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a_ok.py").write_text(OK)
    (tmp_path / "b_twice.py").write_text(TWICE)
    (tmp_path / "c_declared.py").write_text("# gradcli: expect RuntimeError: Trying to\n" + TWICE)
    return tmp_path


# ---- the directive -------------------------------------------------------------------------


def error_result(kind: str, message: str) -> SessionResult:
    return SessionResult("s.py", "", events=[ErrorEvent(3, kind, message)])


def test_expect_reads_a_type_a_message_start_or_a_status():
    declared = expectation("x = 1\n  # gradcli: expect RuntimeError: Trying to\n")
    assert (declared.what, declared.message, declared.line) == ("RuntimeError", "Trying to", 2)
    assert verdict(error_result("RuntimeError", "Trying to go"), declared) == "ok"
    assert verdict(error_result("RuntimeError", "Other"), declared) == "unexpected"
    assert verdict(SessionResult("s.py", ""), declared) == "unexpected"
    assert expectation("# gradcli: expect assertion\n").what == "assertion"
    assert expectation("x = 1  # gradcli: expect error\n") is None  # whole-line comments only
    assert expectation("x = 1\n") is None


@pytest.mark.parametrize("text", ["# gradcli: expekt RuntimeError\n", "# gradcli:\n",
                                  "# gradcli: expect mismatch: why\n",
                                  "# gradcli: expect error\n# gradcli: expect error\n"])
def test_a_malformed_directive_is_refused(text):
    with pytest.raises(MalformedDirective):
        expectation(text)


def test_run_reports_the_outcome_against_the_declaration(folder):
    declared = gradcli("run", str(folder / "c_declared.py"), "--format", "plain")
    assert declared.returncode == 0 and "RuntimeError" in declared.stderr
    assert "ended as declared on line 1" in declared.stderr
    (folder / "wrong.py").write_text("# gradcli: expect mismatch\n" + OK)
    wrong = gradcli("run", str(folder / "wrong.py"), "--format", "plain")
    assert wrong.returncode == 1 and "expected mismatch (line 1); it ended ok" in wrong.stderr


# ---- exit codes ----------------------------------------------------------------------------


def test_exit_codes_4_5_and_70():
    assert gradcli("check", "--bogus", "examples").returncode == 4
    assert gradcli("run").returncode == 4
    assert gradcli("frobnicate").returncode == 4


def test_no_scripts_is_5(tmp_path):
    proc = gradcli("check", str(tmp_path))
    assert proc.returncode == 5 and "no *.py scripts" in proc.stderr


# ---- streaming and formats -----------------------------------------------------------------


def test_plain_streams_ruff_style_lines_and_a_total(folder):
    proc = gradcli("check", str(folder), "--format", "plain")
    lines = proc.stdout.splitlines()
    assert proc.returncode == 1
    assert re.fullmatch(rf"{re.escape(str(folder / 'a_ok.py'))}: ok \(\d+\.\d\d s\)", lines[0])
    assert lines[1] == (f"{folder / 'b_twice.py'}:5:1: error: RuntimeError: Trying to backward "
                        "through the graph a second time (or directly access saved tensors "
                        "after they have already been freed). Saved intermediate values of the "
                        "graph are freed when you call .backward() or autograd.grad(). Specify "
                        "retain_graph=True if you need to backward through the graph a second "
                        "time or if you need to access saved tensors after calling backward.")
    assert "ok, as declared: RuntimeError: Trying to" in lines[2]
    assert lines[3].startswith("✗ 3 scripts · 2 ok · 1 error")
    assert gradcli("check", str(folder), "--format", "plain", "-q").stdout.count("\n") == 2


def test_github_annotations(folder):
    proc = gradcli("check", str(folder), "--format", "github")
    first = proc.stdout.splitlines()[0]
    assert first.startswith(f"::error file={folder / 'b_twice.py'},line=5,col=1,"
                            "title=gradcli error::RuntimeError: Trying to backward")


def test_json_and_junit_formats_have_every_script(folder):
    data = json.loads(gradcli("check", str(folder), "--format", "json").stdout)
    assert [s["outcome"] for s in data["scripts"]] == ["ok", "error", "ok"]
    suite = ET.fromstring(gradcli("check", str(folder), "--format", "junit").stdout)[0]
    assert (suite.get("tests"), suite.get("failures")) == ("3", "1")


def test_exitfirst_and_exclude(folder):
    proc = gradcli("check", str(folder), "--format", "plain", "-x")
    assert proc.returncode == 1 and "c_declared" not in proc.stdout
    proc = gradcli("check", str(folder), "--format", "plain", "--exclude", "b_*")
    assert proc.returncode == 0 and "b_twice" not in proc.stdout


def test_jobs_run_in_workers_and_summarise_in_path_order(folder):
    proc = gradcli("check", str(folder), "-j", "2", "--format", "json")
    assert [Path(s["path"]).name for s in json.loads(proc.stdout)["scripts"]] == [
        "a_ok.py", "b_twice.py", "c_declared.py"]


def test_limit_flags_apply_per_script(folder):
    proc = gradcli("check", str(folder / "a_ok.py"), "--max-script-chars", "10", "--format",
                   "plain")
    assert proc.returncode == 1 and ": invalid: " in proc.stdout


# ---- files and interruptions ---------------------------------------------------------------


def test_a_fifo_is_skipped_never_opened(folder):
    os.mkfifo(folder / "pipe.py")
    proc = gradcli("check", str(folder), "--format", "plain")
    assert "pipe.py: skipped: a FIFO" in proc.stderr and "a_ok.py: ok" in proc.stdout


def test_an_unwritable_report_path_is_4_before_any_script(folder):
    proc = gradcli("check", str(folder), "--junit", str(folder / "a_ok.py" / "report.xml"))
    assert proc.returncode == 4 and "cannot write the JUnit report" in proc.stderr
    assert "a_ok" not in proc.stdout


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_keeps_every_finished_result(folder, signum, code):
    (folder / "d_slow.py").write_text(SLOW)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "gradcli", "check", str(folder), "--format",
                             "plain", "--junit", str(folder / "out" / "report.xml")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    for line in proc.stdout:  # the fourth script starts once the third is reported
        if "c_declared" in line:
            break
    time.sleep(0.5)
    proc.send_signal(signum)
    rest, _ = proc.communicate(timeout=60)
    assert proc.returncode == code and "4 scripts" in rest
    suite = ET.parse(folder / "out" / "report.xml").getroot()[0]
    assert suite.get("tests") == "4"
    assert "Interrupted" in suite.find("testcase[@name='%s']/failure" % (folder / "d_slow.py")
                                       ).get("message")


# ---- every documented command, as written --------------------------------------------------


def readme_commands() -> list[str]:
    blocks = re.findall(r"```\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    return [line for block in blocks for line in block.splitlines() if line.startswith("gradcli ")]


def help_commands() -> list[str]:
    epilogs = [cli.OVERVIEW, cli.RUN_EXAMPLES, cli.REPL_EXAMPLES, cli.GRAD_EXAMPLES,
               cli.GRAPH_EXAMPLES, cli.CHECK_EXAMPLES]
    return [line.strip() for text in epilogs for line in text.splitlines()
            if line.startswith("  gradcli ")]


@pytest.mark.parametrize("command", sorted(set(readme_commands() + help_commands())))
def test_every_documented_command_works_as_written(command, tmp_path):
    if re.match(r"gradcli repl\s*(#|$)", command):
        pytest.skip("interactive: the repl waits for a person at the terminal")
    if "| dot " in command and shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot")
    for name in ("examples", "tests"):
        shutil.copytree(ROOT / name / ("sessions" if name == "tests" else ""),
                        tmp_path / name / ("sessions" if name == "tests" else ""))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gradcli").write_text(f"#!/bin/sh\nexec {sys.executable} -m gradcli \"$@\"\n")
    (bin_dir / "gradcli").chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    proc = subprocess.run(["sh", "-c", command], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
