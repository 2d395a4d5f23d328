"""Python's builtins and list/str/math methods for the API table, measured before they loop in C.

Each wrapper checks what Python is about to do against the session's limits, then calls
Python's own function with the same arguments, so results and error messages stay Python's.
Lazy iterables longer than max_sequence never get here: the call itself refuses them (see
guards.make_call_check). The types (list, tuple, str, int, ...) stay the real types, for
isinstance; what they build is measured at the call (guards) and counted for the memory limit.
"""
from __future__ import annotations

import builtins
import itertools
import math
import re
import time
from collections.abc import Callable, Iterator
from types import GeneratorType
from typing import Any

from gradcli.engine import runtime
from gradcli.sandbox.formatting import format_string
from gradcli.sandbox.guards import (
    NESTABLE,
    active_limits,
    check_nested,
    count_growth,
    guarded_division,
    iteration_length,
    known_length,
    too_big,
)
from gradcli.sandbox.limits import digits_exceed
from gradcli.sandbox.script_errors import ScriptError


class Builtin:
    """A builtin function as a script sees it: Python's own behind a size check."""

    __slots__ = ("name", "call")

    def __init__(self, name: str, call: Callable):
        self.name, self.call = name, call

    def __call__(self, *args, **kwargs):
        return self.call(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<built-in function {self.name}>"


def check_length(n: int, what: str) -> None:
    limits = active_limits()
    if n > limits.max_sequence:
        raise too_big(limits, "max_sequence", f"by {what}")


# ---- sum ----------------------------------------------------------------------------------


def _sum(*args, **kwargs):
    """sum(); over lists or tuples with a list or tuple start it concatenates, which Python
    does pairwise (quadratic): this does it in one pass, after checking the total length."""
    if len(args) == 2 and not kwargs:
        iterable, start = args
    elif len(args) == 1 and list(kwargs) == ["start"]:
        iterable, start = args[0], kwargs["start"]
    elif len(args) == 1 and not kwargs:
        iterable, start = args[0], 0
    else:
        return sum(*args, **kwargs)
    if isinstance(start, (list, tuple)):
        return _concatenate(list(iterable), start)
    return _timed_sum(iterable, start)


CHUNK = 4096  # items a builtin handles between two readings of the clock


def chunks(iterable: Any, where: str, unit: str) -> Iterator[list]:
    """The items of `iterable`, a chunk at a time, each counted as work before it is used.
    When the length is known, the whole is refused at once if it exceeds the step budget,
    and the rest after any chunk if, at the rate so far, it cannot finish in the time left:
    `sum([x] * 9999999)` builds ten million graph nodes inside one call."""
    clock, total = runtime.current, known_length(iterable)
    if total is not None:
        clock.expect_work(total, where, unit)
    items, started, done = iter(iterable), time.monotonic(), 0
    while chunk := list(itertools.islice(items, CHUNK)):
        clock.count_work(len(chunk), where, unit)
        yield chunk
        done += len(chunk)
        if total is not None:
            clock.project(done, total, started, f"{where.removeprefix('in ')} of {total:,} "
                          "items")


def _timed_sum(iterable: Any, start: Any) -> Any:
    """sum() a chunk at a time, counting the work between chunks. Python's sum is a left
    fold, so folding chunk by chunk gives the same result, errors included."""
    if isinstance(start, (str, bytes, bytearray)):
        return sum(iterable, start)  # Python refuses these before iterating
    total = start
    for chunk in chunks(iterable, "in sum()", "item added"):
        total = sum(chunk, total)
    return total


def _any(iterable: Any) -> bool:
    """any(): over a list or tuple a chunk at a time (each item may be a tensor read as a
    bool). A lazy iterable is left to Python's any, which stops at the first true item:
    reading a chunk ahead would run the script's generator further than Python does."""
    if type(iterable) not in (list, tuple):
        return builtins.any(iterable)
    return builtins.any(builtins.any(chunk) for chunk in chunks(iterable, "in any()",
                                                                  "item tested"))


def _all(iterable: Any) -> bool:
    """all(), as any()."""
    if type(iterable) not in (list, tuple):
        return builtins.all(iterable)
    return builtins.all(builtins.all(chunk) for chunk in chunks(iterable, "in all()",
                                                                  "item tested"))


def _concatenate(items: list, start: list | tuple):
    """start + items[0] + items[1] + ..., as Python's sum computes it."""
    if not items:
        return start
    kind = list if isinstance(start, list) else tuple
    total = len(start) + sum(len(x) for x in items if isinstance(x, kind))
    check_length(total, "sum() of sequences")
    out = list(start)
    for i, item in enumerate(items):
        if not isinstance(item, kind):  # Python's own + decides: usually a TypeError
            result = out if kind is list else tuple(out)
            for rest in items[i:]:
                result = result + rest
            return result
        out.extend(item)
    count_growth(out, out, len(out))
    return out if kind is list else tuple(out)


# ---- min, max, round ----------------------------------------------------------------------


def _listed(args: tuple) -> tuple:
    """The arguments, a generator as its first made into the list it gives (to be measured
    before comparing or joining its items in C)."""
    if args and type(args[0]) is GeneratorType:
        return (list(args[0]), *args[1:])
    return args


def _extreme(pick: Callable) -> Callable:
    """min or max: comparing lists walks their items, so nested lists are measured first."""
    def extreme(*args, **kwargs):
        args = _listed(args) if len(args) == 1 else args
        values = args[0] if len(args) == 1 else args
        if type(values) in NESTABLE:
            check_nested(active_limits(), values, f"{pick.__name__}()")
        return pick(*args, **kwargs)
    return extreme


def _sorted(*args, **kwargs):
    """sorted(): sorting lists of lists compares them item by item, as min and max do."""
    args = _listed(args)
    if args and type(args[0]) in NESTABLE:
        check_nested(active_limits(), args[0], "sorted()")
    return sorted(*args, **kwargs)


def _round(*args, **kwargs):
    """round(); round(5, -10**9) would compute 10**(10**9) first. Python's answer is 0 for any
    ndigits beyond the number's own digits, so that is given directly."""
    number = args[0] if args else kwargs.get("number")
    ndigits = args[1] if len(args) > 1 else kwargs.get("ndigits")
    if isinstance(number, int) and isinstance(ndigits, int) and len(args) + len(kwargs) == 2:
        if -ndigits > number.bit_length() // 3 + 2:  # 10**(bits/3 + 2) > 100 * |number|
            return 0
    return round(*args, **kwargs)


def _format(value: Any, spec: str = "") -> str:
    """format(value, spec): a width or precision in the spec makes a string that long."""
    limits = active_limits()
    if type(spec) is str and any(digits_exceed(n, limits.max_sequence)
                                 for n in re.findall(r"\d+", spec)):
        raise too_big(limits, "max_sequence", "by a format width")
    check_nested(limits, value, "format()")
    return format(value, spec)


def _iter(iterable, *sentinel):
    """iter(iterable), for the `next(iter(loader))` of pasted data loops; the two-argument
    form is refused: it calls its function inside Python's C loop, where no step is counted."""
    if sentinel:
        message = ("gradcli supports iter(iterable) only: iter(callable, sentinel) loops where "
                   "the step budget cannot count it; write a while loop instead")
        raise ScriptError("TypeError", message, (message,))
    return iter(iterable)


def _next(*args):
    """next(iterator[, default]); an exhausted iterator is the script's StopIteration."""
    try:
        return next(*args)
    except StopIteration as e:
        raise ScriptError("StopIteration", str(e), e.args) from None


# ---- math ---------------------------------------------------------------------------------


def _prod(*args, **kwargs):
    """math.prod(): the product of ints has (about) the sum of their sizes in bits."""
    if args:
        start = kwargs.get("start", 1)
        bits = _product_bits(args[0]) + (start.bit_length() if isinstance(start, int) else 0)
        limits = active_limits()
        if bits > limits.max_int_bits:
            raise too_big(limits, "max_int_bits", "by math.prod()")
    return math.prod(*args, **kwargs)


def _product_bits(iterable: Any) -> int:
    if type(iterable) is range:  # a bound, without walking the range
        largest = max(abs(iterable.start), abs(iterable.stop))
        return iteration_length(iterable) * largest.bit_length()
    if type(iterable) in (list, tuple):
        return sum(x.bit_length() for x in iterable if isinstance(x, int))
    return 0


# ---- list, tuple and str methods ----------------------------------------------------------


def _list_extend(self: list, *args):
    """list.extend(); `x.extend(x)` in a loop doubles x each time."""
    if len(args) == 1:
        n = iteration_length(args[0])
        check_length(len(self) + n, "list.extend()")
        count_growth(self, self, n)
    return list.extend(self, *args)


def _compared(method: Callable) -> Callable:
    """index or count: each compares the value with every item."""
    def compare_all(self, *args):
        limits = active_limits()
        if args and type(args[0]) in (list, tuple, str):
            check_nested(limits, self, f"{method.__qualname__}()")
            check_nested(limits, args[0], f"{method.__qualname__}()")
        return method(self, *args)
    return _named(method.__qualname__, compare_all)


def _str_join(self: str, *args):
    """str.join(): the result is as long as all the strings, plus the separators."""
    args = _listed(args)
    if len(args) == 1 and type(args[0]) in (list, tuple):
        parts = args[0]
        n = sum(len(p) for p in parts if type(p) is str) + len(self) * max(0, len(parts) - 1)
        check_length(n, "str.join()")
    return str.join(self, *args)


def _str_replace(self: str, *args):
    """str.replace(): each of up to len(s) + 1 matches can put a whole string in its place."""
    if 2 <= len(args) <= 3 and all(type(a) is str for a in args[:2]):
        old, new = args[0], args[1]
        matches = self.count(old)
        if len(args) == 3 and type(args[2]) is int and args[2] >= 0:
            matches = min(matches, args[2])
        check_length(len(self) + matches * (len(new) - len(old)), "str.replace()")
    return str.replace(self, *args)


def _padded(method: Callable) -> Callable:
    """ljust, rjust, center, zfill: the result is as wide as the width asked for."""
    def pad(self, *args):
        if args and type(args[0]) is int:
            check_length(args[0], f"{method.__qualname__}()")
        return method(self, *args)
    return _named(method.__qualname__, pad)


def _named(qualname: str, wrapper: Callable) -> Callable:
    """The wrapper under the name of what it wraps, for messages ("extend() over ...")."""
    wrapper.__qualname__, wrapper.__name__ = qualname, qualname.rpartition(".")[2]
    return wrapper


BUILTIN_WRAPPERS: dict[str, Callable] = {
    "sum": Builtin("sum", _sum), "min": Builtin("min", _extreme(min)),
    "max": Builtin("max", _extreme(max)), "round": Builtin("round", _round),
    "sorted": Builtin("sorted", _sorted), "any": Builtin("any", _any),
    "all": Builtin("all", _all), "format": Builtin("format", _format),
    "iter": Builtin("iter", _iter), "next": Builtin("next", _next),
    "divmod": Builtin("divmod", guarded_division(divmod, "divmod()")),
}
MATH_WRAPPERS: dict[str, Callable] = {"prod": Builtin("prod", _prod)}
LIST_METHODS: dict[str, Callable] = {
    "extend": _named("list.extend", _list_extend), "index": _compared(list.index),
    "count": _compared(list.count),
}
TUPLE_METHODS: dict[str, Callable] = {
    "index": _compared(tuple.index), "count": _compared(tuple.count),
}
STR_METHODS: dict[str, Callable] = {
    "join": _named("str.join", _str_join), "replace": _named("str.replace", _str_replace),
    "format": format_string,
    **{name: _padded(getattr(str, name)) for name in ("ljust", "rjust", "center", "zfill")},
}
