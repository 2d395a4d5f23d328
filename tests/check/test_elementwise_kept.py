"""The vectorized check's derivatives kept between runs (check/elementwise_kept.py): a script
checked again derives nothing, imports no sympy, and says exactly what it said the first time,
values, formulas and all; a graph whose formula its structure does not fix is derived anew."""
import json
import subprocess
import sys

import pytest

from gradcli.app.api import run_json, run_session
from gradcli.check import cachefile, derivcache, elementwise_kept, vectorized
from gradcli.engine.ops import OPS


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, read afresh, and nothing kept in the process."""
    monkeypatch.setenv("GRADCLI_CACHE", str(tmp_path))
    derivcache._store.cache_clear()
    elementwise_kept._MADE.clear()
    yield tmp_path
    derivcache._store.cache_clear()
    elementwise_kept._MADE.clear()


LOOP = ("import torch\ntorch.manual_seed(0)\nx = torch.rand(1000, requires_grad=True)\n"
        "for step in range(3):\n    y = ((x.sin() * x + x.exp()).tanh() * 0.5).sum()\n"
        "    y.backward()\nx.grad.sum()\n")
MIXED = ("import torch\ntorch.manual_seed(0)\nx = torch.rand(100, 1, requires_grad=True)\n"
         "w = torch.rand(1, 50, requires_grad=True)\nc = torch.rand(100, 50) + 1\n"
         "for step in range(2):\n    h = (x * w).sin()\n    h.retain_grad()\n"
         "    y = ((h / c + x.exp() * 2.5).tanh() + w ** 3 - 1.0 / c).mean()\n"
         "    y.backward()\n    with torch.no_grad():\n        x -= 0.1 * x.grad\n"
         "    x.grad.zero_()\nprint(w.grad.sum())\n")
SEEDED = ("import torch\nx = torch.linspace(0.1, 2, 60, requires_grad=True)\n"
          "a = x.log() * x\nb = x.sqrt() - x.cosh()\n"
          "torch.autograd.backward([a, b], [torch.ones(60) * 2, torch.linspace(-1, 1, 60)])\n"
          "ga, = torch.autograd.grad((a * b).sum(), [a])\nprint(ga.sum())\n")

STEPS = ("import torch\nx = torch.linspace(-2, 2, 200, requires_grad=True)\n"
         "w = torch.linspace(1, 3, 200, requires_grad=True)\nfor step in range(2):\n"
         "    s = x.sin()\n    out = s.relu() * s + torch.where(x > 0, x, w) * "
         "torch.maximum(x, w) + x.clamp(-1, 0.5) * s\n    out.sum().backward()\n")


def _sympy_everywhere(monkeypatch):
    """The check as it was before anything was kept: sympy's derivative at every pass."""
    monkeypatch.setattr(elementwise_kept, "found", lambda layout, tensor: None)
    monkeypatch.setattr(elementwise_kept, "keep", lambda *args: None)


def _derives_nothing(monkeypatch):
    def refuse(*args):
        raise AssertionError("derived again")
    monkeypatch.setattr(vectorized, "derivative", refuse)
    monkeypatch.setattr(vectorized.Generic, "run", refuse)


@pytest.mark.parametrize("source", [LOOP, MIXED, SEEDED, STEPS],
                         ids=["loop", "mixed", "seeded", "steps"])
def test_kept_derivatives_give_what_sympy_gives_at_every_pass(source, cache, monkeypatch):
    kept_in_run = run_json(source, "s.py")  # the first pass derives, the others reuse it
    with monkeypatch.context() as m:
        _sympy_everywhere(m)
        derived = run_json(source, "s.py")
    derivcache._store.cache_clear()  # as a new run: every pass from the file
    elementwise_kept._MADE.clear()
    with monkeypatch.context() as m:
        _derives_nothing(m)
        from_file = run_json(source, "s.py")
    rows = [g for e in derived["events"] if e["kind"] == "backward" for g in e["grads"]]
    assert rows and all(r["method"] == "symbolic" and r["match"] for r in rows)
    assert all("one formula" in r["note"] for r in rows)
    assert kept_in_run == derived and from_file == derived


def test_a_graph_its_structure_does_not_fix_is_not_kept(cache):
    """An intermediate only relu, where or floor reads has elements that get an exact 0
    gradient: which ones is the values' to say, not the graph's."""
    for op in ("(x - 0.5).relu()", "torch.where(x > 0.5, x.sin(), x.cos())", "x.exp().floor()"):
        result = run_session(f"import torch\nx = torch.rand(100, requires_grad=True)\n"
                             f"({op} * x).sum().backward()\n", "s.py")
        assert result.status == "ok"
    assert not any(key.startswith(elementwise_kept.KIND) for path in cache.glob(
        "derivatives-*.json") for key in json.loads(path.read_text())["entries"])


