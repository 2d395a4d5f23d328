"""Differential tests: gradcli against PyTorch, script by script.

The corpus is tests/corpus/NNN_topic.py, each with PyTorch's event trace in
tests/corpus/expected/NNN_topic.json (made by `python tests/oracle/torch_trace.py
--write tests/corpus/*.py`). gradcli's trace comes from `gradcli.app.api.run_json`.

  test_committed      gradcli == committed trace, core level (no torch needed)
  test_live_oracle    gradcli == PyTorch run now, core level     (needs torch)
  test_corpus_current committed trace == PyTorch run now, full   (needs torch)
  test_full           gradcli == committed trace, full level, but for the scripts listed in
                      corpus/full_known.txt (strict xfails: a fix shows as XPASS)
  test_shared_case    the shared conformance cases, core level
  test_corpus_is_complete  >= 400 scripts, one expected trace each

A script's tests (and tests/check/test_corpus_check.py's) run in one xdist group, so that
gradcli runs it once per test session. The live tests trace each script they compare under
PyTorch when they first need it, in one PyTorch process per test process
(oracle/differential.py's TorchOracle): under pytest-xdist each worker traces only its own
scripts. PyTorch's kernels differ by an ulp across CPU kinds
(oracle/tolerance.py), so numbers compare at tolerance, in print text too (compare.same_text).
"""
import functools
import importlib.util
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from oracle.compare import differences  # noqa: E402
from oracle.differential import TorchOracle  # noqa: E402

CORPUS = HERE / "corpus"
SHARED_CASES = Path(__file__).parents[1].parent / "shared/conformance/cases"
SCRIPTS = sorted(CORPUS.glob("*.py"))
FULL_KNOWN = CORPUS / "full_known.txt"
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


def assert_same(expected: dict, actual: dict, full: bool, what: str,
                across_cpus: bool = False) -> None:
    """`across_cpus`: torch against torch on another CPU kind, whose repr may lay an ulp's
    difference out anew and whose sums near 0 keep the rounding of their terms."""
    __tracebackhide__ = True
    diffs = differences(expected, actual, full=full, scaled=across_cpus, layout=not across_cpus)
    assert not diffs, f"{what} ({'full' if full else 'core'} level):\n  " + "\n  ".join(diffs)


@pytest.fixture(scope="session")
def torch_trace():
    """PyTorch's trace of a corpus script, traced once per test process when first asked for."""
    if importlib.util.find_spec("torch") is None:
        pytest.skip(NO_TORCH)
    oracle = TorchOracle()
    yield functools.cache(oracle.trace_file)
    oracle.close()


# a script's tests run on one xdist worker (--dist loadgroup): its traces are made once
corpus = pytest.mark.parametrize("script", [
    pytest.param(p, id=p.stem, marks=pytest.mark.xdist_group(p.stem)) for p in SCRIPTS])


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
def test_live_oracle(script, torch_trace):
    # (the live PyTorch may run another CPU kind's kernels than the one the trace was made on)
    assert_same(torch_trace(script), gradcli_trace(script), False, "gradcli vs live PyTorch",
                across_cpus=True)


@corpus
def test_corpus_current(script, torch_trace):
    live = torch_trace(script)
    assert "oracle_error" not in live, live["oracle_error"]
    assert_same(live, expected_trace(script), True,
                "committed trace vs live PyTorch: regenerate with torch_trace.py --write", True)


def full_known() -> dict[str, str]:
    """{"NNN_topic": why it differs} from full_known.txt."""
    lines = (line.partition("\t") for line in FULL_KNOWN.read_text().splitlines()
             if line.strip() and not line.startswith("#"))
    return {stem.strip(): reason.strip() for stem, _, reason in lines}


def full_params() -> list:
    known = full_known()
    return [pytest.param(p, id=p.stem, marks=[pytest.mark.xdist_group(p.stem)] + (
        [pytest.mark.xfail(strict=True, reason=known[p.stem])] if p.stem in known else []))
        for p in SCRIPTS]


@pytest.mark.parametrize("script", full_params())
def test_full(script):
    assert_same(expected_trace(script), gradcli_trace(script), True, "gradcli vs committed trace")


def test_full_known_names_corpus_scripts():
    stale = set(full_known()) - {p.stem for p in SCRIPTS}
    assert not stale, f"full_known.txt names no corpus script: {sorted(stale)}"
    assert all(full_known().values()), "every line of full_known.txt needs a reason"


SHARED = sorted(SHARED_CASES.glob("*.py")) if SHARED_CASES.is_dir() else []


@pytest.mark.parametrize(
    "case", SHARED or [pytest.param(None, marks=pytest.mark.skip(f"no {SHARED_CASES}"))],
    ids=[p.stem for p in SHARED] or ["absent"])
def test_shared_case(case):
    assert_same(expected_trace(case), gradcli_trace(case), False, "gradcli vs shared case trace")
