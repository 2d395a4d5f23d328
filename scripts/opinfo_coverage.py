#!/usr/bin/env python3
"""How much of PyTorch's OpInfo and ModuleInfo samples gradcli gets right (issue #29).

  python scripts/opinfo_coverage.py                 opinfo: C/N ops covered, modules: M/K
  python scripts/opinfo_coverage.py --verbose       and each op's and module's status, and why
  python scripts/opinfo_coverage.py --only add,cat  only these ops / modules (keys as listed)
  python scripts/opinfo_coverage.py --known         write tests/oracle/opinfo_known.txt afresh:
                                                    every op/module not covered, with its reason

Statuses: covered (every sample matches PyTorch, and the check agrees), partial (some samples
do), rejected (gradcli refuses the name), failing (no sample does), skipped (no sample can be
written as a session script: no public name, complex values, ...). N counts every OpInfo that
supports autograd in float32 on the CPU; K every ModuleInfo. Needs torch and expecttest.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's gradcli, whatever is installed

from oracle import opinfo  # noqa: E402

KNOWN = ROOT / "tests" / "oracle" / "opinfo_known.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", "-v", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated keys")
    parser.add_argument("--known", action="store_true", help=f"rewrite {KNOWN.name}")
    parser.add_argument("--no-modules", action="store_true")
    parser.add_argument("--no-ops", action="store_true")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    start = time.monotonic()
    results = {}
    kinds = ([] if args.no_ops else [("op", opinfo.differentiable_ops(), opinfo.op_key,
                                      opinfo.op_cases)]) + \
        ([] if args.no_modules else [("module", opinfo.all_modules(), opinfo.module_key,
                                      opinfo.module_cases)])
    for kind, items, key_of, cases_of in kinds:
        statuses = []
        for item in items:
            key = key_of(item)
            if only and key not in only:
                continue
            status = opinfo.classify(key, cases_of(item))
            statuses.append(status)
            if args.verbose:
                print(f"{kind} {key}: {status.status}"
                      + (f" - {status.reason}" if status.reason else ""), flush=True)
        results[kind] = statuses
    ops, modules = results.get("op", []), results.get("module", [])
    covered = sum(s.status == opinfo.COVERED for s in ops)
    mods = sum(s.status == opinfo.COVERED for s in modules)
    print(f"opinfo: {covered}/{len(ops)} ops covered, modules: {mods}/{len(modules)}")
    for kind, statuses in results.items():
        counts = {}
        for s in statuses:
            counts[s.status] = counts.get(s.status, 0) + 1
        print(f"  {kind}s: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"  ({time.monotonic() - start:.0f} s)")
    if args.known:
        lines = [f"# {KNOWN.name}: ops and modules whose samples do not all match PyTorch yet "
                 "(tests/test_opinfo.py marks them xfail(strict=True): a fix is noticed).",
                 "# kind key<TAB>status<TAB>reason; written by scripts/opinfo_coverage.py "
                 "--known, reasons may be edited by hand"]
        for kind, statuses in results.items():
            lines += [f"{kind} {s.key}\t{s.status}\t{s.reason}" for s in statuses
                      if s.status in (opinfo.PARTIAL, opinfo.FAILING)]
        KNOWN.write_text("\n".join(lines) + "\n")
        print(f"wrote {KNOWN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
