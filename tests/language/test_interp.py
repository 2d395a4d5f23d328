"""The interpreter's semantics (Python's), events, errors, warnings and limits.

Most tests run against a tiny fake API defined here, so they test the language alone;
the last ones run real scripts through the real API table and engine.
"""
import dataclasses
import importlib.util
import json
import math
import textwrap
import time
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradcli.engine.errors import TorchError, warn
from gradcli.engine.limits import Limits
from gradcli.engine.runtime import Runtime
from gradcli.events.events import ErrorEvent, PrintEvent, ValueEvent, WarningEvent
from gradcli.sandbox.interp import Interpreter
from gradcli.sandbox.parse import Vocabulary, parse
from gradcli.torch import api


# -- a fake API: plain Python objects, a grad-mode manager, errors and warnings ------------
class Box:
    """A tensor-like value: in-place `+=`, indexing that records its keys, a callback."""

    def __init__(self, v):
        self.v, self.grad, self.keys = v, None, []

    def __repr__(self):
        return f"Box({self.v})"

    def __add__(self, other):
        return Box(self.v + getattr(other, "v", other))

    __radd__ = __add__

    def __iadd__(self, other):
        self.v += getattr(other, "v", other)
        return self

    def __mul__(self, other):
        return Box(self.v * getattr(other, "v", other))

    def __getitem__(self, key):
        self.keys.append(("get", key))
        return Box(self.v)

    def __setitem__(self, key, value):
        self.keys.append(("set", key, getattr(value, "v", value)))

    def __iter__(self):
        return iter([Box(1), Box(2)])

    def __bool__(self):
        raise TorchError("RuntimeError", "Boolean value of Box is ambiguous")

    def call(self, fn, *args):
        return fn(self, *args)

    def fail(self):
        raise TorchError("RuntimeError", "boom: first line\nsecond line")

    def backward(self):
        raise TorchError("RuntimeError", "Trying to backward through the graph a second time "
                         "(or directly access saved tensors after they have already been freed).")

    def warn(self, once=False):
        warn("careful\nmore detail", "UserWarning", once_per_process=once)

    def broken(self):
        return {}["missing"]  # a bug in "engine" code: not the script's fault

    def where(self):
        return (FAKE.rt.current_line, FAKE.rt.current_source, FAKE.rt.statements_executed)


class GradMode:
    def __init__(self, flag):
        self.flag = flag

    def __enter__(self):
        FAKE.log.append(("enter", self.flag))

    def __exit__(self, *exc):
        FAKE.log.append(("exit", self.flag))


TORCH = types.SimpleNamespace(box=Box, no_grad=lambda: GradMode(False),
                              enable_grad=lambda: GradMode(True),
                              set_grad_enabled=lambda flag: GradMode(flag))
MATH = types.SimpleNamespace(pi=3.14159)
ALLOWED = {
    Box: {"v", "grad", "keys", "call", "fail", "backward", "warn", "broken", "where"},
    types.SimpleNamespace: {"box", "no_grad", "enable_grad", "set_grad_enabled", "pi"},
    list: {"append"},
}


def get_attribute(obj, name):
    if name in ALLOWED.get(type(obj), ()):
        return getattr(obj, name)
    raise TorchError("AttributeError", f"'{type(obj).__name__}' object has no attribute '{name}'")


def set_attribute(obj, name, value):
    if type(obj) is Box and name in ("v", "grad"):
        setattr(obj, name, value)
        return
    raise TorchError("AttributeError", f"can't set attribute '{name}'")


class _Unwatched:
    """The fake API takes no notes of training (torch's Watch does)."""

    def __init__(self, name_of):
        pass

    def pass_finished(self, record):
        pass

    def start(self):
        pass

    def stop(self):
        pass


FAKE = types.SimpleNamespace(
    ROOT_NAMES={"torch": TORCH, "F": types.SimpleNamespace()},
    MODULES={"torch": TORCH, "math": MATH, "torch.nn": types.SimpleNamespace(),
             "torch.nn.functional": types.SimpleNamespace()},
    BUILTINS={n: __builtins__[n] if isinstance(__builtins__, dict) else getattr(__builtins__, n)
              for n in "range len abs min max sum float int bool str round list tuple enumerate "
                       "zip isinstance".split()},
    ALL_ATTRIBUTE_NAMES=frozenset().union(*ALLOWED.values()),
    get_attribute=get_attribute, set_attribute=set_attribute,
    is_grad_mode_manager=lambda obj: isinstance(obj, GradMode),
    Watch=_Unwatched, named_members=lambda value: None,
    log=[], rt=None,
)
VOCABULARY = Vocabulary.from_api(FAKE)


