"""Validation of whole scripts before they run: what the session language accepts and rejects."""
import ast
import textwrap

import pytest

from gradcli.engine.limits import Limits
from gradcli.sandbox.parse import ScriptInvalid, Vocabulary, parse
from gradcli.torch import api

VOCABULARY = Vocabulary(
    names=frozenset({"torch", "F", "print", "range", "len", "sum", "float", "list", "str"}),
    modules=frozenset({"torch", "torch.nn", "torch.nn.functional", "math"}),
    attributes=frozenset({"ones", "tensor", "backward", "grad", "retain_grad", "no_grad",
                          "enable_grad", "set_grad_enabled", "sum", "nn", "functional", "relu",
                          "sqrt", "pi", "register_hook", "item", "autograd", "args", "zero_"}),
)


def check(source: str, limits: Limits | None = None):
    return parse(textwrap.dedent(source), "s.py", limits, VOCABULARY)


def rejection(source: str, limits: Limits | None = None) -> ScriptInvalid:
    with pytest.raises(ScriptInvalid) as info:
        check(source, limits)
    return info.value


ACCEPTED = [
    "import torch\nx = torch.ones(1, requires_grad=True)\ny = x ** 2\ny.backward()\nx.grad",
    "import torch as t\nwith t.no_grad():\n    pass",
    "import torch.nn.functional as F\nF.relu",
    "import torch.nn.functional\ntorch.ones(1)",
    "from torch import ones, tensor as T\nones(1)\nT(1)",
    "from torch.nn import functional as G\nG.relu",
    "import math\nmath.sqrt(2) + math.pi",
    "from math import sqrt\nsqrt(2)",
    "a = b = 1\na, (b, c) = 1, (2, 3)\n[d, e] = [4, 5]",
    "x = [1, 2]\nx[0] = 3\nx[0] += 1\nx[:1]\nx[::-1]\nx[...] if False else None",
    "x = torch.ones(2)\nx.grad = None\nx.grad += 1",
    "for i in range(3):\n    if i == 1:\n        continue\n    elif i == 2:\n        break\n"
    "else:\n    pass",
    "with torch.no_grad(), torch.enable_grad():\n    pass\n"
    "with torch.set_grad_enabled(False) as g:\n    g",
    "try:\n    pass\nexcept (RuntimeError, TypeError) as e:\n    e.args\n"
    "except Exception:\n    pass\n"
    "except:\n    pass\nelse:\n    pass\nfinally:\n    pass",
    "assert 1, 'message'\nassert True",
    "x = 1\ndel x",
    "h = lambda g, s=2: g * s\nh(1)",
    "[i * j for i in range(3) for j in range(i) if j]",
    "x = 1.5\nf'{x:.2f} {x!r} {x:>8} plain'",
    "x = 1\nnot x, -x, +x, x if x else 0, x and x or x, 1 < x <= 2 != 3, x is None, x in [1]",
    "x = 1\nx @ x, x // 2, x % 2, x ** 2, x / 2",
    "_ = 1\n_y = _\nloss2 = _y",
    "x = torch.ones(2)\nx.register_hook(lambda g: print(g))",
    "a = [1]\nd = {}\n[*a, *a], (*a, 1), {*a}, {**d, 'k': 1, **d}\nprint(*a)",
    "s = {1}\ns | s, s & s, s ^ s, s - s, ~1\ns |= s\ns &= s\ns ^= s",
]


@pytest.mark.parametrize("source", ACCEPTED)
def test_accepted(source):
    program = check(source)
    assert isinstance(program.tree, ast.Module)


def test_anomaly_managers_and_gradcheck_error_with_the_api_vocabulary():
    parse("with torch.autograd.detect_anomaly(check_nan=False):\n    pass\n"
          "with torch.autograd.set_detect_anomaly(True):\n    pass\n"
          "mode = torch.no_grad()\nwith mode:\n    pass\n"
          "from torch.autograd.gradcheck import gradcheck, GradcheckError\ntry:\n    pass\n"
          "except GradcheckError as e:\n    print(e)\n"
          "except (GradcheckError, ValueError):\n    pass", "s.py", None, api.VOCABULARY)


def test_program_records_assigned_names():
    program = check("import torch as t\nfrom math import sqrt\na, b = 1, 2\nfor i in range(2):\n"
                    "    pass\ntry:\n    pass\nexcept Exception as e:\n    pass\nf = lambda q: q\n"
                    "[z for z in range(2)]\nx = 1\nx += 1")
    assert program.assigned == {"t", "sqrt", "a", "b", "i", "e", "f", "q", "z", "x"}


