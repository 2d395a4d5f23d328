"""Classic Python sandbox escapes: each is refused before running, or ends in a clean error.

Every attempt runs against the real API table, under a CPython audit hook that fails the
test if the run opens a file, imports, execs, spawns, or reads a dunder attribute.
"""
import sys

import pytest

from gradcli.engine.limits import Limits
from gradcli.engine.runtime import Runtime
from gradcli.sandbox.interp import Interpreter
from gradcli.sandbox.parse import ScriptInvalid, parse
from gradcli.torch import api

pytest.importorskip("gradcli.torch.api")

FORBIDDEN_PREFIXES = (
    "open", "os.", "subprocess.", "shutil.", "socket.", "ctypes.", "exec", "compile", "import",
    "sys.", "builtins.input", "pickle.", "marshal.", "urllib.", "webbrowser.", "glob.",
    "tempfile.", "fcntl.", "mmap.", "object.__getattr__", "object.__setattr__",
    "object.__delattr__", "cpython.",
)
AUDITED: list[str] = []
_auditing = [False]


# The interpreter reads its own tracebacks to tell a script's error from an engine bug.
OWN_FRAME_READS = {"tb_frame", "f_globals"}


def _audit(event: str, args) -> None:
    if _auditing[0] and event.startswith(FORBIDDEN_PREFIXES):
        if event == "object.__getattr__" and args[1] in OWN_FRAME_READS:
            return
        AUDITED.append(f"{event} {args[1] if event.startswith('object.') else ''}")


sys.addaudithook(_audit)  # cannot be removed; records only while a script runs


def outcome(source: str, limits: Limits = Limits(), audited: bool = True):
    """"invalid", or the ErrorEvent that ended the run (None if it ran to the end)."""
    try:
        program = parse(source, "attack.py", limits, api.VOCABULARY)
    except ScriptInvalid:
        return "invalid"
    events: list = []
    AUDITED.clear()
    _auditing[0] = audited
    try:
        Interpreter(program, events.append, Runtime(limits=limits), api=api).run()
    finally:
        _auditing[0] = False
    assert AUDITED == [], f"the run touched the host: {AUDITED}"
    errors = [e for e in events if e.kind == "error"]
    return errors[-1] if errors else None


@pytest.fixture(scope="module", autouse=True)
def warm_up():
    """Let the engine do its lazy imports before anything is audited."""
    import pkgutil

    import gradcli.engine

    for module in pkgutil.iter_modules(gradcli.engine.__path__):
        __import__(f"gradcli.engine.{module.name}")
    outcome("import torch\nimport math\nx = torch.randn(2, 2, requires_grad=True)\n"
            "y = (x @ x).sum()\ny.backward()\nprint(x, x.grad, y.grad_fn, x.shape, x.dtype)\n"
            "f'{y.item():.2f}'\nx.grad_fn\ntry:\n    y.backward()\nexcept RuntimeError as e:\n"
            "    str(e)\n", audited=False)  # (the engine reads /proc/cpuinfo once, lazily)


REFUSED_BEFORE_RUNNING = [
    "().__class__.__bases__[0].__subclasses__()",
    "x = torch.ones(1)\nx.__class__.__mro__",
    "type(1).__subclasses__()",
    "type(torch.ones(1)).__dict__",
    "x = 1\nx.__class__ = int",
    "class A:\n    pass\nA.__name__ = 'B'",
    "x = torch.ones(1)\nx._base",
    "class A:\n    def f(self):\n        return self.__dict__",
    "class A:\n    def __init__(self):\n        self._a = 1\nA()._b",
    "[*().__class__.__bases__]",
    "{**print.__globals__}",
    "class A:\n    @property\n    def p(self):\n        return self.__class__.__base__",
    "(lambda: 0).__globals__",
    "f = lambda: 0\nf.__code__",
    "print.__self__",
    "torch.nn.functional.relu.__globals__",
    "x = torch.ones(1)\nx.register_hook.__func__",
    "[c for c in ().__class__.__base__.__subclasses__()]",
    "'{0.__class__}'.format(1)",
    "'{0}'.format_map(1)",
    "x = 1\nf'{x.__class__.__init__}'",
    "x = 1\nf'{x!r:{x.__class__}}'",
    "f = lambda x=().__class__.__bases__: x",
    "eval('1 + 1')",
    "exec('import os')",
    "compile('1', 'f', 'eval')",
    "open('/etc/passwd').read()",
    "__import__('os').system('true')",
    "__builtins__",
    "globals()",
    "vars()",
    "dir()",
    "breakpoint()",
    "input()",
    "import subprocess",
    "import importlib",
    "import shutil",
    "from os import fdopen",
    "import torch.utils.cpp_extension",
    "from torch import _C",
    "import numpy as np\nnp.ones(1).__array_interface__",
    "import numpy as np\nnp.ones(1).ctypes",
    "x = torch.ones(1)\nx.storage()",
    "try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__.tb_frame.f_globals",
    "try:\n    1 / 0\nexcept Exception as e:\n    e.with_traceback(None)",
    "with open('/tmp/x', 'w') as f:\n    pass",
    "class A:\n    def __getattr__(self, name):\n        pass",
    "'{0[0]}'.format([1])",
    "async def f():\n    pass",
    "g = (x for x in [1])\ng.gi_frame",
    "(y := 1)",
    "from . import x",
    "x = 1\ndel x.__class__",
    "int.bit_length(1)",
    # a name gradcli knows elsewhere (torch.load) is checked against the module written
    "import numpy as np\nnp.load('x.npy')",
    "torch.lstsq(torch.ones(3))",
    "from torch import lstsq",
    "import torch.nn as nn\nnn.relu(torch.ones(1))",
]