def run(source, limits=Limits(), api=FAKE):
    """(events, interpreter) of a script run against the fake API."""
    program = parse(textwrap.dedent(source), "s.py", limits, VOCABULARY)
    events = []
    rt = Interpreter(program, events.append, Runtime(limits=limits), api=api)
    FAKE.rt, FAKE.log[:] = rt, []
    rt.run()
    return events, rt


def values(source, **kw):
    return [(e.line, e.value) for e in run(source, **kw)[0] if isinstance(e, ValueEvent)]


def texts(source):
    return [e.text for e in run(source)[0] if isinstance(e, (ValueEvent, PrintEvent))]


def error(source, **kw) -> ErrorEvent:
    events = run(source, **kw)[0]
    assert isinstance(events[-1], ErrorEvent), events
    return events[-1]


# -- echo and print -------------------------------------------------------------------------
def test_echo_rule_in_the_top_levels_blocks_at_any_depth():
    src = """
    x = 1
    x
    None
    for i in range(2):
        if i:
            i * 10
    try:
        'in try'
    finally:
        pass
    with torch.no_grad():
        [x]
    """
    assert values(src) == [(3, 1), (7, 10), (9, "in try"), (13, [1])]


def test_nothing_inside_a_def_or_lambda_is_echoed():
    # CPython's REPL compiles the top-level statement in 'single' mode; a new scope is not
    src = """
    def f(x):
        "doc"
        x * 2
        for i in range(2):
            i
        return x + 1
    f(1)
    for i in range(2):
        def g():
            i
        g()
    (lambda: 5)()
    """
    assert values(src) == [(8, 2), (13, 5)]  # (classes: corpus/917_echo_class_body.py)


def test_echo_is_a_snapshot_with_repl_text():
    events, _ = run("a = [1]\na\na.append(2)\na")
    assert [(e.value, e.text) for e in events] == [([1], "[1]"), ([1, 2], "[1, 2]")]
    assert texts("'s'\n1.5\n(1,)\nTrue") == ["'s'", "1.5", "(1,)", "True"]


def test_echo_of_two_statements_on_one_line():
    assert values("x = 2; x; x + 1") == [(1, 2), (1, 3)]


def test_print_events():
    src = """
    print("a", 1, None, [2], sep="-", end="")
    print()
    print(1, 2, sep=None)
    print(
        "multi",
        "line")
    b = torch.box(1)
    b.call(lambda q:
        print("in lambda", q))
    """
    events, _ = run(src)
    assert [(e.line, e.text) for e in events] == [
        (3, "a-1-None-[2]"), (4, "1 2"), (5, "multi line"), (10, "in lambda Box(1)")]


def test_print_argument_errors():
    assert error("print(1, sep=2)").message == "sep must be None or a string, not int"
    assert error("print(1, file=1)").message == "'int' object has no attribute 'write'"  # Python's
    assert texts("print") == ["<built-in function print>"]


# -- assignment -----------------------------------------------------------------------------
def test_assignment_forms():
    src = """
    a = b = [1]
    a is b
    x, (y, z) = 1, [2, 3]
    x, y, z
    [p, q] = "pq"
    p + q
    """
    assert values(src) == [(3, True), (5, [1, 2, 3]), (7, "pq")]  # JSON: tuples are arrays


@pytest.mark.parametrize("source, type_, message", [
    ("a, b = [1, 2, 3]", "ValueError", "too many values to unpack (expected 2)"),
    ("a, b, c = (1, 2)", "ValueError", "not enough values to unpack (expected 3, got 2)"),
    ("a, b = 5", "TypeError", "cannot unpack non-iterable int object"),
    ("a, b = None", "TypeError", "cannot unpack non-iterable NoneType object"),
])
def test_unpack_errors_are_pythons(source, type_, message):
    e = error(source)
    assert (e.type, e.message, e.line) == (type_, message, 1)


def test_subscript_and_attribute_targets():
    src = """
    b = torch.box(1)
    b[0] = 5
    b[1:2, ..., None] = 6
    b.grad = 7
    b.grad
    l = [1, 2]
    l[0] = 9
    l
    """
    events, rt = run(src)
    assert [(e.line, e.value) for e in events] == [(6, 7), (9, [9, 2])]
    assert rt.env["b"].keys == [("set", 0, 5), ("set", (slice(1, 2), ..., None), 6)]
    assert error("b = torch.box(1)\nb.keys = 1").message == "can't set attribute 'keys'"