REJECTED = [
    # (source, line, col, words in the message, words in the hint)
    ("@staticmethod\ndef f(x):\n    return x", 1, 2, "staticmethod", ""),
    ("x = 1\nreturn x", 2, 1, "'return' outside function", "inside a `def`"),
    ("def f(a, a):\n    pass", 1, 10, "duplicate argument 'a'", ""),
    ("class A(B, C):\n    pass", 1, 12, "multiple inheritance", "one class"),
    ("async def f():\n    pass", 1, 1, "`async def`", ""),
    ("import os", 1, 8, "import only", ""),
    ("import torch, sys as s", 1, 15, "`sys` cannot be imported", ""),
    ("from os import path", 1, 1, "`os` cannot be imported", ""),
    ("from torch import *", 1, 1, "`import *`", ""),
    ("from . import x", 1, 1, "relative imports", ""),
    ("a, *b, *c = [1, 2]", 1, 8, "multiple starred", "one `*`"),
    ("'{0.x}'.format(1)", 1, 1, "attribute or index lookups", "the value itself"),
    ("if (y := 1):\n    pass", 1, 5, "`:=`", ""),
    ("x = 1\nx.__dict__", 2, 3, "starting with '_'", ""),
    ("x = 1\nx.__class__ = 2", 2, 3, "read but not assigned", ""),
    ("class A:\n    pass\nA()._hidden", 3, 5, "only when the script's classes define them", ""),
    ("x = 1\nx._private", 2, 3, "starting with '_'", ""),
    ("x = torch.ones(1)\nx.retian_grad()", 2, 3, "`retian_grad`", "did you mean `retain_grad`?"),
    ("y = q + 1", 1, 5, "name 'q' is not defined", ""),
    ("eval('1')", 1, 1, "name 'eval' is not defined", "no `eval`"),
    ("open('/etc/passwd')", 1, 1, "name 'open' is not defined", ""),
    ("__import__('os')", 1, 1, "name '__import__' is not defined", ""),
    ("x = math.pi", 1, 5, "name 'math'", "import math"),
    ("x = lenn([])", 1, 5, "name 'lenn'", "did you mean `len`?"),
    ("with open('f') as f:\n    pass", 1, 6, "`with` takes only", ""),
    ("try:\n    pass\nexcept KeyboardInterrupt:\n    pass", 3, 8, "can catch only", ""),
    ("try:\n    pass\nexcept* ValueError:\n    pass", 1, 1, "`except*`", ""),
    ("x = 1\nx += q", 2, 6, "name 'q'", ""),
    ("z += 1", 1, 1, "name 'z'", ""),
    ("x = [1]\ndel (x, x)", 2, 5, "`del` takes only names", ""),
    ("break", 1, 1, "'break' outside loop", ""),
    ("for i in range(2):\n    pass\ncontinue", 3, 1, "'continue' not properly in loop", ""),
    ("f = lambda *a: a", 1, 5, "plain parameters", ""),
    ("f = lambda a, *, b: a", 1, 5, "plain parameters", ""),
    ("f = lambda a, a: a", 1, 15, "duplicate argument 'a'", ""),
    # NOTE: Python 3.11 gives an f-string's parts the position of the whole f-string.
    ("x = 1\nf'{x:{x}}'", 2, 1, "format specs must be plain", ""),
    ("x = 1j", 1, 5, "complex numbers", ""),
    ("x = b'a'", 1, 5, "bytes literals", ""),
    ("x = 1 << 2", 1, 5, "LShift", "+ - * / // % ** @ and | & ^"),
    ("x = 1\nx >>= 1", 2, 1, "RShift", ""),
    ("return 1", 1, 1, "'return' outside function", ""),
    ("x = (yield)", 1, 6, "generators (`yield`)", "return a list"),
    ("match 1:\n    case 1:\n        pass", 1, 1, "`match`", ""),
    ("x = 1 +", 1, 8, "invalid syntax", ""),
    ("x = (1,\ny = 2", 1, 5, "never closed", ""),
    ("for i in range(2):\npass", 2, 1, "expected an indented block", ""),
]


@pytest.mark.parametrize("source, line, col, message, hint", REJECTED)
def test_rejected_with_position_and_hint(source, line, col, message, hint):
    e = next(p for p in rejection(source).problems if (p.line, p.col) == (line, col))
    assert message in e.message
    assert hint in e.hint


def test_unknown_attribute_caret_spans_the_name():
    e = rejection("x = torch.ones(1)\nx.retian_grad()")
    assert (e.col, e.end_col) == (3, 13)


def test_columns_count_characters_not_bytes():
    e = rejection("é = 'ü'; é.foo")
    assert (e.line, e.col) == (1, 12)


def test_every_problem_is_reported_in_source_order():
    e = rejection("import os\na = b\nasync def g(): pass\nc = (d := 1)\n"
                  "x = torch.ones(1).retian_grad")
    assert [(p.line, p.col) for p in e.problems] == [(1, 8), (2, 5), (3, 1), (4, 6), (5, 19)]
    assert (e.line, e.col) == (1, 8)  # raised as the first
    assert str(e).count("\n") == 4  # its text says them all


