"""`%load_ext gradcli` in IPython: the `%%gradcli` cell magic and the `%gradcli` commands, run in
IPython's own InteractiveShell (the real-kernel notebook is tests/cli/test_notebook_example.py)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("IPython", reason="IPython not installed (pip install '.[test]')")

from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

from gradcli.app import notebook  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def shell():
    """An IPython with gradcli's magics, in a new session of their own."""
    ipython = InteractiveShell.instance()
    ipython.run_line_magic("load_ext", "gradcli")
    notebook.load_magics(ipython)  # fresh: no session left by another test
    return ipython


@pytest.fixture
def cell(shell, capsys):
    """Run a `%%gradcli` cell: (stdout, stderr) it printed."""
    def run(code: str, line: str = "") -> tuple[str, str]:
        assert shell.run_cell_magic("gradcli", line, code) is None
        out, err = capsys.readouterr()
        return ANSI_COLOUR.sub("", out), ANSI_COLOUR.sub("", err)
    return run


@pytest.fixture
def command(shell, capsys):
    """Run `%gradcli LINE`: (stdout, stderr)."""
    def run(line: str) -> tuple[str, str]:
        shell.run_line_magic("gradcli", line)
        out, err = capsys.readouterr()
        return ANSI_COLOUR.sub("", out), ANSI_COLOUR.sub("", err)
    return run


FIRST = "x = torch.ones(1, requires_grad=True)\n(x**2).backward()\nx.grad\n"


def test_load_ext_registers_the_magic(shell):
    assert "gradcli" in shell.magics_manager.magics["cell"]
    assert "gradcli" in shell.magics_manager.magics["line"]


def test_cells_share_one_session_as_the_repls_inputs_do(cell):
    out, err = cell(FIRST)
    assert "backward #1 · line 2 · (x**2).backward()" in out
    assert "tensor([2.])" in out
    assert "✓ ok · 3 statements · 1 backward · 1 gradient checked · 0 mismatches" in out
    assert err == ""
    out, _ = cell("(x**3).backward()\nx.grad")
    assert "backward #2 · line 4 · (x**3).backward()" in out  # the session's numbering goes on
    assert "2*x + 3*x**2" in out  # x and its .grad came from the cell before: 2 + 3
    assert "tensor([5.])" in out


def test_a_cell_without_backward_shows_no_verdict(cell):
    out, _ = cell("a = torch.tensor([1.0, 2.0])\na * 2")
    assert out == "tensor([2., 4.])\n"


def test_no_check_is_the_cells_own(cell):
    out, _ = cell(FIRST, "--no-check")
    assert "the check is off (--no-check)" in out
    assert "0 gradients checked" in out
    out, _ = cell("x.grad.zero_()\n(x**2).backward()")  # checked again, also for x made earlier
    assert "2*x" in out and "1 gradient checked · 0 mismatches" in out


def test_rtol_and_atol_reach_the_check(cell, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "PowBackward0")  # 1.5 times the right gradient
    out, _ = cell(FIRST)
    assert "✗ mismatch" in out and "1 mismatch" in out
    out, _ = cell("x.grad.zero_()\n(x**2).backward()", "--rtol 0.5")
    assert "✓ ok" in out and "0 mismatches" in out
    out, _ = cell("x.grad.zero_()\n(x**2).backward()", "--rtol 0 --atol 1")
    assert "✓ ok" in out


def test_explain_shows_the_ledger_of_the_whole_session(cell):
    cell(FIRST)
    out, _ = cell("(x**3).backward()", "--explain")
    assert "ledger of x.grad" in out
    assert "[5] = [2] + [3]" in out


def test_graph_draws_the_named_variable(cell):
    out, _ = cell("a = torch.tensor(2.0, requires_grad=True)\ny = a * a.sin()", "--graph y")
    assert "MulBackward0" in out and "SinBackward0" in out and "AccumulateGrad" in out


def test_graph_of_an_unknown_name_says_so(cell):
    _, err = cell("a = 1", "--graph nothing")
    assert "`nothing` is not defined" in err


def test_a_script_error_is_gradclis_message_and_the_session_goes_on(cell):
    out, err = cell("y = (x**2).sum()\ny.backward()\ny.backward()", "")
    assert "NameError: name 'x' is not defined" in err
    out, err = cell(FIRST + "y = (x * 3).sum()\ny.backward()\ny.backward()")
    assert "RuntimeError: Trying to backward through the graph a second time" in err
    assert "Traceback" not in out + err
    out, err = cell("x.grad")  # the kernel and the session live on
    assert out == "tensor([5.])\n" and err == ""


