"""The graph as an SVG picture (`gradcli graph --svg`) and the .grad history plot: valid XML,
every node's name, value and gradient on it, hostile text escaped, large tensors summarised,
a cut graph said so, boxes that never overlap."""
from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gradcli.app import cli
from gradcli.app.api import run_session, script_graph
from gradcli.app.graph import MAX_NODES
from gradcli.app.running import RunOptions
from gradcli.events.ledger import build_ledgers
from gradcli.events.results import Graph, GraphNode, mark_checked
from gradcli.report.mathml import formula_mathml
from gradcli.report.svg_graph import graph_svg
from gradcli.report.svg_plot import grad_history_svg
from gradcli.report.text import compact

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    """Every line of text the picture shows (parsing it proves it is well-formed XML)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def drawn(source: str, of: str | None = None) -> tuple[Graph, str]:
    result, graph = script_graph(source, "<test>", of, RunOptions(check=True))
    assert isinstance(graph, Graph), graph
    rows = [row for e in result.events if e.kind == "backward" for row in e.grads]
    graph = mark_checked(graph, rows)
    return graph, graph_svg(graph)


def test_the_cli_draws_every_node_with_its_name_value_and_gradient(tmp_path):
    out = tmp_path / "pictures" / "g.svg"
    result = CliRunner().invoke(cli.app, ["graph", str(ROOT / "examples/vector.py"), "--of", "y",
                                          "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and f"the graph is drawn in {out}" in result.stderr
    shown = texts(out.read_text())
    graph, _ = drawn((ROOT / "examples/vector.py").read_text(), "y")
    for node in graph.nodes:
        assert node.kind == "AccumulateGrad" or node.kind in shown, node.kind
    assert "x  [2, 1]" in shown and "y  [3, 1]" in shown
    boxes = "\n".join(shown)  # a matrix is one row per line, aligned as torch prints it
    assert "data [[0.4963],\n      [0.7682]]" in boxes
    assert "grad [[0.9925],\n      [ 3.584]]\n✓ sympy" in boxes
    y_value = compact(graph.nodes[0].value, rows=True).replace("\n", "\n     ")
    assert f"data {y_value}\n" in boxes  # y's own value


def test_freed_saved_tensors_and_retained_non_leaves_are_marked():
    graph, svg = drawn("x = torch.tensor([2.0], requires_grad=True)\ny = x * x\n"
                       "y.retain_grad()\nz = y.sum()\nz.backward()\n")
    shown = texts(svg)
    assert "saved x, x: freed" in shown  # self and other
    assert "non-leaf · retain_grad()" in shown and "grad [1]" in shown
    root = ET.fromstring(svg)
    kinds = [g.get("class") for g in root.iter(f"{SVG}g") if "box" in (g.get("class") or "")]
    assert sorted(kinds) == sorted(["box leaf", "box op", "box retained", "box op",
                                    "box result"])
    freed = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray")]
    assert len(freed) >= 2  # the MulBackward0 box, and the legend's swatch


def test_a_wrong_gradient_is_marked_as_sympy_disagreeing():
    graph, _ = drawn("x = torch.tensor([3.0], requires_grad=True)\ny = (x * x).sum()\n"
                     "y.backward()\n")
    leaf = next(n for n in graph.nodes if n.kind == "AccumulateGrad")
    wrong = Graph(graph.roots, [n if n is not leaf else GraphNode(
        leaf.key, leaf.kind, leaf.name, leaf.shape, None, "", "none", (), None, leaf.value,
        [7.0], checked=False) for n in graph.nodes])
    assert "✗ sympy disagrees" in texts(graph_svg(wrong))


def test_hostile_text_is_escaped():
    source = ("données = torch.ones(2, requires_grad=True)\n"
              "y = données * len(\"</text><b>&'\x1b\")\n"
              "y.sum().backward()\n")
    _, svg = drawn(source, "y")
    shown = texts(svg)
    assert "<b>" not in svg
    assert "données  [2]" in shown
    assert "line 2: y = données * len(\"</text><b>&'\ufffd\")" in shown  # text, not markup


def test_a_large_tensor_is_summarised_not_listed():
    graph, svg = drawn("w = torch.ones(300, 400, requires_grad=True)\ny = (w * 3).sum()\n"
                       "y.backward()\n")
    shown = texts(svg)
    assert any(t.startswith("data <300×400 elements: min 1, max 1, mean 1>") for t in shown)
    assert any(t.startswith("grad <300×400 elements: min 3, max 3, mean 3>") for t in shown)
    assert len(svg) < 20_000


def test_a_graph_cut_at_max_nodes_says_so_stays_valid_and_keeps_its_leaves():
    # y * y uses y twice: no path of one input to fold, so 450 nodes to cut
    graph, svg = drawn("x = torch.ones(1, requires_grad=True)\ny = x\n"
                       "for i in range(450):\n    y = y * y\n", "y")
    assert len(graph.nodes) == MAX_NODES + 1 and graph.left_out == 50  # x kept past the cut
    shown = texts(svg)
    assert f"… and 50 more nodes (the graph is cut at {MAX_NODES + 1})" in shown
    assert "x  [1]" in shown


def test_a_long_chain_is_its_ends_and_one_box_for_its_middle_and_keeps_its_leaf():
    graph, svg = drawn("x = torch.ones(1, requires_grad=True)\ny = x\n"
                       "for i in range(450):\n    y = y * 1.0\n", "y")
    assert graph.left_out == 0
    shown = texts(svg)
    assert "… 447 more MulBackward0" in shown and "x  [1]" in shown  # y's, the first, the last
    boxes = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "box" in (g.get("class") or "")]
    assert len(boxes) == 6  # y's node and tensor box, the first, the middle, the last, x


def test_a_loop_of_two_ops_per_step_folds_into_one_box():
    graph, svg = drawn("x = torch.tensor([0.5], requires_grad=True)\ny = x\n"
                       "for _ in range(200):\n    y = y * 1.01 + 0.1\n", "y")
    shown = texts(svg)
    assert "… 197 more steps" in shown and "of MulBackward0 ← AddBackward0" in shown
    assert "x  [1]" in shown and len(graph.nodes) == 8  # y, 2 + 3 steps' ends, the fold, x
    assert float(ET.fromstring(svg).get("height")) < 1500


def test_a_short_chain_is_drawn_whole_and_a_named_node_cuts_a_chain():
    _, svg = drawn("x = torch.ones(1, requires_grad=True)\ny = x\nfor i in range(4):\n"
                   "    y = y * 1.0\n", "y")
    assert sum(t == "MulBackward0" for t in texts(svg)) == 4
    _, svg = drawn("x = torch.ones(1, requires_grad=True)\ny = x\nfor i in range(12):\n"
                   "    y = y * 1.0\n    if i == 5:\n        middle = y\n", "y")
    shown = texts(svg)
    # above `middle` and below it, each path's first and last step and 3 folded between
    assert "middle  [1]" in shown and shown.count("… 3 more MulBackward0") == 2
    assert sum(t == "MulBackward0" for t in shown) == 6  # y's, middle's, and two ends each


def test_boxes_never_overlap():
    source = (ROOT / "examples/training_loop.py").read_text()
    for script in (source, (ROOT / "examples/vector.py").read_text(),
                   "a = torch.ones(2, requires_grad=True)\nb = a * 2\nc = a + b\nd = b * c\n"
                   "e = (d + a).sum() + c.sum()\n"):
        _, svg = drawn(script)
        rects = [g.find(f"{SVG}rect") for g in ET.fromstring(svg).iter(f"{SVG}g")
                 if "box" in (g.get("class") or "")]
        spans = [tuple(float(r.get(k)) for k in ("x", "y", "width", "height")) for r in rects]
        for (x1, y1, w1, h1), (x2, y2, w2, h2) in itertools.combinations(spans, 2):
            assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1


# ---- the .grad history ------------------------------------------------------------------


def history(source: str) -> str:
    return grad_history_svg(build_ledgers(run_session(source, "<test>").events))


def test_history_draws_each_element_and_marks_each_restart():
    svg = history("w = torch.tensor([1.0, -2.0], requires_grad=True)\n"
                  "for i in range(4):\n    (w * w).sum().backward()\n"
                  "    if i == 1:\n        w.grad.zero_()\n")
    root = ET.fromstring(svg)
    assert "w.grad  [2]" in texts(svg)
    lines = [p for p in root.iter(f"{SVG}polyline")]
    assert len(lines) == 4  # two elements, each split by the one restart
    restarts = [line for line in root.iter(f"{SVG}line") if line.get("class") == "restart"]
    assert len(restarts) == 1
    dots = [float(c.get("cy")) for c in root.iter(f"{SVG}circle")]
    first = dots[:4]  # w[0]: 2, 4 | 2, 4: up, then back down, then up (y grows downward)
    assert first[0] > first[1] and first[2] > first[1] and first[2] > first[3]


def test_history_of_a_large_tensor_plots_its_size_not_a_mean():
    svg = history("w = torch.ones(40, 50, requires_grad=True)\n"
                  "for i in range(3):\n    (w * 2).sum().backward()\n")
    assert "‖w.grad‖ of 2,000 elements" in texts(svg)
    # a weight's gradient of ± terms: its norm (the mean would be ~0), distinct tick labels
    svg = history("w = torch.tensor([[1.0, -1.0, 2.0], [-2.0, 1e-9, 3.0]], requires_grad=True)"
                  "\nfor i in range(3):\n    (w * w).sum().backward()\n")
    shown = texts(svg)
    assert "‖w.grad‖ of 6 elements" in shown
    ticks = [t for t in shown if t[:1].isdigit()]
    assert len(ticks) == len(set(ticks)) >= 3


def test_a_summarised_gradient_plots_its_largest_magnitude():
    from gradcli.report.svg_plot import _largest

    assert _largest({"type": "summary", "min": -7.5, "max": 3.0, "mean": 0.1}) == 7.5


def test_tick_labels_tell_close_values_apart():
    from gradcli.report.svg_plot import _distinct_labels

    assert _distinct_labels([0.1234, 0.1234 + 1e-9, 0.1234 + 2e-9]) == [
        "0.1234", "0.123400001", "0.123400002"]


def test_history_without_any_gradient_says_so():
    assert texts(grad_history_svg([])) == ["no gradient was accumulated"]


# ---- formulas as MathML -----------------------------------------------------------------


@pytest.mark.parametrize("formula, pieces", [
    ("x[1,0]**2*(4*x[1,0] + 3)", ["<msub><mi>x</mi><mrow><mn>1</mn><mo>,</mo><mn>0</mn>",
                                  "<msup>"]),
    ("6*b@1 + 70*w@1[0,0]/3", ["<mi>b@1</mi>", "<mfrac>"]),
    ("Piecewise((1, x < 0), (0, True))", ["<mo>&lt;</mo>"]),
    ("exp(-x)/(1 + exp(-x))**2", ["<mfrac>", "&ExponentialE;"]),
])
def test_formulas_are_typeset(formula, pieces):
    typeset = formula_mathml(formula)
    assert typeset.startswith('<math display="inline" displaystyle="true">')
    assert typeset.endswith("</math>")
    for piece in pieces:
        assert piece in typeset


@pytest.mark.parametrize("formula", ["2**100000", "x.real", "lambda: 1", "f(x=1)", "x[i]",
                                     "(" * 300 + "x" + ")" * 300, "x" * 2000, ""])
def test_what_is_not_a_formula_is_left_as_text(formula):
    assert formula_mathml(formula) is None


# ---- the command line -------------------------------------------------------------------


def test_svg_into_a_folder_or_with_dot_is_a_usage_error(tmp_path):
    runner = CliRunner()
    script = str(ROOT / "examples/vector.py")
    result = runner.invoke(cli.app, ["graph", script, "--svg", str(tmp_path)])
    assert result.exit_code == 4 and "'--svg'" in result.stderr
    result = runner.invoke(cli.app, ["graph", script, "--svg", "/proc/no/such/g.svg"])
    assert result.exit_code == 4 and "cannot write the picture" in result.stderr
    result = runner.invoke(cli.app, ["graph", script, "--svg", str(tmp_path / "g.svg"), "--dot"])
    assert result.exit_code == 4 and not (tmp_path / "g.svg").exists()


def test_svg_of_a_script_without_a_graph_writes_nothing(tmp_path):
    out = tmp_path / "g.svg"
    result = CliRunner().invoke(cli.app, ["graph", "-", "--svg", str(out)], input="x = 1\n")
    assert result.exit_code == 1 and "no graph" in result.stderr and not out.exists()


def test_svg_to_stdout_and_of_a_script_that_stopped():
    result = CliRunner().invoke(cli.app, ["graph", str(ROOT / "examples/second_backward.py"),
                                          "--svg", "-"])
    assert result.exit_code == 0
    assert "the graph as the script left it at line 10" in result.stderr
    shown = texts(result.stdout)
    assert any(t.startswith("saved ") and t.endswith(": freed") for t in shown)


def test_a_module_s_parameters_are_named_as_the_table_names_them_with_its_verdict():
    graph, svg = drawn("torch.manual_seed(0)\nmodel = torch.nn.Sequential(torch.nn.Linear(2, 2), "
                       "torch.nn.Tanh(), torch.nn.Linear(2, 1))\n"
                       "loss = model(torch.ones(3, 2)).sum()\nloss.backward()\n", "loss")
    leaves = {node.name: node.checked for node in graph.nodes if node.kind == "AccumulateGrad"}
    assert leaves == {"model.0.weight": True, "model.0.bias": True, "model.2.weight": True,
                      "model.2.bias": True}
    shown = texts(svg)
    assert "model.0.weight  [2, 2]" in shown and shown.count("✓ sympy") == 4


NET = """torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)
        self.block = nn.Sequential(nn.Linear(4, 4), nn.ReLU())

    def forward(self, x):
        h = self.block(self.fc(x))
        return h * 2

