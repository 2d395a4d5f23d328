"""A derivative cache that cannot lie (issue 31): a cached derivative decides the verdict, so a
file gradcli did not write (a crafted entry, JSON nested 100,000 deep, a FIFO, a link to
/dev/zero, one over the size cap) is no cache at all: the check derives again and runs as
ever, and the run never blocks or ends in an internal error."""
from __future__ import annotations

import json
import os
import stat
import time

import pytest

from gradcli.app.api import run_session
from gradcli.check import cachefile, derivcache, elementwise_kept

# (its derivative x·(1 - tanh(x)**2) + tanh(x) is kept: the vectorized path's one formula)
SCRIPT = ("import torch\nx = torch.linspace(0.1, 2.0, 64, requires_grad=True)\n"
          "(x.tanh() * x).sum().backward()\n")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, filled by one run, read afresh by the next."""
    monkeypatch.setenv("GRADCLI_CACHE", str(tmp_path))
    fresh()
    assert verdicts(run_session(SCRIPT, "s.py")) == [("symbolic", True)]
    fresh()
    yield derivcache._store().path
    fresh()


def fresh() -> None:
    """As a new process: nothing read or made yet."""
    derivcache._store.cache_clear()
    elementwise_kept._MADE.clear()


def verdicts(result) -> list[tuple[str, bool]]:
    return [(row.method, row.match) for event in result.events if event.kind == "backward"
            for row in event.grads]


def checked_again(path) -> list[tuple[str, bool]]:
    """The verdicts of a second run, which reads what is at `path` now."""
    fresh()
    start = time.perf_counter()
    result = run_session(SCRIPT, "s.py")
    assert time.perf_counter() - start < 60  # never blocked on the file
    assert result.status == "ok" and result.exit_code == 0, result.events[-1]
    return verdicts(result)


def lying(entries: dict) -> dict:
    """The entries, each derivative changed: 1 - tanh² becomes 1 - tanh²/2."""
    text = json.dumps(entries).replace('["number", -1.0]', '["number", -0.5]')
    assert text != json.dumps(entries)
    return json.loads(text)


def entries_of(path) -> dict:
    return json.loads(path.read_bytes())["entries"]


def test_a_crafted_entry_changes_no_verdict(cache):
    crafted = lying(entries_of(cache))
    for forged in (json.dumps(crafted).encode(),  # the plain JSON of before
                   cachefile.sign(crafted, os.urandom(cachefile.KEY_BYTES))):  # another key
        cache.write_bytes(forged)
        fresh()
        assert derivcache._store().entries == {}  # not read: what the check uses is derived
        assert checked_again(cache) == [("symbolic", True)]
    assert entries_of(cache) != crafted  # derived again, written over


def test_only_the_user_s_key_makes_an_entry_believed(cache):
    """The control: the same lie signed with the key beside the file is read, and believed.
    (It cannot raise a false alarm since IEEE-true expectations: the elements sympy's form
    fails are judged again by the chain rule through each op, which finds the engine right.)"""
    lie = lying(entries_of(cache))
    cache.write_bytes(cachefile.sign(lie, cachefile.key(cache.parent)))
    fresh()
    assert derivcache._store().entries == lie
    assert verdicts(run_session(SCRIPT, "s.py")) == [("symbolic", True)]


def test_the_key_is_the_user_s_alone(cache):
    key = cache.parent / cachefile.KEY_NAME
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    cache.write_bytes(cachefile.sign(lying(entries_of(cache)), cachefile.key(cache.parent)))
    key.chmod(0o644)  # others may have read it: it vouches for nothing any more
    assert checked_again(cache) == [("symbolic", True)]


def test_json_nested_too_deep_is_derived_again_and_the_check_runs(cache):
    cache.write_text("[" * 100_000 + "]" * 100_000)
    assert checked_again(cache) == [("symbolic", True)]


def test_entries_nested_too_deep_are_refused_even_signed(cache):
    deep: list = []
    for _ in range(cachefile.MAX_DEPTH + 5):
        deep = [deep]
    key = cachefile.key(cache.parent)
    cache.write_bytes(cachefile.sign({**entries_of(cache), "deep": deep}, key))
    with pytest.raises(cachefile.Untrusted):
        cachefile.verified(cache, key)
    assert checked_again(cache) == [("symbolic", True)]


def test_a_cache_linked_to_dev_zero_is_not_read(cache):
    cache.unlink()
    cache.symlink_to("/dev/zero")
    assert checked_again(cache) == [("symbolic", True)]


def test_a_fifo_as_the_cache_never_blocks(cache):
    cache.unlink()
    os.mkfifo(cache)
    assert checked_again(cache) == [("symbolic", True)]


def test_a_cache_over_the_size_cap_is_not_read(cache, monkeypatch):
    monkeypatch.setattr(cachefile, "MAX_BYTES", 64)
    with pytest.raises(OSError, match="over 64 bytes"):
        cachefile.verified(cache, cachefile.key(cache.parent))
    assert checked_again(cache) == [("symbolic", True)]
