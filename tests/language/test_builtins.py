"""The Python real snippets use beyond statements: each script's prints must be Python's own,
run by Python itself on the same text (Python is the judge of every value, repr and message)."""
import contextlib
import io

import pytest

from gradcli.app.api import run_json

SNIPPETS = [
    "d = {'a': 1, 'b': [1, 2]}\nd.update(c=3)\nprint(d, d.get('z', 0), d.pop('a'), "
    "d.setdefault('e', 5), list(d.items()), list(d.keys()), list(d.values()))",
    "print({k: v * 2 for k, v in zip('abc', range(3)) if v}, {x % 3 for x in range(9)})",
    "s = {3, 1}\ns.add(2)\ns.discard(9)\nprint(sorted(s), s.union({7}), s.issubset({1, 2, 3}))",
    "a, *b, c = range(5)\n*d, e = 'xy'\nprint(a, b, c, d, e)",
    "print(sorted([3, 1, 2], reverse=True), sorted(['bb', 'a'], key=len), list(reversed([1, 2])))",
    "print(any([]), all([]), list(map(lambda v: v + 1, [1, 2])), list(filter(None, [0, 2])))",
    "print(min([3, -4], key=abs), max({'a': 1, 'bb': 0}, key=len), repr('x'))",
    "print('{} {:>6.2f} {name!r:^7}|{0}'.format(1, 2.5, name='n') if False else "
    "'{} {:>6.2f} {name!r:^7}|'.format(1, 2.5, name='n'))",
    "print('{0}{1}{0}'.format('a', 'b'), '{:{}}|'.format(1, 4), '%5.2f|%-4d|%s' % (1.5, 3, [1]))",
    "print('a', 'b', sep='-')\nprint('x'.ljust(4) + '|', 'y'.center(5, '*'), '7'.zfill(3))",
    "try:\n    raise ValueError('bad', 2)\nexcept (TypeError, ValueError) as e:\n"
    "    print(str(e), e.args, repr(e), isinstance(e, ValueError), isinstance(e, RuntimeError))",
    "try:\n    {}['k']\nexcept LookupError as e:\n    print(repr(e), str(e))",
    "try:\n    try:\n        1 / 0\n    except ZeroDivisionError:\n        raise\n"
    "except ArithmeticError as e:\n    print('again', e)",
    "try:\n    raise TypeError\nexcept Exception as e:\n    print(repr(e), e.args)",
    "print(isinstance({}, dict), isinstance({1}, set), isinstance(1, (str, float)), "
    "isinstance(ValueError('x'), Exception))",
]
ERRORS = [
    ("'{1}{}'.format(1, 2)", "ValueError",
     "cannot switch from manual field specification to automatic field numbering"),
    ("'{}{1}'.format(1, 2)", "ValueError",
     "cannot switch from automatic field numbering to manual field specification"),
    ("'{2}'.format(1)", "IndexError", "Replacement index 2 out of range for positional args tuple"),
    ("'{x}'.format(y=1)", "KeyError", "'x'"),
    ("'{:{:{}}}'.format(1, 2, 3)", "ValueError", "Max string recursion exceeded"),
    ("a, *b, c = [1]", "ValueError", "not enough values to unpack (expected at least 2, got 1)"),
    ("a, *b = 5", "TypeError", "cannot unpack non-iterable int object"),
    ("raise ValueError('x')", "ValueError", "x"),
    ("raise 5", "TypeError", "exceptions must derive from BaseException"),
    ("{[1]: 2}", "TypeError", "unhashable type: 'list'"),
]


def python_prints(source: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(source, {})
    return out.getvalue().splitlines()


def gradcli_prints(source: str) -> list[str]:
    trace = run_json(source, "s.py")
    assert trace["status"] == "ok", trace
    return [line for e in trace["events"] if e["kind"] == "print" for line in e["text"].split("\n")]


@pytest.mark.parametrize("source", SNIPPETS)
def test_prints_what_python_prints(source):
    assert gradcli_prints(source) == python_prints(source)


def assert_pythons_error(source: str, error_type: str, message: str) -> None:
    """Python raises this error for `source`, and gradcli reports the same."""
    with pytest.raises(Exception) as python:
        exec(source, {})
    assert (type(python.value).__name__, str(python.value)) == (error_type, message)
    error = [e for e in run_json(source, "s.py")["events"] if e["kind"] == "error"][0]
    assert (error["type"], error["message"]) == (error_type, message)


@pytest.mark.parametrize("source, error_type, message", ERRORS)
def test_errors_are_pythons(source, error_type, message):
    assert_pythons_error(source, error_type, message)
