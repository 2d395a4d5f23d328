"""pytest collects gradcli session scripts: one test item per script, run and judged exactly as
`gradcli check` runs it (gradcli.app.api.check_script), failing with gradcli's plain report.

Which files: names matching the `gradcli_glob` ini option (default `test_*.grad.py`), or the
`glob` list of a `[tool.gradcli]` table in pyproject.toml, plus any `*.grad.py` file pytest
would otherwise try to import (named on the command line, or matching python_files: a dotted
name is no importable module). Any other `.py` file stays pytest's own: the project's Python
tests are never taken over."""
from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest
import tomllib

DEFAULT_GLOB = "test_*.grad.py"
GRAD_SUFFIX = ".grad.py"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("gradcli_glob", type="linelist", default=[],
                  help=f"file names pytest runs as gradcli session scripts ({DEFAULT_GLOB})")
    parser.addini("gradcli_strict", type="bool", default=False,
                  help="fail a script with a gradient the check could not verify whole, or an "
                       "internal error of the check (gradcli check --strict)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if is_session_script(file_path, parent) and not python_takes(file_path, parent):
        return SessionScript.from_parent(parent, path=file_path)
    return None


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector):
    """A file pytest's Python plugin took (`test_*.py`, or named on the command line) that is a
    session script, or that no import could load: ours."""
    if is_session_script(module_path, parent) or module_path.name.endswith(GRAD_SUFFIX):
        return SessionScript.from_parent(parent, path=module_path)
    return None


def is_session_script(path: Path, parent: pytest.Collector) -> bool:
    return any(fnmatch.fnmatch(path.name, glob) for glob in globs(parent.config))


def python_takes(path: Path, parent: pytest.Collector) -> bool:
    """Whether pytest's Python plugin collects `path` (then pytest_pycollect_makemodule hands
    it to us): as its own rule, a .py file named on the command line or matching python_files."""
    if path.suffix != ".py":
        return False
    return parent.session.isinitpath(path) or any(
        fnmatch.fnmatch(path.name, glob) for glob in parent.config.getini("python_files"))


def globs(config: pytest.Config) -> list[str]:
    if config.getini("gradcli_glob"):
        return config.getini("gradcli_glob")
    pyproject = config.rootpath / "pyproject.toml"
    if pyproject.is_file():
        table = tomllib.loads(pyproject.read_text()).get("tool", {}).get("gradcli", {})
        if "glob" in table:
            return list(table["glob"])
    return [DEFAULT_GLOB]


class SessionScript(pytest.File):
    def collect(self):
        yield ScriptItem.from_parent(self, name=self.path.name)


class ScriptFailed(Exception):
    """The script did not end ok (nor as it declared); its text is gradcli's report."""


class ScriptItem(pytest.Item):
    def runtest(self) -> None:
        from gradcli.app.api import check_script
        from gradcli.app.running import RunOptions
        from gradcli.report.render_check import details, plain_line

        run = check_script(str(self.path),
                           RunOptions(strict=self.config.getini("gradcli_strict")))
        if run.outcome != "ok":
            report = details(run.result).splitlines()
            if run.expected is not None or not report:  # say what it declared, or that it failed
                report.insert(0, plain_line(run))
            raise ScriptFailed("\n".join(report))

    def repr_failure(self, excinfo: pytest.ExceptionInfo, style=None) -> str:
        if isinstance(excinfo.value, ScriptFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"gradcli session {self.name}"
