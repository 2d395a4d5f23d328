"""sympy's derivatives kept between runs: the same programs as derived, no sympy on a rerun,
and a damaged or foreign cache never changes a value."""
import dataclasses
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from gradcli.check import cachefile, derivcache
from gradcli.check.ieee import Program
from gradcli.engine import symforms as S
from gradcli.engine.ops import OPS
from gradcli.engine.symforms import sp


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, read afresh."""
    monkeypatch.setenv("GRADCLI_CACHE", str(tmp_path))
    derivcache._store.cache_clear()
    yield tmp_path
    derivcache._store.cache_clear()


def _every_kind_of_node():
    a0, a1 = sp().symbols("a0 a1", real=True)
    zero = S.constant(-0.0)
    return [a0 + 2 * a1 - sp().Float("0.1", 17), a0 ** a1 / zero, sp().tanh(a0) * sp().exp(-a1),
            sp().Piecewise((a0, (a0 > 0) & sp().Not(a1 <= 1) | sp().Eq(a1, 2)), (sp().nan, True)),
            sp().Abs(a0) + sp().sign(a1) + sp().pi + sp().oo * sp().Integer(0)]


def test_a_recipe_through_json_gives_the_program_values_bit_for_bit():
    exprs = _every_kind_of_node()
    derived = Program(exprs)
    recipe = json.loads(json.dumps([derived.recipe, derived.outputs]))
    again = Program.from_recipe(*recipe)
    env = {"a0": np.array([-1.5, 0.0, 2.0, 3.0, np.nan]), "a1": np.array([2.0, 1.0, 0.5, -3, 2])}
    for x, y in zip(derived.run(env), again.run(env), strict=True):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("recipe", [[[["Add", None], [0, 1]]], [[["nope", None], []]],
                                    [[["symbol", "a0"], []]], "text", [[["Mul", None], [5]]]])
def test_a_damaged_recipe_is_refused(recipe):
    with pytest.raises(ValueError):
        Program.from_recipe(recipe, [0])


def _tanh_program(calls: list):
    def derive():
        calls.append(1)
        return Program([1 - sp().tanh(sp().Symbol("a0", real=True)) ** 2])
    return derive


def test_a_derivative_is_derived_once_then_read(cache):
    calls: list = []
    first = derivcache.program(OPS["tanh"], ("partial", 0, 1, ()), _tanh_program(calls))
    derivcache._store.cache_clear()  # as a new run would
    again = derivcache.program(OPS["tanh"], ("partial", 0, 1, ()), _tanh_program(calls))
    assert calls == [1] and again.recipe == json.loads(json.dumps(first.recipe))
    x = {"a0": np.linspace(-3, 3, 7)}
    np.testing.assert_array_equal(first.run(x)[0], again.run(x)[0])


def test_a_damaged_cache_is_derived_again_and_mended(cache):
    calls: list = []
    derivcache.program(OPS["tanh"], ("partial", 0, 1, ()), _tanh_program(calls))
    (path,) = cache.glob("derivatives-*.json")
    key = next(iter(json.loads(path.read_text())["entries"]))
    signed = cachefile.key(cache)  # damaged entries in a file gradcli wrote
    for damage in (b"{not json", cachefile.sign({key: [[[["Add", None], [7]]], [0]]}, signed),
                   cachefile.sign({key: ["text"]}, signed), json.dumps([1, 2]).encode()):
        path.write_bytes(damage)
        derivcache._store.cache_clear()
        made = derivcache.program(OPS["tanh"], ("partial", 0, 1, ()), _tanh_program(calls))
        assert made.run({"a0": np.float64(0.0)}) == [1.0]
    assert len(calls) == 5 and key in json.loads(path.read_text())["entries"]


def test_a_row_made_at_run_time_is_never_cached(cache):
    """A custom Function's row may take a table row's name: its derivative is its own."""
    calls: list = []
    impostor = dataclasses.replace(OPS["tanh"], sym=lambda x: x)
    for _ in range(2):
        derivcache.program(impostor, ("partial", 0, 1, ()), _tanh_program(calls))
    assert len(calls) == 2 and not list(cache.glob("derivatives-*.json"))


def test_no_cache_when_the_folder_is_set_empty(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADCLI_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    derivcache._store.cache_clear()
    calls: list = []
    try:
        for _ in range(2):
            derivcache.program(OPS["tanh"], ("partial", 0, 1, ()), _tanh_program(calls))
    finally:
        derivcache._store.cache_clear()
    assert len(calls) == 2 and not any(tmp_path.iterdir())


NETWORK = ("import torch\ntorch.manual_seed(0)\nX = torch.randn(64, 8)\n"
           "W = torch.randn(8, 16, requires_grad=True)\nb = torch.zeros(16, requires_grad=True)\n"
           "loss = (torch.tanh(X @ W + b) ** 2).mean()\nloss.backward()\n")


def two_runs(folder, source: str) -> list:
    """`gradcli run` of `source` twice, with -X importtime (what was imported is on stderr)."""
    script = folder / "script.py"
    script.write_text(source)
    return [subprocess.run([sys.executable, "-X", "importtime", "-m", "gradcli", "run",
                            str(script), "--format", "json"], capture_output=True, text=True)
            for _ in range(2)]


def backward_rows(run) -> list:
    return [g for e in json.loads(run.stdout)["events"] if e["kind"] == "backward"
            for g in e["grads"]]


def test_a_rerun_checks_every_element_without_importing_sympy(cache, tmp_path):
    runs = two_runs(tmp_path, NETWORK)
    for run in runs:
        rows = backward_rows(run)
        assert len(rows) == 2 and all(r["method"] == "symbolic" and r["match"] for r in rows)
        assert "Xᵀ" in rows[-1]["formula"][0]  # the matrix form, its templates kept too
    imported = ["| sympy\n" in run.stderr for run in runs]
    assert imported == [True, False]


CLASSIFIER = ("import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
              "W = torch.randn(8, 5, requires_grad=True)\n"
              "F.cross_entropy(torch.randn(16, 8) @ W, torch.randint(0, 5, (16,))).backward()\n")


def test_a_cross_entropy_checked_again_imports_no_sympy_either(cache, tmp_path):
    """Its log_softmax's slice Jacobian is kept too."""
    runs = two_runs(tmp_path, CLASSIFIER)
    for run in runs:
        (row,) = backward_rows(run)
        assert row["method"] == "symbolic" and row["match"]
    assert ["| sympy\n" in run.stderr for run in runs] == [True, False]


