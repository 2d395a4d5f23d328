"""Inert stand-ins for the modules real programs import around their PyTorch code: `os`, `sys`,
`gc`, `time`, `argparse`, `inspect`, `typing`, `__future__`, `string`.

Their harmless parts work as the programs use them: `os.path.join` of a path never opened,
`os.environ.get(name, default)` (a session's environment starts empty: the default),
`sys.argv` (the script's name alone), `sys.version`, `gc.collect()`, `time.time()` to print a
duration, an ArgumentParser whose `parse_args()` gives its defaults. What would touch the
world (a file, a process, the host's environment, leaving the process) raises PermissionError
at that call, saying what was refused and what to write instead. No real module reaches a
script: each stand-in is a table of gradcli's own values (the API table makes the modules).
"""
from __future__ import annotations
import __future__

import inspect as _inspect
import posixpath
import string as _string
import sys as _sys
import time as _time
import weakref
from types import BuiltinFunctionType, FunctionType
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.limits import limit_message
from gradcli.sandbox.limits import LimitHit
from gradcli.sandbox.objects import ScriptClass, ScriptFunction

TORCH_PACKAGE = "gradcli.torch"  # where torch's callables live (inspect.signature reads them)
NOTHING_OUTSIDE = "a gradcli session touches nothing outside it"


def refused(qualname: str, what: str, instead: str):
    """A world-touching function: PermissionError at the call, with what to write instead."""
    def refuse(*args, **kwargs):
        raise TorchError("PermissionError", f"{qualname}() would {what}: {NOTHING_OUTSIDE} "
                         f"(no files, no processes, no host environment); {instead}")
    refuse.__name__ = refuse.__qualname__ = qualname
    return refuse


_FILES = "drop it: sessions keep their tensors in variables"
_PROCESS = "drop it: a session runs only its own script"


# ---- per-session state: the environment a script sets, its argv -------------------------


class _Session:
    __slots__ = ("environ", "argv", "streams")

    def __init__(self):
        self.environ: dict[str, str] = {}
        self.argv: list[str] = [""]
        self.streams = {name: Stream(name, _no_script) for name in ("stdout", "stderr")}


def _no_script(*args, **kwargs) -> None:
    raise TorchError("RuntimeError", "sys.stdout and sys.stderr are written by a running script")


_SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _session(session: runtime.Runtime | None = None) -> _Session:
    session = session or runtime.current
    state = _SESSIONS.get(session)
    if state is None:
        state = _SESSIONS[session] = _Session()
    return state


def begin(session: runtime.Runtime, script_name: str, print_: Any) -> None:
    """A session's script: sys.argv[0], as `python script.py` sets it; sys.stdout and
    sys.stderr, written through the session's `print`."""
    state = _session(session)
    state.argv[:] = [script_name]
    state.streams = {name: Stream(name, print_) for name in ("stdout", "stderr")}


class Stream:
    """sys.stdout / sys.stderr: what a script writes goes out as its prints do (the renderer
    puts stderr's on standard error), never to the host's file."""

    __slots__ = ("name", "print")

    def __init__(self, name: str, print_: Any):
        self.name, self.print = name, print_

    def write(self, text: str) -> int:
        if type(text) is not str:
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.print(text, end="", file=self)
        return len(text)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<_io.TextIOWrapper name='<{self.name}>' mode='w' encoding='utf-8'>"


STREAM_METHODS = ("write", "flush", "isatty")


class Environ:
    """os.environ: the session's own variables (none at start); the host's are never read."""

    __slots__ = ()

    def __getitem__(self, key: str) -> str:
        try:
            return _session().environ[key]
        except KeyError:
            raise TorchError("KeyError", repr(key)) from None

    def __setitem__(self, key: str, value: str) -> None:
        wrong = next((v for v in (key, value) if not isinstance(v, str)), None)
        if wrong is not None:
            raise TypeError(f"str expected, not {type(wrong).__name__}")
        _session().environ[key] = value

    def __contains__(self, key: Any) -> bool:
        return key in _session().environ

    def __len__(self) -> int:
        return len(_session().environ)

    def __iter__(self):
        return iter(list(_session().environ))

    def get(self, key: str, default: Any = None) -> Any:
        return _session().environ.get(key, default)

    def setdefault(self, key: str, default: str) -> str:
        return _session().environ.setdefault(key, default)

    def pop(self, key: str, *default: Any) -> Any:
        return _session().environ.pop(key, *default)

    def keys(self):
        return _session().environ.keys()

    def items(self):
        return _session().environ.items()

    def __repr__(self) -> str:
        return f"environ({_session().environ!r})"


ENVIRON = Environ()
ENVIRON_METHODS = ("get", "setdefault", "pop", "keys", "items")


def getenv(key: str, default: Any = None) -> Any:
    return ENVIRON.get(key, default)


OS_PATH = {
    **{name: getattr(posixpath, name) for name in (
        "join", "basename", "dirname", "split", "splitext", "normpath", "isabs", "sep")},
    **{name: refused(f"os.path.{name}", "read the file system", _FILES) for name in (
        "exists", "isfile", "isdir", "abspath", "realpath", "getsize", "expanduser",
        "getmtime", "islink")},
}
OS = {
    "environ": ENVIRON, "getenv": getenv, "sep": "/", "linesep": "\n", "name": "posix",
    **{name: refused(f"os.{name}", "touch the file system", _FILES) for name in (
        "makedirs", "mkdir", "remove", "unlink", "rmdir", "rename", "replace", "listdir",
        "scandir", "walk", "chdir", "getcwd", "open", "stat", "chmod", "symlink")},
    **{name: refused(f"os.{name}", "run or signal a process", _PROCESS) for name in (
        "system", "popen", "kill", "fork", "execv", "execvp", "spawnv", "getpid",
        "cpu_count")},
}


