"""PyTorch's OpInfo and ModuleInfo samples, differentially: gradcli against real PyTorch.

For every OpInfo of torch's op_db that supports autograd in float32 on the CPU, and every
ModuleInfo of module_db, the first samples (tests/oracle/opinfo.py MAX_SAMPLES) are written as
session scripts, run under PyTorch (in this process) and under gradcli, and compared at core
level; gradcli's check must find no mismatch. An op or module whose name gradcli refuses is
skipped (scripts/opinfo_coverage.py counts them); one listed in tests/oracle/opinfo_known.txt,
with the reason it fails, is xfail(strict=True), so that a fix shows as XPASS: then take its
line out of the list.

Needs torch and expecttest (torch's test internals import it): skipped without them.
"""
import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
KNOWN_FILE = HERE / "oracle" / "opinfo_known.txt"
pytestmark = pytest.mark.oracle  # torch runs in this process: CI runs these under each capability
MISSING = [m for m in ("torch", "expecttest") if importlib.util.find_spec(m) is None]


def known() -> dict[str, str]:
    """{"op add": reason} from opinfo_known.txt."""
    out = {}
    for line in KNOWN_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, reason = line.partition("\t")
            out[key.strip()] = reason.replace("\t", ": ", 1).strip()
    return out


def params(kind: str) -> list:
    if MISSING:
        return [pytest.param(None, marks=pytest.mark.skip(
            f"{' and '.join(MISSING)} not installed: pip install torch==2.13.0 expecttest "
            "to run PyTorch's OpInfo samples"), id="absent")]
    from oracle import opinfo

    items, key_of = ((opinfo.differentiable_ops(), opinfo.op_key) if kind == "op" else
                     (opinfo.all_modules(), opinfo.module_key))
    failing = known()
    out, seen = [], set()
    for item in items:
        key = key_of(item)
        if key in seen:  # op_db names each OpInfo once; a repeat would be tested twice
            continue
        seen.add(key)
        reason = failing.get(f"{kind} {key}")
        # a difference within torch's own rounding noise comes and goes with the CPU's kernels
        strict = reason is not None and "tolerance:" not in reason
        marks = [pytest.mark.xfail(strict=strict, reason=reason)] if reason else []
        out.append(pytest.param(item, marks=marks, id=key))
    return out


def assert_all_match(key, cases):
    from oracle import opinfo

    status = opinfo.classify(key, cases)
    if status.status == opinfo.REJECTED:
        pytest.skip(f"gradcli refuses it: {status.reason}")
    if status.status == opinfo.SKIPPED:
        pytest.skip(f"no sample can be written as a script: {status.reason}")
    bad = [v for v in status.verdicts if v.written and not v.ok]
    assert not bad, f"{key}: {status.status}, {status.reason}\n" + "\n".join(
        f"--- sample {v.case.index}: {v.rejected or v.problem}\n{v.case.source}" for v in bad[:3])


@pytest.mark.parametrize("op", params("op"))
def test_op(op):
    from oracle import opinfo

    key = opinfo.op_key(op)
    assert_all_match(key, opinfo.op_cases(op))


@pytest.mark.parametrize("module", params("module"))
def test_module(module):
    from oracle import opinfo

    key = opinfo.module_key(module)
    assert_all_match(key, opinfo.module_cases(module))


def test_known_list_names_real_entries():
    """Every line of opinfo_known.txt names an op or module of op_db/module_db, with a reason."""
    if MISSING:
        pytest.skip(f"{' and '.join(MISSING)} not installed")
    from oracle import opinfo

    keys = {f"op {opinfo.op_key(o)}" for o in opinfo.differentiable_ops()} | \
        {f"module {opinfo.module_key(m)}" for m in opinfo.all_modules()}
    entries = known()
    assert not set(entries) - keys, f"stale entries: {sorted(set(entries) - keys)}"
    assert all(entries.values()), "every entry needs a reason"