def test_a_damaged_entry_is_derived_again(cache):
    first = run_json(LOOP, "s.py")
    (path,) = cache.glob("derivatives-*.json")
    entries = json.loads(path.read_text())["entries"]
    keys = [k for k in entries if k.startswith(elementwise_kept.KIND)]
    assert keys
    damaged = {**entries, **{k: [[], [0], [], 3, []] for k in keys}}
    path.write_bytes(cachefile.sign(damaged, cachefile.key(cache)))  # as gradcli wrote it
    derivcache._store.cache_clear()
    elementwise_kept._MADE.clear()
    assert run_json(LOOP, "s.py") == first


MANY_OPS = ("import torch\nx = torch.linspace(0.1, 2.0, 64, requires_grad=True)\n"
            "w = torch.linspace(-1.0, 1.0, 64, requires_grad=True)\n"
            "y = (x.exp() * w.sin() + x.log() * w.cos() + x.sqrt() / (w.tanh() + 2) + "
            "torch.sigmoid(w) * x.pow(3) - w.abs() * x.reciprocal() + (w * x).atan()).sum()\n"
            "y.backward()\n")


@pytest.mark.parametrize("mode", ["scale", "element"])
@pytest.mark.parametrize("fault", ["TanhBackward0", "SinBackward0", "MulBackward0"])
def test_a_wrong_vjp_is_caught_from_kept_derivatives(fault, mode, cache, monkeypatch):
    assert run_session(LOOP, "s.py").status == "ok"
    elementwise_kept._MADE.clear()
    derivcache._store.cache_clear()
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", mode)
    with monkeypatch.context() as m:
        _derives_nothing(m)
        assert run_session(LOOP, "s.py").status == "mismatch"


@pytest.mark.parametrize("op", ["exp", "sin", "log", "cos", "sqrt", "div", "tanh", "add",
                                "sigmoid", "pow", "abs", "reciprocal", "atan", "mul", "sub",
                                "sum"])
def test_a_vjp_wrong_in_one_element_is_caught_from_kept_derivatives(op, monkeypatch):
    """Every op of an elementwise graph, its derivatives kept (in this process)."""
    assert run_session(MANY_OPS, "s.py").status == "ok"
    monkeypatch.setenv("GRADCLI_FAULT", OPS[op].grad_fn)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    with monkeypatch.context() as m:
        _derives_nothing(m)
        result = run_session(MANY_OPS, "s.py")
    rows = [g for e in result.events if e.kind == "backward" for g in e.grads]
    assert result.status == "mismatch" and all(r.method == "symbolic" for r in rows)


def test_a_script_checked_again_imports_no_sympy(cache, tmp_path):
    script = tmp_path / "elementwise.py"
    script.write_text(LOOP)
    runs = [subprocess.run([sys.executable, "-X", "importtime", "-m", "gradcli", "run",
                            str(script), "--format", "json", "--explain"],
                           capture_output=True, text=True) for _ in range(2)]
    assert [json.loads(run.stdout) for run in runs][0] == json.loads(runs[1].stdout)
    assert ["| sympy\n" in run.stderr for run in runs] == [True, False]
    rows = [g for e in json.loads(runs[1].stdout)["events"] if e["kind"] == "backward"
            for g in e["grads"]]
    assert rows[-1]["formula"] == [
        "3*(0.5*(1 - tanh(x*sin(x) + exp(x))**2)*(x*cos(x) + exp(x) + sin(x)))"]


def test_a_retained_intermediate_is_cut_out_for_its_own_gradient_only(cache):
    """x's gradient goes through h (it was cut out for every target: a false mismatch)."""
    result = run_session("import torch\nx = torch.linspace(0, 1, 100, requires_grad=True)\n"
                         "h = x.sin()\nh.retain_grad()\n(h * x).sum().backward()\n", "s.py")
    rows = {g.name: g for e in result.events if e.kind == "backward" for g in e.grads}
    assert result.status == "ok" and rows["x"].match and rows["h"].match
    assert rows["x"].formula == ["x*cos(x) + sin(x)"] and rows["h"].formula == ["x"]


