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


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_no_gradient_row_mismatches(script):
    rows = [(e["line"], g) for e in gradcli_trace(script)["events"] if e["kind"] == "backward"
            for g in e["grads"]]
    wrong = [f"line {line} {g['name']}: grad {g['grad']} expected {g['expected']} "
             f"({g['method']})" for line, g in rows if g["match"] is False]
    assert not wrong, "\n".join(wrong)
