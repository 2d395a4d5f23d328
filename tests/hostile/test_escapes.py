"""Classic sandbox escapes, end to end: each is rejected before anything runs (exit 2), or ends
in a clean error, and none reaches a Python object of the host or touches the host.

Runs go through gradcli.app.api.run_session (as `gradcli run` does) under a strict audit hook
(hostile_harness): no file opened, no import, no exec/compile, no frame read, no process.
"""
from __future__ import annotations

import pytest
from hostile_harness import run_text

FUNCTION = ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
            "        {forward}\n        return x * 2\n    @staticmethod\n"
            "    def backward(ctx, g):\n        {backward}\n        return g\n"
            "x = torch.ones(1, requires_grad=True)\nF.apply(x).sum().backward()\n")


def function(forward: str = "pass", backward: str = "pass") -> str:
    """A custom autograd.Function whose forward and backward run one more statement each."""
    return FUNCTION.format(forward=forward, backward=backward)


# (script, why it is a classic) -- every one must be rejected before running.
REJECTED = [
    ("().__class__.__bases__[0].__subclasses__()", "the __subclasses__ walk"),
    ("''.__class__.__mro__[1].__subclasses__()", "the __mro__ walk"),
    ("[c for c in [].__class__.__base__.__subclasses__() if c.__name__ == 'Popen']",
     "finding Popen"),
    ("(lambda: 0).__globals__['__builtins__']", "a lambda's globals"),
    ("f = lambda: 0\nf.__code__.co_consts", "a lambda's code"),
    ("f = lambda: 0\nf.__closure__", "a lambda's closure"),
    ("print.__self__", "a builtin's module"),
    ("print.__call__.__globals__", "print's globals"),
    ("torch.__dict__", "a module's namespace"),
    ("torch.__loader__", "a module's loader"),
    ("math.__spec__", "math's spec"),
    ("F.relu.__wrapped__", "an API function's wrapped original"),
    ("x = torch.ones(1)\nx.__class__.__init__.__globals__", "a tensor's class globals"),
    ("x = torch.ones(1)\nx.register_hook.__func__", "a bound method's function"),
    ("x = torch.ones(1, requires_grad=True)\n(x * 2).grad_fn.__class__.__mro__",
     "a grad_fn's class"),
    ("x = torch.ones(1, requires_grad=True)\n(x * 2).grad_fn.next_functions[0][0].__init__",
     "a graph node's init"),
    ("x = torch.ones(1, requires_grad=True)\n(x * 2).grad_fn.name.__self__", "a node method"),
    ("x = torch.ones(2)\nx.tolist().__class__.__mro__", "a list from a tensor"),
    ("x = torch.ones(2)\nx.shape.__class__.__mro__", "torch.Size's bases"),
    ("torch.float32.__reduce__()", "a dtype's reduce"),
    ("torch.manual_seed(0).__class__.__init__", "the generator handle"),
    ("'{0.__class__.__base__}'.format(1)", "format-string attribute access"),
    ("x = torch.ones(1)\n'{0.__init__.__globals__}'.format(x)", "format-string globals"),
    ("'{}'.format_map(1)", "format_map"),
    ("x = 1\nf'{x.__class__.__base__}'", "an f-string's attribute"),
    ("x = 1\nf'{x!r:{x.__class__}}'", "an f-string's nested format spec"),
    ("x = 1\nw = 5\nf'{x:{w}}'", "an f-string's computed format spec"),
    ("x = torch.ones(2)\nx.__array__()", "numpy's array protocol"),
    ("import numpy as np\nnp.ones(2).__array_interface__", "an array's interface"),
    ("import numpy as np\nnp.ones(2).ctypes.data", "an array's pointer"),
    ("import numpy as np\nnp.ones(2).base", "an array's base"),
    ("import numpy as np\nnp.lib", "numpy's submodules"),
    ("import numpy.linalg", "a numpy submodule"),
    ("from numpy import frombuffer", "an unknown numpy function"),
    ("raise SystemExit", "raising an exception a session does not know"),
    ("x = {**print.__globals__}", "dict unpacking"),
    ("x = [*torch.__dict__]", "list unpacking"),
    ("x = {*type(1).__subclasses__()}", "set unpacking"),
    ("x = ({1} | ().__class__.__bases__)", "a set operator"),
    ("'{0[0]}'.format([1])", "format-string index lookup"),
    ("try:\n    raise ValueError('x')\nexcept ValueError as e:\n    e.__traceback__",
     "a raised exception's traceback"),
    ("ValueError.__subclasses__()", "an exception class's subclasses"),
    ("ValueError.mro()", "an exception class's mro"),
    ("x = torch.ones(2)\nx.__array_interface__", "numpy's array interface"),
    ("x = torch.ones(2)\nx.storage()", "a tensor's storage"),
    ("x = torch.ones(2)\nx.untyped_storage()", "a tensor's untyped storage"),
    ("x = torch.ones(2)\nx.data_ptr()", "a raw pointer"),
    ("torch.hub.load('a', 'b')", "torch.hub"),
    ("torch.ops.aten", "torch.ops"),
    ("torch.jit.script", "torch.jit"),
    ("torch._C", "torch._C"),
    ("torch.utils.cpp_extension", "building C++"),
    ("import shutil", "import shutil"),
    ("import subprocess", "import subprocess"),
    ("import builtins", "import builtins"),
    ("import importlib", "import importlib"),
    ("import torch.utils.cpp_extension", "a torch submodule"),
    ("from torch import _C", "from-import of a private name"),
    ("from torch import distributed", "from-import of an unknown name"),
    ("from os import fdopen", "from os, a name the stand-in lacks"),
    ("import os\nos.__dict__", "the os stand-in's namespace"),
    ("import sys\nsys._getframe()", "sys._getframe"),
    ("import os\nos.path.__loader__", "os.path's loader"),
    ("import inspect\ninspect.currentframe()", "inspect's frames"),
    ("import gc\ngc.get_objects()", "gc's objects"),
    ("import os\nos.environ.__class__.__mro__", "the environ stand-in's class"),
    ("import itertools\nitertools.count().__class__.__init__", "an iterator's class"),
    ("import argparse\nargparse.ArgumentParser().__class__.__dict__", "the parser's class"),
    ("from math import *", "star import"),
    ("import math as m\nm.__loader__", "an aliased module's loader"),
    ("__import__('os').system('true')", "__import__"),
    ("eval('1 + 1')", "eval"),
    ("exec('import os')", "exec"),
    ("compile('1', 'f', 'eval')", "compile"),
    ("open('/etc/passwd').read()", "open"),
    ("getattr(torch, 'hub')", "getattr"),
    ("x = torch.ones(1)\ngetattr(x, '__class__')", "getattr of a dunder"),
    ("hasattr(print, '__self__')", "hasattr of a dunder"),
    ("class A:\n    pass\nsetattr(A, '__init__', print)", "setattr of a dunder"),
    ("getattr(torch, '_C')", "getattr of a private name"),
    ("vars()", "vars"),
    ("globals()", "globals"),
    ("locals()", "locals"),
    ("dir()", "dir"),
    ("type(1).__subclasses__()", "type's subclasses"),
    ("type(1).__mro__", "type's mro"),
    ("type(type(1)).__dict__", "type's namespace"),
    ("x = 1\nx.__class__ = list", "assigning a class"),
    ("class A:\n    pass\nA.__name__ = 'B'", "renaming a class"),
    ("class A:\n    pass\nA().__dict__", "an instance's namespace"),
    ("object()", "object"),
    ("super()", "super"),
    ("breakpoint()", "breakpoint"),
    ("input()", "input"),
    ("help()", "help"),
    ("exit()", "exit"),
    ("memoryview(b'')", "bytes"),
    ("__builtins__", "__builtins__"),
    ("ｅｖａｌ('1')", "eval in fullwidth letters (NFKC-normalised by the parser)"),
    ("x = 1\nx.__ｄｉｃｔ__", "a dunder in fullwidth letters"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__.tb_frame.f_globals",
     "a traceback's frame"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.__context__", "an exception's context"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.with_traceback(None)",
     "with_traceback"),
    ("g = (x for x in [1])\ng.gi_frame", "a generator's frame"),
    ("g = (x for x in [1])\ng.gi_code.co_consts", "a generator's code"),
    ("g = (x for x in [1])\ng.throw(ValueError)", "throwing into a generator"),
    ("with open('/tmp/x', 'w') as f:\n    pass", "with open"),
    ("class A:\n    pass\nA().__class__.__bases__", "an instance's class"),
    ("class A:\n    pass\nA.__bases__", "a class's bases"),
    ("class A:\n    pass\nA.__dict__", "a class's namespace"),
    ("class A:\n    pass\nA().__dict__", "an instance's attributes by dunder"),
    ("class A:\n    def f(self):\n        pass\nA.f.__globals__", "a method's globals"),
    ("class A:\n    def __init__(self):\n        pass\nA.__init__.__globals__",
     "__init__ off the class"),
    ("class A:\n    def f(self):\n        return super().__self__\n", "super()'s object"),
    ("class A:\n    def f(self):\n        return super().__thisclass__\n", "super()'s class"),
    ("class A:\n    def __getattribute__(self, n):\n        pass", "an attribute hook"),
    ("class A:\n    def __init_subclass__(cls):\n        pass", "a subclass hook"),
    ("class A:\n    __slots__ = ()", "a dunder class attribute"),
    ("class A:\n    import os", "an import in a class body"),
    ("class A(metaclass=print):\n    pass", "a metaclass"),
    ("class A(object):\n    pass\no = object", "the object class (a base, as Python 3 reads it)"),
    ("class A(type(1)):\n    pass", "a computed base"),
    ("@print\nclass A:\n    pass", "a class decorator"),
    ("class A:\n    @property\n    def p(self):\n        return 1\nA.p.fget",
     "a property's getter"),
    ("class A:\n    @property\n    def p(self):\n        return 1\n    @p.deleter\n"
     "    def p(self):\n        pass", "a property's deleter"),
    ("x = torch.ones(1)\nx._base", "a tensor's private attribute"),
    ("class A:\n    def __init__(self):\n        self._x = 1\nA()._y", "a private name not set"),
    ("super().__init__()", "super() outside a method"),
    ("class A:\n    def f(self):\n        return super\n", "super as a value"),
    ("class A:\n    def f(self):\n        return super(1)\n", "super with one argument"),
    ("class A:\n    def f(self):\n        def g():\n            return super()\n"
     "        return g()", "super() in a nested function"),
    ("@torch.no_grad().__class__.__enter__\ndef f():\n    pass", "a decorator's class"),
    ("def f():\n    pass\nf.__code__.co_consts", "a function's code"),
    ("def f():\n    pass\nf.__globals__", "a function's globals"),
    ("def f():\n    pass\nf.__defaults__", "a function's defaults"),
    ("def f():\n    x = 1\n    def g():\n        return x\n    return g\nf().__closure__",
     "a closure's cells"),
    ("def f(x=().__class__.__base__):\n    pass", "a default argument's class"),
    ("def f():\n    return locals()", "a function's locals"),
    ("def f():\n    pass\nf.call", "the function object's own slot"),
    ("def f():\n    pass\ntype(f).__code__", "a function's type"),
    ("(y := 1)", "the walrus"),
    ("async def f():\n    pass", "async"),
    ("x = b'bytes'", "bytes literals"),
    ("x = 1j", "complex literals"),
    ("from . import x", "a relative import"),
    ("x = 1\ndel x.__class__", "del of an attribute"),
    ("int.bit_length(1)", "an unknown method"),
    ("x = torch.ones(1)\nx._storage", "a private attribute"),
    ("x = torch.ones(1)\nx._version.__class__.__mro__", "the version's class"),
    ("match 1:\n    case _:\n        pass", "match"),
    # custom autograd.Function: ctx and the Function classes are gradcli's own tables
    (function("ctx.__class__.__dict__"), "ctx's class"),
    (function("ctx.__dict__"), "ctx's namespace"),
    (function(backward="ctx.save_for_backward.__self__"), "a ctx method's object"),
    (function("ctx._saved_tensors"), "ctx's private slots"),
    (function("F.__mro__"), "a Function's mro"),
    (function("F.apply.__func__"), "apply's function"),
    ("torch.autograd.Function.__subclasses__()", "the Function base's subclasses"),
    ("class A(torch.autograd.Function.__base__):\n    pass", "the Function base's base"),
    ("class A(torch.autograd.function.FunctionCtx):\n    pass", "torch's ctx class"),
    ("from torch.autograd.function import FunctionCtx", "torch's ctx class, imported"),
    # a name gradcli knows elsewhere, checked against the module written before it runs
    ("import numpy as np\nnp.load('x.npy')", "numpy's stand-in, torch.load's name"),
    ("import sys\nsys.modules", "sys's stand-in, a name nn.Module has"),
]