def test_augmented_assignment_is_in_place_on_objects():
    src = """
    b = torch.box(1)
    c = b
    b += 2
    c is b, c.v
    n = 1
    m = n
    n += 1
    n, m
    l = [1]
    k = l
    l += [2]
    k
    t = (1,)
    u = t
    t += (2,)
    u, t
    """
    assert texts(src) == ["(True, 3)", "(2, 1)", "[1, 2]", "((1,), (1, 2))"]


def test_augmented_subscript_order_is_pythons():
    src = """
    b = torch.box(1)
    b[0] += 5
    b.grad = 1
    b.grad += 2
    b.grad
    """
    events, rt = run(src)
    assert rt.env["b"].keys == [("get", 0), ("set", 0, 6)] and events[0].value == 3


# -- control flow ---------------------------------------------------------------------------
def test_for_over_range_list_tuple_string_and_objects():
    src = """
    [i for i in range(3)], [c for c in "ab"], [x for x in (1, 2)]
    for b in torch.box(0):
        b
    b
    """
    assert texts(src) == ["([0, 1, 2], ['a', 'b'], [1, 2])", "Box(1)", "Box(2)", "Box(2)"]


def test_break_continue_and_else():
    src = """
    for i in range(5):
        if i == 1:
            continue
        if i == 3:
            break
        i
    else:
        "not reached"
    for j in range(2):
        for k in range(5):
            break
        j, k
    else:
        "reached"
    """
    assert texts(src) == ["0", "2", "(0, 0)", "(1, 0)", "'reached'"]


def test_if_elif_else_and_truthiness_errors():
    src = """
    for x in [0, 1, 2]:
        if x == 0:
            "zero"
        elif x == 1:
            "one"
        else:
            "many"
    """
    assert [v for _, v in values(src)] == ["zero", "one", "many"]
    e = error("b = torch.box(1)\nif b:\n    pass")
    assert (e.type, e.line, e.col) == ("RuntimeError", 2, 4)


def test_del_and_names_unbound_at_run_time():
    e = error("x = 1\ndel x\nx")
    assert (e.type, e.message, e.line) == ("NameError", "name 'x' is not defined", 3)
    e = error("if False:\n    q = 1\nq + 1")
    assert (e.type, e.message, e.line, e.col, e.end_col) == (
        "NameError", "name 'q' is not defined", 3, 1, 1)


def test_with_calls_enter_and_exit_even_on_error():
    run("with torch.no_grad(), torch.set_grad_enabled(True) as g:\n    g")
    assert FAKE.log == [("enter", False), ("enter", True), ("exit", True), ("exit", False)]
    e = error("with torch.no_grad():\n    1 / 0")
    assert FAKE.log == [("enter", False), ("exit", False)] and e.line == 2


def test_with_refuses_other_objects_at_run_time():
    e = error("nog = torch.no_grad\nno_grad = lambda: 1\nwith no_grad():\n    pass")
    assert (e.type, e.message) == ("TypeError", "'int' object does not support the context "
                                   "manager protocol")


# -- try / except / assert ------------------------------------------------------------------
def test_try_except_else_finally_order():
    src = """
    for d in [1, 0]:
        try:
            1 / d
        except ZeroDivisionError as e:
            print("caught", e, e.args)
            e
        else:
            print("else")
        finally:
            print("finally")
    """
    assert texts(src) == ["1.0", "else", "finally", "caught division by zero "
                          "('division by zero',)", "ZeroDivisionError('division by zero')",
                          "finally"]


@pytest.mark.parametrize("raising, handler, caught", [
    ("[][1]", "IndexError", True), ("[][1]", "Exception", True), ("[][1]", "TypeError", False),
    ("1 / 0", "(TypeError, ZeroDivisionError)", True), ("torch.box(1).fail()", "RuntimeError",
                                                        True),
    ("torch.box(1).fail()", "ValueError", False), ("assert False", "AssertionError", True),
    ("int('x')", "ValueError", True), ("None + 1", "TypeError", True), ("q", "Exception", True),
    ("torch.box(1).append", "AttributeError", True), ("[][1]", "", True),
])
def test_exception_matching(raising, handler, caught):
    src = f"try:\n    {raising}\nexcept {handler}:\n    'caught'\nif False:\n    q = 1"
    events, _ = run(src)
    assert (events == [ValueEvent(4, "caught", "'caught'")]) is caught, events


def test_exception_name_is_unbound_after_the_handler():
    e = error("e = 1\ntry:\n    1 / 0\nexcept Exception as e:\n    pass\ne")
    assert (e.type, e.line) == ("NameError", 6)


def test_error_inside_handler_and_finally_propagate():
    e = error("try:\n    1 / 0\nexcept ZeroDivisionError:\n    [][0]\nfinally:\n    print('f')")
    assert (e.type, e.line) == ("IndexError", 4)


