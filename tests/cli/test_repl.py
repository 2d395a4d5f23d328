"""`gradcli repl` through its real entry point: fed by a pipe, and typed at a pseudo-terminal."""
from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gradcli.app.repl import _complete, _starts_new_statement

ROOT = Path(__file__).resolve().parents[2]
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def environment(**extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), **extra}
    env.pop("FORCE_COLOR", None)
    return env


def piped(text: str, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gradcli", "repl", *args], input=text.encode(),
                          capture_output=True, env=environment(**env), timeout=120, cwd=ROOT)


# ---- through a pipe: Python's REPL without prompts ---------------------------------------


SESSION = """\
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward()
x.grad
for i in range(2):
    i

y.backward()
1 + 1
"""


def test_a_piped_session_echoes_like_pythons_repl_and_goes_on_after_an_error():
    proc = piped(SESSION, "--format", "plain")
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert out == "tensor([2., 4.])\n0\n1\n2\n"  # no prompts; the error did not stop it
    assert ">>>" not in out + err
    assert "check line 4 y.backward(): x grad [2., 4.]" in err
    assert "<stdin>:9:1: RuntimeError: Trying to backward through the graph a second time" in err
    assert "backward #1 at line 4" in err  # the clue names the line that freed the graph
    assert proc.returncode == 3  # the worst input's code, as `run` numbers them


def test_a_piped_session_in_table_format_shows_the_same_gradient_tables_as_run():
    proc = piped(SESSION)
    out = proc.stdout.decode()
    assert "backward #1 · line 4 · y.backward()" in out
    assert "tensor([2., 4.])" in out and "\x1b" not in out
    assert "RuntimeError" in proc.stderr.decode() and "Traceback" not in proc.stderr.decode()


def test_a_def_typed_at_the_prompt_echoes_only_what_its_call_returns():
    proc = piped("def f(x):\n    'doc'\n    x * 2\n    return x + 1\n\nf(1)\n",
                 "--format", "plain")
    assert (proc.returncode, proc.stdout.decode()) == (0, "2\n")


def test_blocks_need_no_blank_line_in_a_stream():
    proc = piped("total = 0\nfor i in range(3):\n    total = total + i\ntotal\n",
                 "--format", "plain")
    assert (proc.returncode, proc.stdout.decode()) == (0, "3\n")


def test_an_unfinished_block_at_the_end_of_input_still_runs():
    proc = piped("for i in range(2):\n    i", "--format", "plain")
    assert proc.stdout.decode() == "0\n1\n"


def test_variables_persist_and_names_from_earlier_inputs_are_known():
    proc = piped("a = torch.ones(1, requires_grad=True)\nb = a * 3\nb.backward()\na.grad\n"
                 "del a\na\n", "--format", "plain")
    assert proc.stdout.decode() == "tensor([3.])\n"
    assert "NameError: name 'a' is not defined" in proc.stderr.decode()


def test_an_invalid_input_is_reported_and_the_session_goes_on():
    proc = piped("x = (1 +\n)\nimport socket\n2 * 3\n", "--format", "plain")
    err = proc.stderr.decode()
    assert "invalid script" in err and "socket" in err
    assert proc.stdout.decode() == "6\n" and proc.returncode == 2


def test_meta_commands():
    proc = piped("x = torch.ones(2, requires_grad=True)\ny = x * 2\nz = y.sum()\n"
                 "z.backward()\n(x * x).sum().backward()\n:grads\n:graph z\n:explain x\n"
                 ":explain nothing\n:graph nothing\n:frobnicate\n:help\n")
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert re.search(r"x\s+│\s+\[2\]\s+│\s+leaf\s+│\s+\[4, 4\]", out)  # :grads
    assert "SumBackward0 z [] · line 3: z = y.sum()" in out  # :graph z
    assert "AccumulateGrad x [2] = [1, 1] · grad [4, 4]" in out
    assert "ledger of x.grad" in out and "[4, 4] = [2, 2] + [2, 2]" in out  # :explain x
    assert "no backward() has added to nothing.grad yet" in err
    assert "`nothing` is not defined" in err
    assert "unknown command :frobnicate" in err
    assert ":explain [NAME]" in out  # :help
    assert proc.returncode == 0


def test_meta_commands_in_plain_format_are_plain_lines():
    proc = piped("x = torch.ones(2, requires_grad=True)\nx.sum().backward()\n:grads\n"
                 ":explain x\n", "--format", "plain")
    out = proc.stdout.decode()
    assert "x [2] leaf: grad [1., 1.]" in out
    assert "  #1 line 2 x.sum().backward(): + [1., 1.] → [1., 1.]" in out


def test_reset_starts_afresh_and_quit_stops_reading():
    proc = piped("x = torch.ones(1)\n:reset\nx\n:quit\n1 + 1\n", "--format", "plain")
    assert "session reset" in proc.stderr.decode()
    assert "name 'x' is not defined" in proc.stderr.decode()
    assert proc.stdout.decode() == ""  # `1 + 1` came after :quit


