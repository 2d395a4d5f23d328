"""The fuzzer, on a fixed budget for CI: random scripts, mutated scripts and random bytes.

Every run must end in one of the documented statuses with its exit code, within its time
limit, with no exception escaping gradcli (what a user would see as a traceback) and nothing
done to the host. An InternalError from the language layer fails the test; one from the engine
is reported as a warning (see scripts/fuzz.py for the longer run by hand).
"""
from __future__ import annotations

import warnings

import fuzzing
from hostile_harness import broken_rules, internal_origin, run_bytes, run_text
from hypothesis import HealthCheck, given, settings


def budget(examples: int) -> settings:
    """A fixed, reproducible budget: the same examples on every CI run."""
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    print_blob=True, suppress_health_check=list(HealthCheck))


def keeps_the_rules(outcome, text: str) -> None:
    assert broken_rules(outcome) == [], text
    if outcome.internal:
        origin = internal_origin(text)
        assert not origin.startswith("sandbox/"), f"{outcome.message}\n{text}"
        warnings.warn(f"InternalError in {origin}: {outcome.message}\n{text}", stacklevel=2)


@budget(60)
@given(fuzzing.programs())
def test_random_scripts(source):
    keeps_the_rules(run_text(source, seconds=10), source)


@budget(30)
@given(fuzzing.mutated_programs())
def test_mutated_scripts(data):
    keeps_the_rules(run_bytes(data, seconds=10), data.decode("utf-8", "replace"))


@budget(60)
@given(fuzzing.random_bytes())
def test_random_bytes(data):
    keeps_the_rules(run_bytes(data, seconds=10), repr(data))