def test_assert():
    assert run("assert 1 == 1, 'fine'")[0] == []
    e = error("x = 2\nassert x == 1, f'x is {x}'")
    assert (e.type, e.message, e.line) == ("AssertionError", "x is 2", 2)
    e = error("assert []")
    assert (e.type, e.message) == ("AssertionError", "")
    assert texts("try:\n    assert 0, [1]\nexcept AssertionError as e:\n    e.args") == ["([1],)"]


# -- expressions ----------------------------------------------------------------------------
def test_operators_comparisons_and_short_circuit():
    src = """
    7 // 2, 7 % 3, 2 ** 10, 7 / 2, -3, +3, not 0
    1 < 2 < 3, 1 < 2 > 3, 3 > 2 == 2, 1 in [1], 2 not in [1], None is None, 1 is not None
    0 or print("evaluated") or "last"
    1 and print("evaluated 2")
    0 and print("skipped")
    "a" if 1 else "b", "a" if 0 else "b"
    """
    assert texts(src) == ["(3, 1, 1024, 3.5, -3, 3, True)",
                          "(True, False, True, True, True, True, True)",
                          "evaluated", "'last'", "evaluated 2", "0", "('a', 'b')"]


def test_fstrings():
    assert values("x = 1.5\nf'{x:.2f}|{x!r}|{\"s\"!r}|{3:>4}|{x}'") == [
        (2, "1.50|1.5|'s'|   3|1.5")]


def test_list_comprehension_scoping():
    src = """
    i = "outer"
    [i * 2 for i in range(3)]
    i
    [(a, b) for a in range(3) for b in range(a) if b == 0]
    xs = [1, 2]
    [xs for xs in xs]
    """
    assert texts(src) == ["[0, 2, 4]", "'outer'", "[(1, 0), (2, 0)]", "[1, 2]"]


def test_lambdas_close_over_names_like_python():
    src = """
    add = lambda a: lambda b: a + b
    add(2)(3)
    late = [lambda: i for i in range(3)]
    [f() for f in late]
    early = [lambda i=i: i for i in range(3)]
    [f() for f in early]
    k = 1
    g = lambda: k
    k = 2
    g()
    """
    assert [v for _, v in values(src)] == [5, [2, 2, 2], [0, 1, 2], 2]


def test_lambda_called_by_engine_code_and_its_errors():
    assert values("b = torch.box(3)\nb.call(lambda q: q.v * 2)") == [(2, 6)]
    e = error("b = torch.box(3)\nb.call(lambda q: q.v /\n    0)")
    assert (e.type, e.line) == ("ZeroDivisionError", 2)
    e = error("b = torch.box(3)\nb.call(lambda: 1)")  # wrong arity: reported at the call
    assert (e.type, e.message, e.line) == (
        "TypeError", "<lambda>() takes 0 positional arguments but 1 was given", 2)
    e = error("f = lambda a, b=2: a\nf(1, 2, 3)")
    assert e.message == "<lambda>() takes from 1 to 2 positional arguments but 3 were given"
    assert error("f = lambda a: a\nf(b=1)").message == \
        "<lambda>() got an unexpected keyword argument 'b'"
    assert run("f = lambda: 0\nf")[0][0].value == {"type": "repr", "text": "<function <lambda>>"}


def test_runaway_recursion_ends_at_the_call_depth_limit():
    e = error("f = lambda n: f(n + 1)\nf(0)")
    assert e.type == "LimitExceeded" and "--max-call-depth" in e.message


def test_subscripts():
    src = """
    l = [0, 1, 2, 3]
    l[1], l[-1], l[1:3], l[::2], l[:]
    b = torch.box(0)
    b[None], b[...], b[1, :2], b[[0, 1]]
    """
    events, rt = run(src)
    assert events[0].value == [1, 3, [1, 2], [0, 2], [0, 1, 2, 3]]
    assert rt.env["b"].keys == [("get", None), ("get", ...), ("get", (1, slice(None, 2, None))),
                                ("get", [0, 1])]