@pytest.fixture(scope="module", autouse=True)
def warm_up():
    """Let the engine and the check do their lazy imports before anything is audited."""
    run_text("import torch\nimport math\nx = torch.randn(2, 2, requires_grad=True)\n"
             "y = (x @ x).exp().sum()\ny.backward()\nprint(x, x.grad, y.grad_fn, x.shape)\n"
             "f'{y.item():.2f}'\nx.grad_fn\ntry:\n    y.backward()\nexcept RuntimeError as e:\n"
             "    str(e)\nz = torch.tensor([float('nan')], requires_grad=True)\n"
             "(z * 2).sum().backward()\nsum([1, 2])\nmath.prod([1, 2])\n", seconds=60)


@pytest.mark.parametrize("source, why", REJECTED, ids=[why for _, why in REJECTED])
def test_rejected_before_running(source, why):
    outcome = run_text(source, strict=True)
    assert (outcome.status, outcome.exit_code) == ("invalid", 2), outcome
    assert outcome.host_events == []


SLOT_NAMES = "class S:\n    attributes = namespace = mro = function = obj = cls = 0\n"
# (script, the error it ends in): names that exist, used in ways that must fail cleanly.
CLEAN_ERRORS = [
    # files: torch.save keeps them in the session, so no host file is there to load
    ("torch.load('model.pt')", "FileNotFoundError"),
    ("torch.save(1, 2)", "AttributeError"),
    ("str.join(',', ['a'])", "AttributeError"),  # no unbound methods off the real types
    ("torch.Size.numel", "AttributeError"),
    ("torch.Tensor(print)", "TypeError"),  # a legacy constructor takes data or sizes
    ("torch.FloatTensor.dtype", "AttributeError"),  # nothing of gradcli's class behind it
    ("torch.Tensor(10**6, 10**6)", "LimitExceeded"),
    ("torch.autograd.Variable(print)", "TypeError"),
    ("s = 'load'\ntorch[s]", "TypeError"),  # namespaces are not subscriptable
    ("x = torch.ones(1)\nx.grad_fn.name()", "AttributeError"),  # None has no attributes
    ("x = torch.ones(1)\nno_grad = lambda: x\nwith no_grad():\n    pass", "TypeError"),
    ("f = lambda f: f(f)\nf(f)", "LimitExceeded"),
    ("def f():\n    return f()\nf()", "LimitExceeded"),
    ("def f():\n    pass\nf.name", "AttributeError"),  # the API table knows no functions
    ("def f(n):\n    while True:\n        n += 1\nf(0)", "LimitExceeded"),
    ("x = torch.ones(1, requires_grad=True)\nh = x.register_hook(lambda g: g.grad_fn.name())\n"
     "x.sum().backward()", "AttributeError"),  # a hook sees tensors, nothing more
    ("'%(a)s' % torch.ones(1)", "TypeError"),  # % never looks a name up in a tensor
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.count", "AttributeError"),
    # classes: gradcli's own tables, never a Python object's attributes
    # (the names of gradcli's own slots, defined by the script so that validation passes)
    (SLOT_NAMES + "class A:\n    def f(self):\n        return 1\nA().attributes",
     "AttributeError"),
    (SLOT_NAMES + "class A:\n    pass\nA.namespace", "AttributeError"),
    (SLOT_NAMES + "class A:\n    pass\nA.mro", "AttributeError"),
    (SLOT_NAMES + "class A:\n    def f(self):\n        return 1\nA().f.function",
     "AttributeError"),
    (SLOT_NAMES + "class A:\n    def f(self):\n        return super().obj\nA().f()",
     "AttributeError"),
    ("class A:\n    def f(self):\n        return super().f()\nA().f()", "AttributeError"),
    ("class A:\n    def f(self):\n        return super(A, 1)\nA().f()", "TypeError"),
    ("class A:\n    def f(self):\n        return super(1, self)\nA().f()", "TypeError"),
    ("class A:\n    def __call__(self):\n        return self()\nA()()", "LimitExceeded"),
    # the new builtins, formatting, exceptions and numpy: only tables, and every size limited
    ("s = '{0.__class__}'\ns.format(1)", "ValueError"),  # a lookup through a variable
    ("s = '{a.__init__.__globals__}'\ns.format(a=print)", "ValueError"),
    ("'{:99999999999}'.format(1)", "LimitExceeded"),
    ("w = 10**12\n'{:{}}'.format(1, w)", "LimitExceeded"),
    ("'{:{:{}}}'.format(1, 2, 3)", "ValueError"),
    ("'{:{}}'.format(1, '{0.__class__}')", "ValueError"),  # a spec's text is data
    ("'x'.ljust(10**12)", "LimitExceeded"),
    ("sorted(range(10**12))", "LimitExceeded"),
    ("list(map(abs, range(10**12)))", "LimitExceeded"),
    ("set(reversed(range(10**12)))", "LimitExceeded"),
    ("a, *b = range(10**12)", "LimitExceeded"),
    ("d = {}\nd.update(zip(range(10**12), range(10**12)))", "LimitExceeded"),
    ("d = {0: [0] * 10**6}\nfor i in range(20):\n    d[i] = d[0]\nprint(d)", "LimitExceeded"),
    ("raise print", "TypeError"),
    ("raise", "RuntimeError"),
    ("ValueError(k=1)", "TypeError"),
    ("import numpy as np\nnp.zeros(10**12)", "LimitExceeded"),
    ("import numpy as np\nnp.arange(10**12)", "LimitExceeded"),
    ("import numpy as np\nnp.linspace(0, 1, 10**12)", "LimitExceeded"),
    ("import numpy as np\nnp.ones((10**5, 1)) + np.ones(10**5)", "LimitExceeded"),
    ("import numpy as np\nnp.ones((10**5, 1)) @ np.ones((1, 10**5))", "LimitExceeded"),
    ("import numpy as np\nnp.array([print])", "TypeError"),  # no arrays of objects
    ("import numpy as np\nnp.ones(2)()", "TypeError"),
    ("import numpy as np\nnp.float32.shape", "AttributeError"),
    ("import numpy as np\nnp.float32.dtype", "AttributeError"),
    ("import numpy as np\ntorch.from_numpy(np.array(['a']))", "TypeError"),
    ("x = torch.ones(2, requires_grad=True)\nx.numpy()", "RuntimeError"),
    ("torch.from_numpy([1.0])", "TypeError"),
    (SLOT_NAMES + "class B:\n    gi_frame = send = 0\ng = (x for x in [1])\ng.gi_frame",
     "AttributeError"),  # a generator's attributes: none, whatever the script defines
    (SLOT_NAMES + "class B:\n    gi_frame = send = 0\ng = (x for x in [1])\ng.send(None)",
     "AttributeError"),
    ("sum(0 for x in range(10**12))", "LimitExceeded"),  # each item is a step
    ("a = [0] * 10**6\nsorted(a for i in range(100))", "LimitExceeded"),
    ("a = 'x' * 10**6\n''.join(a for i in range(100))", "LimitExceeded"),
    ("def g(n):\n    return sum(g(n + 1) for i in [1])\ng(0)", "LimitExceeded"),
    ("class A:\n    def __init__(self):\n        A()\nA()", "LimitExceeded"),
    ("x = 1\nclass A(x):\n    pass", "TypeError"),
    # ctx and Function classes: the engine's slots are not attributes of the script's
    ("class S:\n    node = node_name = 0\n" + function("ctx.node"), "AttributeError"),
    ("class S:\n    node = node_name = 0\n" + function("ctx.node_name"), "AttributeError"),
    (SLOT_NAMES + function("ctx.attributes"), "AttributeError"),
    (SLOT_NAMES + function(backward="ctx.function"), "AttributeError"),
    ("class S:\n    to_save = dirty = 0\n" + function("ctx.to_save"), "AttributeError"),
    ("class S:\n    to_save = dirty = 0\n" + function(backward="ctx.dirty"), "AttributeError"),
    (function("ctx.saved_tensors = 1"), "AttributeError"),
    ("import numpy as np\nnp.ones(2).value", "AttributeError"),  # the wrapper's own slot
    # (a node's saved tensors by torch's own names are reachable; a missing node is None)
    ("x = torch.ones(1)\nx.grad_fn._saved_self", "AttributeError"),
    ("torch.autograd.Function.apply(torch.ones(1))", "NotImplementedError"),
    # getattr/setattr/hasattr: the attribute syntax's tables, whatever the name's origin
    ("setattr(torch, '_x', 1)", "AttributeError"),  # (torch.x = 1 is the session's patch)
    ("x = torch.ones(1)\nn = '__cla' + 'ss__'\ngetattr(x, n)", "AttributeError"),
    ("n = '__glo' + 'bals__'\ngetattr(print, n, None)", "AttributeError"),
    ("n = '__self__'\nhasattr(print, n)", "AttributeError"),
    ("getattr(torch, 'h' + 'ub')", "AttributeError"),
    ("x = torch.ones(1)\ngetattr(x, '_ba' + 'se')", "AttributeError"),
    ("def f():\n    pass\nn = 'call'\ngetattr(f, n)", "AttributeError"),
    ("import os\nn = 'pa' + 'th'\ngetattr(getattr(os, n), 'join').index", "AttributeError"),
    ("class A:\n    pass\nn = '__cl' + 'ass__'\nsetattr(A(), n, list)", "AttributeError"),
    ("getattr(1, 2)", "TypeError"),
    ("x = torch.ones(1)\nx._version = 5", "AttributeError"),  # read, never written
    ("class A:\n    pass\nA()._version", "AttributeError"),  # torch's name: not the script's
    # the standard library's stand-ins: what would touch the world is refused at its call
    ("import os\ntype(os.environ)('x')", "TypeError"),  # a stand-in's class is inert
    ("import functools\ntype(functools.partial(print))(print)", "TypeError"),
    ("import argparse\ntype(argparse.ArgumentParser())()", "TypeError"),
    ("import time\ntype(time.time)('x')", "TypeError"),
    ("import os\nos.system('true')", "PermissionError"),
    ("from os import system\nsystem('true')", "PermissionError"),
    ("import os\nos.popen('true')", "PermissionError"),
    ("import os\nos.path.exists('/')", "PermissionError"),
    ("import os\nos.listdir('/')", "PermissionError"),
    ("import sys\nsys.exit(0)", "PermissionError"),
    ("import functools\nf = functools.partial(print, 1)\nf.func", "AttributeError"),
    ("import os\nos.environ['HOME']", "KeyError"),  # the host's environment is not read
    ("import time\ntime.sleep(10**9)", "LimitExceeded"),
    ("import itertools\nlist(itertools.count())", "LimitExceeded"),
    ("import itertools\nlist(itertools.repeat(1))", "LimitExceeded"),
    ("import itertools\nitertools.product(range(10**12))", "LimitExceeded"),
    ("import itertools\nitertools.product([1], repeat=10**12)", "LimitExceeded"),
    ("import functools\nfunctools.reduce(max, range(10**12))", "LimitExceeded"),
    ("import inspect\ndef f(a):\n    return a\ninspect.signature(f)", "ValueError"),
    ("import inspect\ninspect.signature(print)", "ValueError"),
    ("import argparse\np = argparse.ArgumentParser()\np.add_argument('data')\n"
     "p.parse_args()", "SystemExit"),
    (function(backward="return print"), "RuntimeError"),
    (function(backward="return ctx"), "RuntimeError"),
    ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
     "        return F.apply(x)\nF.apply(torch.ones(1, requires_grad=True))", "LimitExceeded"),
]


