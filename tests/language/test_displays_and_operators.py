"""`*`/`**` in displays and the operators | & ^ ~ on sets, dicts and ints: Python judges every
print and every error message, run on the same text."""
import pytest
from test_builtins import gradcli_prints, python_prints
from test_control_flow import error

from gradcli.engine.limits import Limits

SNIPPETS = [
    "a, b = [1, 2], (3,)\nprint([*a, *b], (*a, 1), {*a, 5}, [*range(3), *'ab'], (*[],), [*()])",
    "d = {'x': 1}\nprint({**d, 'k': 2, **{'x': 5}}, {'x': 0, **d}, {**{}})",
    "xs = [1.5, 2]\nprint(*xs, sep=', ')\nfirst, *rest = [*xs, *xs]\nprint(first, rest)",
    "calls = []\ndef f(v):\n    calls.append(v)\n    return [v]\n[*f(1), f(2), *f(3)]\n"
    "{f('k')[0]: f(4), **{5: 6}}\nprint(calls)",
    "s, t = {1, 2, 3}, {2, 3, 4}\nprint(s | t, s & t, s ^ t, s - t, s <= t, s < s | t, s == t)",
    "s = {1, 2}\ns |= {9}\ns -= {1}\ns &= {2, 9, 10}\ns ^= {0}\nprint(sorted(s))",
    "d = {'a': 1} | {'b': 2, 'a': 3}\nd |= {'c': 4}\nprint(d, d | {})",
    "print(6 | 3, 6 & 3, 6 ^ 3, ~6, ~-1, True ^ True, True | False, -5 & 0xFF)",
    "a = [1]\nb = a\nb += [2]\ns = {1}\nt = s\nt |= {2}\nprint(a, s, a is b, s is t)",
]
ERRORS = [
    ("[*3]", "TypeError", "Value after * must be an iterable, not int"),
    ("(*None, 1)", "TypeError", "Value after * must be an iterable, not NoneType"),
    ("{*3}", "TypeError", "'int' object is not iterable"),
    ("{**[1]}", "TypeError", "'list' object is not a mapping"),
    ("{*[[1]]}", "TypeError", "unhashable type: 'list'"),
    ("{1} | [2]", "TypeError", "unsupported operand type(s) for |: 'set' and 'list'"),
    ("{'a': 1} | [('b', 2)]", "TypeError", "unsupported operand type(s) for |: 'dict' and 'list'"),
    ("x = [1]\nx |= {2}", "TypeError", "unsupported operand type(s) for |=: 'list' and 'set'"),
    ("~1.5", "TypeError", "bad operand type for unary ~: 'float'"),
    ("1.5 & 1", "TypeError", "unsupported operand type(s) for &: 'float' and 'int'"),
]


@pytest.mark.parametrize("source", SNIPPETS)
def test_prints_what_python_prints(source):
    assert gradcli_prints(source) == python_prints(source)


@pytest.mark.parametrize("source, error_type, message", ERRORS)
def test_errors_are_pythons(source, error_type, message):
    with pytest.raises(Exception) as python:
        exec(source, {})
    assert (type(python.value).__name__, str(python.value)) == (error_type, message)
    e = error(source)
    assert (e.type, e.message) == (error_type, message)


@pytest.mark.parametrize("source", [
    "[*range(10**12)]", "x = [0] * 600_000\ny = (*x, *x)", "{*range(10**9), 1}",
    "d = {i: i for i in range(600_000)}\ne = {**d, **{-i: i for i in range(600_000)}}",
])
def test_unpacking_past_the_sequence_limit_is_refused(source):
    e = error(source, Limits(max_sequence=1_000_000))
    assert e.type == "LimitExceeded" and "unpacking" in e.message, e.message