# -- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize("source, type_, message, col, end_col", [
    ("x = 1 / 0", "ZeroDivisionError", "division by zero", 5, 9),
    ("x = [1][5]", "IndexError", "list index out of range", 5, 10),
    ("x = 'a' + 1", "TypeError", 'can only concatenate str (not "int") to str', 5, 11),
    ("x = None + 1", "TypeError", "unsupported operand type(s) for +: 'NoneType' and 'int'", 5,
     12),
    ("x = 2.0 ** 5000", "OverflowError", "(34, 'Numerical result out of range')", 5, 15),
    ("x = int('x')", "ValueError", "invalid literal for int() with base 10: 'x'", 5, 12),
    ("x = len(1, 2)", "TypeError", "len() takes exactly one argument (2 given)", 5, 13),
    ("x = torch.box(1).fail()", "RuntimeError", "boom: first line", 5, 23),
    ("x = torch.box(1).append", "AttributeError", "'Box' object has no attribute 'append'", 5,
     23),
    ("x = 5(1)", "TypeError", "'int' object is not callable", 5, 8),
    ("for i in 5:\n    pass", "TypeError", "'int' object is not iterable", 10, 10),
])
def test_script_errors_are_pythons_with_a_caret(source, type_, message, col, end_col):
    e = error(source)
    assert (e.type, e.message, e.line, e.col, e.end_col) == (type_, message, 1, col, end_col)


def test_error_line_is_the_raising_sub_expressions():
    e = error("x = (1 +\n     [][0])")
    assert (e.line, e.col) == (2, 6)


def test_hint_table():
    e = error("torch.box(1).backward()")
    assert "retain_graph=True" in e.hint


def test_internal_errors_are_reported_not_raised(monkeypatch):
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)
    e = error("b = torch.box(1)\nb.broken()")
    assert e.type == "InternalError" and e.line == 2
    assert e.message == "gradcli internal error: KeyError('missing'); please report it"
    assert "GRADCLI_DEBUG=1" in e.hint
    # not catchable by the script either
    e = error("b = torch.box(1)\ntry:\n    b.broken()\nexcept Exception:\n    pass")
    assert e.type == "InternalError"


def test_debug_mode_reraises_internal_errors(monkeypatch):
    monkeypatch.setenv("GRADCLI_DEBUG", "1")
    with pytest.raises(KeyError):
        run("torch.box(1).broken()")


# -- warnings -------------------------------------------------------------------------------
def test_warnings_once_per_line_first_line_only():
    src = """
    b = torch.box(1)
    for i in range(3):
        b.warn()
    b.warn(); b.warn()
    b.warn(True)
    b.warn(True)
    """
    events, _ = run(src)
    assert events == [WarningEvent(4, "UserWarning", "careful"),
                      WarningEvent(5, "UserWarning", "careful"),
                      WarningEvent(6, "UserWarning", "careful")]


def test_warning_handler_is_removed_after_the_run():
    events, _ = run("x = 1")
    warn("after the run")  # must go nowhere, and not raise
    assert events == []


# -- limits ---------------------------------------------------------------------------------
def test_step_budget_ends_unbounded_loops_and_cannot_be_caught():
    src = "try:\n    for i in range(10**12):\n        pass\nexcept Exception:\n    'caught'"
    e = error(src, limits=Limits(max_steps=1000))
    assert (e.type, e.message) == ("LimitExceeded", "step budget of 1,000 statements exceeded "
                                   "(raise it with --max-steps)")
    src = "try:\n    [i for i in range(10**12)]\nexcept:\n    'caught'"
    assert error(src, limits=Limits(max_steps=1000)).type == "LimitExceeded"


def test_lambda_calls_count_as_steps():
    e = error("f = lambda n: n\nx = [f(i) for i in range(100)]", limits=Limits(max_steps=150))
    assert e.type == "LimitExceeded"


@pytest.mark.parametrize("source, flag", [
    ("x = 2 ** 100_000", "--max-int-bits"),
    ("x = 10 ** 9000\ny = x * x", "--max-int-bits"),
    ("x = [0] * 10**8", "--max-sequence"),
    ("x = 10**8 * 'ab'", "--max-sequence"),
    ("x = [0] * 1000\nfor i in range(20):\n    x = x + x", "--max-sequence"),
    ("x = [0] * 1000\nfor i in range(20):\n    x += x", "--max-sequence"),
    ("x = '%*d' % (10**9, 1)", "--max-sequence"),
    ("x = '%099999999999d' % 1", "--max-sequence"),
])
def test_size_limits_are_checked_before_computing(source, flag):
    start = time.process_time()
    e = error(source)
    assert e.type == "LimitExceeded" and flag in e.message
    assert time.process_time() - start < 1


def test_limits_allow_ordinary_sizes():
    assert texts("len([0] * 1000), len('ab' * 100), (2 ** 100) % 7, 1.5 ** 2") == [
        "(1000, 200, 2, 2.25)"]


