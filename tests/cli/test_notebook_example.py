"""examples/notebook.ipynb, executed top to bottom by nbclient on a real IPython kernel: every
`%%gradcli` cell shows what the notebook teaches, and no cell ends in an error."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="nbformat not installed (pip install '.[test]')")
nbclient = pytest.importorskip("nbclient", reason="nbclient not installed (pip install '.[test]')")
pytest.importorskip("ipykernel", reason="ipykernel not installed (pip install '.[test]')")

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "notebook.ipynb"
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
LOSS = re.compile(r"step (\d): loss (\d+\.\d+)")


def shown(cell) -> str:
    """What a cell showed, as text: its streams and each display's plain text."""
    parts = []
    for output in cell.outputs:
        if output.output_type == "stream":
            parts.append(output.text)
        elif output.output_type in ("display_data", "execute_result"):
            parts.append(output.data.get("text/plain", ""))
    return ANSI_COLOUR.sub("", "\n".join(parts))


def html(cell) -> str:
    return "\n".join(o.data.get("text/html", "") for o in cell.outputs if "data" in o)


def pictures(cell) -> list[str]:
    return [o.data["image/svg+xml"] for o in cell.outputs if "image/svg+xml" in o.get("data", {})]


@pytest.fixture(scope="module")
def executed():
    """The notebook after a real kernel ran it; the kernel imports this tree's gradcli."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), saved]))
    try:
        nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(ROOT)}}).execute()
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def test_it_ships_without_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


def test_every_cell_ran_without_an_error_or_a_traceback(executed):
    assert executed[0].source == "%load_ext gradcli"
    assert all(c.source.startswith(("%%gradcli", "%gradcli", "%load_ext")) for c in executed)
    for cell in executed:
        assert all(o.output_type != "error" for o in cell.outputs), cell.source
        assert "Traceback" not in shown(cell)
        assert not any(o.get("name") == "stderr" for o in cell.outputs), shown(cell)


def test_plain_text_outputs_carry_no_escape_codes(executed):
    # the colours are in the HTML; the text twin is what a text-only reader shows
    for cell in executed:
        for output in cell.outputs:
            text = output.get("text", "") + output.get("data", {}).get("text/plain", "")
            assert "\x1b[" not in text, cell.source


def test_accumulation_two_plus_three_is_five(executed):
    first, second = shown(executed[1]), shown(executed[2])
    assert "backward #1 · line 4 · y.backward()" in first and "tensor([2.])" in first
    assert "backward #2 · line 6 · z.backward()" in second and "tensor([5.])" in second
    assert "2*x + 3*x**2" in second  # sympy's formula for the accumulated gradient
    assert "ledger of x.grad" in second and "[5] = [2] + [3]" in second  # --explain
    assert "<table" in html(executed[1]) or "<pre" in html(executed[1])  # rich's HTML


def test_zero_starts_the_count_again(executed):
    text = shown(executed[3])
    assert "tensor([0.])" in text and "tensor([2.])" in text
    assert ".grad was zeroed before this call" in text
    assert pictures(executed[3]) == []  # no --plot, and nothing piled up


def test_a_loop_without_zero_is_hinted_and_plotted(executed):
    text = shown(executed[4])
    assert "tensor([8.])" in text  # 2 + 2 + 2 + 2
    assert "hint: x.grad accumulated over 3 calls at line 12" in text
    [plot] = pictures(executed[4])
    assert plot.startswith("<svg") and "x.grad" in plot and "backward call" in plot


def test_the_network_trains_with_every_gradient_checked(executed):
    text = shown(executed[5])
    losses = [float(loss) for _, loss in LOSS.findall(text)]
    assert len(losses) == 3 and losses[0] > losses[1] > losses[2]
    assert "session reset" in text
    for name in ("model.0.weight", "model.0.bias", "model.2.weight", "model.2.bias"):
        assert name in text
    assert "✓ ok" in text and "12 gradients checked · 0 mismatches" in text
    [plot] = pictures(executed[5])  # --plot: every parameter's .grad, step by step
    for name in ("model.0.weight.grad", "model.2.bias.grad"):
        assert name in plot


def test_the_graph_is_drawn(executed):
    assert "b + cos(a)" in shown(executed[6])  # the table, then the picture of y's graph
    [graph] = pictures(executed[6])
    for node in ("AddBackward0", "MulBackward0", "SinBackward0", "AccumulateGrad", "grad 2.584"):
        assert node in graph
    assert graph.count(">✓ sympy</text>") == 2  # a's and b's .grad, checked
    grads = shown(executed[7])
    assert "gradients now" in grads and "2.584" in grads
