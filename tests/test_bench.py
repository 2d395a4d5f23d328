"""scripts/bench.py's table: one line per output format, each with its ratio, memory and output
size; the targets it misses named (the timings themselves are the script's business)."""
from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "bench.py"
spec = importlib.util.spec_from_file_location("bench", SCRIPT)
bench = importlib.util.module_from_spec(spec)
sys.modules["bench"] = bench  # (its dataclasses look their module up)
spec.loader.exec_module(bench)


def runs(seconds: float, mib: int, output: int, n: int = 3) -> list:
    return [bench.Run(seconds, mib * 1024, output) for _ in range(n)]


def test_one_line_per_format_the_reference_on_the_first():
    w = bench.Workload("mlp", "", 1.5, note="the MLP", formats=bench.ALL_FORMATS,
                       memory_target=True)
    ours = {"plain": runs(1.0, 150, 2_000), "json": runs(2.0, 250, 1_500_000),
            "jsonl": runs(1.2, 160, 900_000)}
    lines, missed = bench.workload_lines(w, runs(1.0, 237, 10), ours, smoke=False)
    assert len(lines) == 3 and lines[0].startswith("mlp") and "# the MLP" in lines[0]
    assert "torch" in lines[0] and "torch" not in lines[1] + lines[2]
    assert "ratio  1.00x ✓" in lines[0] and "ratio  2.00x ✗" in lines[1]
    assert "150/237 MiB ✓" in lines[0] and "250/237 MiB ✗" in lines[1]
    assert "2.0 kB" in lines[0] and "1.5 MB" in lines[1] and "0.9 MB" in lines[2]
    assert missed == ["mlp json", "mlp json memory"]


def test_smoke_judges_nothing():
    w = bench.Workload("chain", "", 0.7, memory_target=True)
    lines, missed = bench.workload_lines(w, runs(1.0, 10, 0), {"plain": runs(5.0, 99, 0)},
                                         smoke=True)
    assert missed == [] and "✗" not in lines[0] and "✓" not in lines[0]


def test_formats_chosen_apply_to_the_workloads_against_pytorch_alone():
    against_torch = bench.Workload("mlp", "", 1.5, formats=bench.ALL_FORMATS)
    check_cost = bench.Workload("check-mlp", "", 1.3, "nocheck")
    assert bench.measured_formats(against_torch, None) == bench.ALL_FORMATS
    assert bench.measured_formats(against_torch, ("plain",)) == ("plain",)
    assert bench.measured_formats(check_cost, ("json",)) == ("plain",)


def test_the_formats_option():
    assert bench.output_formats("plain, json,plain") == ("plain", "json")
    for wrong in ("", "yaml", "plain,xml"):
        with pytest.raises(argparse.ArgumentTypeError):
            bench.output_formats(wrong)


def test_every_workload_is_measured_in_plain_and_the_big_outputs_in_every_format():
    loads = {w.name: w for w in bench.workloads(smoke=True)}
    assert all("plain" in w.formats for w in loads.values())
    for name in ("chain", "chain2", "mlp", "classifier", "lstm"):
        assert loads[name].formats == bench.ALL_FORMATS
    assert loads["check-tutorial"].reference == "nocheck" and loads["check-tutorial"].target == 3.0
