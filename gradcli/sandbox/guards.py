"""Size checks made before Python computes: operators, comparisons, calls and their results.

The step budget counts statements, loop iterations and lambda calls; what Python does inside
one C call is invisible to it: 10**10**9, [0] * 10**12, sum(range(10**12)), str() of a list
that holds itself a million times over. Tensors go straight to their dunders; only Python
ints, sequences and lazy iterables are measured, because those are what a tiny script can
make astronomically large or long.
"""
from __future__ import annotations

import ast
import itertools
import math
import operator
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.limits import Limits, limit_message
from gradcli.engine.tensor import Tensor
from gradcli.sandbox.limits import LimitHit, digits_exceed

SEQUENCES = (list, tuple, str)
GUARDED = frozenset({int, list, tuple, str})
NESTABLE = frozenset({list, tuple, dict, set})  # what repr and == walk into, item by item
# iterables whose length costs nothing to hold: reversed() gives one of three types
REVERSED = frozenset({type(reversed([])), type(reversed(range(0))), reversed})
LAZY = frozenset({range, enumerate, zip, map, filter}) | REVERSED
# Argument types a call is checked for (everything else goes straight through).
RISKY = NESTABLE | LAZY
COUNTED = frozenset({list, tuple, str, dict, set})  # results that count towards the memory limit
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")

Operator = Callable[[Any, Any], Any]


def active_limits() -> Limits:
    """The limits of the session being run: the API table's builtins and methods read them."""
    return runtime.current.limits


def too_big(limits: Limits, field: str, context: str) -> LimitHit:
    return LimitHit(limit_message(limits, field, context))


def count_sequence(value: Any) -> None:
    """Tell the memory limit about a list, tuple or str just built (8 bytes per item)."""
    n = len(value)
    runtime.current.memory.count(n if type(value) is str else 8 * n)


def count_growth(a: Any, b: Any, items: int) -> None:
    """Tell the memory limit about `items` new items of a sequence made from a and b."""
    if items > 0:
        runtime.current.memory.count(items if type(a) is str and type(b) is str else 8 * items)


# ---- measuring without computing --------------------------------------------------------