def test_an_import_refusal_names_the_module_before_the_allowed_ones():
    assert rejection("import os").message.startswith("`os` cannot be imported")


def test_problems_that_follow_from_another_are_not_reported():
    # os's attributes after `import os` is refused; names bound by a rejected construct
    e = rejection("import os\nos.getcwd()\nasync def f():\n    pass\nf()\n"
                  "y = (w := 2)\nw\nz = torch.nosuch.nosuch2")
    assert [p.line for p in e.problems] == [1, 3, 6, 8]


def test_names_used_only_before_assignment_pass_validation():
    check("if False:\n    q = 1\nq")  # fails at run time, like Python


def test_script_size_limit():
    e = rejection("x = 1\n" * 10, Limits(max_script_chars=20))
    assert "script size limit of 20 characters exceeded" in e.message
    assert "--max-script-chars" in e.message


def test_nesting_limit_is_checked_by_the_walk():
    e = rejection("x = " + "-" * 60 + "1", Limits(max_nesting=50))
    assert "expression nesting limit of 50 levels exceeded" in e.message
    assert "--max-nesting" in e.message
    check("x = " + "-" * 40 + "1", Limits(max_nesting=50))


def test_long_flat_sums_count_as_nesting():
    e = rejection("x = 1" + " + 1" * 150)
    assert "--max-nesting" in e.message


def test_parser_recursion_is_an_invalid_script_not_a_crash():
    e = rejection("x = " + "-" * 200_000 + "1", Limits(max_script_chars=10**6))
    assert "nested too deeply" in e.message and "--max-nesting" in e.message


def test_too_many_parentheses_is_pythons_syntax_error():
    e = rejection("x = " + "(" * 300 + "1" + ")" * 300)
    assert "too many nested parentheses" in e.message


def test_huge_int_literal_is_refused():
    e = rejection("x = " + "9" * 4000)
    assert "--max-int-bits" in e.message


def test_huge_format_width_is_refused():
    e = rejection("x = 1\nf'{x:>99999999999}'")
    assert "--max-sequence" in e.message


def test_null_byte():
    e = rejection("x = 1\ny = 2\0")
    assert (e.line, e.col) == (2, 6) and "null" in e.message


def test_deep_statement_nesting_is_iterative():
    # Python itself caps indentation at 100 levels; the validator must not recurse per level.
    source = "".join("    " * i + "if True:\n" for i in range(99)) + "    " * 99 + "pass\n"
    check(source)


def test_wide_script_validates_quickly():
    source = "x = torch.ones(1)\n" + "y = x * 2 + 1\n" * 20_000
    check(source)


def test_error_names_the_dangerous_builtin():
    for name in ("delattr", "exec", "compile", "globals", "vars", "object"):
        assert f"no `{name}`" in rejection(f"{name}(1)").hint


def test_torch_vocabulary_from_the_api_table():
    program = parse("import torch\nx = torch.ones(2, requires_grad=True)\nx.sum().backward()\n"
                    "F.relu(x)\nx.grad", "s.py", None, api.VOCABULARY)
    assert "x" in program.assigned
    with pytest.raises(ScriptInvalid):
        parse("x = torch.ones(2)\nx.storage()", "s.py", None, api.VOCABULARY)


@pytest.mark.parametrize("source, hint", [
    ("torch.lstsq(torch.ones(3))", "PyTorch has torch.lstsq, but gradcli does not support it"),
    ("from torch import lstsq", "PyTorch has torch.lstsq, but gradcli does not support it"),
    ("import torch as t\nt.lstsq(t.ones(3))", "PyTorch has torch.lstsq, but gradcli"),
    ("import torch.nn as nn\nnn.relu", "module 'torch.nn' has no attribute 'relu'"),
    ("import math\nmath.vander", "module 'math' has no attribute 'vander'"),
])
def test_a_module_attribute_is_one_of_that_modules_names(source, hint):
    """Not one of every name gradcli knows: `lstsq` is torch.linalg's, not torch's."""
    with pytest.raises(ScriptInvalid) as info:
        parse(source, "s.py", None, api.VOCABULARY)
    assert "`" in info.value.problems[0].message and hint in info.value.problems[0].hint


@pytest.mark.parametrize("source", [
    "nn = torch.ones(2)\nnn.real",  # a variable named as a module is not the module
    "def f(F):\n    return F.real",
    "torch.vander = lambda x: x\ntorch.vander(1)",  # the script's own patch
    "import torch.nn as nn\nnn.Linear(1, 1)\ntorch.linalg.vander(torch.ones(2))",
])
def test_names_a_script_binds_or_sets_are_its_own(source):
    parse(source, "s.py", None, api.VOCABULARY)
