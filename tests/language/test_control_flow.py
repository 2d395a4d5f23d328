"""`while`, `break`/`continue`/`else`, functions and their limits, on the real API table."""
from __future__ import annotations

import textwrap

import pytest

from gradcli.engine.limits import Limits
from gradcli.engine.runtime import Runtime
from gradcli.events.events import ErrorEvent, PrintEvent
from gradcli.sandbox.interp import Interpreter
from gradcli.sandbox.parse import ScriptInvalid, parse
from gradcli.torch import api


def run(source: str, limits: Limits = Limits()) -> list:
    program = parse(textwrap.dedent(source), "s.py", limits, api.VOCABULARY)
    events: list = []
    Interpreter(program, events.append, Runtime(limits=limits), api=api).run()
    return events


def printed(source: str) -> list[str]:
    events = run(source)
    assert not any(isinstance(e, ErrorEvent) for e in events), events
    return [e.text for e in events if isinstance(e, PrintEvent)]


def error(source: str, limits: Limits = Limits()) -> ErrorEvent:
    events = run(source, limits)
    assert isinstance(events[-1], ErrorEvent), events
    return events[-1]


# -- while ----------------------------------------------------------------------------------
def test_while_with_break_continue_and_else():
    assert printed("""
        n = 0
        while n < 5:
            n += 1
            if n == 2:
                continue
            if n == 4:
                break
            print(n)
        else:
            print("not reached")
        while n < 6:
            n += 1
        else:
            print("else", n)
    """) == ["1", "3", "else 6"]


def test_while_on_a_tensor_condition():
    assert printed("""
        import torch
        x = torch.tensor(8.0)
        while x > 1:
            x = x / 2
        print(x)
    """) == ["tensor(1.)"]
    assert error("import torch\nwhile torch.ones(2):\n    pass").type == "RuntimeError"


def test_an_endless_while_ends_at_the_step_budget():
    e = error("while True:\n    pass", Limits(max_steps=1000))
    assert e.type == "LimitExceeded" and "--max-steps" in e.message


def test_break_outside_a_loop_is_rejected():
    with pytest.raises(ScriptInvalid, match="'break' outside loop"):
        parse("while True:\n    pass\nbreak", "s.py", None, api.VOCABULARY)
    parse("for i in range(2):\n    while True:\n        break", "s.py", None, api.VOCABULARY)


# -- functions ------------------------------------------------------------------------------
def test_parameters_of_every_kind():
    assert printed("""
        def f(a, b=2, *rest, k, m=5, **extra):
            return a, b, rest, k, m, list(extra)
        print(f(1, k=3))
        print(f(1, 4, 6, 7, k=3, m=0, z=1))
    """) == ["(1, 2, (), 3, 5, [])", "(1, 4, (6, 7), 3, 0, ['z'])"]


def test_defaults_are_evaluated_once_at_the_def():
    assert printed("""
        n = 1
        def f(x=n):
            return x
        n = 2
        print(f())
    """) == ["1"]


def test_closures_nonlocal_and_recursion():
    assert printed("""
        def counter():
            n = 0
            def inc(k=1):
                nonlocal n
                n += k
                return n
            return inc
        c = counter()
        c()
        print(c(5))
        def fact(n):
            return 1 if n <= 1 else n * fact(n - 1)
        print(fact(10))
        adders = [lambda x, i=i: x + i for i in range(3)]
        print([a(10) for a in adders])
    """) == ["6", "3628800", "[10, 11, 12]"]


def test_global_names_are_the_scripts_in_the_function_and_the_functions_it_holds():
    # the DQN tutorial's `global steps_done`: a counter kept at the top level
    assert printed("""
        steps_done = 0
        def select():
            global steps_done
            steps_done += 1
            return steps_done
        def outer():
            steps_done = 100
            def inner():
                global steps_done
                steps_done += 5
                return steps_done
            return inner(), steps_done
        def make():
            global made
            made = 7
        select()
        print(select(), outer(), steps_done)
        make()
        print(made)
    """) == ["2 (7, 100) 7", "7"]


