"""Run a session program under real PyTorch and under gradcli, and compare the two traces.

`TorchOracle` keeps one PyTorch process (torch_trace.py --serve) for many programs: `import
torch` is paid once, and each program still runs in a fresh fork of it.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .compare import differences

TRACER = Path(__file__).with_name("torch_trace.py")


class TorchOracle:
    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, str(TRACER), "--serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def trace(self, source: str) -> dict:
        return self._ask({"source": source})

    def trace_file(self, path: Path) -> dict:
        return self._ask({"path": str(path)})

    def _ask(self, request: dict) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the PyTorch tracer exited (status {self.proc.poll()})")
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def gradcli_trace(source: str, check: bool = False) -> dict:
    from gradcli.app.api import run_json
    from gradcli.app.running import RunOptions

    return run_json(source, "program.py", RunOptions(check=check))


class PyTorchCrashed(Exception):
    """PyTorch itself died on the program (a segfault): there is nothing to compare with."""


def program_differences(oracle: TorchOracle, source: str, check: bool = False) -> list[str]:
    """What differs between PyTorch's and gradcli's traces of `source`, at full level."""
    expected = oracle.trace(source)
    if "child died" in expected.get("oracle_error", ""):
        raise PyTorchCrashed(expected["oracle_error"])
    if "oracle_error" in expected:
        return [f"PyTorch tracer: {expected['oracle_error']}"]
    actual = gradcli_trace(source, check)
    diffs = differences(expected, actual, full=True)
    if check and actual.get("status") == "mismatch":
        diffs.append("gradcli's cross-check reports a mismatch")
    return diffs