# -- the public surface for the session -----------------------------------------------------
def test_name_of():
    _, rt = run("a = torch.box(1)\nps = [torch.box(2), torch.box(3)]\nt = (1, a)")
    assert rt.name_of(rt.env["a"]) == "a"
    assert rt.name_of(rt.env["ps"][1]) == "ps[1]"
    assert rt.name_of(Box(0)) is None


def test_current_line_source_and_step_count():
    src = "x = 1\nb = torch.box(1)\nfor i in range(2):\n    b.where()"
    events, rt = run(src)
    assert [e.value for e in events] == [[4, "b.where()", 5], [4, "b.where()", 7]]
    assert rt.statements_executed == 7


def test_loop_overhead_is_small():
    start = time.process_time()
    events, _ = run("y = 1.0\nfor i in range(100000):\n    y = y * 1.0001\ny")
    assert abs(events[0].value - 1.0001 ** 100000) < 1e-6 * events[0].value
    assert time.process_time() - start < 2.0


def test_no_python_traceback_escapes_for_any_statement_kind():
    src = "x = [1]\nx[5] += 1"
    assert error(src).type == "IndexError"


# -- property: expressions over plain values mean what they mean in Python -----------------
LEAVES = st.sampled_from(["0", "1", "-2", "3", "0.5", "-1.5", "True", "False", "None", "[1, 2]",
                          "(3,)", "'ab'"])


def _compose(children):
    # (no `is` between literals: whether two equal constants are one object is CPython's detail)
    binary = st.sampled_from(["+", "-", "*", "/", "//", "%", "<", "<=", "==", "!=", "and", "or",
                              "in"])
    return st.one_of(
        st.tuples(children, binary, children).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} < {t[1]} <= {t[2]})"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        children.map(lambda c: f"(not {c})"), children.map(lambda c: f"(-{c})"),
        children.map(lambda c: f"({c} ** 2)"), children.map(lambda c: f"[{c}, {c}][1]"),
        children.map(lambda c: f"[x for x in [{c}, 1] if x]"),
    )


@settings(max_examples=300, deadline=None)
@given(st.recursive(LEAVES, _compose, max_leaves=12))
def test_expressions_match_python(expression):
    try:
        expected = ("value", repr(eval(expression, {"__builtins__": {}})))  # test side only
    except Exception as e:  # noqa: BLE001 - whatever Python raises, gradcli must raise too
        expected = ("error", type(e).__name__, str(e))
    events, _ = run(expression)
    event = events[-1] if events else ValueEvent(1, None, "None")
    actual = ("value", event.text) if isinstance(event, ValueEvent) else \
        ("error", event.type, event.message)
    assert actual == expected


# -- end to end: the real API table and engine --------------------------------------------
CONFORMANCE = Path("/work/shared/conformance/cases")
ORACLE = Path(__file__).parents[1] / "oracle" / "torch_trace.py"
COMPARED = {"value": ("line", "value"), "print": ("line", "text"),
            "warning": ("line", "type", "message"), "error": ("line", "type", "message")}


def run_real(source: str) -> list[dict]:
    """The events of a script run by the real API, as JSON dicts."""
    pytest.importorskip("gradcli.torch.api")
    events = []
    Interpreter(parse(source, "s.py", None, api.VOCABULARY), events.append, api=api).run()
    return [dataclasses.asdict(e) for e in events]


def comparable(events: list[dict]) -> list[dict]:
    return [{k: e.get(k) for k in ("kind",) + COMPARED[e["kind"]]}
            for e in events if e["kind"] in COMPARED]


def close(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and \
            math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    return a == b


def test_the_specs_first_example():
    source = ("import torch\nx = torch.ones(1, requires_grad=True)\ny = x**2\nz = x**3\n"
              "y.backward()\nx.grad\nz.backward()\nx.grad\nx.grad.zero_()\n")
    events = run_real(source)
    assert [(e["line"], e["text"]) for e in events] == [
        (6, "tensor([2.])"), (8, "tensor([5.])"), (9, "tensor([0.])")]
    assert events[0]["value"] == {"type": "tensor", "dtype": "float32", "shape": [1],
                                  "data": [2.0], "requires_grad": False, "grad_fn": None}


def test_real_errors_warnings_and_hints():
    events = run_real("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                      "b = x * 2\nb.grad\nx.sum().backward()\nx.sum().backward()\n"
                      "with torch.no_grad():\n    x += 1\nx += 1\n")
    assert [(e["kind"], e["line"]) for e in events] == [("warning", 4), ("error", 9)]
    assert events[1]["message"] == ("a leaf Variable that requires grad is being used in an "
                                    "in-place operation.")
    assert "torch.no_grad()" in events[1]["hint"]


def test_real_tensor_loop_is_not_dominated_by_the_interpreter():
    start = time.process_time()
    events = run_real("import torch\ny = torch.ones(3)\nfor i in range(20000):\n"
                      "    y = y * 1.0001\ny.sum().item()")
    assert events[0]["value"] == pytest.approx(3 * 1.0001 ** 20000, rel=1e-3)
    assert time.process_time() - start < 5


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="the shared conformance cases are absent")
@pytest.mark.parametrize("case", sorted(CONFORMANCE.glob("*.py")) if CONFORMANCE.is_dir() else [],
                         ids=lambda p: p.stem)