def test_a_rejected_cell_says_where_and_how_to_fix_it(cell):
    _, err = cell("x = torch.ones(1)\ny = x.foo")
    assert "<cell>:2:7: invalid script: `foo` is not an attribute gradcli knows" in err
    assert "hint:" in err


def test_a_bug_in_gradcli_is_reported_not_raised(cell, monkeypatch):
    from gradcli.app.session import Session

    def broken(self, text):
        raise ZeroDivisionError("on purpose")

    monkeypatch.setattr(Session, "feed", broken)
    out, err = cell("x = 1")
    assert "gradcli internal error: ZeroDivisionError: on purpose" in err
    assert "Traceback" not in out + err


def test_an_interrupted_cell_leaves_the_kernel_and_the_session(cell, monkeypatch):
    from gradcli.app.session import Session

    cell(FIRST)
    feed = Session.feed

    def interrupted(self, text):
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "feed", interrupted)
    out, err = cell("for i in range(10**6):\n    i")
    assert err == "KeyboardInterrupt\n" and out == ""
    monkeypatch.setattr(Session, "feed", feed)
    assert cell("x.grad") == ("tensor([2.])\n", "")


@pytest.mark.parametrize("line, message", [
    ("--bogus", "No such option: --bogus"),
    ("--rtol -1", "Invalid value for '--rtol'"),
    ("--rtol lots", "Invalid value for '--rtol'"),
    ("--graph", "Option '--graph' requires an argument"),
    ("--explain 'unclosed", "cannot read the options: No closing quotation"),
    ("extra", "Got unexpected extra argument(s) (extra)"),
])
def test_bad_options_are_rejected_and_the_cell_does_not_run(cell, line, message):
    out, err = cell("ran = 1\nran", line)
    err = " ".join(err.split())  # rich wrapped it to the console's width
    assert f"%%gradcli: {message}" in err
    assert "%%gradcli --help lists the options" in err and "the cell did not run" in err
    assert out == ""
    _, err = cell("ran")
    assert "name 'ran' is not defined" in err


def test_help_lists_the_clis_options_and_runs_nothing(cell):
    out, err = cell("ran = 1\nran", "--help")
    assert "Usage: %%gradcli [OPTIONS]" in out
    for option in ("--no-check", "--rtol", "--explain", "--graph", "--reset", "--max-steps"):
        assert option in out
    assert "1\n" not in out and err == ""


def test_options_alone_in_a_cell_need_no_code(shell, capsys):
    # IPython refuses a cell magic over an empty cell before calling it: the line magic runs
    assert shell.run_cell("%%gradcli --help\n").error_before_exec is None
    out, err = capsys.readouterr()
    assert "Usage: %%gradcli [OPTIONS]" in out and err == ""
    shell.run_cell("%%gradcli\nkept = 1")
    shell.run_cell("%%gradcli --reset\n\n")
    assert "session reset" in capsys.readouterr().err
    shell.run_cell("%%gradcli\nkept")
    assert "name 'kept' is not defined" in capsys.readouterr().err


def test_limits_are_set_when_a_session_starts(cell):
    _, err = cell("for i in range(100):\n    i", "--max-steps 20")
    assert "LimitExceeded" in err and "max-steps" in err
    _, err = cell("1", "--max-steps 1000")  # the running session keeps its limits
    assert "--max-steps set the session's limits when it starts: add --reset" in " ".join(
        err.split())
    _, err = cell("1", "--max-steps 20")  # the same value: nothing changes, it runs
    assert err == ""
    out, err = cell("for i in range(100):\n    i", "--reset --max-steps 1000")
    assert "session reset" in err and "LimitExceeded" not in err
    assert out.endswith("98\n99\n")


def test_reset_forgets_the_variables(cell, command):
    cell(FIRST)
    _, err = command("reset")
    assert "session reset: no variables, no graph, a new random seed" in err
    _, err = cell("x")
    assert "name 'x' is not defined" in err
    cell(FIRST)
    _, err = cell("x", "--reset")
    assert "name 'x' is not defined" in err


def test_the_line_commands_are_the_repls(cell, command):
    cell(FIRST + "(x**3).backward()")
    out, _ = command("grads")
    assert "gradients now" in out and "[5]" in out
    out, _ = command("explain x")
    assert "ledger of x.grad" in out
    out, _ = command(":graph x")  # with the repl's colon, too
    assert "AccumulateGrad x" in out
    out, _ = command("help")
    assert "%gradcli reset" in out and "%%gradcli" in out
    _, err = command("frobnicate")
    assert "%gradcli: unknown command 'frobnicate'" in err