def test_an_accumulating_loop_gets_a_hint_once():
    proc = piped("w = torch.ones(2, requires_grad=True)\nfor i in range(3):\n"
                 "    (w * 2).sum().backward()\n\nw.grad\nw.grad.zero_()\n"
                 "(w * 2).sum().backward()\n", "--format", "plain")
    hints = [line for line in proc.stderr.decode().splitlines() if line.startswith("hint:")]
    assert len(hints) == 1
    assert "w.grad accumulated over 3 calls at line 3" in hints[0]
    assert "w.grad.zero_()" in hints[0]


def test_input_that_is_not_utf8_is_rejected_and_the_session_goes_on():
    proc = subprocess.run([sys.executable, "-m", "gradcli", "repl", "--format", "plain"],
                          input=b"x = '\xff'\n1\n", capture_output=True, env=environment(),
                          timeout=60)
    assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr
    assert b"<stdin>:1:6: invalid script: invalid UTF-8: byte 0xff" in proc.stderr
    assert proc.stdout == b"1\n"


@pytest.mark.parametrize("source, complete", [
    ("x = 1", True), ("for i in range(2):", False), ("for i in range(2):\n    i", False),
    ("for i in range(2):\n    i\n", True), ("x = (1 +", False), ("x = )", True),
])
def test_complete_follows_pythons_repl(source, complete):
    assert _complete(source) is complete


@pytest.mark.parametrize("line, new", [
    ("x = 1", True), ("    x", False), ("else:", False), ("elif x:", False),
    ("except RuntimeError:", False), ("finally:", False), ("", False), ("print(1)", True),
])
def test_starts_new_statement(line, new):
    assert _starts_new_statement(line) is new


# ---- at a pseudo-terminal: prompts, blocks, history, Ctrl-C ------------------------------


