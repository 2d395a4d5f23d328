#!/usr/bin/env python3
"""What the check costs on a wide cross-entropy training loop, and whether it is exact.

    python scripts/wide_softmax_cost.py                  # 200 steps, 2,000 classes, 3 rounds
    python scripts/wide_softmax_cost.py --steps 20 --classes 500 --rounds 1

Runs one script (a linear classifier over `--classes` classes, trained by SGD) through
`gradcli run` with the check and with `--no-check`, and prints the best wall times of each,
their ratio and the check's rows: every row must be checked on every element on the
structured path (softmax's Jacobian diag(p) − p·pᵀ applied through the slice's sum, never
built or derived entry by entry). Exit 1 when a row is not, or the ratio is over `--limit`
(3 by default).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOOP = """import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(8, 32)
t = torch.randint(0, {classes}, (8,))
W = (torch.randn(32, {classes}) * 0.1).requires_grad_()
b = torch.zeros({classes}, requires_grad=True)
opt = torch.optim.SGD([W, b], lr=0.5)
for step in range({steps}):
    opt.zero_grad()
    loss = F.cross_entropy(x @ W + b, t)
    loss.backward()
    opt.step()
print(loss.item())
"""


def run(path: Path, *flags: str) -> tuple[float, dict]:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
           "OPENBLAS_NUM_THREADS": "1", "NO_COLOR": "1"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "gradcli", "run", str(path), "--format", "json",
                           "--max-seconds", "3600", *flags], capture_output=True, text=True,
                          env=env, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"gradcli run {' '.join(flags)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, json.loads(done.stdout)


def not_exact(report: dict) -> list[str]:
    """The rows not checked exactly on every element, each said in a line."""
    rows = [g for e in report["events"] if e["kind"] == "backward" for g in e["grads"]]
    return [f"{g['name']}: {g['method']}, match {g['match']}: {g.get('note') or ''}"[:200]
            for g in rows if g["method"] != "symbolic" or g["match"] is not True
            or "structured" not in (g.get("note") or "")] or ([] if rows else ["no rows"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--classes", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=float, default=3.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "wide_cross_entropy.py"
        path.write_text(LOOP.format(steps=args.steps, classes=args.classes))
        checked, unchecked, report = [], [], {}
        for _ in range(args.rounds):  # interleaved: a busy machine slows both alike
            seconds, report = run(path)
            checked.append(seconds)
            unchecked.append(run(path, "--no-check")[0])
    ratio = min(checked) / min(unchecked)
    summary = report["summary"]
    print(f"{args.steps} steps, {args.classes:,} classes: check {min(checked):.2f} s, "
          f"--no-check {min(unchecked):.2f} s, ratio {ratio:.2f} (limit {args.limit:g}); "
          f"{summary['checked']} rows checked, {summary['mismatches']} mismatches")
    wrong = not_exact(report)
    for line in wrong:
        print(f"  not exact: {line}")
    return 1 if wrong or summary["mismatches"] or ratio > args.limit else 0


if __name__ == "__main__":
    sys.exit(main())
