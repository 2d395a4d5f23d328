"""What --explain notes about training loops (torch/_training_notes.py): each finding once,
at its line, and nothing for a loop that does it right."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.events.events import FindingEvent

ROOT = Path(__file__).resolve().parents[2]
SETUP = """import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 2)
y = torch.randn(4, 1)
"""


def findings(source: str) -> list[tuple[int, str]]:
    result = run_session(SETUP + source, "s.py", RunOptions(check=False))
    return [(e.line, e.message) for e in result.events if isinstance(e, FindingEvent)]


def test_a_right_loop_gets_no_note():
    assert findings("for step in range(3):\n    optimizer.zero_grad()\n"
                    "    loss = ((model(x) - y) ** 2).mean()\n    loss.backward()\n"
                    "    optimizer.step()\n") == []


def test_accumulating_on_purpose_between_steps_gets_no_note():
    assert findings("for step in range(4):\n    ((model(x) - y) ** 2).mean().backward()\n"
                    "    if step % 2 == 1:\n        optimizer.step()\n"
                    "        optimizer.zero_grad()\n") == []


def test_gradients_carried_across_steps_are_noted_once_with_the_parameters():
    found = findings("for step in range(3):\n    loss = ((model(x) - y) ** 2).mean()\n"
                     "    loss.backward()\n    optimizer.step()\n")
    assert len(found) == 1
    line, message = found[0]
    assert line == 11
    assert message.startswith("optimizer.step() applied gradients carried over from an earlier "
                              "step: `model.0.weight`, `model.0.bias`, `model.2.weight`, "
                              "`model.2.bias` kept adding up")
    assert message.endswith("call optimizer.zero_grad() before loss.backward() in each step")


def test_a_step_before_any_backward_is_noted():
    found = findings("optimizer.step()\n")
    assert found == [(8, "optimizer.step() ran with no gradients: none of `model.0.weight`, "
                         "`model.0.bias`, `model.2.weight`, `model.2.bias` has a .grad yet, so "
                         "the step changed nothing; call loss.backward() before "
                         "optimizer.step()")]


def test_parameters_out_of_the_graph_or_out_of_every_optimizer_are_noted():
    found = findings("head = nn.Linear(3, 1)\nopt2 = torch.optim.SGD(model[0].parameters(), "
                     "lr=0.1)\nloss = head(torch.relu(model[0](x))).sum()\nloss.backward()\n"
                     "opt2.step()\noptimizer.step()\n")
    messages = [m for _, m in found]
    assert any(m.startswith("`head.bias`, `head.weight` get gradients from backward() but are "
                            "in no optimizer") for m in messages), messages
    assert any(m.startswith("`model.2.weight`, `model.2.bias` still have no .grad after "
                            "backward(): the loss does not depend on them") for m in messages)


def test_dropout_in_training_mode_under_no_grad_is_noted_and_eval_silences_it():
    source = ("net = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5))\n"
              "with torch.no_grad():\n    net(x)\nnet.eval()\nwith torch.no_grad():\n"
              "    net(x)\n")
    found = findings(source)
    assert len(found) == 1 and found[0][0] == 10
    assert found[0][1].startswith("`net.1`, a Dropout layer (p=0.5), is in training mode "
                                  "under torch.no_grad()")


def test_notes_show_only_with_explain(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(SETUP + "optimizer.step()\n")
    def run(*flags):
        return subprocess.run([sys.executable, "-m", "gradcli", "run", str(script), *flags],
                              capture_output=True, text=True, cwd=ROOT)
    plain = run("--format", "plain")
    explained = run("--format", "plain", "--explain")
    assert "note:" not in plain.stderr
    assert "note: line 8: optimizer.step() ran with no gradients" in explained.stderr
    events = json.loads(run("--format", "json", "--explain").stdout)["events"]
    assert [e["kind"] for e in events].count("finding") == 1
    assert "finding" not in run("--format", "json").stdout