def range_length(r: range) -> int:
    """len(r), also beyond sys.maxsize, where len() itself raises OverflowError."""
    if r.step > 0:
        return max(0, (r.stop - r.start + r.step - 1) // r.step)
    return max(0, (r.start - r.stop - r.step - 1) // -r.step)


def _leaf_length(obj: Any) -> int | None:
    if type(obj) is range:
        return range_length(obj)
    try:
        hint = getattr(obj, "__length_hint__", None)  # the iterators inside enumerate and zip
        return hint() if hint is not None else len(obj)
    except Exception:  # no length (a 0-d tensor, a number): iterating it will say why
        return None


def lazy_length(obj: Any) -> int | None:
    """How many items iterating `obj` gives, found without iterating; None when unknown.

    zip gives as many as its shortest source and enumerate as many as its source, so the
    answer is the shortest of the sources at the bottom of the nest.
    """
    shortest, pending = None, [obj]
    while pending:
        item = pending.pop()
        kind = type(item)
        if kind in (enumerate, zip, map, filter):  # map and filter: a function, then sources
            sources = item.__reduce__()[1]
            pending.extend(sources[:1] if kind is enumerate else sources[1:]
                           if kind in (map, filter) else sources)
            continue
        n = _leaf_length(item)
        if n is not None and (shortest is None or n < shortest):
            shortest = n
    return 0 if shortest is None and type(obj) is zip else shortest


HEAVY = (list, tuple, dict, set, str, Tensor)  # items that weigh more than one in nested_size
# What one tensor weighs beyond its elements: its repr's frame ("tensor([...], requires_grad=
# True)") is about this many characters, and comparing two tensors costs as much more.
TENSOR_WEIGHT = 32


def _weight(item: Any, sizes: dict[int, int]) -> int:
    kind = type(item)
    if kind is str:
        return len(item) or 1
    if kind is Tensor:
        return TENSOR_WEIGHT + item.data.size
    if kind in NESTABLE:
        return sizes.get(id(item)) or 1  # not measured yet means it contains itself: [...]
    return 1


def nested_size(value: Any, budget: int) -> int:
    """How many items repr or == would visit in `value`: every item of every list and tuple
    inside, every character of the strings and every element of the tensors. A sublist that
    appears twice counts twice (repr prints it twice) but is measured once, so the walk costs
    what the memory holds, not what repr would print. Returns budget + 1 as soon as the size
    exceeds the budget.
    """
    if type(value) not in NESTABLE:
        return _weight(value, {})
    sizes: dict[int, int] = {}  # id -> size of the sequences measured so far
    stack: list[tuple[Any, list | None]] = [(value, None)]
    while stack:
        seq, heavy = stack.pop()
        if heavy is not None:  # its sublists are measured: add them up
            size = len(seq) * (2 if type(seq) is dict else 1) + _int_digits(seq)
            for item, times in heavy:
                size += times * (_weight(item, sizes) - 1)
                if size > budget:
                    return budget + 1
            sizes[id(seq)] = size
        elif id(seq) not in sizes:
            sizes[id(seq)] = 0  # in progress: a reference back to it counts 1, as repr's [...]
            if _plainly_over(seq, budget):
                return budget + 1
            heavy = _heavy_items(seq)
            stack.append((seq, heavy))
            stack.extend((item, None) for item, _ in heavy
                         if type(item) in NESTABLE and id(item) not in sizes)
    return sizes[id(value)]


def _int_digits(seq: list | tuple | dict | set) -> int:
    """The digits beyond the first of a list of ints, as repr prints them: [2**9999] * 10**6
    is a million items but three billion characters. (Counted at C speed, for a list of ints
    alone: any other list has at most max_sequence of them, bounded by Python's 4,300.)"""
    if type(seq) not in (list, tuple) or not set(map(type, seq)) <= {int, bool}:
        return 0
    return sum(map(int.bit_length, seq)) * 3 // 10  # log10(2) = 0.30103 digits a bit


def _plainly_over(seq: list | tuple, budget: int) -> bool:
    """Whether the strings and tensors met first already take `seq` over the budget: counting
    every item of [x] * 10**7 costs seconds, seeing that its first tensor is too many does not."""
    excess, slack = 0, budget - len(seq)
    for item in itertools.islice(seq, 64):
        if type(item) in (str, Tensor):
            excess += _weight(item, {}) - 1
            if excess > slack:
                return True
    return False


def _heavy_items(seq: list | tuple) -> list[tuple[Any, int]]:
    """The distinct items that weigh more than one (sequences, strings, tensors), each with
    how often it appears. Counting is done at C speed: [a] * 10**7 is one item, 10**7 times."""
    if type(seq) is dict:  # its keys and its values
        seq = [*seq.keys(), *seq.values()]
    if set(map(type, seq)).isdisjoint(HEAVY):
        return []
    counts = Counter(map(id, seq))
    by_id = dict(zip(map(id, seq), seq))
    return [(by_id[key], n) for key, n in counts.items() if type(by_id[key]) in HEAVY]


def check_nested(limits: Limits, value: Any, what: str) -> None:
    """Refuse to print or compare a list that holds more than max_sequence items in all."""
    if type(value) in NESTABLE and nested_size(value, limits.max_sequence) > limits.max_sequence:
        raise too_big(limits, "max_sequence", f"by {what} (counting every item of the lists "
                      f"inside it, every character, every tensor element and {TENSOR_WEIGHT} "
                      "more per tensor)")


# ---- operators ----------------------------------------------------------------------------


def make_operators(limits: Limits) -> tuple[dict[type, Operator], dict[type, Operator]]:
    """(binary operators, in-place operators for augmented assignment), keyed by ast op type."""

    def check_length(n: int, symbol: str) -> None:
        if n > limits.max_sequence:
            raise too_big(limits, "max_sequence", f"by {symbol}")

    def guarded_add(plain: Operator) -> Operator:
        def add(a, b):
            if type(a) in GUARDED and type(a) is not int and isinstance(b, SEQUENCES):
                check_length(len(a) + len(b), "+")
                count_growth(a, b, len(b) if plain is operator.iadd else len(a) + len(b))
            elif type(a) is list and type(b) in LAZY and plain is operator.iadd:
                # `a += enumerate(range(10**15))`: list.__iadd__ takes any iterable, in C
                n = lazy_length(b) or 0
                check_length(len(a) + n, "+=")
                count_growth(a, a, n)
            return plain(a, b)
        return add

    def guarded_mul(plain: Operator) -> Operator:
        def mul(a, b):
            ta, tb = type(a), type(b)
            if ta in GUARDED or tb in GUARDED:
                if ta is int and tb is int:
                    if a.bit_length() + b.bit_length() > limits.max_int_bits:
                        raise too_big(limits, "max_int_bits", "by *")
                elif isinstance(a, SEQUENCES) and isinstance(b, int):
                    check_length(len(a) * b, "*")
                    count_growth(a, a, len(a) * (b - 1 if plain is operator.imul else b))
                elif isinstance(b, SEQUENCES) and isinstance(a, int):
                    check_length(len(b) * a, "*")
                    count_growth(b, b, len(b) * a)
            return plain(a, b)
        return mul

    def guarded_pow(plain: Operator) -> Operator:
        def power(a, b):
            if isinstance(a, int) and type(b) is int and b > 1 and abs(a) > 1:
                # |a|**b has b * log2|a| bits: refuse before computing it.
                if b * math.log2(abs(a)) > limits.max_int_bits:
                    raise too_big(limits, "max_int_bits", "by **")
            return plain(a, b)
        return power

    def guarded_mod(plain: Operator) -> Operator:
        def mod(a, b):
            if type(a) is not str:
                check_division(limits, a, b, "%")
                return plain(a, b)
            args = b if isinstance(b, tuple) else (b,)
            check_format_widths(limits, a, args)
            for arg in args:  # '%s' % (x,) prints x
                check_nested(limits, arg, "% formatting")
            result = plain(a, b)
            count_sequence(result)
            return result
        return mod

    def guarded_bits(plain: Operator) -> Operator:
        """| & ^ on sets and dicts (`d1 | d2` merges): the new items count towards memory."""
        def bits(a, b):
            before = len(a) if type(a) in (set, dict) else 0
            result = plain(a, b)
            if type(result) in (set, dict):
                count_growth(result, result, len(result) - (before if result is a else 0))
            return result
        return bits

    binary = {
        ast.BitOr: guarded_bits(operator.or_), ast.BitAnd: guarded_bits(operator.and_),
        ast.BitXor: guarded_bits(operator.xor),
        ast.Add: guarded_add(operator.add), ast.Sub: operator.sub,
        ast.Mult: guarded_mul(operator.mul), ast.Div: operator.truediv,
        ast.FloorDiv: guarded_division(operator.floordiv, "//", limits),
        ast.Mod: guarded_mod(operator.mod),
        ast.Pow: guarded_pow(operator.pow), ast.MatMult: operator.matmul,
    }
    # The in-place forms call __iadd__ & co., so `x += 1` on a tensor mutates it, as in Python.
    inplace = {
        ast.BitOr: guarded_bits(operator.ior), ast.BitAnd: guarded_bits(operator.iand),
        ast.BitXor: guarded_bits(operator.ixor),
        ast.Add: guarded_add(operator.iadd), ast.Sub: operator.isub,
        ast.Mult: guarded_mul(operator.imul), ast.Div: operator.itruediv,
        ast.FloorDiv: guarded_division(operator.ifloordiv, "//=", limits),
        ast.Mod: guarded_mod(operator.imod),
        ast.Pow: guarded_pow(operator.ipow), ast.MatMult: operator.imatmul,
    }
    return binary, inplace


def check_division(limits: Limits, a: Any, b: Any, symbol: str) -> None:
    """Dividing ints is one C call quadratic in their size (a 20,000,000-bit int by a
    10,000,000-bit one runs for minutes, out of reach of any clock): an operand over the
    integer size limit (only additions grow one past it) is refused before the call."""
    if isinstance(a, int) and isinstance(b, int) and max(
            a.bit_length(), b.bit_length()) > limits.max_int_bits:
        raise too_big(limits, "max_int_bits", f"by {symbol}")


def guarded_division(plain: Operator, symbol: str, limits: Limits | None = None) -> Operator:
    """`plain` (//, divmod) behind check_division, with `limits` or the session's."""
    def divide(a, b):
        check_division(limits or active_limits(), a, b, symbol)
        return plain(a, b)
    divide.__name__ = divide.__qualname__ = plain.__name__
    return divide


def check_format_widths(limits: Limits, template: str, args: tuple) -> None:
    """'%*d' % (10**9, 1) or '%0999999999d' would build a gigabyte string."""
    for width in _PERCENT_SPEC.findall(template):
        for w in width:
            if w == "*":
                if any(isinstance(x, int) and x > limits.max_sequence for x in args):
                    raise too_big(limits, "max_sequence", "by a format width")
            elif w and digits_exceed(w, limits.max_sequence):
                raise too_big(limits, "max_sequence", "by a format width")


# ---- comparisons --------------------------------------------------------------------------


def make_comparisons(limits: Limits) -> dict[type, Operator]:
    """Python's comparisons; those between lists walk every item inside, so they are measured
    first, and `x in range(...)` for a non-int x scans the whole range."""

    def guarded(compare: Operator) -> Operator:
        def compared(a, b):
            if type(a) in NESTABLE or type(b) in NESTABLE:
                check_nested(limits, a, "a comparison")
                check_nested(limits, b, "a comparison")
            return compare(a, b)
        return compared

    def guarded_in(contains: Operator) -> Operator:
        def member(item, container):
            if type(container) is range and not isinstance(item, int):
                if range_length(container) > limits.max_sequence:
                    raise too_big(limits, "max_sequence", "by `in` over a range of "
                                  f"{range_length(container):,} items")
            elif type(container) in NESTABLE and type(item) in (list, tuple, str):
                check_nested(limits, container, "`in`")
                check_nested(limits, item, "`in`")
            return contains(item, container)
        return member

    return {
        ast.Eq: guarded(operator.eq), ast.NotEq: guarded(operator.ne),
        ast.Lt: guarded(operator.lt), ast.LtE: guarded(operator.le),
        ast.Gt: guarded(operator.gt), ast.GtE: guarded(operator.ge),
        ast.Is: operator.is_, ast.IsNot: operator.is_not,
        ast.In: guarded_in(lambda a, b: operator.contains(b, a)),
        ast.NotIn: guarded_in(lambda a, b: not operator.contains(b, a)),
    }


UNARY: dict[type, Callable[[Any], Any]] = {
    ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
    ast.Invert: operator.invert,
}


# ---- calls --------------------------------------------------------------------------------

# Builtins that never iterate an argument: a huge range may be passed to them (and to the
# script's lambdas, which iterate step by step). Every other callee may loop over it in C:
# list(), sum(), max(), math.prod(), torch.Size(), list.extend(), str.join() ...
LAZY_SAFE = ("range", "enumerate", "zip", "len", "bool", "str", "repr", "int", "float",
             "isinstance",
             "print", "map", "filter", "reversed", "iter", "next")
PRINTING = ("str", "repr", "print")  # builtins that walk a nested list item by item


def make_call_check(limits: Limits, builtins: dict[str, Any]) -> Callable[[Any, tuple, dict],
                                                                            None]:
    """check(fn, args, kwargs): refuse, before the call, a lazy iterable longer than
    max_sequence given to a callee that consumes it, and a nested list given to a builtin
    that prints it. `builtins` are the session's; called only when an argument's type is in
    RISKY."""
    lazy_safe = {id(builtins[name]) for name in LAZY_SAFE if name in builtins}
    prints = {id(builtins[name]) for name in PRINTING if name in builtins}

    def check(fn, args: tuple, kwargs: dict | None) -> None:
        values = (*args, *kwargs.values()) if kwargs else args
        for value in values:
            kind = type(value)
            if kind in LAZY:
                if id(fn) not in lazy_safe and not getattr(fn, "script_lambda", False):
                    n = lazy_length(value)
                    if n is not None and n > limits.max_sequence:
                        raise too_big(limits, "max_sequence",
                                      f"by {_callee_name(fn)} over {n:,} items")
            elif kind in NESTABLE and id(fn) in prints:
                check_nested(limits, value, "printing a list")
    return check


def _callee_name(fn: Any) -> str:
    name = getattr(fn, "__name__", None) or getattr(fn, "name", None)
    return f"{name}()" if isinstance(name, str) else "a call"


def check_item_store(limits: Limits, target: Any, key: Any, value: Any) -> None:
    """`x[a:b] = v` on a list inserts all of v (x[0:0] = x doubles x); any store of a lazy
    iterable makes the target consume it."""
    if type(value) in LAZY:
        n = lazy_length(value)
        if n is not None and n > limits.max_sequence:
            raise too_big(limits, "max_sequence", f"by storing {n:,} items")
    if type(target) is list and type(key) is slice:
        added = iteration_length(value)
        try:
            removed = len(range(*key.indices(len(target))))
        except (TypeError, ValueError):  # a bad slice: Python's own error follows
            return
        if len(target) - removed + added > limits.max_sequence:
            raise too_big(limits, "max_sequence", "by a slice assignment")
        count_growth(target, target, added)


def known_length(iterable: Any) -> int | None:
    """How many items iterating `iterable` gives, when that is known without iterating."""
    if type(iterable) in (list, tuple, str, dict, set, frozenset):
        return len(iterable)
    return lazy_length(iterable) if type(iterable) in LAZY else None


def iteration_length(value: Any) -> int:
    """How many items iterating `value` gives, for the iterables that know it; else 0."""
    if type(value) in (list, tuple, str):
        return len(value)
    return lazy_length(value) or 0
