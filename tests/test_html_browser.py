"""`gradcli run --html` in a real browser: Debian's chromium, headless, driven by Playwright.
The page must load with no console error and no request leaving the file, and show its
tables, formulas and pictures (measured in the rendered DOM, not just present in the text)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed "
                                "(apt-get install -y chromium; .ci/run installs it)")


@pytest.fixture(scope="module")
def page_of_training_loop(tmp_path_factory):
    """The report of examples/training_loop.py, made by the real entry point."""
    return html_page(tmp_path_factory.mktemp("html"), "examples/training_loop.py")


def html_page(folder: Path, script: str) -> Path:
    out = folder / "r.html"
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "gradcli", "run", script, "--html", str(out)],
                          cwd=ROOT, capture_output=True, timeout=600, env=environment)
    assert proc.returncode == 0, proc.stderr.decode()
    return out


def test_the_report_loads_cleanly_and_shows_tables_formulas_and_pictures(
        page_of_training_loop, tmp_path):
    from playwright.sync_api import sync_playwright  # in the test extras

    problems: list[str] = []
    requests: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context()
            page = context.new_page()
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda error: problems.append(str(error)))
            page.on("request", lambda request: requests.append(request.url))
            page.goto(page_of_training_loop.as_uri(), wait_until="load")
            shown = page.evaluate("""() => {
                const size = el => { const r = el.getBoundingClientRect();
                                     return [r.width, r.height]; };
                return {
                    title: document.title,
                    tables: document.querySelectorAll('table.grads').length,
                    rows: document.querySelectorAll('table.grads tr').length,
                    ledgers: document.querySelectorAll('table.ledger').length,
                    graphs: [...document.querySelectorAll('svg.gradcli-graph')]
                        .filter(el => !el.closest('details')).map(size),
                    folded: document.querySelectorAll('details svg.gradcli-graph').length,
                    plot: [...document.querySelectorAll('svg.gradcli-plot')].map(size),
                    boxes: document.querySelectorAll('svg.gradcli-graph g.box').length,
                    formulas: [...document.querySelectorAll('math')].map(size),
                    checks: [...document.querySelectorAll('table.grads td span.ok')]
                        .map(el => el.textContent),
                    leafText: [...document.querySelectorAll('svg.gradcli-graph g.leaf text')]
                        .map(el => el.textContent),
                };
            }""")
        finally:
            browser.close()
    assert problems == []
    assert all(url.startswith("file://") for url in requests), requests
    assert shown["title"].startswith("gradcli · ")
    assert shown["tables"] == 5 and shown["rows"] == 5 * 3  # a header and w, b per call
    assert shown["ledgers"] == 2
    # the line's first graph is drawn open; the later ones (its loop's, the same shape) are
    # collapsed, calls 4 and 5 inside their folds (each print ends one)
    assert len(shown["graphs"]) == 1 and all(w > 200 and h > 200 for w, h in shown["graphs"])
    assert shown["folded"] == 4
    assert len(shown["plot"]) == 1 and shown["plot"][0][0] > 300
    assert shown["boxes"] == 5 * 8  # w, b, their five grad_fn nodes and loss, per picture
    assert len(shown["formulas"]) >= 15 and all(w > 10 and h > 5 for w, h in shown["formulas"])
    assert shown["checks"] == ["✓"] * 10
    assert "grad [[ -82]," in shown["leafText"] and "      [-104]]" in shown["leafText"]


ADAM_RUN = """import torch
torch.manual_seed(0)
x = torch.linspace(-1, 1, 16).unsqueeze(1)
model = torch.nn.Sequential(torch.nn.Linear(1, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for t in range(200):
    loss = ((model(x) - x ** 3) ** 2).mean()
    if t % 50 == 0:
        print(t, loss.item())
    opt.zero_grad()
    loss.backward()
    opt.step()
"""


def test_a_200_step_run_reads_as_a_short_page_with_linked_contents(tmp_path):
    from playwright.sync_api import sync_playwright

    script = tmp_path / "adam.py"
    script.write_text(ADAM_RUN)
    page_file = html_page(tmp_path, str(script))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page()
            page.goto(page_file.as_uri(), wait_until="load")
            height = page.evaluate("() => document.documentElement.scrollHeight")
            folds = page.evaluate("() => document.querySelectorAll('details.fold').length")
            page.click("ul.contents a")  # the line's first call
            scrolled_to = page.evaluate(
                "() => document.getElementById('call1').getBoundingClientRect().top")
        finally:
            browser.close()
    assert height <= 8000, height
    assert folds == 4  # each print ends one: #4-#50, #51-#100, #101-#150, #151-#200
    assert abs(scrolled_to) < 5