# type() and __class__ give the script's own classes, exposed builtin types or inert names
CLEAN_ERRORS += [
    ("type('X', (), {'__init__': print})", "TypeError"),
    ("type(type(1))('X', (), {})", "TypeError"),
    ("type(print)(1)", "TypeError"),
    ("x = torch.ones(1, requires_grad=True)\ntype((x * 2).grad_fn)()", "TypeError"),
    ("x = torch.ones(1, requires_grad=True)\n(x * 2).grad_fn.__class__(1)", "TypeError"),
    ("type(torch.ones(1))(print)", "TypeError"),
    ("type(torch)('os')", "TypeError"),
    ("import numpy as np\ntype(np.ones(1))(3)", "TypeError"),
    (function("type(ctx)()"), "TypeError"),
    (SLOT_NAMES + "type(1).mro", "AttributeError"),
    (SLOT_NAMES + "type(len).namespace = {}", "TypeError"),
    (SLOT_NAMES + "S.__class__.function", "AttributeError"),
    ("m = torch.nn.Linear(1, 1)\nclass A:\n    def __init__(self):\n"
     "        self._buffers = 1\nm._buffers", "AttributeError"),
    ("class A:\n    @property\n    def p(self):\n        return self.p\nA().p", "LimitExceeded"),
    ("[*range(10**12)]", "LimitExceeded"),
    # the special methods a class may define run as the script's code, bounded as any call
    ("class A:\n    def __repr__(self):\n        return repr(self)\nprint(A())", "LimitExceeded"),
    ("class A:\n    def __str__(self):\n        return 5\nstr(A())", "TypeError"),
    ("class A:\n    def __len__(self):\n        return -1\nlen(A())", "ValueError"),
    ("class A:\n    def __len__(self):\n        return 10**30\nlen(A())", "OverflowError"),
    ("class A:\n    def __getitem__(self, i):\n        return i\nlist(A())", "LimitExceeded"),
    ("class A:\n    def __getitem__(self, i):\n        return [1] * 10**5\n"
     "[x for x in A()]", "LimitExceeded"),
]


