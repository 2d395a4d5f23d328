"""Hostile input through the real command line (`python -m gradcli run`), in a subprocess:
the exit code, a message that names the limit and its flag, no Python traceback, in seconds
of CPU time.
"""
from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest


def gradcli(*args: str, seconds: float = 600) -> tuple[subprocess.CompletedProcess, float]:
    """The run and the CPU seconds it took (its work, which a busy machine does not stretch;
    `seconds` of wall time end a run that hangs)."""
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GRADCLI_DEBUG", None)
    before = _children_cpu()
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", *args], capture_output=True,
                          text=True, timeout=seconds, env=env)
    return proc, _children_cpu() - before


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def assert_clean(proc: subprocess.CompletedProcess) -> None:
    for stream in (proc.stdout, proc.stderr):
        assert "Traceback" not in stream and "internal error" not in stream, stream[-2000:]


def garbage(size: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(size)


FILES = {
    "a 20 MB file": (lambda: b"x = 1\n" * (20 * 2**20 // 6), 2,
                     "script size limit of 500,000 characters exceeded (raise it with "
                     "--max-script-chars)"),
    "binary garbage": (lambda: garbage(100_000, 1), 2, "null bytes"),
    "invalid UTF-8": (lambda: b"x = 1\ny = '\xff\xfe'\n", 2, "invalid UTF-8: byte 0xff"),
    "a NUL byte": (lambda: b"x = 1\x00\n", 2, "null bytes"),
    "a 200,000-term expression": (lambda: ("x = " + "+".join(["1"] * 200_000)).encode(), 2,
                                  "expression nesting limit of 100 levels"),
    "torch.ones(10**12)": (lambda: b"torch.ones(10**12)\n", 3,
                           "(raise it with --max-elements)"),
    "10**10**10": (lambda: b"10**10**10\n", 3, "(raise it with --max-int-bits)"),
    "range(10**9) loop": (lambda: b"for i in range(10**9):\n    pass\n", 3,
                          "(raise it with --max-steps)"),
    "sum(range(10**12))": (lambda: b"sum(range(10**12))\n", 3, "(raise it with --max-sequence)"),
}


@pytest.mark.parametrize("name", FILES)
def test_hostile_files_are_answered_in_seconds(tmp_path: Path, name: str):
    content, exit_code, message = FILES[name]
    script = tmp_path / "hostile.py"
    script.write_bytes(content())
    proc, seconds = gradcli(str(script), "--format", "json")
    assert proc.returncode == exit_code, proc.stderr[-2000:]
    assert message in proc.stdout
    assert json.loads(proc.stdout)["status"] == ("invalid" if exit_code == 2 else "error")
    assert_clean(proc)
    assert seconds < 30
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hostile.py"]  # nothing written


def test_the_memory_limit_has_a_flag():
    code = "xs = []\nfor i in range(100):\n    xs.append(torch.ones(10**7))"
    # (a time limit no busy machine reaches: the memory limit, not the clock, ends the loop)
    proc, _ = gradcli("-c", code, "--max-memory", str(200 * 2**20), "--max-seconds", "3600",
                      "--format", "plain")
    assert proc.returncode == 3
    assert "memory limit of 209,715,200 bytes exceeded" in proc.stderr
    assert "(raise it with --max-memory)" in proc.stderr
    assert_clean(proc)


def test_a_200000_node_chain_gives_the_right_gradient_in_seconds():
    code = ("x = torch.tensor([2.0], requires_grad=True)\ny = x\nfor i in range(200000):\n"
            "    y = y + x\ny.backward()\nx.grad")
    # (a time limit no busy machine reaches: the chain's work, not the clock, is measured)
    proc, seconds = gradcli("-c", code, "--format", "json", "--max-seconds", "3600")
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert json.loads(proc.stdout)["events"][-1]["value"]["data"] == [200001.0]
    print(f"\n200,000-node chain: {seconds:.1f} s")