def _exit(*args):
    raise TorchError("PermissionError", f"sys.exit() would end the process: {NOTHING_OUTSIDE}; "
                     "a session ends where its script ends: put the rest under an `if` "
                     "instead, or raise an exception")


class PerSession:
    """A module member whose value is the running session's own (the API table reads it)."""

    __slots__ = ("read",)

    def __init__(self, read):
        self.read = read


SYS = {
    "version": _sys.version, "version_info": tuple(_sys.version_info),
    "platform": _sys.platform, "maxsize": _sys.maxsize, "byteorder": _sys.byteorder,
    "exit": _exit, "argv": PerSession(lambda: _session().argv),
    "stdout": PerSession(lambda: _session().streams["stdout"]),
    "stderr": PerSession(lambda: _session().streams["stderr"]),
    "setrecursionlimit": refused("sys.setrecursionlimit", "change the host interpreter",
                                 "a session's depth is --max-call-depth"),
}
def collect(generation: int = 2) -> int:
    """gc.collect(): nothing a session holds needs Python's cycle collector; 0 found."""
    return 0


GC = {"collect": collect}


# ---- time ---------------------------------------------------------------------------------


def sleep(seconds: float) -> None:
    """time.sleep: sleeps, within the session's time limit (refused at once past it)."""
    session = runtime.current
    if seconds > session.seconds_left():
        raise LimitHit(limit_message(session.limits, "max_seconds", "by time.sleep()"))
    _time.sleep(max(seconds, 0))


TIME = {"time": _time.time, "perf_counter": _time.perf_counter, "monotonic": _time.monotonic,
        "process_time": _time.process_time, "time_ns": _time.time_ns,
        "perf_counter_ns": _time.perf_counter_ns, "sleep": sleep, "strftime": _time.strftime,
        "ctime": _time.ctime}


# ---- typing, __future__, inspect ------------------------------------------------------------


class TypeHint:
    """typing.List, Optional[Tensor]...: a name with a repr, subscriptable, nothing more.
    (Annotations are never evaluated in a session; these serve `List[int]` written elsewhere.)"""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __getitem__(self, item: Any) -> TypeHint:
        items = item if isinstance(item, tuple) else (item,)
        return TypeHint(f"{self.name}[{', '.join(map(_hint_name, items))}]")

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Cannot instantiate {self.name}")

    def __repr__(self) -> str:
        return self.name


def _hint_name(item: Any) -> str:
    if isinstance(item, TypeHint):
        return item.name
    return getattr(item, "__name__", None) or getattr(item, "name", None) or repr(item)


def type_var(name: str, *constraints, **options) -> TypeHint:
    return TypeHint(f"~{name}")


TYPING = {
    **{name: TypeHint(f"typing.{name}") for name in (
        "Any", "List", "Dict", "Tuple", "Set", "FrozenSet", "Optional", "Union", "Callable",
        "Iterable", "Iterator", "Sequence", "Mapping", "Type", "Literal", "Final",
        "ClassVar", "Generator", "Deque", "DefaultDict", "OrderedDict", "Counter",
        "MutableMapping", "MutableSequence")},
    "TypeVar": type_var, "cast": lambda kind, value: value, "TYPE_CHECKING": False,
}
FUTURE = {name: getattr(__future__, name) for name in __future__.all_feature_names}
# char-RNN tutorials' `string.printable`: Python's constants (plain str) and capwords
STRING = {name: getattr(_string, name) for name in (
    "ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits", "octdigits",
    "punctuation", "printable", "whitespace", "capwords")}


class Signature:
    """What inspect.signature gives a script: its `parameters`, names to their text.
    `'fused' in inspect.signature(torch.optim.AdamW).parameters` (nanoGPT) asks only which
    names one of torch's callables takes; a script's own function has no signature here."""

    __slots__ = ("parameters",)

    def __init__(self, fn: Any):
        target = _signed(fn)
        if target is None:
            raise TorchError("ValueError", f"gradcli gives the signature of torch's callables "
                             f"only, not of {fn!r}")
        parameters = list(_inspect.signature(target).parameters.items())
        if isinstance(fn, ScriptClass):
            parameters = parameters[1:]  # a class's signature is its __init__'s, less self
        self.parameters = {name: str(p) for name, p in parameters}

    def __repr__(self) -> str:
        return f"<Signature ({', '.join(self.parameters.values())})>"


def _signed(fn: Any) -> Any:
    """The Python function behind one of torch's callables (a built-in class: its __init__);
    None for the script's own functions and classes, whose parameters gradcli keeps apart."""
    if isinstance(fn, ScriptClass):
        fn = fn.lookup("__init__")
    fn = getattr(fn, "call", fn) if isinstance(fn, ScriptFunction) else fn
    if isinstance(fn, (FunctionType, BuiltinFunctionType)) and \
            fn.__module__.startswith(TORCH_PACKAGE):
        return fn
    return None


INSPECT = {"signature": Signature}