FIT = ("import torch\nx = torch.linspace(-3, 3, 100)\ny = torch.sin(x)\n"
       "a = torch.tensor(0.5, requires_grad=True)\nb = torch.tensor(-0.25, requires_grad=True)\n"
       "for t in range(3):\n    loss = (a + b * x ** 3 - y).pow(2).sum()\n    loss.backward()\n"
       "    with torch.no_grad():\n        a -= 1e-3 * a.grad\n        b -= 1e-3 * b.grad\n"
       "        a.grad = None\n        b.grad = None\n")


def test_a_training_loop_derives_once_and_names_each_step_s_parameters(cache, monkeypatch):
    """PyTorch's polynomial tutorial: a@1, a@2... are one derivative (it was derived again at
    every one of 2,000 steps, past the time limit), shown with each step's names."""
    built = []
    with monkeypatch.context() as m:
        run = vectorized.Generic.run
        m.setattr(vectorized.Generic, "run", lambda self, r: built.append(r) or run(self, r))
        first = run_json(FIT, "s.py")
    assert len(built) == 1  # the first step's formula, and no other
    derivcache._store.cache_clear()
    elementwise_kept._MADE.clear()
    with monkeypatch.context() as m:
        _derives_nothing(m)
        again = run_json(FIT, "s.py")
    assert again == first
    formulas = [g["formula"][0] for e in first["events"] if e["kind"] == "backward"
                for g in e["grads"] if g["name"] == "a"]
    assert [("a@1" in f, "a@2" in f) for f in formulas] == [(False, False), (True, False),
                                                             (False, True)]
    assert all(g["match"] for e in first["events"] if e["kind"] == "backward"
               for g in e["grads"])


CUSTOM = ("import torch\nclass P3(torch.autograd.Function):\n    @staticmethod\n"
          "    def forward(ctx, input):\n        ctx.save_for_backward(input)\n"
          "        return 0.5 * (5 * input ** 3 - 3 * input)\n    @staticmethod\n"
          "    def backward(ctx, grad_output):\n        input, = ctx.saved_tensors\n"
          "        return grad_output * 1.5 * (5 * input ** 2 - 1)\n"
          "x = torch.linspace(-3, 3, 100)\ny = torch.sin(x)\n"
          "c = torch.tensor(0.1, requires_grad=True)\nd = torch.tensor(0.3, requires_grad=True)\n"
          "for t in range(3):\n    loss = (P3.apply(c + d * x) - y).pow(2).sum()\n"
          "    loss.backward()\n    with torch.no_grad():\n        c -= 1e-4 * c.grad\n"
          "        d -= 1e-4 * d.grad\n        c.grad = None\n        d.grad = None\n")


def test_a_custom_function_s_loop_derives_once(cache, monkeypatch):
    """PyTorch's polynomial_custom_function tutorial: the Function's forward is recorded op
    by op, so its graph's formula is fixed by its structure as any other's (derived at every
    step, 10x --no-check): derived at the first step, the same rows and verdicts after."""
    built = []
    with monkeypatch.context() as m:
        run = vectorized.Generic.run
        m.setattr(vectorized.Generic, "run", lambda self, r: built.append(r) or run(self, r))
        first = run_json(CUSTOM, "s.py")
    assert len(built) == 1
    with monkeypatch.context() as m:
        _sympy_everywhere(m)
        derived = run_json(CUSTOM, "s.py")
    rows = [g for e in first["events"] if e["kind"] == "backward" for g in e["grads"]]
    verdicts = ("grad", "expected", "match", "method", "note", "max_error")
    # (the same values and verdicts; a later step's formula is the first's relabelled
    # (c@1), which sympy may print in another order than its own derivative there)
    assert [[r[k] for k in verdicts] for r in rows] == [
        [r[k] for k in verdicts] for e in derived["events"] if e["kind"] == "backward"
        for r in e["grads"]]
    assert len(rows) == 6 and all(r["match"] and "P3.backward" in r["note"] for r in rows)


@pytest.mark.parametrize("mode", ["scale", "element"])
@pytest.mark.parametrize("fault", ["P3Backward", "MulBackward0"])
def test_a_wrong_gradient_through_a_custom_function_is_caught_when_kept(fault, mode, cache,
                                                                        monkeypatch):
    assert run_session(CUSTOM, "s.py").status == "ok"
    monkeypatch.setenv("GRADCLI_FAULT", fault)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", mode)
    with monkeypatch.context() as m:
        _derives_nothing(m)
        assert run_session(CUSTOM, "s.py").status == "mismatch"