@pytest.mark.parametrize("source", REFUSED_BEFORE_RUNNING)
def test_refused_before_running(source):
    assert outcome(source) == "invalid"


CLEAN_RUNTIME_ERRORS = [
    # files: torch.save keeps them in the session, where no host file is
    ("import torch as t\nt.load('model.pt')", "FileNotFoundError"),
    ("getattr(torch, 'load')('m.pt')", "FileNotFoundError"),
    ("str.join(',', ['a'])", "AttributeError"),  # no unbound methods off the real types
    ("float.is_integer(1.0)", "AttributeError"),
    ("torch.Size.numel", "AttributeError"),
    ("torch.Tensor(print)", "TypeError"),  # a legacy constructor takes data or sizes
    ("x = torch.ones(1)\nx.grad_fn.name()", "AttributeError"),  # None has no attributes
    ("x = torch.ones(1)\nno_grad = lambda: x\nwith no_grad():\n    pass", "TypeError"),
    ("f = lambda f: f(f)\nf(f)", "LimitExceeded"),
    ("x = torch.ones(10**6, 10**6)", "LimitExceeded"),
    ("x = 2 ** 10**9", "LimitExceeded"),
    ("x = 'a' * 10**10", "LimitExceeded"),
    ("for i in range(10**15):\n    pass", "LimitExceeded"),
    ("while True:\n    pass", "LimitExceeded"),
    # loops in C that no step counts (more in tests/hostile/test_limits.py)
    ("sum(range(10**12))", "LimitExceeded"),
    ("x = [1]\nfor i in range(100):\n    x.extend(x)", "LimitExceeded"),
    ("a = [0]\nfor i in range(60):\n    a = [a, a]\nprint(a)", "LimitExceeded"),
    # type() hands out no Python class: what it gives cannot build or reach anything
    ("type('X', (), {})", "TypeError"),
    ("type(print)(1)", "TypeError"),
    ("x = torch.ones(1, requires_grad=True)\ntype((x * 2).grad_fn)()", "TypeError"),
    ("type(None)()", "TypeError"),
    ("type(type(1))('X', (), {})", "TypeError"),
    ("x = torch.ones(1)\ntype(x)(print)", "TypeError"),
    ("class A:\n    mro = 1\ntype(1).mro", "AttributeError"),
    ("x = torch.ones(1)\ntype(x).from_numpy", "AttributeError"),
    ("class A:\n    x = 1\ntype(len).x = 1", "TypeError"),
    ("opt = torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=0.1)\n"
     "class A:\n    def __init__(self):\n        self._opt_called = 1\nopt._opt_called",
     "AttributeError"),
    ("m = torch.nn.Linear(1, 1)\nclass A:\n    def __init__(self):\n        self._buffers = 1\n"
     "m._buffers = 2", "AttributeError"),
    ("class A:\n    @property\n    def p(self):\n        return 1\nclass B:\n    pass\n"
     "B.q = A.p", "TypeError"),
    ("class A:\n    @property\n    def p(self):\n        return self.p\nA().p", "LimitExceeded"),
    ("[*range(10**12)]", "LimitExceeded"),
    ("{**{i: i for i in range(10**4)}, **{-i: i for i in range(10**8)}}", "LimitExceeded"),
]


@pytest.mark.parametrize("source, error_type", CLEAN_RUNTIME_ERRORS)
def test_clean_error_at_run_time(source, error_type):
    result = outcome(source, Limits(max_steps=100_000))
    assert result != "invalid" and result is not None, result
    assert result.type == error_type, result


def test_lambda_defaults_reach_only_script_values():
    events: list = []
    program = parse("f = lambda p=print: p\nf()('hi')", "s.py", None, api.VOCABULARY)
    Interpreter(program, events.append, api=api).run()
    assert [(e.kind, e.text) for e in events] == [("print", "hi")]


def test_attributes_are_never_looked_up_on_python_objects_by_script_name():
    # `args` is served by the interpreter for caught exceptions; nothing else is reachable
    result = outcome("try:\n    1 / 0\nexcept Exception as e:\n    e.count")
    assert result.type == "AttributeError"
    assert result.message == "'ZeroDivisionError' object has no attribute 'count'"


def test_the_host_filesystem_is_untouched(tmp_path):
    target = tmp_path / "sentinel"
    target.write_text("keep")
    assert outcome(f"open('{target}', 'w')") == "invalid"
    assert outcome(f"import os\nos.remove('{target}')").type == "PermissionError"
    assert outcome(f"torch.save(1, '{target}')") is None  # (held in the session)
    assert target.read_text() == "keep"
