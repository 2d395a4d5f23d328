"""The Python pasted programs use beyond the basics: `*`/`**` in displays, | & ^ ~ on sets,
dicts and ints, type(), __class__, __name__, isinstance with tuples, @property/@x.setter,
@staticmethod, @classmethod and the script's own `_name` attributes. Python judges every print
and message, run on the same text."""
import re
from pathlib import Path

import pytest
from test_builtins import assert_pythons_error, gradcli_prints, python_prints
from test_control_flow import error

from gradcli.engine.limits import Limits
from gradcli.sandbox.objects import TORCH_PRIVATE
from gradcli.sandbox.type_objects import REAL_TYPES
from gradcli.torch import api as torch_api
from gradcli.torch.distributions.distribution import SCRIPT_PRIVATE

DISPLAY_SNIPPETS = [
    # the DQN tutorial's replay memory: namedtuple, deque, random.sample, `class A(object):`
    "from collections import namedtuple\nT = namedtuple('T', ('a', 'b'))\nt = T(1, b=2)\n"
    "print(t, t.a, t[1], len(t), T(*zip(*[t, t])), t._asdict(), t._replace(a=5), t._fields, "
    "t.count(1), tuple(t), t == (1, 2), isinstance(t, tuple), isinstance(t, T))",
    "from collections import namedtuple\nP = namedtuple('P', 'x, y', defaults=[0])\n"
    "print(P(1), P(1, 2).y)\na, b = P(3, 4)\nprint(a + b, sorted([P(2, 1), P(1, 5)]))",
    "from collections import deque\nd = deque([], maxlen=3)\nfor i in range(5):\n"
    "    d.append(i)\nprint(d, len(d), d.maxlen, list(d), d[0])\nd.appendleft(9)\n"
    "d.extend([7])\nprint(d, d.popleft(), d.pop(), 7 in d, deque('ab'))",
    "import random\nfrom collections import deque\nrandom.seed(1)\n"
    "print(random.sample(deque(range(10)), 3))",
    "class A(object):\n    def __init__(self):\n        self.v = 1\n"
    "print(A().v, type(A()).__name__)",
    # char-RNN tutorials: string's constants, a str's index into them
    "import string\nall_characters = string.printable\nprint(len(all_characters), "
    "all_characters.index('h'), string.ascii_letters.count('a'), string.capwords('a b'))",
    "s = 'Hello World'\nprint(s.rfind('o'), s.rindex('l'), s.isalpha(), s.isalnum(), "
    "'  '.isspace(), s.islower(), s.isupper(), 'a\\nb'.splitlines(), s.rsplit(' ', 1), "
    "s.partition(' '), s.rpartition('o'), s.swapcase(), s.casefold(), s.removeprefix('He'), "
    "s.removesuffix('ld'))",
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
DISPLAY_ERRORS = [
    ("from collections import namedtuple\nnamedtuple('T', 'a a')", "ValueError",
     "Encountered duplicate field name: 'a'"),
    ("from collections import namedtuple\nT = namedtuple('T', 'a b')\nT(1)", "TypeError",
     "T.__new__() missing 1 required positional argument: 'b'"),
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

CLASS = """
class Temperature:
    unit = "C"

    def __init__(self, value):
        self._value = value
        self.history = []

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        if v < -273.15:
            raise ValueError("below absolute zero")
        self.history.append(self._value)
        self._value = v

    @property
    def kelvin(self):
        return self._value + 273.15

    @staticmethod
    def describe(x):
        return f"{x:.1f}"

    @classmethod
    def freezing(cls):
        return cls(0.0)

class Hot(Temperature):
    @property
    def value(self):
        return self._value * 2
"""
SNIPPETS = [
    "print(type(3), type(3.5).__name__, type('a') is str, type([]) == list, type({}).__name__)",
    "print(type(None), type(None) is type(None), type(type(1)), type(len), type(lambda: 0))",
    "def f(a):\n    return a\nprint(f.__name__, (lambda: 0).__name__, type(f).__name__, "
    "len.__name__, int.__name__, type(f) is type(lambda: 0))",
    "class A:\n    def m(self):\n        pass\na = A()\nprint(type(a).__name__, type(a) is A, "
    "a.__class__ is A, A.__name__, a.m.__name__, A.m.__qualname__, type(A) is type, "
    "isinstance(a, (int, A)), isinstance(3, (str, type(4))), type(type(a)) is type)",
    "try:\n    int('x')\nexcept Exception as e:\n    print(type(e).__name__, e.__class__.__name__,"
    " type(e) is ValueError, isinstance(e, (TypeError, ValueError)), type(e))",
    "print(type(type(3)(4.5)), type(list)(range(2)), type([1])(), type(1.5).__name__)",
    CLASS + "t = Temperature.freezing()\nt.value = 25.0\nt.value += 1\nprint(t.value, t.kelvin, "
    "t.history, Temperature.describe(t.kelvin), t.describe(1), t.unit, type(t).__name__)",
    CLASS + "h = Hot(2.0)\nprint(h.value, h.kelvin, isinstance(h, Temperature), type(h).__name__,"
    " type(h) is Temperature)\nh2 = Hot.freezing()\nprint(type(h2).__name__)",
    "class A:\n    pass\na = A()\nprint(bool(a), 'yes' if a else 'no', not a, a and 1)",
    "class Bag:\n    def __init__(self, items):\n        self.items = list(items)\n"
    "    def __len__(self):\n        return len(self.items)\n"
    "    def __getitem__(self, i):\n        return self.items[i] * 10\n"
    "    def __repr__(self):\n        return f'Bag({self.items})'\n"
    "    def __str__(self):\n        return 'a bag of ' + str(len(self))\n"
    "b, e = Bag([1, 2, 3]), Bag([])\nprint(b, repr(b), [b], f'{b}|{b!r}', len(b), b[1], list(b),"
    " [x for x in b], 20 in b, bool(e), sorted(b, key=lambda v: -v), *b)",
    "it = iter([1, 2])\nprint(next(it), next(iter((5,))), list(it), next(it, 'end'))",
    "g = (i * i for i in range(3))\nprint(next(g), next(g, 9), list(g), next(g, 'end'), "
    "divmod(17, 5), divmod(-7.5, 2), callable(print), callable(1))\n"
    "try:\n    next(g)\nexcept Exception as e:\n    print(type(e).__name__, repr(e), e.args)",
    "print(format(3.14159, '.2f'), format(42, '>6'), format('x', '^5') + '|', format(7), "
    "format(0.5, '.1%'), format(255, 'x'))",
    "class Box:\n    def __init__(self):\n        self._items = []\n    def _check(self, x):\n"
    "        return x > 0\n    def add(self, x):\n        if self._check(x):\n"
    "            self._items.append(x)\n        return self\nb = Box().add(1).add(-1).add(2)\n"
    "print(b._items, len(b._items))",
]
ERRORS = [
    (CLASS + "t = Temperature(1.0)\nt.kelvin = 3", "AttributeError",
     "property 'kelvin' of 'Temperature' object has no setter"),
    (CLASS + "h = Hot(1.0)\nh.value = 3", "AttributeError",
     "property 'value' of 'Hot' object has no setter"),
    (CLASS + "t = Temperature(1.0)\nt.value = -300", "ValueError", "below absolute zero"),
    ("type(1, 2)", "TypeError", "type() takes 1 or 3 arguments"),
    ("type(len)()", "TypeError", "cannot create 'builtin_function_or_method' instances"),
    ("x = 3\nx.__name__", "AttributeError", "'int' object has no attribute '__name__'"),
    ("class A:\n    def __len__(self):\n        return 'x'\nlen(A())", "TypeError",
     "'str' object cannot be interpreted as an integer"),
    ("class A:\n    def __repr__(self):\n        return 1\nrepr(A())", "TypeError",
     "__repr__ returned non-string (type int)"),
    ("class A:\n    pass\nlen(A())", "TypeError", "object of type 'A' has no len()"),
    ("class A:\n    pass\nA()[0]", "TypeError", "'A' object is not subscriptable"),
    ("format(1, 5)", "TypeError", "format() argument 2 must be str, not int"),
    ("next([1])", "TypeError", "'list' object is not an iterator"),
    ("next(x for x in [])", "StopIteration", ""),
    ("isinstance(1, (str, 2))", "TypeError",
     "isinstance() arg 2 must be a type, a tuple of types, or a union"),
]


# getattr/setattr/hasattr, annotated assignments and dataclasses (issue #33)
ATTRIBUTE_SNIPPETS = [
    "class Config:\n    lr = 0.1\nc = Config()\nsetattr(c, 'epochs', 3)\n"
    "print(getattr(c, 'lr'), c.epochs, getattr(c, 'batch', 32), hasattr(c, 'lr'),"
    " hasattr(c, 'nope'))",
    "class A:\n    def __init__(self):\n        self._hidden = 1\n"
    "a = A()\nprint(getattr(a, '_hidden'), hasattr(a, '_other'))",
    "names = ['upper', 'lower']\nprint([getattr('Ab', n)() for n in names])",
    "import math\nprint(getattr(math, 'sqrt')(16.0), hasattr(math, 'tau2'))",
    "class P:\n    @property\n    def v(self):\n        return 7\nprint(getattr(P(), 'v'))",
]
ATTRIBUTE_ERRORS = [
    ("class A:\n    pass\nname = 'missing'\ngetattr(A(), name)", "AttributeError",
     "'A' object has no attribute 'missing'"),
    ("getattr(1, 2)", "TypeError", "attribute name must be string, not 'int'"),
    ("x = [1]\nname = 'size'\ngetattr(x, name)", "AttributeError",
     "'list' object has no attribute 'size'"),
]

CONFIG = """
from dataclasses import dataclass, field
from typing import List

@dataclass
class Config:
    block_size: int = 8
    n_layer: int = 2
    dropout: float = 0.0

@dataclass()
class Run:
    name: str
    lr: float = 1e-3
    tags: List[str] = field(default_factory=list)

    def __post_init__(self):
        self.tags.append(self.name)

    def describe(self):
        return f"{self.name}@{self.lr}"
"""
DATACLASS_SNIPPETS = [
    "x: int = 3\ny: float\nprint(x)",
    "def f(a: int, b: 'Unknown' = 2) -> 'NotANameEither':\n    c: int = a + b\n    return c\n"
    "print(f(1))",
    "class A:\n    x: int = 3\n    y: float\n    def __init__(self):\n        self.z: list = []\n"
    "a = A()\na.w: int = 5\nprint(A.x, a.z, a.w)",
    "d = {}\nd['k']: int = 1\nprint(d)",
    CONFIG + "c = Config(n_layer=4)\nprint(c, c.block_size, Config.n_layer)",
    CONFIG + "r, s = Run('a'), Run('b', 0.1, ['x'])\nprint(r, s, r.describe(), r.tags)",
    CONFIG + "c = Config()\nc.dropout = 0.5\nprint(c, repr(c), str(c))",
    "import dataclasses\n@dataclasses.dataclass(repr=False)\nclass P:\n    x: int\n"
    "print(P(3).x)",
    "from dataclasses import dataclass\n@dataclass\nclass Base:\n    a: int\n"
    "@dataclass\nclass Child(Base):\n    b: int = 0\nprint(Child(1, 2), Child(a=5))",
    "from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\n"
    "    def __repr__(self):\n        return 'mine'\nprint(P(1))",
]
DATACLASS_ERRORS = [
    (CONFIG + "Run()", "TypeError", "Run.__init__() missing 1 required positional argument: "
     "'name'"),
    (CONFIG + "Config(1, 2, 3, 4)", "TypeError", "Config.__init__() takes from 1 to 4 "
     "positional arguments but 5 were given"),
    (CONFIG + "Config(size=1)", "TypeError", "Config.__init__() got an unexpected keyword "
     "argument 'size'"),
    ("from dataclasses import field\nfield(default=1, default_factory=list)", "ValueError",
     "cannot specify both default and default_factory"),
]


@pytest.mark.parametrize("source", DISPLAY_SNIPPETS + SNIPPETS + ATTRIBUTE_SNIPPETS
                         + DATACLASS_SNIPPETS)
def test_prints_what_python_prints(source):
    assert gradcli_prints(source) == python_prints(source)


@pytest.mark.parametrize("source, error_type, message", DISPLAY_ERRORS + ERRORS
                         + ATTRIBUTE_ERRORS + DATACLASS_ERRORS)
def test_errors_are_pythons(source, error_type, message):
    assert_pythons_error(source, error_type, message)


def test_tensor_types_are_torchs():
    assert gradcli_prints("""
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
p = torch.nn.Parameter(torch.ones(1))
print(type(x), type(x).__name__, type(x) is torch.Tensor, x.__class__.__name__)
print(type(y.grad_fn), type(y.grad_fn).__name__, type(x.shape), type(x.shape).__name__)
print(type(p).__name__, type(p) is torch.nn.Parameter, type(torch.nn.Linear(1, 1)).__name__)
print(isinstance(x, (list, torch.Tensor)), isinstance(y.grad_fn, type(y.grad_fn)))
""") == ["<class 'torch.Tensor'> Tensor True Tensor", "<class 'MulBackward0'> MulBackward0 "
         "<class 'torch.Size'> Size", "Parameter True Linear", "True True"]


def test_type_with_three_arguments_is_refused_clearly():
    e = error("type('X', (), {})")
    assert e.type == "TypeError" and "write a `class` statement" in e.message


def test_real_types_type_gives_are_already_in_the_api_table():
    reachable = {id(v) for v in torch_api.BUILTINS.values()}
    reachable |= {id(v) for ns in torch_api.MODULES.values() for v in ns.members.values()}
    assert all(id(t) in reachable for t in REAL_TYPES)


# `"_name"` literals in gradcli.sandbox and gradcli.torch that are not an instance's or
# class's table entry
NOT_TABLE_ENTRIES = {"_storage", "_reverse", "_starts", "_origins", "_current_start", "_writes",
                     "_scope_starts", "_scopes", "_scope_stack",  # (Provenance's slots)
                     "_sequence", "_freeing", "_with_", "_lastdim",
                     "_threshold",  # (F.threshold's __name__, as torch's)
                     "_saved_", "_saved_exponent",  # (grad_fn._saved_self and its kin)
                     "_asdict", "_fields", "_replace",  # (a namedtuple's, not a module's)
                     "_lu_with_info", "_lu_with_infos",  # (torch.lu's names)
                     "_kernel_impl", "_new"}  # (words of messages)


def test_every_private_name_of_torchs_classes_is_kept_from_scripts():
    packages = Path(torch_api.__file__).parent, Path(torch_api.__file__).parents[1] / "sandbox"
    used = {m for package in packages for f in package.rglob("*.py")
            for m in re.findall(r"[\"'](_[a-z][a-z_]*)[\"']", f.read_text())}
    used -= NOT_TABLE_ENTRIES | SCRIPT_PRIVATE  # (torch's own, which scripts read in torch)
    assert used <= TORCH_PRIVATE, used - TORCH_PRIVATE


@pytest.mark.parametrize("source", [
    "[*range(10**12)]", "x = [0] * 600_000\ny = (*x, *x)", "{*range(10**9), 1}",
    "d = {i: i for i in range(600_000)}\ne = {**d, **{-i: i for i in range(600_000)}}",
])
def test_unpacking_past_the_sequence_limit_is_refused(source):
    e = error(source, Limits(max_sequence=1_000_000))
    assert e.type == "LimitExceeded" and "unpacking" in e.message, e.message


def test_a_huge_format_width_is_refused():
    e = error("format(1, '>999999999999')", Limits(max_sequence=1_000_000))
    assert e.type == "LimitExceeded" and "format width" in e.message


def test_iter_with_a_sentinel_is_refused_with_why():
    from gradcli.app.api import run_session

    result = run_session("n = [0]\ndef f():\n    n[0] += 1\n    return n[0]\n"
                         "for v in iter(f, 10**9):\n    pass", "iter.py")
    (error,) = [e for e in result.events if e.kind == "error"]
    assert error.type == "TypeError" and "iter(iterable) only" in error.message
