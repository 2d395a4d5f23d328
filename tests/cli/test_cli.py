"""The command line: options, sources, exit codes, bad input; in-process with a fake core,
then the real entry point (`python -m gradcli`) in a subprocess."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gradcli.app import cli
from gradcli.engine.limits import LIMIT_FLAGS, Limits
from gradcli.engine.runtime import Faults
from gradcli.events.events import (
    BackwardEvent,
    ErrorEvent,
    GradRow,
    SessionResult,
    Summary,
    ValueEvent,
)

ROOT = Path(__file__).resolve().parents[2]
SEED = (ROOT / "tests/corpus/001_accumulate_two_backwards.py").read_text()


def core_missing() -> str:
    """Why the real core cannot be used yet, or "" when it imports."""
    try:
        import gradcli.app.api  # noqa: F401
    except ImportError as e:
        return f"the core (gradcli.app.api) does not import yet: {e}"
    return ""


CORE_MISSING = core_missing()
needs_core = pytest.mark.skipif(bool(CORE_MISSING), reason=CORE_MISSING or "the core imports")


# ---- in-process, with a fake gradcli.app.api --------------------------------------------------


@dataclass
class FakeOptions:
    check: bool = True
    rtol: float | None = None
    atol: float | None = None
    limits: Limits = field(default_factory=Limits)
    faults: Faults = field(default_factory=Faults.from_environment)
    clock_origin: float | None = None
    keep_event_data: bool = True
    strict: bool = False


def fake_events(source: str) -> list:
    """What the fake core 'runs': the script's first word picks the outcome."""
    row = GradRow("x", (1,), "float32", [5.0], [3.0], [5.0], ["2*x + 3*x**2"], ["3*x**2"],
                  "symbolic", True)
    events = [ValueEvent(1, 2.0, "2.0"), BackwardEvent(2, "z.backward()", (row,), call=1)]
    if source.startswith("mismatch"):
        events[1] = BackwardEvent(2, "z.backward()", (GradRow(**{**vars(row), "match": False}),))
    if source.startswith("assert"):
        events.append(ErrorEvent(3, "AssertionError", ""))
    if source.startswith("error"):
        events.append(ErrorEvent(3, "RuntimeError", "boom", col=1, end_col=5))
    if source.startswith("crash"):
        raise ValueError("a bug in the core")
    return events


@pytest.fixture
def fake_api(monkeypatch):
    calls: list[tuple] = []

    def run_session(source, source_name, options, on_event=None, graphs=None):
        calls.append((source, source_name, options))
        result = SessionResult(source_name, source)
        for event in fake_events(source):
            on_event(event)
            result.events.append(event)
        mismatches = sum(row.match is False for e in result.events
                         if isinstance(e, BackwardEvent) for row in e.grads)
        result.summary = Summary(statements=3, backward=1, checked=1, mismatches=mismatches)
        return result

    api, running = types.ModuleType("gradcli.app.api"), types.ModuleType("gradcli.app.running")
    api.run_session, running.RunOptions = run_session, FakeOptions
    monkeypatch.setitem(sys.modules, "gradcli.app.api", api)
    monkeypatch.setitem(sys.modules, "gradcli.app.running", running)
    return calls


def invoke(*args: str, stdin: str | bytes | None = None):
    return CliRunner().invoke(cli.app, list(args), input=stdin)


@pytest.mark.parametrize("first_word, code", [
    ("ok", 0), ("mismatch", 1), ("assert", 1), ("error", 3)])
def test_exit_code_follows_the_status(fake_api, first_word, code):
    for fmt in ("table", "plain", "json"):
        assert invoke("run", "-c", first_word, "--format", fmt).exit_code == code


def test_options_reach_the_core(fake_api):
    result = invoke("run", "-c", "ok", "--no-check", "--rtol", "1e-3", "--atol", "0",
                    "--max-steps", "50", "--max-nesting", "7", "--max-elements", "9")
    assert result.exit_code == 0
    source, name, options = fake_api[0]
    assert (source, name) == ("ok", "<string>")
    assert (options.check, options.rtol, options.atol) == (False, 1e-3, 0.0)
    assert (options.limits.max_steps, options.limits.max_nesting) == (50, 7)
    assert options.limits.max_int_bits == Limits.max_int_bits
    assert options.limits.max_elements == 9