def test_del_of_items_empties_lists_and_dicts_as_python_does():
    # the REINFORCE example's `del policy.rewards[:]` between episodes
    assert printed("""
        rewards, d = [1.0, 2.0, 3.0], {"a": 1, "b": 2}
        del rewards[:]
        del d["a"]
        lst = list(range(6))
        del lst[::2], lst[0]
        print(rewards, d, lst)
    """) == ["[] {'b': 2} [3, 5]"]
    e = error("t = torch.ones(2)\ndel t[0]")
    assert (e.type, e.message) == ("TypeError", "Tensor does not support deleting items")
    assert error("d = {}\ndel d['x']").type == "KeyError"


def test_locals_do_not_leak_and_globals_are_read():
    source = "scale = 3\ndef f(x):\n    y = x * scale\n    return y\nprint(f(2))\n"
    assert printed(source) == ["6"]
    e = error(source + "y")
    assert (e.type, e.message) == ("NameError", "name 'y' is not defined")


@pytest.mark.parametrize("call, message", [
    ("f()", "f() missing 1 required positional argument: 'x'"),
    ("f(1, 2)", "f() takes 1 positional argument but 2 were given"),
    ("f(1, k=2)", "f() got an unexpected keyword argument 'k'"),
])
def test_wrong_calls_are_pythons_type_errors(call, message):
    e = error(f"def f(x):\n    return x\n{call}")
    assert (e.type, e.message, e.line) == ("TypeError", message, 3)


@pytest.mark.parametrize("call, message", [
    ("g(1, 2, 3)", "g() takes from 1 to 2 positional arguments but 3 were given"),
    ("g(1, k=1, z=2)", "g() got an unexpected keyword argument 'z'"),
    ("g(1)", "g() missing 1 required keyword-only argument: 'k'"),
])
def test_keyword_only_defaults_do_not_count_as_given(call, message):
    e = error(f"def g(x, y=2, *, k, m=1):\n    return x\n{call}")
    assert (e.type, e.message) == ("TypeError", message)


def test_errors_inside_a_function_point_at_its_line():
    e = error("def f(x):\n    y = x + 1\n    return [y][3]\nf(1)")
    assert (e.type, e.line) == ("IndexError", 3)


def test_grad_mode_decorators_restore_the_callers_mode_even_on_error():
    assert printed("""
        import torch
        @torch.no_grad()
        def frozen(x, fail=False):
            assert not fail, "stop"
            return x * 2
        x = torch.ones(1, requires_grad=True)
        print(frozen(x).requires_grad, torch.is_grad_enabled())
        try:
            frozen(x, True)
        except AssertionError as e:
            print(e, torch.is_grad_enabled())
    """) == ["False True", "stop True"]


def test_runaway_recursion_ends_at_the_call_depth_limit():
    e = error("def f(n):\n    return f(n + 1)\nf(0)")
    assert e.type == "LimitExceeded" and "call depth limit of 100" in e.message
    assert "--max-call-depth" in e.message
    deep = "def f(n):\n    for i in [1]:\n        with torch.no_grad():\n            try:\n" \
           "                x = [f(n + 1) for i in [1]]\n            finally:\n" \
           "                pass\nf(0)"
    e = error("import torch\n" + deep, Limits(max_call_depth=10**6))
    assert e.type == "LimitExceeded" and "--max-call-depth" in e.message


def test_calls_count_against_the_step_budget():
    e = error("def f():\n    pass\nfor i in range(10**6):\n    f()", Limits(max_steps=1000))
    assert e.type == "LimitExceeded" and "--max-steps" in e.message


@pytest.mark.parametrize("source, message", [
    ("@staticmethod\ndef f():\n    pass", "staticmethod"),
    ("def f(a, /):\n    pass", "positional-only"),
    ("def f():\n    yield 1", "generators"),
    ("nonlocal x", "module level"),
    ("def f():\n    for i in [1]:\n        def g():\n            break", "'break' outside loop"),
])
def test_rejected_function_forms(source, message):
    with pytest.raises(ScriptInvalid, match=message):
        parse("import torch\n" + source, "s.py", None, api.VOCABULARY)