@pytest.mark.parametrize("source, error_type", CLEAN_ERRORS)
def test_clean_error_at_run_time(source, error_type):
    outcome = run_text(source, strict=True)
    assert (outcome.status, outcome.error_type) == ("error", error_type), outcome
    assert outcome.host_events == []


DEFINITIONS = [
    # decorators of the script's own (a builtin too), star arguments: values the API reaches
    ("@print\ndef f():\n    pass\n@torch.no_grad\ndef g(x):\n    return x\n"
     "def log(fn):\n    def run(*a, **k):\n        return fn(*a, **k)\n    return run\n"
     "@log\ndef h(x, y=1):\n    return x + y\nprint(f, g(1), h(*[1], **{'y': 2}), *[1], sep='')\n"
     "print(**{'sep': ''})"),
    # functions of every parameter kind, closures, recursion and decorators
    ("def f(a, b=2, *rest, k, m=5, **extra):\n    return a + b + k + m\n"
     "def counter():\n    n = 0\n    def inc():\n        nonlocal n\n"
     "        n += 1\n        return n\n    return inc\n"
     "@torch.no_grad()\ndef g(x):\n    return x * 2\n"
     "print(f(1, k=3), counter()(), g(torch.ones(1, requires_grad=True)))\n"),
    # classes, instances, inheritance, super(), bound and static methods, callable objects
    ("class A:\n    k = 2\n    def __init__(self, w):\n        self.w = w\n"
     "    def __call__(self, x):\n        return self.w * x * self.k\n"
     "    @staticmethod\n    def make():\n        return B(1.0)\n"
     "class B(A):\n    def __init__(self, w):\n        super().__init__(w)\n"
     "        self.w += 1\n"
     "m = A.make()\nprint(m(torch.ones(1, requires_grad=True)), m, A, m.make, "
     "isinstance(m, A))\n"),
    # a custom autograd.Function: ctx, saved tensors, a ctx attribute, both backward forms
    ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x, k):\n"
     "        ctx.save_for_backward(x)\n        ctx.k = k\n        return x ** k\n"
     "    @staticmethod\n    def backward(ctx, g):\n        x, = ctx.saved_tensors\n"
     "        return g * ctx.k * x ** (ctx.k - 1), None\n"
     "x = torch.ones(2, requires_grad=True)\ny = F.apply(x, 3)\n"
     "g, = torch.autograd.grad(y.sum(), x, create_graph=True)\ng.sum().backward()\n"
     "print(y, y.grad_fn, F, F.apply, x.grad)\n"),
]


