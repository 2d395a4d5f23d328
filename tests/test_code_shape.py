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
    (package / "report" / "c.py").write_text("from gradcli.language.parse import parse\n")
    found = check_layers.problems(package, max_lines=5)
    assert "import cycle: gradcli.engine.a <-> gradcli.report.b" in found
    assert ("upward import: gradcli.engine.a (engine) imports gradcli.report.b (report)"
            in found)
    assert "too long: gradcli.report.b has 10 lines (budget 5)" in found
    assert "no such module: gradcli.report.c imports gradcli.language.parse" in found
    assert len(found) == 4


def test_the_package_init_imports_only_inside_functions(tmp_path):
    """Every module may import the package's __init__ (its version): a hook there that imports
    a module when called closes no cycle, an import at its top does."""
    package = tmp_path / "gradcli"
    (package / "app").mkdir(parents=True)
    (package / "app" / "__init__.py").write_text("")
    (package / "app" / "magic.py").write_text("from gradcli import __version__\n")
    (package / "__init__.py").write_text(
        "from __future__ import annotations\n__version__ = '1'\n\n\n"
        "def load_ipython_extension(ipython):\n    from gradcli.app import magic\n")
    assert check_layers.problems(package) == []
    (package / "__init__.py").write_text("from gradcli.app import magic\n__version__ = '1'\n")
    assert check_layers.problems(package) == [
        "eager import: gradcli/__init__.py imports gradcli.app when imported (import it inside "
        "the function that needs it)"]


@pytest.mark.skipif(shutil.which("ruff") is None and importlib.util.find_spec("ruff") is None,
                    reason="ruff not installed (pip install '.[test]')")
def test_ruff_clean():
    ruff = shutil.which("ruff") or sys.executable + " -m ruff"
    proc = subprocess.run([*ruff.split(), "check", "--no-cache", str(ROOT)], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
