"""sympy's derivatives of the ops' forms, kept between runs as compiled programs (the recipes
of ieee.Program): a script checked again imports no sympy and derives nothing, which for a
training loop is most of what its check costs (~0.3 s to import sympy, as much again for its
first derivative). Still sympy's own derivatives: the same ones, derived once.

An entry is keyed by the op's row and what was derived of it (or, for the vectorized path's
one formula per elementwise graph, by the graph's structure: elementwise_kept), in a file
named after everything else a derivative is made from: sympy's version and the sources of
gradcli's engine (the forms) and check (the derivation). Where: GRADCLI_CACHE (a folder;
set empty, no cache), else $XDG_CACHE_HOME/gradcli, else ~/.cache/gradcli. A damaged or
unwritable cache is ignored: the derivative is derived again.

A cached derivative decides a check's verdict, so the file is trusted only as gradcli wrote
it (check/cachefile.py): signed with a key of the user's own kept beside it, read only when
it is a regular file of sane size, its entries' nesting bounded. Anything else (a crafted
entry, a FIFO, a link to /dev/zero, JSON nested too deep) is read as no cache: derived again.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from gradcli.engine.optable import OPS

from . import cachefile
from .ieee import Program

PREFIX = "derivatives-"
T = TypeVar("T")
MAX_ENTRIES = 2048  # a file read at every run stays small (scripts' own exponents and such)


def program(op, what: tuple, derive: Callable[[], Program]) -> Program:
    """The program `derive()` makes for `what` of `op`, from the cache when it holds one."""
    return kept(op, what, derive, lambda made: [made.recipe, made.outputs],
                lambda entry: Program.from_recipe(*entry))


def kept(op, what: tuple, derive: Callable[[], T], encode: Callable[[T], Any],
         decode: Callable[[Any], T]) -> T:
    """What `derive()` (sympy's work) makes for `what` of `op`, from the cache when it holds
    it: `encode` gives it as JSON data, `decode` makes it again from that data (raising
    ValueError, TypeError, KeyError or IndexError for a damaged entry, derived again)."""
    key = _key(op, what)
    if key is None:
        return derive()
    found = cached(key, decode)
    if found is not None:
        return found
    made = derive()
    keep(key, encode(made))
    return made


def cached(key: str, decode: Callable[[Any], T]) -> T | None:
    """The entry named `key`, made again by `decode` from its JSON data; None where the cache
    holds none, or a damaged one (decode raising ValueError, TypeError, KeyError, IndexError
    or RecursionError: derived again, written over)."""
    store = _store()
    entry = None if store is None else store.entries.get(key)
    if entry is None:
        return None
    try:
        return decode(entry)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None


def keep(key: str, entry: Any) -> None:
    """Writes an entry (JSON data) under `key`, where there is a cache."""
    store = _store()
    if store is not None:
        store.add(key, entry)


def _key(op, what: tuple) -> str | None:
    """The entry's name: only for an op of the table (a row built at run time, such as a
    custom Function's, may share its name), or None for a form of the check's own (a step
    of forms_nn), with parameters that print the same every run."""
    if op is not None and OPS.get(op.name) is not op:
        return None
    key = repr(what if op is None else (op.name, *what))
    return None if " at 0x" in key else key


class _Store:
    def __init__(self, path: Path):
        self.path = path
        self.entries = _read(path)

    def add(self, key: str, entry: list) -> None:
        """Adds an entry to the file, keeping what other runs wrote since it was read."""
        entries = {**_read(self.path), **self.entries}
        entries.pop(key, None)  # (re)written last: the entries dropped first are the oldest
        self.entries = dict(list(entries.items())[-MAX_ENTRIES + 1:]) | {key: entry}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            signed = cachefile.sign(self.entries, cachefile.key(self.path.parent, create=True))
            with tempfile.NamedTemporaryFile("wb", dir=self.path.parent, delete=False,
                                             prefix=".tmp-", suffix=".json") as out:
                out.write(signed)
            os.replace(out.name, self.path)  # whole or not at all, for runs reading it
            _prune(self.path.parent)
        except (OSError, cachefile.NoKey):
            pass  # a read-only home: the next run derives again


KEPT_FILES = 8  # of other gradcli versions (or checkouts) and sympy versions


def _prune(folder: Path) -> None:
    """Removes all but the KEPT_FILES files written last: one per version in use, not one per
    version ever installed (several checkouts side by side do not take turns deleting)."""
    files = sorted(folder.glob(f"{PREFIX}*.json"), key=lambda p: p.stat().st_mtime)
    for old in files[:-KEPT_FILES]:
        old.unlink(missing_ok=True)


def _read(path: Path) -> dict:
    """The file's entries, when gradcli wrote it; else none."""
    try:
        return cachefile.verified(path, cachefile.key(path.parent))
    except (OSError, cachefile.NoKey, cachefile.Untrusted):
        return {}


@functools.cache
def _store() -> _Store | None:
    folder = _folder()
    return None if folder is None else _Store(folder / f"{PREFIX}{_fingerprint()}.json")


def _folder() -> Path | None:
    chosen = os.environ.get("GRADCLI_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    try:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    except RuntimeError:  # no home directory: no cache
        return None
    return Path(base) / "gradcli"


def _fingerprint() -> str:
    """A digest of what the derivatives are made from: sympy's version (read from its
    release file, not imported) and the sources of gradcli's engine and check."""
    digest = hashlib.sha256()
    spec = importlib.util.find_spec("sympy")
    release = Path(spec.origin).parent / "release.py" if spec and spec.origin else None
    package = Path(__file__).resolve().parent.parent
    for path in [release, *sorted((package / "engine").rglob("*.py")),
                 *sorted((package / "check").glob("*.py"))]:
        if path is not None and path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]