net = Net()
y = net(torch.ones(2, 3)).sum()
y.backward()
"""


def test_each_op_names_the_module_call_that_built_it():
    graph, svg = drawn("import torch.nn as nn\n" + NET, "y")
    modules = {node.kind: node.module for node in graph.nodes
               if node.kind in ("SumBackward0", "MulBackward0", "ReluBackward0")}
    assert modules == {"SumBackward0": "", "MulBackward0": "net · Net",
                       "ReluBackward0": "net.block.1 · ReLU"}
    addmms = sorted(n.module for n in graph.nodes if n.kind == "AddmmBackward0")
    assert addmms == ["net.block.0 · Linear", "net.fc · Linear"]
    # the script's own statement after the call is its line, not the forward's last one
    assert next(n for n in graph.nodes if n.kind == "SumBackward0").line == 14
    assert "in net.block.1 · ReLU" in texts(svg)


def test_a_module_the_script_never_named_is_its_class():
    graph, _ = drawn("y = torch.nn.Linear(3, 1)(torch.ones(1, 3)).sum()\n", "y")
    assert {n.module for n in graph.nodes if n.kind == "AddmmBackward0"} == {"Linear"}


def test_a_grad_with_no_verdict_says_why():
    graph, svg = drawn("x = torch.ones(2, requires_grad=True)\n(x * 3).sum().backward()\n"
                       "x.grad = torch.zeros(2)\ny = x * 2\n", "y")
    leaf = next(n for n in graph.nodes if n.kind == "AccumulateGrad")
    assert leaf.checked is None
    assert "not checked: no checked backward made it" in texts(svg)