def test_conformance_case(case):
    expected = json.loads((case.parent / "expected" / f"{case.stem}.json").read_text())
    actual = comparable(run_real(case.read_text()))
    assert close(actual, comparable(expected["events"])), json.dumps(actual, indent=1)


# Snippets whose events must equal PyTorch's (run by tests/oracle/torch_trace.py).
DIFFERENTIAL = {
    "multiline_call": """\
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x *
     2).sum()
print(
    "v",
    y)
torch.autograd.grad(
    y,
    x)
torch.autograd.grad(
    y,
    x)
""",
    "hook_error": """\
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g:
    g[5])
x.sum().backward()
""",
    "warning_loop": """\
import torch
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
for i in range(3):
    b.grad
b.grad
b.grad; b.grad
""",
    "try_flow": """\
import torch
x = torch.ones(2)
try:
    x[5]
except IndexError as e:
    print("idx", e)
else:
    print("else")
finally:
    print("fin")
try:
    [1, 2][3]
except Exception as e:
    print("exc", e)
try:
    1 / 0
except (TypeError, ZeroDivisionError) as e:
    print(e)
e = 5
try:
    int("x")
except ValueError as e:
    pass
e
""",
    "python_errors": """\
import torch
a, b = [1, 2, 3]
""",
    "unpack2": """\
a, b, c = (1, 2)
""",
    "unpack3": """\
a, b = 5
""",
    "name_runtime": """\
import torch
if False:
    q = 1
q + 1
""",
    "assert": """\
import torch
x = torch.tensor([1.0])
assert x.sum() > 0, "positive"
assert x.sum() < 0, f"got {x.sum().item()}"
""",
    "assert_plain": """\
assert 1 == 2
""",
    "lambda_args": """\
f = lambda a, b=2: a + b
f(1)
f(1, b=5)
f(1, 2, 3)
""",
    "comprehension": """\
import torch
xs = [torch.tensor(float(i), requires_grad=True) for i in range(3)]
ys = [x * x for x in xs if x.item() > 0]
[y.item() for y in ys]
[(i, j) for i in range(2) for j in range(i + 1)]
s = sum([y for y in ys])
s.backward()
[x.grad for x in xs]
""",
    "chained": """\
import torch
x = torch.tensor(2.0)
1 < x < 3
1 < 2 < 1
0 < 1 > -1
x is x, x is not None, 1 in [1, 2], 3 not in [1, 2]
not x
-x, +x
3 if x > 1 else 4
x > 1 and x or 0
0 or "a"
"" and 1
""",
    "fstring": """\
import torch
x = torch.tensor(1.5)
v = torch.tensor([1.0, 2.0])
f"{x:.3f} {x} {v} {v!r} {3:>5} {'a'!r}"
print(f"loss={x.item():.4f}")
""",
    "with_error": """\
import torch
x = torch.tensor([1.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
y.requires_grad
torch.is_grad_enabled()
try:
    with torch.no_grad():
        1 / 0
except ZeroDivisionError:
    pass
torch.is_grad_enabled()
with torch.set_grad_enabled(False):
    torch.is_grad_enabled()
torch.is_grad_enabled()
""",
    "aug_subscript": """\
import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
y[0] += 5
y
y.grad_fn
l = [1, 2]
l[0] += 3
l
l += [4]
l
t = (1,)
t += (2,)
t
s = "a"
s *= 3
s
""",
    "nonscalar_in_if": """\
import torch
x = torch.tensor([1.0, 2.0])
if x > 0:
    pass
""",
    "nested_lambda": """\
add = lambda a: lambda b: a + b
add(2)(3)
fs = [lambda g, i=i: g * i for i in range(3)]
[f(10) for f in fs]
gs = [lambda g: g * i for i in range(3)]
[g(10) for g in gs]
""",
    "del": """\
x = 1
del x
x
""",
    "print_forms": """\
import torch
print()
print(1, 2, sep=", ", end="!")
print("a", None, True, 1.0, [1, 2], (3,), torch.float32, torch.ones(2).shape)
print(torch.ones(2) * 2, torch.tensor(3))
""",
    "multiline_error": """\
import torch
x = torch.ones(2, requires_grad=True)
y = (x
     * 2)
y.backward(
)
""",
    "loop_echo_nested": """\
for i in range(2):
    for j in range(2):
        if j:
            i, j
        else:
            i
    i * 10
""",
    "str_errors": """\
"a" + 1
""",
    "none_attr": """\
import torch
x = torch.ones(1, requires_grad=True)
x.grad.zero_()
""",
    "for_else_break": """\
for i in range(3):
    if i == 1:
        break
else:
    "never"
i
for i in range(2):
    continue
else:
    "done"
""",
    "split_method_call_error": """\
import torch
x = torch.ones(2, requires_grad=True)
y = (x
     * 2)
(y
 .backward())
""",
    "error_inside_multiline_list": """\
import torch
x = torch.ones(2, requires_grad=True)
z = [1,
     x.sum(),
     [][0]]
""",
    "warnings_in_multiline_tuple_and_print": """\
import torch
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
(b.exp(),
 b.grad,
 b.grad)
print(b.grad,
      b.grad)
""",
    "hooks_print_and_fail": """\
import torch
x = torch.ones(2, requires_grad=True)
h = x.register_hook(lambda g: print("hook", g))
f = lambda g: (g *
    torch.tensor([1.0, 2.0, 3.0]))
h2 = x.register_hook(f)
x.sum().backward()
""",
    "scalar_warning_once_per_process": """\
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
float(x.sum())
w = x.detach()
w.requires_grad
for i in range(2):
    x.sum().item()
x[0] = 5
""",
    "split_binop_error": """\
import torch
y = (torch.ones(2) +
     torch.ones(3))
""",
    "split_attribute_error": """\
import torch
x = torch.ones(2)
y = (x.
     append)
""",
    "split_attribute_warning": """\
import torch
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
(b
 .grad)
c = [b
     .grad, 1]
print(b.
      grad)
""",
    "split_call_engine_error": """\
import torch
x = torch.ones(2)
z = torch.cat(
    [x, x.view(1, 2)])
""",
}