TEXT_LIMITS = {"max_memory"}  # read as text by the option, a size such as 500MB or 1.5GiB


@pytest.mark.parametrize("command, limits", [
    ("run", list(LIMIT_FLAGS)), ("check", list(LIMIT_FLAGS)),
    ("repl", ["max_steps", "max_elements"]), ("graph", ["max_steps", "max_elements"])])
def test_each_limit_is_an_option_made_from_its_flag(command, limits):
    """The --max-* options come from engine/limits.py's LIMIT_FLAGS: flag, help, default."""
    params = typer.main.get_command(cli.app).commands[command].params
    shown = [p for p in params if p.name in LIMIT_FLAGS]
    assert [p.name for p in shown] == limits
    for p in shown:
        words = LIMIT_FLAGS[p.name]
        default = getattr(Limits(), p.name)
        if p.name in TEXT_LIMITS:
            default = str(default)
        assert (p.opts, p.help, p.default) == ([words.flag], words.help, default)


def test_limit_options_parse_each_limits_type():
    """Each --max-* option reads its limit's type (max_seconds a float) and refuses what is
    below its least value; the notebook's %%gradcli line reads its three the same way."""
    from gradcli.app.notebook import BadOptions, parse_cell_options

    given = {name: str(getattr(Limits(), name) // 2) for name in LIMIT_FLAGS}
    parse = typer.main.get_command(cli.app).commands["check"].make_context
    context = parse("check", ["a.py", *(a for name, value in given.items()
                                        for a in (LIMIT_FLAGS[name].flag, value))])
    assert {name: context.params[name] for name in LIMIT_FLAGS} == \
        {name: value if name in TEXT_LIMITS else type(getattr(Limits(), name))(value)
         for name, value in given.items()}
    line = parse_cell_options("--max-steps 5 --max-elements 7 --max-seconds 0.5")
    assert line.limits == Limits(max_steps=5, max_elements=7, max_seconds=0.5)
    with pytest.raises(BadOptions, match="--max-seconds"):
        parse_cell_options("--max-seconds -1")


@needs_core
def test_defaults_are_the_cores(fake_api):
    import gradcli  # its `app.running` is still the real module: the fake is in sys.modules

    invoke("run", "-c", "ok")
    # but for the data the events keep: the table shows each as it comes (next test)
    defaults = {**vars(gradcli.app.running.RunOptions()), "keep_event_data": False}
    assert fake_api[0][2] == FakeOptions(**defaults)


def test_only_the_html_report_reads_the_events_again_in_full(fake_api, tmp_path):
    for fmt in ("table", "plain", "jsonl", "json"):  # json encodes each event as it comes
        invoke("run", "-c", "ok", "--format", fmt)
    invoke("run", "-c", "ok", "--html", str(tmp_path / "report.html"))
    assert [options.keep_event_data for _, _, options in fake_api] == [
        False, False, False, False, True]


def test_reads_a_file_and_stdin(fake_api, tmp_path):
    script = tmp_path / "s.py"
    script.write_text("ok = 1\n")
    assert invoke("run", str(script)).exit_code == 0
    assert invoke("run", "-", stdin="ok = 2\n").exit_code == 0
    assert [(src, name) for src, name, _ in fake_api] == [
        ("ok = 1\n", str(script)), ("ok = 2\n", "<stdin>")]


def test_a_utf8_bom_is_dropped(fake_api, tmp_path):
    script = tmp_path / "bom.py"
    script.write_bytes(b"\xef\xbb\xbfok = 1\n")
    assert invoke("run", str(script)).exit_code == 0
    assert fake_api[0][0] == "ok = 1\n"


def test_plain_output_through_the_cli(fake_api):
    result = invoke("run", "-c", "ok", "--format", "plain")
    assert result.stdout == "2.0\n"
    assert "check line 2 z.backward(): x grad [5.] expected [5.]" in result.stderr
    assert result.stderr.endswith("✓ ok · 3 statements · 1 backward · 1 gradient checked "
                                  "· 0 mismatches\n")


def test_json_output_through_the_cli(fake_api):
    result = invoke("run", "-c", "error", "--format", "json")
    data = json.loads(result.stdout)
    assert data["status"] == "error" and data["source"] == "<string>"
    assert [e["kind"] for e in data["events"]] == ["value", "backward", "error"]
    assert result.stderr == ""


def test_table_output_through_the_cli(fake_api):
    result = invoke("run", "-c", "ok")
    assert "backward #1 · line 2 · z.backward()" in result.stdout
    assert "\x1b" not in result.stdout  # not a terminal: no ANSI


# ---- unreadable scripts: rejected (exit 2) in every format, the core never called ---------


def unreadable_cases(tmp: Path) -> dict[str, tuple[list[str], str]]:
    (tmp / "nul.py").write_bytes(b"x = 1\nab\0cd\n")
    (tmp / "latin1.py").write_bytes(b"x = 1\n# caf\xe9\n")
    (tmp / "big.py").write_text("x = 1\n" * 100)
    (tmp / "adir").mkdir()
    return {
        "missing": ([str(tmp / "missing.py")], "No such file or directory"),
        "directory": ([str(tmp / "adir")], "Is a directory"),
        "nul": ([str(tmp / "nul.py")], "source code cannot contain null bytes"),
        "utf8": ([str(tmp / "latin1.py")], "invalid UTF-8: byte 0xe9"),
        "big": ([str(tmp / "big.py"), "--max-script-chars", "50"],
                "script size limit of 50 characters exceeded (raise it with --max-script-chars)"),
        "big -c": (["-c", "x" * 51, "--max-script-chars", "50"], "script size limit of 50"),
    }


@pytest.mark.parametrize("case", ["missing", "directory", "nul", "utf8", "big", "big -c"])
def test_unreadable_script_is_invalid(fake_api, tmp_path, case):
    args, message = unreadable_cases(tmp_path)[case]
    table = invoke("run", *args)
    assert table.exit_code == 2 and "invalid script" in table.stderr
    assert "✗ invalid · 1 problem · script rejected before running" in table.stdout
    plain = invoke("run", *args, "--format", "plain")
    assert plain.exit_code == 2 and message in plain.stderr and plain.stdout == ""
    as_json = invoke("run", *args, "--format", "json")
    assert as_json.exit_code == 2
    data = json.loads(as_json.stdout)
    assert data["status"] == "invalid" and data["events"][0]["kind"] == "invalid"
    assert message in data["events"][0]["message"]
    assert fake_api == []


def test_bad_bytes_are_located(fake_api, tmp_path):
    unreadable_cases(tmp_path)
    for name, position in (("nul.py", (2, 3)), ("latin1.py", (2, 6))):
        event = json.loads(invoke("run", str(tmp_path / name), "--format", "json").stdout)
        assert (event["events"][0]["line"], event["events"][0]["col"]) == position


def test_permission_denied_is_invalid(fake_api, monkeypatch):
    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("builtins.open", denied)
    result = invoke("run", "secret.py", "--format", "plain")
    assert result.exit_code == 2
    assert "cannot read secret.py: Permission denied" in result.stderr


# ---- the command line itself -------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["run"], ["run", "a.py", "-c", "x"], ["run", "a.py", "--format", "yaml"],
    ["run", "a.py", "--rtol", "-1"], ["run", "a.py", "--max-steps", "0"], ["frobnicate"], [],
])
def test_bad_command_lines_exit_4(fake_api, args):
    assert invoke(*args).exit_code == 4
    assert fake_api == []


