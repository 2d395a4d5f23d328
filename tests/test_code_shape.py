"""The code's shape, as CI keeps it: layers, cycles and module sizes; ruff clean."""
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import check_layers  # noqa: E402


def test_no_cycle_no_long_module_no_upward_import():
    assert check_layers.problems(ROOT / "gradcli") == []


def test_the_checker_finds_each_kind_of_problem(tmp_path):
    package = tmp_path / "gradcli"
    for folder in ("engine", "report"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "engine" / "a.py").write_text("from gradcli.report import b\n")
    (package / "report" / "b.py").write_text("from gradcli.engine import a\n" + "x = 1\n" * 9)
    found = check_layers.problems(package, max_lines=5)
    assert "import cycle: gradcli.engine.a <-> gradcli.report.b" in found
    assert ("upward import: gradcli.engine.a (engine) imports gradcli.report.b (report)"
            in found)
    assert "too long: gradcli.report.b has 10 lines (budget 5)" in found
    assert len(found) == 3


@pytest.mark.skipif(shutil.which("ruff") is None and importlib.util.find_spec("ruff") is None,
                    reason="ruff not installed (pip install '.[test]')")
def test_ruff_clean():
    ruff = shutil.which("ruff") or sys.executable + " -m ruff"
    proc = subprocess.run([*ruff.split(), "check", "--no-cache", str(ROOT)], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