@pytest.fixture(scope="module")
def oracle():
    pytest.importorskip("torch")
    if not ORACLE.exists():
        pytest.skip("tests/oracle/torch_trace.py is absent")
    spec = importlib.util.spec_from_file_location("oracle_torch_trace", ORACLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(DIFFERENTIAL))
def test_same_events_as_pytorch(name, oracle, tmp_path):
    path = tmp_path / f"{name}.py"
    path.write_text(DIFFERENTIAL[name])
    expected = comparable(oracle.trace_isolated(str(path))["events"])
    actual = comparable(run_real(DIFFERENTIAL[name]))
    assert close(actual, expected), json.dumps({"expected": expected, "actual": actual}, indent=1)


@pytest.mark.parametrize("source, message", [
    # a float constant on the right takes + and * without their guards: Python's own errors
    ("[1, 2] * 2.0", "can't multiply sequence by non-int of type 'float'"),
    ("'a' + 1.5", 'can only concatenate str (not "float") to str'),
    ("(1,) + 0.5", 'can only concatenate tuple (not "float") to tuple'),
])
def test_float_constant_operators_fail_as_python(source, message):
    e = error(source)
    assert (e.type, e.message, e.line) == ("TypeError", message, 1)


def test_float_constant_operators_compute_as_python():
    assert values("x = 3\nx * 0.5\nx + 0.25\n[1] * 2\n'ab' + 'c'") == [
        (2, 1.5), (3, 3.25), (4, [1, 1]), (5, "abc")]


@pytest.mark.parametrize("call, message", [
    # one-argument calls of a def and a method go straight to the function: wrong arguments
    # are still Python's TypeError, at the call
    ("f(1)", "f() missing 1 required positional argument: 'b'"),
    ("g(1)", "g() missing 1 required keyword-only argument: 'k'"),
])
def test_one_argument_calls_bind_as_python(call, message):
    src = f"def f(a, b):\n    return a\ndef g(a, *, k):\n    return a\n{call}"
    e = error(src)
    assert (e.type, e.message, e.line) == ("TypeError", message, 5)
    assert values("def h(a, *, k=2):\n    return a + k\nh(1)\nh(1, k=5)") == [(3, 3), (4, 6)]


def test_one_argument_method_call_binds_as_python():
    src = "class C:\n    def m(self):\n        return 1\nC().m(1)\n"
    e = run_real(src)[-1]
    assert (e["kind"], e["type"], e["message"], e["line"]) == (
        "error", "TypeError", "C.m() takes 1 positional argument but 2 were given", 4)
