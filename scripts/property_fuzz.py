#!/usr/bin/env python3
"""The property-based differential test at a larger budget: fresh random programs each run.

  python scripts/property_fuzz.py                  10x the CI budget, a random seed
  python scripts/property_fuzz.py -n 20000 --seed 7
  python scripts/property_fuzz.py --check          also run gradcli's cross-check (slower)
  python scripts/property_fuzz.py --keep DIR       write every failing program to DIR

Unlike the CI test it does not stop at the first difference: it runs the whole budget,
prints each failing program (as hypothesis shrinks nothing here) and a summary. Needs torch.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's gradcli, whatever is installed

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from oracle.differential import PyTorchCrashed, TorchOracle, program_differences  # noqa: E402
from oracle.programs import programs  # noqa: E402

CI_EXAMPLES = 400


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--examples", type=int, default=10 * CI_EXAMPLES)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--check", action="store_true", help="run the cross-check too")
    parser.add_argument("--keep", type=Path, default=None, help="directory for failures")
    args = parser.parse_args()
    chosen = args.seed if args.seed is not None else random.randrange(2**32)
    oracle = TorchOracle()
    failures: list[tuple[str, list[str]]] = []
    ran = crashed = 0

    @seed(chosen)
    @settings(max_examples=args.examples, database=None, deadline=None, phases=["generate"],
              suppress_health_check=list(HealthCheck))
    @given(source=programs())
    def run(source):
        nonlocal ran, crashed
        ran += 1
        try:
            diffs = program_differences(oracle, source, check=args.check)
        except PyTorchCrashed:
            crashed += 1
            return
        if diffs:
            failures.append((source, diffs))

    start = time.monotonic()
    try:
        run()
    finally:
        oracle.close()
    for i, (source, diffs) in enumerate(failures):
        print(f"--- failure {i + 1}: " + "; ".join(diffs[:3]) + "\n" + source)
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / f"failure_{i + 1:03d}.py").write_text(source)
    print(f"seed {chosen}: {ran} programs, {len(failures)} differ from PyTorch, {crashed} crashed "
          f"PyTorch itself (not compared), {time.monotonic() - start:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
