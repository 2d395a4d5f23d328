"""Differential tests: gradcli against PyTorch, script by script.

The corpus is tests/corpus/NNN_topic.py, each with PyTorch's event trace in
tests/corpus/expected/NNN_topic.json (made by `python tests/oracle/torch_trace.py
--write tests/corpus/*.py`). gradcli's trace comes from `gradcli.app.api.run_json`.

  test_committed      gradcli == committed trace, core level (no torch needed)
  test_live_oracle    gradcli == PyTorch run now, core level     (needs torch)
  test_corpus_current committed trace == PyTorch run now, full   (needs torch)
  test_full_summary   prints "full: Q/N" for the corpus; asserts Q >= FULL_FLOOR
  test_shared_case    the shared conformance cases, core level
  test_corpus_is_complete  >= 400 scripts, one expected trace each

The live tests run all scripts under PyTorch in one extra subprocess per session.
"""
import functools
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from oracle.compare import differences  # noqa: E402

CORPUS = HERE / "corpus"
TRACER = HERE / "oracle" / "torch_trace.py"
SHARED_CASES = Path(__file__).parents[1].parent / "shared/conformance/cases"
SCRIPTS = sorted(CORPUS.glob("*.py"))
# corpus scripts that must match PyTorch at full level; raise it as gradcli improves
FULL_FLOOR = 751
NO_TORCH = "torch not installed: pip install torch==2.13.0 to run the live oracle"


def expected_trace(script: Path) -> dict:
    return json.loads((script.parent / "expected" / f"{script.stem}.json").read_text())


@functools.cache
def gradcli_trace(script: Path) -> dict:
    from gradcli.app.api import run_json
    from gradcli.app.running import RunOptions
    from gradcli.engine.limits import Limits

    # the corpus judges semantics, not speed: a loaded machine must not end a run by the clock
    return run_json(script.read_text(), str(script), RunOptions(limits=Limits(max_seconds=600)))


def assert_same(expected: dict, actual: dict, full: bool, what: str) -> None:
    __tracebackhide__ = True
    diffs = differences(expected, actual, full=full)
    assert not diffs, f"{what} ({'full' if full else 'core'} level):\n  " + "\n  ".join(diffs)


@pytest.fixture(scope="session")
def torch_traces() -> dict:
    """{str(script): PyTorch's trace}, all scripts traced in one subprocess."""
    if importlib.util.find_spec("torch") is None:
        pytest.skip(NO_TORCH)
    proc = subprocess.run([sys.executable, str(TRACER), "--many", *map(str, SCRIPTS)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"torch_trace.py failed:\n{proc.stderr[-2000:]}"
    return json.loads(proc.stdout)


corpus = pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])


def test_corpus_is_complete():
    assert len(SCRIPTS) >= 400
    traces = {p.stem for p in (CORPUS / "expected").glob("*.json")}
    scripts = {p.stem for p in SCRIPTS}
    assert not scripts - traces, f"no expected trace for {sorted(scripts - traces)}"
    assert not traces - scripts, f"expected traces without a script: {sorted(traces - scripts)}"


@corpus
def test_committed(script):
    assert_same(expected_trace(script), gradcli_trace(script), False, "gradcli vs committed trace")


@corpus
def test_live_oracle(script, torch_traces):
    assert_same(torch_traces[str(script)], gradcli_trace(script), False, "gradcli vs live PyTorch")


@corpus
def test_corpus_current(script, torch_traces):
    live = torch_traces[str(script)]
    assert "oracle_error" not in live, live["oracle_error"]
    assert_same(live, expected_trace(script), True,
                "committed trace vs live PyTorch: regenerate with torch_trace.py --write")


def test_full_summary():
    failing = {}
    for script in SCRIPTS:
        try:
            diffs = differences(expected_trace(script), gradcli_trace(script), full=True)
        except Exception as e:  # noqa: BLE001 - a crash counts as a failure here
            diffs = [f"{type(e).__name__}: {e}"]
        if diffs:
            failing[script.stem] = diffs[0]
    passed = len(SCRIPTS) - len(failing)
    print(f"\nfull: {passed}/{len(SCRIPTS)}")
    for stem, diff in failing.items():
        print(f"  {stem}: {diff}")
    assert passed >= FULL_FLOOR, f"full: {passed}/{len(SCRIPTS)} is below the floor {FULL_FLOOR}"


SHARED = sorted(SHARED_CASES.glob("*.py")) if SHARED_CASES.is_dir() else []


@pytest.mark.parametrize(
    "case", SHARED or [pytest.param(None, marks=pytest.mark.skip(f"no {SHARED_CASES}"))],
    ids=[p.stem for p in SHARED] or ["absent"])
def test_shared_case(case):
    assert_same(expected_trace(case), gradcli_trace(case), False, "gradcli vs shared case trace")
