"""The whole differential corpus under the cross-check: no gradient row may mismatch.

The engine agrees with PyTorch on every corpus script (tests/test_differential.py), so a row
that mismatches here is the check's own error: its expectation departs from torch's
conventions. The sessions are the differential test's own (one run per script per process).
"""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_differential import SCRIPTS, gradcli_trace

# Scripts whose mismatch is not the check's to fix, each with the reason.
EXCLUDED = {
    "193_forum_detach_vs_data": (
        "`out.data.zero_()` rewrites sigmoid's saved result behind autograd's back, so torch's "
        "backward reads 0 (grad 0); the trace does not record writes through `.data` and "
        "the check cannot tell: the engine/trace must expose them (see the report)"),
}


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_no_gradient_row_mismatches(script):
    if script.stem in EXCLUDED:
        pytest.xfail(EXCLUDED[script.stem])
    rows = [(e["line"], g) for e in gradcli_trace(script)["events"] if e["kind"] == "backward"
            for g in e["grads"]]
    wrong = [f"line {line} {g['name']}: grad {g['grad']} expected {g['expected']} "
             f"({g['method']})" for line, g in rows if g["match"] is False]
    assert not wrong, "\n".join(wrong)


def test_the_exclusions_still_mismatch():
    """An excluded script that stops mismatching must leave the list."""
    for stem in EXCLUDED:
        script = next(p for p in SCRIPTS if p.stem == stem)
        assert gradcli_trace(script)["status"] == "mismatch", stem
