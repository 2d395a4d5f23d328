"""One session cannot change what another computes (issue #31, item 1): whatever a script
assigns to torch's classes and namespaces (`nn.Linear.forward = f`, `torch.relu = f`) holds in
its own session only, as PyTorch's patch would, and the objects every session shares are never
written. Checked where sessions follow each other in one process: `check -j 1` (the app API),
the host API, the pytest plugin's items, and the notebook's and the repl's resets."""
from __future__ import annotations

from pathlib import Path

import pytest

from gradcli.app.api import run_many, run_session
from gradcli.app.notebook import Cells
from gradcli.events.events import ErrorEvent, InvalidEvent, SessionResult
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch.api import MODULES, Namespace

ROOT = Path(__file__).resolve().parents[2]


def _reachable() -> tuple[dict[str, ScriptClass], dict[str, Namespace]]:
    """Every torch class (by one dotted path) and every namespace a script can name."""
    classes: dict[str, ScriptClass] = {}
    for path, namespace in MODULES.items():
        for name, value in namespace.members.items():
            if isinstance(value, ScriptClass) and value not in classes.values():
                classes[f"{ALIASES[path]}.{name}"] = value
    return classes, {ALIASES[path]: namespace for path, namespace in MODULES.items()}


# each module by a name of its own (`torch.autograd.gradcheck` is also a function, as in torch)
ALIASES = {path: path.replace(".", "_") for path in MODULES}
CLASSES, NAMESPACES = _reachable()
IMPORTS = "".join(f"import {path} as {alias}\n" for path, alias in ALIASES.items())
PATCHED_CLASSES = sorted(CLASSES)
# per namespace, one of its own functions or values, replaced
PATCHED_NAMES = {path: min(names) for path, ns in NAMESPACES.items() if (names := [
    name for name, value in ns.members.items() if not isinstance(value, (Namespace, ScriptClass))])}

PATCH = IMPORTS + "".join(f'{path}.forward = "patched"\n' for path in PATCHED_CLASSES) + "".join(
    f'{path}.{name} = "patched"\n' for path, name in PATCHED_NAMES.items()) + """
def zero(self, input):
    return input * 0
torch.nn.Linear.forward = zero
torch.relu = zero
torch.Tensor.add = zero
assert torch.ones(2).add(torch.ones(2)).sum().item() == 0
assert torch.nn.Linear(2, 1)(torch.ones(1, 2)).sum().item() == 0  # the patch holds here
assert torch.relu == zero and torch.nn.ReLU.forward == "patched"
class Mine(torch.nn.Linear):
    pass
assert Mine(2, 1)(torch.ones(1, 2)).sum().item() == 0
torch.set_default_dtype(torch.float64)  # the session's own, as torch's per process
assert torch.ones(1).dtype == torch.float64
"""

CLEAN = IMPORTS + """
leaks = []
""" + "".join(f"""try:
    if {path}.forward == "patched":
        leaks.append("{path}.forward")
except AttributeError:
    pass
""" for path in PATCHED_CLASSES) + "".join(f"""if {path}.{name} == "patched":
    leaks.append("{path}.{name}")
""" for path, name in PATCHED_NAMES.items()) + """
assert leaks == [], leaks
torch.manual_seed(0)
layer = torch.nn.Linear(2, 1)
assert layer(torch.ones(1, 2)).sum().item() != 0
assert torch.relu(torch.ones(1)).item() == 1
assert torch.ones(2).add(torch.ones(2)).sum().item() == 4
assert torch.get_default_dtype() == torch.float32 == torch.tensor([1]).mul(0.5).dtype
assert layer.weight.dtype == torch.float32
try:
    torch.Tensor.add
    leaks.append("torch.Tensor.add")
except AttributeError:
    pass
assert leaks == [], leaks
"""


@pytest.fixture
def scripts(tmp_path: Path) -> list[str]:
    (tmp_path / "test_a_patch.grad.py").write_text(PATCH)
    (tmp_path / "test_b_clean.grad.py").write_text(CLEAN)
    return [str(tmp_path / "test_a_patch.grad.py"), str(tmp_path / "test_b_clean.grad.py")]


def _problems(result: SessionResult) -> list[tuple[str, str]]:
    """What ended a run otherwise than ok: (type, message) of each error or refusal."""
    return [(getattr(e, "type", "invalid"), e.message) for e in result.events
            if isinstance(e, (ErrorEvent, InvalidEvent))]


def _snapshot() -> dict:
    """What the shared objects hold: their tables, value by value."""
    tables = {path: dict(cls.namespace) for path, cls in CLASSES.items()}
    tables.update({path: dict(ns.members) for path, ns in NAMESPACES.items()})
    return tables


def _same(before: dict, after: dict) -> bool:
    return before.keys() == after.keys() and all(
        before[k].keys() == after[k].keys() and
        all(before[k][n] is after[k][n] for n in before[k]) for k in before)


def test_every_class_and_namespace_is_patched_by_the_first_script():
    assert len(PATCHED_CLASSES) > 60  # nn modules, optimizers, schedulers, data utils
    assert {"torch_nn.Linear", "torch_optim.SGD", "torch_optim_lr_scheduler.StepLR",
            "torch_utils_data.DataLoader", "torch_nn.Module",
            "torch_autograd.Function"} <= set(PATCHED_CLASSES)
    result = run_session(PATCH, "patch.py")
    assert result.status == "ok", _problems(result)


def test_check_j1_runs_each_script_in_a_pristine_world(scripts):
    before = _snapshot()
    runs = run_many(scripts * 2, jobs=1)  # patch, clean, patch, clean
    assert [run.outcome for run in runs] == ["ok"] * 4, [_problems(run.result) for run in runs]
    assert _same(before, _snapshot())  # the shared objects were never written


def test_host_api_sessions_one_after_another():
    assert run_session(PATCH, "patch.py").status == "ok"
    result = run_session(CLEAN, "clean.py")
    assert result.status == "ok", _problems(result)


def test_pytest_plugin_items(scripts, pytester: pytest.Pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makefile(".grad.py", test_a_patch=PATCH, test_b_clean=CLEAN)
    result = pytester.runpytest_subprocess("-p", "gradcli.app.pytest_plugin", "-p",
                                           "no:cacheprovider", "-p", "no:xdist")
    result.assert_outcomes(passed=2)


@pytest.mark.parametrize("reset", ["%%gradcli --reset", "%gradcli reset"])
def test_notebook_and_repl_resets_start_from_a_pristine_world(reset, capsys):
    cells = Cells()
    cells.run_cell("", PATCH)
    assert cells.repl.last == 0, capsys.readouterr()
    if reset == "%gradcli reset":
        cells.run_line("reset")  # the repl's :reset
        cells.run_cell("", CLEAN)
    else:
        cells.run_cell("--reset", CLEAN)
    assert cells.repl.last == 0, capsys.readouterr()


@pytest.mark.parametrize("target, message", [
    ("int.real", "cannot set 'real' attribute of immutable type 'int'"),
    ("torch.Size.numel", "cannot set 'numel' attribute of immutable type 'torch.Size'"),
])
def test_immutable_types_refuse_as_python_does(target, message):
    result = run_session(f"import torch\n{target} = 1\n", "immutable.py")
    assert _problems(result) == [("TypeError", message)]