def test_only_the_files_written_last_are_kept(tmp_path):
    """Checkouts of different versions side by side keep their own files."""
    for k in range(derivcache.KEPT_FILES + 3):
        (tmp_path / f"derivatives-{k}.json").write_text("{}")
        os.utime(tmp_path / f"derivatives-{k}.json", (k, k))
    derivcache._prune(tmp_path)
    kept = sorted(int(p.stem.split("-")[1]) for p in tmp_path.glob("derivatives-*.json"))
    assert kept == list(range(3, derivcache.KEPT_FILES + 3))


def test_a_program_takes_its_inputs_by_symbol_or_by_name():
    a0 = sp().Symbol("a0", real=True)
    program = Program([sp().tanh(a0) * 2])
    assert program.run({a0: np.float64(1.0)}) == program.run({"a0": np.float64(1.0)})


def test_the_entries_written_last_are_kept(cache, monkeypatch):
    monkeypatch.setattr(derivcache, "MAX_ENTRIES", 2)
    calls: list = []
    for exponent in (2, 3, 4):
        derivcache.program(OPS["tanh"], ("partial", 0, 1, (("exponent", exponent),)),
                           _tanh_program(calls))
    (path,) = cache.glob("derivatives-*.json")
    keys = list(json.loads(path.read_text())["entries"])
    assert len(keys) == 2 and "('exponent', 3)" in keys[0] and "('exponent', 4)" in keys[1]
