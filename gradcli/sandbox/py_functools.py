"""Python's `functools` and `itertools` for scripts: `functools.partial`/`reduce`/`wraps`/
`lru_cache`, `itertools.chain`/`product`/`count`... as the snippets that import them use them.

Python's own functions do the work. What they hand back is gradcli's: a script function stays a
ScriptFunction (a wrapper never carries Python's function attributes), and every iterator
counts each item it gives as a unit of work, so `list(itertools.count())` ends at the step
budget instead of filling memory inside one C call. Pools that itertools copies whole before
the first item (product, combinations, permutations) are measured first.
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from typing import Any

from gradcli.engine import runtime
from gradcli.sandbox.guards import active_limits, known_length, too_big
from gradcli.sandbox.objects import ScriptFunction


def _function_name(fn: Any) -> str:
    return getattr(fn, "name", None) or getattr(fn, "__name__", "<function>")


# ---- functools ----------------------------------------------------------------------------


def reduce(function, iterable, *initial):
    """functools.reduce over a metered iterable: each item is a unit of work."""
    return functools.reduce(function, Metered(iter(iterable), "reduce()"), *initial)


def partial(function, /, *args, **keywords):
    """functools.partial, as a script function (its repr names what it wraps)."""
    bound = functools.partial(function, *args, **keywords)
    shown = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in keywords.items())])
    return ScriptFunction(f"functools.partial({_function_name(function)}"
                          f"{', ' if shown else ''}{shown})", bound)


def wraps(wrapped, *args, **kwargs):
    """@functools.wraps(fn): the wrapper under fn's name. Python's update_wrapper would set
    attributes on the function object; a script's function has only its name."""
    def decorate(wrapper):
        return ScriptFunction(_function_name(wrapped), wrapper)
    return decorate


def lru_cache(maxsize=128, typed=False):
    """@functools.lru_cache, @functools.lru_cache(maxsize=None) and @functools.cache: Python's
    cache around the script's function, itself a script function."""
    def decorate(fn):
        return ScriptFunction(_function_name(fn), functools.lru_cache(maxsize, typed)(fn))
    if callable(maxsize) and not isinstance(maxsize, bool):  # @lru_cache without parentheses
        fn, maxsize = maxsize, 128
        return decorate(fn)
    return decorate


def cache(fn):
    return lru_cache(None)(fn)


FUNCTOOLS = {"reduce": reduce, "partial": partial, "wraps": wraps, "lru_cache": lru_cache,
             "cache": cache}


# ---- itertools ----------------------------------------------------------------------------


class Metered:
    """An iterator that counts each item it gives as a unit of the step budget."""

    __slots__ = ("inner", "where")

    def __init__(self, inner: Iterator, where: str):
        self.inner, self.where = inner, where

    def __iter__(self) -> Metered:
        return self

    def __next__(self) -> Any:
        item = next(self.inner)
        runtime.current.count_work(1, f"in {self.where}", "item")
        return item

    def __repr__(self) -> str:
        return repr(self.inner)


def _pool(iterable: Any, where: str) -> Any:
    """An input that itertools copies whole: refused when it is known to be too long."""
    n = known_length(iterable)
    limits = active_limits()
    if n is not None and n > limits.max_sequence:
        raise too_big(limits, "max_sequence", f"by {where} over {n:,} items")
    return iterable


def _metered(name: str, make: Callable, pools: bool = False) -> Callable:
    """itertools.name: Python's, metered; its iterable arguments measured when `pools`."""
    def call(*args, **kwargs):
        if pools:
            args = tuple(_pool(a, f"itertools.{name}()") for a in args)
            repeat = kwargs.get("repeat", 1)
            if isinstance(repeat, int) and repeat * max(len(args), 1) > \
                    active_limits().max_sequence:
                raise too_big(active_limits(), "max_sequence", f"by itertools.{name}(repeat=)")
        return Metered(make(*args, **kwargs), f"itertools.{name}()")
    call.__name__ = call.__qualname__ = name
    return call


class Chain:
    """itertools.chain, with its `chain.from_iterable`."""

    __slots__ = ()

    def __call__(self, *iterables) -> Metered:
        return Metered(itertools.chain(*iterables), "itertools.chain()")

    def from_iterable(self, iterables) -> Metered:
        return Metered(itertools.chain.from_iterable(iterables), "itertools.chain()")

    def __repr__(self) -> str:
        return "<class 'itertools.chain'>"


ITERTOOLS = {
    "chain": Chain(),
    **{name: _metered(name, getattr(itertools, name)) for name in (
        "count", "cycle", "repeat", "islice", "accumulate", "zip_longest", "starmap",
        "takewhile", "dropwhile", "compress", "pairwise", "groupby", "filterfalse")},
    **{name: _metered(name, getattr(itertools, name), pools=True) for name in (
        "product", "combinations", "permutations", "combinations_with_replacement")},
}
