"""What a script controls never commands the terminal or the CI runner reading gradcli's
output (#31 item 5): control characters (ESC, OSC 52's clipboard write, BEL) come out escaped
as `\\x1b`, and no line a script controls starts with `::` (a GitHub workflow command), in
its prints (table), `add_module` names, error messages and file names, under the table,
plain, junit and github formats. plain's stdout stays PyTorch's REPL text."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gradcli.report.inert import inert

ROOT = Path(__file__).resolve().parents[2]
ATTACK = "\x1b]52;c;aGVsbG8=\x07\x1b[2J\x9b1m\n::error title=pwned::pwned"
SCRIPT = f"""import torch
import torch.nn as nn
print({ATTACK!r})
m = nn.Module()
m.add_module({ATTACK!r}, nn.Linear(1, 1))
m
x = torch.ones(1, requires_grad=True)
p = dict(m.named_parameters())
(x * 2).sum().backward()
raise ValueError({ATTACK.replace(chr(10), ' ')!r})
"""
FILE_NAME = "f\x1b[2J\n::error ::x.py"
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def gradcli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True,
                          cwd=cwd, env=env, timeout=120)


def assert_inert(text: str, annotations: int = 0) -> None:
    """No control character in text, and no workflow command but gradcli's own annotations."""
    assert not UNSAFE.search(text), repr(text)
    commands = [line for line in text.splitlines() if line.lstrip().startswith("::")]
    assert len(commands) == annotations, text
    assert all(line.startswith("::error file=") for line in commands), text


def test_inert_escapes_controls_and_commands():
    assert inert("a\x1b[2Jb\x07") == "a\\x1b[2Jb\\x07"
    assert inert("ok\n::error ::x\n  ::warning") == "ok\n\\x3a:error ::x\n  \\x3a:warning"
    assert inert("tab\tand: ::") == "tab\tand: ::"
    assert inert("\x9b\ud800") == "\\x9b\\ud800"


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("inert")
    (path / "scripts").mkdir()
    (path / "scripts" / FILE_NAME).write_text(SCRIPT)
    (path / "run.py").write_text(SCRIPT)
    return path


def test_table_run_escapes_prints_names_and_errors(folder):
    done = gradcli("run", "run.py", "--color", "always", cwd=folder)
    assert done.returncode == 3
    # colour's own SGR sequences are gradcli's: take them out, then nothing else may be left
    out, err = (re.sub(r"\x1b\[[0-9;]*m", "", s.decode()) for s in (done.stdout, done.stderr))
    assert_inert(out + err)
    assert "\\x1b]52;c;aGVsbG8=\\x07" in out
    assert "ValueError: \\x1b]52" in err


def test_plain_run_escapes_findings_not_stdout(folder):
    done = gradcli("run", "run.py", "--format", "plain", cwd=folder)
    assert done.returncode == 3
    assert_inert(done.stderr.decode())
    assert ATTACK in done.stdout.decode()  # stdout is exactly PyTorch's REPL text


@pytest.mark.parametrize("fmt", ["table", "plain", "junit", "github"])
def test_check_escapes_file_names_and_errors(folder, fmt):
    done = gradcli("check", "scripts", "--format", fmt, "--color", "never", cwd=folder)
    assert done.returncode == 1  # check's exit for a failed script
    out, err = done.stdout.decode(), done.stderr.decode()
    assert_inert(out + err, annotations=1 if fmt == "github" else 0)
    assert "please report" not in out + err
    assert "f\\x1b[2J" in out + err


def test_graph_tree_escapes_source_lines(folder):
    raw = ATTACK.split("\n")[0]  # the control characters themselves, in the script's source
    (folder / "graph.py").write_text("import torch\nx = torch.ones(1, requires_grad=True)\n"
                                     f'y = x * len("{raw}")\n')
    done = gradcli("graph", "graph.py", "--of", "y", "--color", "never", cwd=folder)
    assert done.returncode == 0
    assert_inert(done.stdout.decode() + done.stderr.decode())
    assert "\\x1b]52" in done.stdout.decode()
