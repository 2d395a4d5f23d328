"""No single call outlives the time limit (issue 31): a builtin that could run one long C call is
refused before it by the session's limits; the kernel's timer (SIGALRM) interrupts what is
left, however long a C call holds the GIL; `check -j N` kills a worker stuck past its limit.
Bounds on seconds are generous: only that the run ends at all, on a busy machine."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest
from hostile_harness import run_text

from gradcli.app import pool
from gradcli.engine.interrupt import interrupt_at
from gradcli.engine.limits import Limits
from gradcli.events.events import SessionResult
from gradcli.events.results import ScriptRun

ATTACK = "import random\nx = random.getrandbits(2*10**7) % random.getrandbits(10**7)\n"
OK = "import torch\nx = torch.tensor(2.0, requires_grad=True)\n(x * x).backward()\n"


def gradcli(*args: str) -> tuple[subprocess.CompletedProcess, float]:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GRADCLI_DEBUG", None)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True,
                          text=True, timeout=120, env=env)
    return proc, time.perf_counter() - start


def test_the_bigint_attack_ends_by_a_limit(tmp_path):
    (tmp_path / "attack.py").write_text(ATTACK)
    proc, seconds = gradcli("run", str(tmp_path / "attack.py"), "--max-seconds", "5",
                            "--format", "plain")
    assert proc.returncode == 3 and "LimitExceeded" in proc.stderr, proc.stderr
    assert "integer size limit of 10,000 bits exceeded by random.getrandbits()" in proc.stderr
    assert seconds < 60


def test_check_j2_with_the_attack_writes_its_junit(tmp_path):
    (tmp_path / "attack.py").write_text(ATTACK)
    (tmp_path / "ok.py").write_text(OK)
    report = tmp_path / "report.xml"
    proc, seconds = gradcli("check", "-j", "2", str(tmp_path / "attack.py"),
                            str(tmp_path / "ok.py"), "--max-seconds", "5", "--junit",
                            str(report), "--format", "plain")
    assert proc.returncode == 1 and seconds < 60, proc.stdout + proc.stderr
    cases = {os.path.basename(case.get("name")): case
             for case in ET.parse(report).iter("testcase")}
    assert "LimitExceeded" in cases["attack.py"].find("failure").get("message")
    assert cases["ok.py"].find("failure") is None


@pytest.mark.parametrize("source, by", [
    ("import random\nx = random.getrandbits(65)", "by random.getrandbits()"),
    ("x = 2**63\nx = x + x\ny = x // 3", "by //"),
    ("x = 2**63\nx += x\ny = x % 3", "by %"),
    ("x = 2**63\nx = x + x\nq, r = divmod(7, x)", "by divmod()"),
    ("x = 2**63\nx = x + x\nx //= 3", "by //="),
])
def test_a_long_int_call_is_refused_before_it_runs(source, by):
    outcome = run_text(source, Limits(max_int_bits=64), check=False)
    assert outcome.error_type == "LimitExceeded", outcome
    assert f"integer size limit of 64 bits exceeded {by} (raise it with --max-int-bits)" \
        in outcome.message


def test_ints_within_the_limit_divide_as_in_python():
    source = ("import random\nrandom.seed(3)\na = random.getrandbits(64)\n"
              "assert divmod(a, 7) == (a // 7, a % 7)\nassert divmod(7.5, 2) == (3.0, 1.5)\n")
    assert run_text(source, Limits(max_int_bits=64), check=False).status == "ok"


def test_the_kernel_timer_ends_a_c_call_the_limits_let_through():
    """Long division holding the GIL for minutes: a timer thread never ran until it ended; the
    kernel's signal is pending, and CPython's division checks for signals as it goes."""
    limits = Limits(max_seconds=2, max_int_bits=10**9)
    start = time.perf_counter()
    outcome = run_text(ATTACK, limits, check=False, seconds=50.0)
    assert outcome.error_type == "LimitExceeded", outcome
    assert "time limit of 2 seconds exceeded" in outcome.message
    assert time.perf_counter() - start < 45


def test_a_timer_armed_outside_the_run_still_rings():
    rang: list[float] = []
    previous = signal.signal(signal.SIGALRM, lambda *a: rang.append(time.monotonic()))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        start = time.monotonic()
        with interrupt_at(lambda: start + 60, lambda: None):
            while time.monotonic() < start + 0.6:
                pass
        assert len(rang) == 1 and 0.25 < rang[0] - start < 0.6  # in the block, at its time
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with interrupt_at(lambda: start + 60, lambda: None):
            pass
        time.sleep(0.5)
        assert len(rang) == 2  # armed before a block that ended first: it goes on after
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _stuck_or_done(path: str) -> ScriptRun:
    if path == "stuck.py":  # as one C call that never returns: deaf to every signal
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGTERM})
        time.sleep(3600)
    return ScriptRun(path, SessionResult(path, ""), 0.0)


def test_a_worker_stuck_past_its_limit_is_killed_and_the_check_goes_on(monkeypatch):
    monkeypatch.setattr(pool, "GRACE", 1.0)
    done: list[ScriptRun] = []
    start = time.perf_counter()
    pool.run_in_workers(["stuck.py", "a.py", "b.py"], 2, _stuck_or_done, lambda path: None,
                        lambda run: done.append(run) and False, Limits(max_seconds=0.5))
    assert time.perf_counter() - start < 30
    assert sorted(run.path for run in done) == ["a.py", "b.py", "stuck.py"]
    (stuck,) = [run for run in done if run.path == "stuck.py"]
    (error,) = stuck.result.events
    assert error.type == "LimitExceeded"
    assert error.message.startswith("time limit of 0.5 seconds exceeded")
    assert "was ended" in error.message and error.message.endswith("--max-seconds)")


@pytest.mark.parametrize("call", ["str(x)", "repr(x)", "format(x)", "print(x)", "f'{x}'"])
def test_printing_a_list_of_huge_ints_counts_their_digits(call):
    outcome = run_text(f"x = [2**9999] * 10**6\ns = {call}", Limits(), check=False)
    assert outcome.error_type == "LimitExceeded", outcome
    assert "sequence length limit of 10,000,000 items exceeded" in outcome.message