DEFINITIONS.append(
    # properties, private names, type() and __class__, unpacking displays, set operators
    "class A:\n    def __init__(self):\n        self._w = torch.ones(2, requires_grad=True)\n"
     "    @property\n    def w(self):\n        return self._w\n    @w.setter\n"
     "    def w(self, v):\n        self._w = v\n"
     "a = A()\na.w = a.w * 2\nx = torch.ones(1, requires_grad=True)\n"
     "print(type(a), type(a).__name__, type(x), type((x * 2).grad_fn), type(1), type(None),"
     " type(print), type(type), a.__class__.__name__, A.w, [*a.w.shape, *'ab'],"
     " {**{'k': 1}}, {1, 2} | {3}, {'a': 1} | {'b': 2}, (x > 0) & (x < 2), ~(x > 0))\n"
     "try:\n    1 / 0\nexcept Exception as e:\n    print(type(e), e.__class__.__name__)\n")


@pytest.mark.parametrize("source", DEFINITIONS, ids=["decorators and star arguments",
                                                  "functions", "classes", "autograd.Function",
                                                  "types and properties"])
def test_definitions_run_without_touching_the_host(source):
    """What a script defines sets no attribute of a Python object and reads none."""
    outcome = run_text(source, strict=True)
    assert outcome.status == "ok" and outcome.host_events == [], outcome