def test_help_has_an_example():
    result = invoke("run", "--help")
    assert result.exit_code == 0
    assert "gradcli run -c" in result.stdout and "--max-steps" in result.stdout


def test_version(monkeypatch):
    import gradcli

    monkeypatch.setattr(gradcli, "__version__", "0.1.0", raising=False)
    result = invoke("--version")
    assert (result.exit_code, result.stdout) == (0, "gradcli 0.1.0\n")


def test_an_internal_error_is_one_line_and_exit_70(fake_api, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["gradcli", "run", "-c", "crash"])
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        cli.run_main()
    err = capsys.readouterr().err
    from gradcli import __version__

    assert exit_info.value.code == 70
    assert err == ("gradcli internal error: ValueError: a bug in the core (a bug in gradcli "
                   f"{__version__}: please report it, with GRADCLI_DEBUG=1's traceback)\n")


def test_gradcli_debug_shows_the_traceback(fake_api, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["gradcli", "run", "-c", "crash"])
    monkeypatch.setenv("GRADCLI_DEBUG", "1")
    with pytest.raises(SystemExit):
        cli.run_main()
    assert "Traceback (most recent call last)" in capsys.readouterr().err


# ---- the real entry point ----------------------------------------------------------------


def gradcli(*args: str, stdin: bytes | None = None, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), **env}
    environment.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "gradcli", *args], input=stdin, cwd=ROOT,
                          capture_output=True, env=environment, timeout=120)


