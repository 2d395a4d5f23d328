"""Output as a terminal of 50 or 80 columns shows it, and as a pipe carries it: every number,
no line wider than the terminal, no trailing spaces, no boxes around errors in a pipe."""
from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_repl import environment

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
BOX = re.compile(r"[\u2500-\u257f]")  # box-drawing characters

SCRIPT = """\
import torch
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5]],
                 requires_grad=True)
(x ** 2).sum().backward()
w = torch.tensor([0.25, -1.5], requires_grad=True)
for step in range(2):
    (w.sin() * 3).sum().backward()
g, = torch.autograd.grad((w ** 3).sum(), w)
"""
# every number the gradients hold, as gradcli shows them (4 significant digits)
NUMBERS = ["2", "4", "6", "8", "10", "12", "14", "16", "3", "5", "7", "9",  # x.grad
           "2.907", "0.2122", "5.813", "0.4244",  # w.grad after one call, then two
           "0.1875", "6.75"]  # autograd.grad's result
ERROR_SCRIPT = "import torch\nx = torch.ones(3, requires_grad=True)\n(x * 2).backward()\n"


def on_a_terminal(columns: int, *args: str) -> str:
    """`gradcli ARGS` on a pseudo-terminal `columns` wide: everything it showed, without
    colour codes."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "gradcli", *args], stdin=slave,
                            stdout=slave, stderr=slave, cwd=ROOT, close_fds=True,
                            env=environment(COLUMNS=str(columns), LINES="40", TERM="xterm"))
    os.close(slave)
    shown = b""
    while select.select([master], [], [], 120)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    proc.wait(timeout=60)
    os.close(master)
    return ANSI.sub("", shown.decode()).replace("\r\n", "\n")


def piped(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True,
                          cwd=ROOT, env=environment(**env), timeout=120)


@pytest.fixture
def script(tmp_path) -> str:
    path = tmp_path / "session.py"
    path.write_text(SCRIPT)
    return str(path)


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals on Windows")
@pytest.mark.parametrize("columns", [50, 80])
def test_a_terminal_shows_every_number_within_its_width(columns, script):
    shown = on_a_terminal(columns, "run", script)
    lines = shown.splitlines()
    assert max(map(len, lines)) <= columns, "\n".join(lines)
    assert not re.search(r"[\d.]…", shown)  # no number cut short, as `[[0…` was
    words = set(re.findall(r"-?[\d.]+", shown))
    assert all(number in words for number in NUMBERS), shown
    assert "autograd.grad #4" in shown and "backward #1" in shown
    assert not any(line != line.rstrip() for line in lines)
    assert ("┏" in shown) == (columns >= 70)  # below 70 columns, one block per gradient


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals on Windows")
def test_a_terminal_shows_an_error_in_a_box_within_its_width(tmp_path):
    path = tmp_path / "error.py"
    path.write_text(ERROR_SCRIPT)
    shown = on_a_terminal(50, "run", str(path))
    assert "╭─ RuntimeError" in shown and max(map(len, shown.splitlines())) <= 50


def test_a_first_call_shows_the_gradient_once(script):
    out = piped("run", script).stdout.decode()
    first = out[out.index("backward #1"):out.index("backward #2")]
    assert "added" not in first and " = " not in first  # grad once: no added, no `= value`
    second = out[out.index("backward #3"):out.index("autograd.grad #4")]
    assert "added" in second  # the second call added to what the first left


def test_a_matrix_gradient_prints_one_row_per_line(script):
    out = piped("run", script).stdout.decode()
    rows = [line for line in out.splitlines() if "12, 14, 16]" in line]
    assert len(rows) == 1 and "[ 2,  4,  6,  8]" not in rows[0]


@pytest.mark.parametrize("args", [
    ["run", "-c", ERROR_SCRIPT],
    ["run", "-c", ERROR_SCRIPT, "--format", "plain"],
    ["run", "-c", "x = (1"],
    ["graph", "-"],
    ["grad", "x +* 2", "--at", "x=1"],
])
def test_errors_in_a_pipe_are_plain_lines_never_boxes(args):
    proc = subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True,
                          cwd=ROOT, env=environment(), timeout=120, input=b"x = (1\n")
    err = proc.stderr.decode()
    assert re.match(r"(<string>|<stdin>|<expression>):\d+:\d+: [\w ]+: ", err), err
    assert not BOX.search(err) and "\n | " not in err and " | " in err  # the excerpt, plain


@pytest.mark.parametrize("args", [
    ["run", "examples/training_loop.py", "--explain"],
    ["run", "examples/second_backward.py"],
    ["run", "examples/vector.py", "--width", "50"],
    ["grad", "x**2 * sin(y)", "--at", "x=1", "--at", "y=2"],
    ["graph", "examples/retain_grad.py"],
    ["check", "examples/"],
])
def test_no_line_in_a_pipe_ends_in_spaces(args):
    proc = piped(*args)
    for line in (proc.stdout + proc.stderr).decode().splitlines():
        assert line == line.rstrip(), repr(line)


def test_the_repl_in_a_pipe_ends_no_line_in_spaces():
    proc = subprocess.run([sys.executable, "-m", "gradcli", "repl"], capture_output=True,
                          cwd=ROOT, env=environment(), timeout=120,
                          input=b"x = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()"
                                b"\n:grads\n:explain\nnope\n")
    for line in (proc.stdout + proc.stderr).decode().splitlines():
        assert line == line.rstrip(), repr(line)


def test_width_lays_out_a_pipe_and_wraps_without_cutting(script):
    out = piped("run", script, "--width", "50").stdout.decode()
    assert max(map(len, out.splitlines())) <= 50 and "┏" not in out
    assert "x [3, 4]  ✓ symbolic" in out and "  grad [[ 2,  4,  6,  8]," in out


def test_color_always_colours_a_pipe_and_never_leaves_it_plain(script):
    assert "\x1b[" in piped("run", script, "--color", "always").stdout.decode()
    assert "\x1b[" not in piped("run", script, "--color", "never").stdout.decode()


def test_width_is_checked():
    proc = piped("run", "examples/vector.py", "--width", "5")
    assert proc.returncode == 4 and "--width" in proc.stderr.decode()


def test_a_narrow_check_summary_keeps_every_path():
    out = piped("check", "examples/", "--width", "50").stdout.decode()
    assert "examples/vector.py: ok · 1 backward" in out and "┏" not in out
    assert max(map(len, out.splitlines())) <= 50