def test_a_command_before_any_cell_has_an_empty_session(command):
    _, err = command("grads")
    assert "no variable holds a tensor that requires grad yet" in err


def test_the_command_line_does_not_load_ipython():
    """The hook in gradcli/__init__.py imports the magics only when IPython calls it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "gradcli", "run", "-c",
                           "x = torch.ones(1, requires_grad=True)\n(x * 2).sum().backward()"],
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    assert "gradcli.app.cli" in imported  # importtime did list the modules
    assert not {"IPython", "gradcli.app.notebook", "nbformat"} & imported


# ---- the pictures: SVG for a notebook, with a text twin for IPython at a terminal ----------


@pytest.fixture
def displayed(shell):
    """Run a `%%gradcli` cell (or, without code, a `%gradcli` line): the SVG pictures it
    displayed, and the text twins beside them."""
    from IPython.utils.capture import capture_output

    def run(line: str, code: str | None = None) -> tuple[list[str], list[str]]:
        with capture_output() as captured:
            if code is None:
                shell.run_line_magic("gradcli", line)
            else:
                shell.run_cell_magic("gradcli", line, code)
        bundles = [output.data for output in captured.outputs if "image/svg+xml" in output.data]
        return [b["image/svg+xml"] for b in bundles], [b["text/plain"] for b in bundles]
    return run


GRAPH = ("a = torch.tensor(2.0, requires_grad=True)\nb = torch.tensor(3.0, requires_grad=True)\n"
         "y = a * b + a.sin()\ny.backward()")


def test_graph_is_an_svg_picture_with_values_grads_and_verdicts(displayed):
    [svg], [text] = displayed("--graph y", GRAPH)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for shown in ("MulBackward0", "SinBackward0", "AccumulateGrad", "data 3", "grad 2.584"):
        assert shown in svg
    assert svg.count(">✓ sympy</text>") == 2
    assert text.startswith("AddBackward0 y []") and "AccumulateGrad b [] = 3 · grad 2" in text
    [svg], _ = displayed("graph b")  # as a line command: the same picture, of b alone
    assert "b  []" in svg and "MulBackward0" not in svg


def test_a_mismatch_is_marked_on_the_picture(displayed, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "MulBackward0")
    [svg], _ = displayed("--graph y", GRAPH)
    assert svg.count("✗ sympy") >= 2  # the legend's, and the wrong .grad's


def test_plot_shows_each_grad_over_the_backward_calls(displayed):
    assert displayed("", FIRST) == ([], [])  # no --plot, nothing climbing: no picture
    [svg], [text] = displayed("--plot", "x.grad.zero_()\n(x**3).backward()")
    assert "x.grad" in svg and "backward call" in svg
    assert "#2 line 5 (x**3).backward(): + 3*x**2 = [3.] → [3.]" in text
    [svg], _ = displayed("plot x")
    assert "x.grad" in svg


def test_a_loop_without_zero_is_plotted_by_itself(displayed):
    displayed("", "w = torch.tensor([1.0, -1.0], requires_grad=True)\n"
                  "v = torch.ones(1, requires_grad=True)\n(v * 2).sum().backward()")
    [svg], [text] = displayed("", "for i in range(3):\n    (w * w).sum().backward()")
    assert "w.grad" in svg and "v.grad" not in svg  # only the .grad that kept climbing
    assert "→ [ 6., -6.]" in text  # (the hint that says so: test_notebook_example.py)


def test_plot_or_graph_of_nothing_says_so(command):
    assert command("plot") == ("", "no backward() has added to any .grad yet: nothing to plot\n")
    assert command("graph nothing") == ("", "`nothing` is not defined when the script ends\n")


def test_the_readmes_cell_works_as_written(cell):
    readme = (ROOT / "README.md").read_text()
    [block] = re.findall(r"```\n(%%gradcli.*?)```", readme, re.S)
    line, _, code = block.partition("\n")
    out, err = cell(code, line.removeprefix("%%gradcli").strip())
    assert "tensor([5.])" in out and "[5] = [2] + [3]" in out and err == ""


def test_width_lays_the_cell_out_narrow_and_only_that_cell(cell):
    out, _ = cell(FIRST, "--width 40")
    assert "x [1]  grad [2]  ✓ symbolic" in out and "┏" not in out  # a block, not a table
    assert max(map(len, out.splitlines())) <= 40
    out, _ = cell("x.grad.zero_()\n(x**2).backward()")
    assert "┏" in out


def test_a_warning_is_shown_under_its_cell(cell):
    out, err = cell("x = torch.ones(1, requires_grad=True)\ny = x * 2\ny.grad")
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor" in err
    assert "Traceback" not in out + err