def test_entry_point_rejects_unreadable_scripts(tmp_path):
    for case, (args, message) in unreadable_cases(tmp_path).items():
        proc = gradcli("run", *args, "--format", "plain")
        err = proc.stderr.decode()
        assert proc.returncode == 2, case
        assert message in err and "Traceback" not in err, case


def test_entry_point_usage_error_is_exit_4():
    proc = gradcli("run", "--format", "yaml", "x.py")
    assert proc.returncode == 4 and b"Traceback" not in proc.stderr


@pytest.mark.skipif(not hasattr(__import__("gradcli"), "__version__"),
                    reason="gradcli/__init__.py has no __version__ yet")
def test_entry_point_version():
    import gradcli as package

    proc = gradcli("--version")
    assert (proc.returncode, proc.stdout.decode()) == (0, f"gradcli {package.__version__}\n")


@needs_core
def test_entry_point_runs_the_seed_case(tmp_path):
    script = tmp_path / "seed.py"
    script.write_text(SEED)
    plain = gradcli("run", str(script), "--format", "plain")
    assert plain.returncode == 0, plain.stderr.decode()
    assert plain.stdout.decode() == (
        "tensor([4.])\ntensor([16.])\nafter both: tensor([16.])\n(True, True, False)\n")
    data = json.loads(gradcli("run", str(script), "--format", "json").stdout)
    assert data["status"] == "ok" and data["summary"]["backward"] == 2
    table = gradcli("run", str(script), NO_COLOR="1")
    assert table.returncode == 0 and b"\x1b" not in table.stdout + table.stderr
    assert b"backward #2 \xc2\xb7 line 8" in table.stdout


@needs_core
def test_entry_point_reads_stdin_and_code():
    piped = gradcli("run", "-", "--format", "plain", stdin=SEED.encode())
    code = gradcli("run", "-c", SEED, "--format", "plain")
    assert piped.returncode == code.returncode == 0
    assert piped.stdout == code.stdout


@needs_core
@pytest.mark.parametrize("code, status", [
    ("x = (1", "invalid"), ("y = undefined_name + 1", "invalid"), ("import socket", "invalid"),
    ("assert 1 == 2", "assertion"),
    ("x = torch.ones(2, requires_grad=True)\n(x * 2).backward()", "error"),
])
def test_entry_point_statuses(code, status):
    proc = gradcli("run", "-c", code, "--format", "json")
    data = json.loads(proc.stdout)
    assert data["status"] == status
    assert proc.returncode == {"invalid": 2, "error": 3, "assertion": 1}[status]
    assert b"Traceback" not in proc.stderr


@needs_core
def test_entry_point_syntax_error_has_caret_and_hint():
    proc = gradcli("run", "-c", "x = (1 +", "--format", "plain")
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert "<string>:1:" in err and "^" in err and "Traceback" not in err


@needs_core
def test_entry_point_error_caret_spans_the_call():
    proc = gradcli("run", "tests/corpus/007_backward_twice_error.py", "--format", "plain")
    assert proc.returncode == 3
    assert " 10 | z.backward()\n    | ^^^^^^^^^^^^\n" in proc.stderr.decode()


@needs_core
def test_entry_point_limit_is_exit_3_and_names_its_flag():
    proc = gradcli("run", "-c", "for i in range(100):\n    i", "--max-steps", "10",
                   "--format", "json")
    data = json.loads(proc.stdout)
    assert proc.returncode == 3 and data["status"] == "error"
    assert "--max-steps" in data["events"][-1]["message"]


def test_a_reader_that_leaves_early_ends_the_run_quietly():
    """`gradcli run long.py | head -1`: no traceback, no 'internal error', SIGPIPE's code."""
    script = "import torch\nfor i in range(2000):\n    torch.ones(1)\n"
    proc = subprocess.Popen([sys.executable, "-m", "gradcli", "run", "-c", script],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 141 and b"internal error" not in err and b"Traceback" not in err
