"""The whole differential corpus under the cross-check: no gradient row may mismatch, nor
say that the check itself failed.

The engine agrees with PyTorch on every corpus script (tests/test_differential.py), so a row
that mismatches here is the check's own error: its expectation departs from torch's
conventions. The sessions are the differential test's own: each script's tests here run in
the xdist group of its differential tests, so that gradcli runs it once.

The one exception is declared: a script whose first line is `# gradcli: expect mismatch` runs
a custom autograd.Function with a backward of its own that is wrong on purpose (a straight-
through estimator, a sign error); its rows must say where the Function's backward returned what
sympy's derivative of its forward does not give, and it must have one such row. A script that
declares a surrogate (`# gradcli: surrogate GradReverse`) trusts that Function's backward: none
of its rows may mismatch, and those through it say how its backward relates to sympy's.
"""
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_differential import corpus, gradcli_trace

# The check's known false alarms (issue #30), each a strict xfail: a fix is noticed.
FALSE_ALARMS = {
}


@corpus  # on the worker that runs the script's differential tests: its session is run once
def test_no_gradient_row_mismatches(script, request):
    if script.stem in FALSE_ALARMS:
        request.applymarker(pytest.mark.xfail(reason=FALSE_ALARMS[script.stem], strict=True))
    rows = [(e["line"], g) for e in gradcli_trace(script)["events"] if e["kind"] == "backward"
            for g in e["grads"]]
    declared = script.read_text().startswith(DECLARED)
    scripts_own = [g for _, g in rows if g["match"] is False and OWN.search(g["note"])]
    wrong = [f"line {line} {g['name']}: grad {g['grad']} expected {g['expected']} "
             f"({g['method']})" for line, g in rows if g["match"] is False
             and not (declared and any(g is own for own in scripts_own))]
    assert not wrong, "\n".join(wrong)
    broken = [f"line {line} {g['name']}: {g['note']}" for line, g in rows
              if "internal error in the check" in (g["note"] or "")]
    assert not broken, "\n".join(broken)  # (a row with no verdict is no mismatch, but a bug)
    assert bool(scripts_own) == declared, "a declared mismatch must be a custom backward's"
    trusted = [g for _, g in rows if "(a declared surrogate)" in (g["note"] or "")]
    assert bool(trusted) == (SURROGATE.search(script.read_text()) is not None), \
        "a declared surrogate's rows must say how its backward relates to sympy's derivative"


DECLARED = "# gradcli: expect mismatch"
SURROGATE = re.compile(r"^# gradcli: surrogate ", re.MULTILINE)
# what a wrong custom backward's row says: where it returned what, or None where sympy's
# derivative is not zero (or, where the structured path cannot follow its forward, that its
# gradient disagrees)
OWN = re.compile(r"\.backward: input \d+, element |\.backward disagree|"
                 r"\.backward returned None for input ")
