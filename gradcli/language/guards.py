"""Python's operators for the session, with the size limits checked before Python computes.

Tensors go straight to their dunders; only Python ints and sequences are guarded, because
those are what a tiny script can make astronomically large (10**10**9, [0] * 10**12).
"""
from __future__ import annotations

import ast
import math
import operator
import re
from typing import Any, Callable

from gradcli.language.limits import LimitHit, Limits, limit_message

SEQUENCES = (list, tuple, str)
GUARDED = frozenset({int, list, tuple, str})
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")

Operator = Callable[[Any, Any], Any]


def make_operators(limits: Limits) -> tuple[dict[type, Operator], dict[type, Operator]]:
    """(binary operators, in-place operators for augmented assignment), keyed by ast op type."""

    def too_big(field: str, context: str) -> LimitHit:
        return LimitHit(limit_message(limits, field, context))

    def check_length(n: int, symbol: str) -> None:
        if n > limits.max_sequence:
            raise too_big("max_sequence", f"by {symbol}")

    def guarded_add(plain: Operator) -> Operator:
        def add(a, b):
            if type(a) in GUARDED and type(a) is type(b) and type(a) is not int:
                check_length(len(a) + len(b), "+")
            return plain(a, b)
        return add

    def guarded_mul(plain: Operator) -> Operator:
        def mul(a, b):
            ta, tb = type(a), type(b)
            if ta in GUARDED or tb in GUARDED:
                if ta is int and tb is int:
                    if a.bit_length() + b.bit_length() > limits.max_int_bits:
                        raise too_big("max_int_bits", "by *")
                elif isinstance(a, SEQUENCES) and isinstance(b, int):
                    check_length(len(a) * b, "*")
                elif isinstance(b, SEQUENCES) and isinstance(a, int):
                    check_length(len(b) * a, "*")
            return plain(a, b)
        return mul

    def guarded_pow(plain: Operator) -> Operator:
        def power(a, b):
            if isinstance(a, int) and type(b) is int and b > 1 and abs(a) > 1:
                # |a|**b has b * log2|a| bits: refuse before computing it.
                if b * math.log2(abs(a)) > limits.max_int_bits:
                    raise too_big("max_int_bits", "by **")
            return plain(a, b)
        return power

    def guarded_mod(plain: Operator) -> Operator:
        def mod(a, b):
            if type(a) is str:  # '%*d' % (10**9, 1) would build a gigabyte string
                args = b if isinstance(b, tuple) else (b,)
                for width in _PERCENT_SPEC.findall(a):
                    for w in width:
                        if w == "*":
                            if any(isinstance(x, int) and x > limits.max_sequence for x in args):
                                raise too_big("max_sequence", "by a format width")
                        elif w and int(w) > limits.max_sequence:
                            raise too_big("max_sequence", "by a format width")
            return plain(a, b)
        return mod

    binary = {
        ast.Add: guarded_add(operator.add), ast.Sub: operator.sub,
        ast.Mult: guarded_mul(operator.mul), ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Mod: guarded_mod(operator.mod),
        ast.Pow: guarded_pow(operator.pow), ast.MatMult: operator.matmul,
    }
    # The in-place forms call __iadd__ & co., so `x += 1` on a tensor mutates it, as in Python.
    inplace = {
        ast.Add: guarded_add(operator.iadd), ast.Sub: operator.isub,
        ast.Mult: guarded_mul(operator.imul), ast.Div: operator.itruediv,
        ast.FloorDiv: operator.ifloordiv, ast.Mod: guarded_mod(operator.imod),
        ast.Pow: guarded_pow(operator.ipow), ast.MatMult: operator.imatmul,
    }
    return binary, inplace


COMPARISONS: dict[type, Operator] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: operator.contains(b, a),
    ast.NotIn: lambda a, b: not operator.contains(b, a),
}
UNARY: dict[type, Callable[[Any], Any]] = {
    ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
}
