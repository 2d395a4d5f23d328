"""A long fuzzing run by hand: random scripts, mutated scripts and random bytes through gradcli.

    python scripts/fuzz.py --programs 5000 --mutants 2000 --bytes 3000 --attacks 500 --seed 1

Every run must end in one of the documented statuses (ok, mismatch/assertion, invalid,
error) within the time limit, without an exception escaping gradcli (the traceback a user
would see), without an InternalError and without touching the host. Prints the numbers and
each failing input; the input being run is kept in --current, so that a hang that takes the
process down (a C loop that never returns) is still found.
"""
from __future__ import annotations

import argparse
import collections
import gc
import resource
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "hostile"))

import fuzzing  # noqa: E402
from hostile_harness import (  # noqa: E402
    FUZZ_LIMITS,
    Hang,
    broken_rules,
    internal_origin,
    run_bytes,
    run_text,
)
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from gradcli.engine.limits import Limits  # noqa: E402


class Tally:
    """What the runs ended in, and the inputs that broke a rule."""

    def __init__(self, current: Path):
        self.current = current
        self.statuses: collections.Counter = collections.Counter()
        self.error_types: collections.Counter = collections.Counter()
        self.failures: list[tuple[str, str, str]] = []  # (rule broken, detail, input)
        self.runs = self.bytes = 0
        self.slowest = (0.0, "")

    def run(self, kind: str, data: str | bytes) -> None:
        text = data if isinstance(data, str) else data.decode("utf-8", "backslashreplace")
        self.current.write_text(text)
        self.runs += 1
        self.bytes += len(data.encode() if isinstance(data, str) else data)
        try:
            outcome = run_text(data, self.limits(kind), seconds=10) if isinstance(data, str) \
                else run_bytes(data, seconds=10)
        except Hang:
            self.fail("hang (over 10 s)", "", text)
            return
        except BaseException:  # what would have been a traceback in the user's terminal
            self.fail("traceback", traceback.format_exc(limit=-3), text)
            return
        self.statuses[f"{outcome.status} (exit {outcome.exit_code})"] += 1
        if outcome.error_type:
            self.error_types[outcome.error_type] += 1
        if outcome.internal:
            where = internal_origin(data if isinstance(data, str) else text)
            self.fail(f"InternalError in {where}", outcome.message, text)
        for rule in broken_rules(outcome):
            self.fail(rule, "", text)
        if outcome.seconds > self.slowest[0]:
            self.slowest = (outcome.seconds, text)

    @staticmethod
    def limits(kind: str) -> Limits:
        """Attacks meet the default limits, as a user's script would, but a 5 s time limit:
        whatever else ends them, the watchdog's 10 s must never be reached."""
        return Limits(max_seconds=5.0, max_memory=2**30) if kind == "attack" else FUZZ_LIMITS

    def fail(self, rule: str, detail: str, text: str) -> None:
        self.failures.append((rule, detail, text))

    def report(self, elapsed: float) -> None:
        print(f"\n{self.runs:,} runs, {self.bytes:,} bytes of input, {elapsed:.0f} s "
              f"({self.runs / max(elapsed, 1e-9):.0f} runs/s)")
        print("statuses:", ", ".join(f"{k}: {v:,}" for k, v in self.statuses.most_common()))
        print("errors that ended runs:",
              ", ".join(f"{k}: {v:,}" for k, v in self.error_types.most_common()))
        print(f"slowest run: {self.slowest[0]:.2f} s; peak memory of the fuzzing process: "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024:,} MiB")
        rules = collections.Counter(rule for rule, _, _ in self.failures)
        print("rules broken:", dict(rules) or "none")
        first: dict[tuple[str, str], str] = {}  # one example of each distinct failure
        for rule, detail, text in self.failures:
            first.setdefault((rule, detail.strip()[:300]), text)
        print(f"{len(first)} distinct failures")
        for rule, detail in first:
            shortest = min((t for r, d, t in self.failures if (r, d.strip()[:300]) ==
                            (rule, detail)), key=len)
            print(f"\n--- {rule}: {detail}\n{shortest[-1200:]}")


BATCH = 1000  # examples per hypothesis run: its memory grows with every example it keeps


def fuzz(tally: Tally, strategy, examples: int, kind: str, seed_value: int) -> None:
    for start in range(0, examples, BATCH):
        @seed(seed_value * 100_003 + start)
        @settings(max_examples=min(BATCH, examples - start), deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def one(data):
            tally.run(kind, data)

        one()
        gc.collect()
        print(f"  {tally.runs:,} runs ...", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=2000)
    parser.add_argument("--mutants", type=int, default=1000)
    parser.add_argument("--bytes", type=int, default=1000, help="random byte strings")
    parser.add_argument("--attacks", type=int, default=300,
                        help="scripts that try to run for ever (each may take seconds)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--current", type=Path, default=Path("fuzz-current.txt"),
                        help="where the input being run is kept")
    args = parser.parse_args()
    tally = Tally(args.current)
    start = time.perf_counter()
    fuzz(tally, fuzzing.programs(), args.programs, "program", args.seed)
    fuzz(tally, fuzzing.mutated_programs(), args.mutants, "mutant", args.seed + 1)
    fuzz(tally, fuzzing.random_bytes(), args.bytes, "bytes", args.seed + 2)
    fuzz(tally, fuzzing.attacks(), args.attacks, "attack", args.seed + 3)
    tally.report(time.perf_counter() - start)
    sys.exit(1 if tally.failures else 0)


if __name__ == "__main__":
    main()