def test_values_reachable_from_a_script_are_the_api_tables_own():
    """What a tensor, a grad_fn, a hook and an exception give back are gradcli's objects."""
    source = ("x = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n"
              "n = y.grad_fn.next_functions\nh = x.register_hook(lambda g: g * 1)\n"
              "y.backward()\nprint(n, h, x.grad_fn, y.grad_fn.name(), x.grad.tolist())\n"
              "try:\n    y.backward()\nexcept RuntimeError as e:\n    print(e.args[0][:8])\n")
    outcome = run_text(source, strict=True)
    assert outcome.status == "ok" and outcome.host_events == []


def test_the_host_filesystem_is_untouched(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sentinel = tmp_path / "sentinel"
    sentinel.write_text("keep")
    attempts = [f"open('{sentinel}', 'w')",
                "import shutil\nshutil.rmtree('.')",
                f"x = torch.ones(1)\nx.register_hook(lambda g: open('{sentinel}', 'w'))"]
    for source in attempts:
        assert run_text(source, strict=True).status == "invalid"
    for source in (f"import os\nos.remove('{sentinel}')", "import os\nos.makedirs('out')",
                   f"import os\nos.rename('{sentinel}', 'x')", "import os\nos.chdir('/')"):
        outcome = run_text(source, strict=True)
        assert (outcome.status, outcome.error_type) == ("error", "PermissionError"), outcome
    for source in (f"torch.save(1, '{sentinel}')", "torch.save(torch.ones(1), 'new.pt')"):
        assert run_text(source, strict=True).status == "ok"  # (held in the session)
    assert sentinel.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sentinel"]
