"""`gradcli run --html FILE`: one self-contained page with the run's tables, formulas, graph
pictures, ledger and plot; text from the script escaped; nothing fetched to view it."""
from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from gradcli.app import cli
from gradcli.app.graph import MAX_PICTURES
from gradcli.report.render_html import Typesetter

ROOT = Path(__file__).resolve().parents[1]


def report(tmp_path: Path, *args: str, stdin: str | None = None) -> tuple[object, str]:
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli.app, ["run", *args, "--html", str(out), "--format", "plain"],
                                input=stdin)
    return result, out.read_text() if out.exists() else ""


def test_the_training_loop_page_has_every_part(tmp_path):
    result, page = report(tmp_path, str(ROOT / "examples/training_loop.py"))
    assert result.exit_code == 0
    assert "✓ ok" in result.stderr and "step 4: loss" in result.stdout  # the run shows as ever
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('<table class="grads">') == 5
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" class="gradcli-graph"') == 5
    assert page.count('class="gradcli-plot"') == 1
    assert page.count('<table class="ledger">') == 2  # w and b
    assert "<math" in page and "<msub><mi>w</mi>" in page
    assert 'id="L9"' in page and "step 0: loss 145.0000" in page
    for outside in ("<script", "<link", "@import", "src="):
        assert outside not in page
    addresses = set(re.findall(r"https?://[^\"' )]+", page))
    assert addresses <= {"http://www.w3.org/2000/svg"}  # a namespace, never fetched


def test_text_from_the_script_is_escaped(tmp_path):
    result, page = report(tmp_path, "-", stdin='print("<script>alert(1)</script> & co")\n'
                          "x = torch.ones(1, requires_grad=True)\n"
                          "y = x * len('</table>')\ny.backward()\n")
    assert result.exit_code == 0
    assert "<script>" not in page and page.count("</table>") == page.count("<table")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page


def test_graph_pictures_stop_at_max_pictures(tmp_path):
    calls = MAX_PICTURES + 3
    _, page = report(tmp_path, "-", stdin="w = torch.ones(2, requires_grad=True)\n"
                     f"for i in range({calls}):\n    (w * w).sum().backward()\n")
    assert page.count('<table class="grads">') == calls
    assert page.count('class="gradcli-graph"') == MAX_PICTURES
    assert "hint: w.grad accumulated over" in page


def test_an_error_and_a_rejected_script_are_reported_too(tmp_path):
    result, page = report(tmp_path, "-", stdin="x = torch.ones(2, requires_grad=True)\n"
                          "y = (x * x).sum()\ny.backward()\ny.backward()\n")
    assert result.exit_code == 3
    assert '<div class="event error">' in page and "RuntimeError" in page
    assert page.count('class="gradcli-graph"') == 1
    result, page = report(tmp_path, "-", stdin="x = (\n")
    assert result.exit_code == 2 and "invalid script" in page


def test_an_unwritable_report_stops_before_the_run(tmp_path):
    result = CliRunner().invoke(cli.app, ["run", "-c", "print('ran')", "--html",
                                          "/proc/no/such/r.html"])
    assert result.exit_code == 4 and "cannot write the HTML report" in result.stderr
    assert "ran" not in result.stdout


def test_formulas_are_typeset_within_a_budget_then_shown_as_code():
    typeset = Typesetter(budget=2)
    first, second = typeset("2*x[0]"), typeset("3*y")
    assert first.startswith("<math") and second.startswith("<math")
    assert typeset("4*z") == "<code>4*z</code>"  # the budget is spent
    assert typeset("2*x[0]") == first  # one already typeset costs nothing
    assert typeset("x.real") == "<code>x.real</code>" and typeset("") == "<code>·</code>"


def test_a_loop_folds_after_its_third_call_under_a_linked_summary(tmp_path):
    _, page = report(tmp_path, "-", stdin="w = torch.ones(2, requires_grad=True)\n"
                     "for i in range(20):\n    (w * w).sum().backward()\n"
                     "    if i % 10 == 9:\n        print(i)\n")
    assert re.findall(r'<details class="fold"><summary>([^<]*)</summary>', page) == [
        "backward #4–#10 · line 3 · 7 gradients ✓", "backward #11–#20 · line 3 · 10 gradients ✓"]
    assert page.count('<table class="grads">') == 20  # every call is on the page, folded
    assert ('<li><a href="#call1">line 3</a>: <code>(w * w).sum().backward()</code> · 20 calls'
            " · 20 gradients ✓</li>") in page


def test_a_call_with_a_mismatch_stays_open_below_its_fold(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", "MulBackward0")
    _, page = report(tmp_path, "-", stdin="w = torch.ones(2, requires_grad=True)\n"
                     "for i in range(6):\n    (w * w).sum().backward()\n")
    assert re.findall(r'<details class="fold bad"><summary>([^<]*)</summary>', page) == [
        "backward #4–#6 · line 3 · 3 gradients · 3 ✗"]
    assert page.count('id="call4"') == 1 and 'first ✗: backward #1</a>' in page


def test_a_script_that_ends_as_it_declared_has_a_green_badge(tmp_path):
    result, page = report(tmp_path, str(ROOT / "examples/second_backward.py"))
    assert result.exit_code == 0
    assert '<span class="status ok">✓ ended as declared on line 11' in page
