"""Python's `random` module for scripts (`random.seed(0)`, `random.randint(4, 6)` in the
tutorials' DynamicNet): Python's own Mersenne Twister, one per session, so a seeded script
draws what it draws under Python."""
from __future__ import annotations

import random
import weakref
from collections.abc import Callable

from gradcli.engine import runtime
from gradcli.engine.limits import limit_message
from gradcli.sandbox.limits import LimitHit

_STREAMS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
NAMES = ("seed", "random", "randint", "randrange", "uniform", "choice", "choices", "shuffle",
         "sample", "gauss", "normalvariate", "getrandbits", "betavariate", "expovariate",
         "triangular")


def _stream() -> random.Random:
    """This session's generator, seeded from the OS like Python's until the script seeds it."""
    session = runtime.current
    stream = _STREAMS.get(session)
    if stream is None:
        stream = _STREAMS[session] = random.Random()
    return stream


def _method(name: str) -> Callable:
    def call(*args, **kwargs):
        return getattr(_stream(), name)(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    return call


def _getrandbits(k, /):
    """getrandbits(k) makes a k-bit int in one C call: k is held to the integer size limit
    before it (getrandbits(2 * 10**7) % getrandbits(10**7) would run for minutes)."""
    limits = runtime.current.limits
    if isinstance(k, int) and k > limits.max_int_bits:
        raise LimitHit(limit_message(limits, "max_int_bits", "by random.getrandbits()"))
    return _stream().getrandbits(k)


def _choices(population, weights=None, *, cum_weights=None, k=1):
    """choices(..., k=k) makes a list of k items in one C call: k is held to the sequence
    limit before it."""
    limits = runtime.current.limits
    if isinstance(k, int) and k > limits.max_sequence:
        raise LimitHit(limit_message(limits, "max_sequence", "by random.choices()"))
    return _stream().choices(population, weights, cum_weights=cum_weights, k=k)


FUNCTIONS = {name: _method(name) for name in NAMES} | {"getrandbits": _getrandbits,
                                                      "choices": _choices}
