"""Misuses of the API that once ended in "gradcli internal error ... please report it" (#31
item 8): each must end as an ordinary script error (exit 3) with the exception type and the
first line of the message that PyTorch 2.13 (or Python) gives for the same script, run here.
Also the size limits a call could bypass (#31 item 7)."""
from __future__ import annotations

import contextlib
import io

import pytest
from hostile_harness import run_text

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.oracle

OPTIMIZER = ("import torch\nw = torch.ones(2, requires_grad=True)\n"
             "opt = torch.optim.{}([w], lr=0.1)\n")
STEPPED = "w.sum().backward()\nopt.step()\n"
MISUSES = {
    "__repr__ returning a tensor": "import torch\nclass A:\n    def __repr__(self):\n"
                                   "        return torch.ones(1)\nrepr(A())\n",
    "a lone surrogate printed": "print('a\\ud800b')\n",
    "lr set to a str": OPTIMIZER.format("SGD") + "opt.param_groups[0]['lr'] = 'fast'\n" + STEPPED,
    "a forward pre-hook returning a str": (
        "import torch\nimport torch.nn as nn\nm = nn.Linear(2, 2)\n"
        "m.register_forward_pre_hook(lambda mod, inp: 'x')\nm(torch.ones(2))\n"),
    "cross_entropy's target out of range": (
        "import torch\nimport torch.nn.functional as F\n"
        "F.cross_entropy(torch.ones(2, 3), torch.tensor([0, 5]))\n"),
    "CosineAnnealingLR(T_max=0)": OPTIMIZER.format("SGD") + (
        "s = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=0)\nopt.step()\ns.step()\n"),
    "manual_seed(2**64)": "import torch\ntorch.manual_seed(2**64)\n",
    "manual_seed(nan)": "import torch\ntorch.manual_seed(float('nan'))\n",
    "manual_seed(-2**63-1)": "import torch\ntorch.manual_seed(-2**63-1)\n",
    "manual_seed(inf)": "import torch\ntorch.manual_seed(float('inf'))\n",
    "Generator.manual_seed(1.5)": "import torch\ng = torch.Generator()\ng.manual_seed(1.5)\n",
    "DataLoader(generator=5)": (
        "import torch\nfrom torch.utils.data import DataLoader\n"
        "list(DataLoader([1, 2, 3], shuffle=True, generator=5))\n"),
    "a ModuleList grown while iterated": (
        "import torch\nimport torch.nn as nn\nml = nn.ModuleList([nn.Linear(1, 1)])\n"
        "for m in ml:\n    ml.append(nn.Linear(1, 1))\n    if len(ml) > 5:\n        break\n"),
    "nn.Fold(output_size=(-1, -1))": (
        "import torch\nimport torch.nn as nn\n"
        "nn.Fold(output_size=(-1, -1), kernel_size=2)(torch.ones(1, 4, 1))\n"),
    "torch.func.grad(5)": "import torch\ntorch.func.grad(5)(torch.ones(1))\n",
    "opt.state entry set to a str": OPTIMIZER.format("Adam") + STEPPED +
    "opt.state[w]['exp_avg'] = 'x'\nopt.step()\n",
    "opt.state entry of another shape": OPTIMIZER.format("Adam") + STEPPED +
    "opt.state[w]['exp_avg_sq'] = torch.ones(3)\nopt.step()\n",
    "opt.state[w] set to an int": OPTIMIZER.format("Adam") + "w.sum().backward()\n"
    "opt.state[w] = 5\nopt.step()\n",
    "opt.state's step set to None": OPTIMIZER.format("Adam") + STEPPED +
    "opt.state[w]['step'] = None\nopt.step()\n",
    "load_state_dict with the wrong shapes": OPTIMIZER.format("Adam") + STEPPED + (
        "v = torch.ones(3, requires_grad=True)\nopt2 = torch.optim.Adam([v], lr=0.1)\n"
        "opt2.load_state_dict(opt.state_dict())\nv.sum().backward()\nopt2.step()\n"),
    "clip_grad_norm_(norm_type='fro')": (
        "import torch\nw = torch.ones(2, requires_grad=True)\nw.sum().backward()\n"
        "torch.nn.utils.clip_grad_norm_([w], 1.0, norm_type='fro')\n"),
    "random_split(generator='x')": (
        "import torch\nfrom torch.utils.data import random_split\n"
        "random_split(range(10), [5, 5], generator='x')\n"),
    "nn.init.uniform_(generator=5)": (
        "import torch\ntorch.nn.init.uniform_(torch.ones(2), generator=5)\n"),
    "torch.tensor(2**64)": "import torch\ntorch.tensor(2**64)\n",
    "x.flip(None)": "import torch\ntorch.ones(2).flip(None)\n",
    "m.apply(5)": "import torch\nimport torch.nn as nn\nnn.Linear(1, 1).apply(5)\n",
}
# what PyTorch accepts, and gradcli must too
ACCEPTED = {
    "nn.Conv2d(1, 1, 0)": "import torch\nimport torch.nn as nn\nm = nn.Conv2d(1, 1, 0)\n",
    "a lone surrogate in a module name": (
        "import torch\nimport torch.nn as nn\nm = nn.Module()\n"
        "m.add_module('a\\ud800', nn.Linear(1, 1))\nm\n"),
}
LIMITED = {
    "set_printoptions(precision=10**8)": (
        "import torch\ntorch.set_printoptions(precision=10**8)\nstr(torch.tensor([0.1, 0.2]))\n"),
    "random.choices(k=3*10**7)": "import random\nrandom.choices([1, 2], k=3 * 10**7)\n",
    "a shuffled DataLoader over 10**12 items": (
        "import torch\nfrom torch.utils.data import DataLoader\n"
        "next(iter(DataLoader(range(10**12), shuffle=True)))\n"),
}


def torch_error(script: str) -> tuple[str, str]:
    """(type, first line of the message) of what real PyTorch raises running script; print's
    text goes to a UTF-8 stream, as a terminal's."""
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(stream):
            exec(compile(script, "misuse.py", "exec"), {})
            stream.flush()
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return type(e).__name__, str(e).splitlines()[0]
    return "", ""


@pytest.mark.parametrize("script", MISUSES.values(), ids=MISUSES.keys())
def test_pytorch_error_not_internal(script):
    expected = torch_error(script)
    assert expected[0], "PyTorch ran it: not a misuse"
    outcome = run_text(script)
    assert (outcome.status, outcome.exit_code) == ("error", 3), outcome
    assert (outcome.error_type, outcome.message) == expected


@pytest.mark.parametrize("script", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_runs_as_pytorch_does(script):
    assert torch_error(script) == ("", "")
    outcome = run_text(script)
    assert (outcome.status, outcome.exit_code) == ("ok", 0), outcome


@pytest.mark.parametrize("script", LIMITED.values(), ids=LIMITED.keys())
def test_size_limit_before_the_call(script):
    outcome = run_text(script, seconds=20)
    assert (outcome.error_type, outcome.exit_code) == ("LimitExceeded", 3), outcome
    assert "raise it with --max-" in outcome.message