def controlling_terminal() -> None:
    """In the child: a session of its own whose terminal is the pty, so Ctrl-C is SIGINT."""
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """`gradcli repl` on a pseudo-terminal, with a minimal expect()."""

    def __init__(self, tmp_path: Path, **env: str):
        import pty

        self.master, slave = pty.openpty()
        self.history = tmp_path / "history"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gradcli", "repl"], stdin=slave, stdout=slave, stderr=slave,
            env=environment(**{"GRADCLI_HISTORY": str(self.history), "TERM": "dumb", **env}),
            cwd=ROOT, close_fds=True, preexec_fn=controlling_terminal)
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60) -> str:
        """Read until `text` appears; return everything read up to and including it."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.master], [], [], remaining)[0]:
                raise AssertionError(f"{text!r} did not appear; got:\n{self.seen}")
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(f"EOF before {text!r}; got:\n{self.seen}")
            self.seen += chunk.decode(errors="replace").replace("\r\n", "\n")
        cut = self.seen.index(text) + len(text)
        shown, self.seen = self.seen[:cut], self.seen[cut:]
        return shown

    def send(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def interrupt(self) -> None:
        """Ctrl-C. CPython's readline can miss a SIGINT that lands between printing the
        prompt and waiting for input, so press it again until the repl reacts."""
        for _ in range(10):
            time.sleep(0.2)
            os.write(self.master, b"\x03")
            if select.select([self.master], [], [], 3)[0]:
                return
        raise AssertionError("Ctrl-C had no effect")

    def finish(self) -> int:
        try:
            code = self.proc.wait(timeout=60)
        finally:
            os.close(self.master)
        return code


@pytest.fixture
def terminal(tmp_path):
    if sys.platform == "win32":
        pytest.skip("no pseudo-terminals on Windows")
    terms: list[Terminal] = []

    def start(**env: str) -> Terminal:
        terms.append(Terminal(tmp_path, **env))
        return terms[-1]
    yield start
    for t in terms:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()


def test_terminal_prompts_blocks_and_tables(terminal):
    term = terminal(NO_COLOR="1")
    assert ":help for commands" in term.expect(">>> ")
    term.send("x = torch.tensor([1.0, 2.0], requires_grad=True)")
    term.expect(">>> ")
    term.send("for i in range(2):")
    term.expect("... ")
    term.send("    (x * x).sum().backward()")
    term.expect("... ")
    term.send("")
    shown = term.expect(">>> ")
    assert "backward #1 · line 3 · (x * x).sum().backward()" in shown
    assert "backward #2" in shown and "hint: x.grad accumulated over 2 calls" in shown
    term.send("x.grad")
    assert "tensor([4., 8.])" in term.expect(">>> ")
    term.send(":quit")
    assert term.finish() == 0


def test_terminal_ctrl_c_drops_the_unfinished_block_and_ctrl_d_leaves(terminal):
    term = terminal(NO_COLOR="1")
    term.expect(">>> ")
    term.send("for i in range(3):")
    term.expect("... ")
    term.interrupt()
    assert "KeyboardInterrupt" in term.expect(">>> ")
    term.send("40 + 2")
    assert "42" in term.expect(">>> ")
    os.write(term.master, b"\x04")  # Ctrl-D: end of input
    assert term.finish() == 0


def test_terminal_history_is_saved(terminal):
    term = terminal(NO_COLOR="1")
    term.expect(">>> ")
    term.send("a = 6 * 7")
    term.expect(">>> ")
    term.send(":quit")
    term.finish()
    assert "a = 6 * 7" in term.history.read_text()


def test_terminal_without_no_color_may_colour_but_no_color_means_none(terminal):
    term = terminal(NO_COLOR="1")
    term.expect(">>> ")
    term.send("x = torch.ones(1, requires_grad=True)")
    term.expect(">>> ")
    term.send("(x * 2).backward()")
    shown = term.expect(">>> ")
    term.send(":quit")
    term.finish()
    assert "backward #1" in shown and not ANSI_COLOUR.search(shown)


def test_a_class_from_an_earlier_input_takes_new_attributes_in_later_ones():
    proc = piped("class A:\n    def __init__(self):\n        self.weight = 1\n\na = A()\n"
                 "a.bias = 3\na.bias + a.weight\n", "--format", "plain")
    assert proc.stdout.decode().split() == ["4"] and b"invalid" not in proc.stderr


def test_a_private_attribute_set_in_an_earlier_input_is_readable_in_later_ones():
    proc = piped("class A:\n    def __init__(self):\n        self._w = 2\n\na = A()\n"
                 "a._w * 3\n", "--format", "plain")
    assert proc.stdout.decode().split() == ["6"] and b"invalid" not in proc.stderr


# ---- pastes, doctests, :commands after a block, Python's titles, exit codes ----------------


PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"  # what a terminal sends around a paste


def paste(term: Terminal, text: str) -> None:
    os.write(term.master, (PASTE_START + text + PASTE_END).encode() + b"\r")


def pasting_terminal(terminal) -> Terminal:
    """A terminal that says it knows bracketed paste (a dumb one does not)."""
    return terminal(NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")


def test_a_pasted_block_may_hold_blank_lines(terminal):
    term = pasting_terminal(terminal)
    term.expect(">>>")  # then cursor moves, not a space
    paste(term, "def f(a):\n    b = a * 2\n\n    return b + 1\n\nf(20)\n")
    term.expect("41")
    term.send(":quit")
    assert term.finish() == 0


def test_a_pasted_doctest_runs_without_its_prompts_and_output(terminal):
    term = pasting_terminal(terminal)
    term.expect(">>>")
    paste(term, ">>> x = torch.ones(2, requires_grad=True)\n>>> for i in range(2):\n"
                "...     (x * x).sum().backward()\n...\n>>> x.grad\ntensor([4., 4.])\n")
    shown = term.expect("backward #2")
    term.send("x.grad + 1")  # after the paste, a line without a prompt is input again
    shown += term.expect("tensor([5., 5.])")
    assert "invalid" not in shown and "Error" not in shown  # `tensor(...)`: output, not run
    term.send(":quit")
    assert term.finish() == 0


def test_an_interactive_session_whose_last_input_succeeded_exits_0(terminal):
    term = terminal(NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
    term.expect(">>> ")
    term.send("undefined_name")
    shown = term.expect(">>> ")
    assert "NameError" in shown and "name 'undefined_name' is not defined" in shown
    term.send("1 + 1")
    term.expect(">>> ")
    os.write(term.master, b"\x04")
    assert term.finish() == 0


def test_history_is_in_memory_when_its_file_cannot_be_written(terminal, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    term = terminal(NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1",
                    GRADCLI_HISTORY=str(blocked / "history"))
    term.expect(">>> ")
    term.send("a = 6 * 7")
    term.expect(">>> ")
    os.write(term.master, b"\x1b[A\r")  # up: the last input, from memory
    assert "42" not in term.expect(">>> ")  # an assignment echoes nothing, and nothing broke
    term.send("a")
    assert "42" in term.expect(">>> ")
    term.send(":quit")
    assert term.finish() == 0


def test_completion_offers_the_names_in_scope():
    from gradcli.app.repl import _scope_names

    class Fake:
        class session:  # noqa: N801 - stands in for the Repl's session
            variables = {"weights": 1}

    assert "weights" in _scope_names(Fake, "we")
    assert "torch.softmax" in _scope_names(Fake, "torch.so")
    assert ":grads" in _scope_names(Fake, ":gr")


def test_a_command_right_after_an_indented_block_in_a_piped_file():
    proc = piped("x = torch.ones(2, requires_grad=True)\nfor i in range(2):\n"
                 "    (x * x).sum().backward()\n:grads\nx.grad\n", "--format", "plain")
    assert "x [2] leaf: grad [4., 4.]" in proc.stdout.decode()
    assert proc.stdout.decode().endswith("tensor([4., 4.])\n") and proc.returncode == 0


def test_a_piped_doctest_runs_without_its_prompts():
    proc = piped(">>> a = 2\n>>> a * 3\n6\n>>> def f(b):\n...     return b + 1\n...\n"
                 ">>> f(a)\n3\n", "--format", "plain")
    assert (proc.returncode, proc.stdout.decode()) == (0, "6\n3\n")


def test_an_unknown_name_is_titled_as_python_titles_it():
    err = piped("nope\n", "--format", "plain").stderr.decode()
    assert err.startswith("<stdin>:1:1: NameError: name 'nope' is not defined\n")
