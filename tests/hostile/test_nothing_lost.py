"""Nothing lost at the edges: NaN and inf flow as in PyTorch, deep graphs run.

(The 200,000-node chain runs through the CLI in test_cli_inputs.py, where the gradient and
the time are checked.)
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_harness import run_text

from gradcli.app.api import run_json, run_session
from gradcli.engine.limits import Limits

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
from oracle.compare import differences  # noqa: E402

NON_FINITE = """\
import torch
x = torch.tensor([float('nan'), float('inf'), -float('inf'), 0.0, 1.0], requires_grad=True)
y = x * 2 + 1
y
y.sum().backward()
x.grad
z = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
l = torch.log(z)
l
l.sum().backward()
z.grad
s = torch.tensor([0.0], requires_grad=True)
torch.sqrt(s).backward()
s.grad
m = torch.tensor([1.0, float('nan'), 3.0], requires_grad=True)
m.max()
m.sum()
torch.isnan(m)
inf = float('inf')
inf - inf
float('nan') == float('nan')
print(torch.tensor([1.0]) / 0, -torch.tensor([1.0]) / 0, torch.tensor([0.0]) / 0)
"""
# Where sympy alone is not PyTorch's value, so the check must take care (gradcli/check/*):
CHECK_GAPS = {
    "x / 0": "d = torch.tensor([1.0, -1.0], requires_grad=True)\n(d / 0).sum().backward()\n"
             "d.grad",  # sympy folds x/0 to zoo (no sign); torch: 1/0 = inf
    "float32 overflow": "e = torch.tensor([100.0], requires_grad=True)\n"
                        "torch.exp(e).sum().backward()\ne.grad",  # float64 2.7e43; float32: inf
}


def test_nan_and_inf_flow_and_are_checked():
    result = run_session(NON_FINITE, "non_finite.py")
    assert result.status == "ok", [e for e in result.events if e.kind in ("error", "backward")]
    assert all(row.match for e in result.events if e.kind == "backward" for row in e.grads)


@pytest.mark.oracle
@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs torch (the oracle)")
def test_nan_and_inf_values_are_pytorchs(tmp_path):
    script = tmp_path / "non_finite.py"
    script.write_text(NON_FINITE)
    tracer = TESTS / "oracle" / "torch_trace.py"
    proc = subprocess.run([sys.executable, str(tracer), "--many", str(script)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    torch_trace = json.loads(proc.stdout)[str(script)]
    assert differences(torch_trace, run_json(NON_FINITE, str(script)), full=True) == []


@pytest.mark.parametrize("source", CHECK_GAPS.values(), ids=CHECK_GAPS.keys())
def test_the_check_expects_pytorchs_non_finite_values(source):
    assert run_session("import torch\n" + source, "gap.py").status == "ok"


def test_a_deep_graph_runs_without_recursion():
    source = ("x = torch.tensor([2.0], requires_grad=True)\ny = x\nfor i in range(20000):\n"
              "    y = y.sin().cos()\ny.backward()\nassert x.grad is not None\n")
    outcome = run_text(source, Limits(), check=False, seconds=120)
    assert outcome.status == "ok", outcome
