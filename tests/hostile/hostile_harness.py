"""Run untrusted scripts and bytes the way the CLI does, and watch what they do to the host.

Shared by the hostile tests and scripts/fuzz.py. Every run goes through a CPython audit hook
that records anything touching the host (files written, processes, sockets, ctypes ...) and
an alarm that turns a run longer than its time limit into a Hang: CPU seconds of this process,
so that other work on a busy machine does not make a run hang.
"""
from __future__ import annotations

import dataclasses
import faulthandler
import importlib.util
import os
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.app.sources import Unreadable, decode
from gradcli.check import derivcache
from gradcli.engine.limits import Limits

# Audit events that change or reach out of the host, whatever the script.
HOST_EVENTS = (
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate",
    "os.symlink", "os.link", "os.utime", "os.system", "os.exec", "os.spawn", "os.posix_spawn",
    "os.fork", "os.forkpty", "os.kill", "os.killpg", "os.putenv", "os.unsetenv", "os.chdir",
    "shutil.", "subprocess.", "socket.", "ctypes.", "webbrowser.", "urllib.", "builtins.input",
    "pickle.", "sqlite3.", "winreg.", "msvcrt.", "fcntl.", "mmap.",
)
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
# With strict=True, also anything a sandboxed script has no business causing at all: reading
# a file, importing, compiling or exec'ing code, reading frames. (Only after a warm-up run:
# the engine and the check import some modules lazily.)
STRICT_EVENTS = ("open", "import", "exec", "compile", "sys.", "os.", "object.__getattr__",
                 "object.__setattr__", "object.__delattr__", "code.__new__", "function.__new__",
                 "cpython.")
OWN_FRAME_READS = {"tb_frame", "f_globals"}  # the interpreter reads its own tracebacks
SCRIPT_NAME = "fuzz.py"
LAMBDA_BINDER = "gradcli/sandbox/expressions.py"
_recording: list[list[str]] = []
_strict = [False]


def _writes(event: str, args: tuple) -> bool:
    if event != "open" or len(args) < 3:
        return False
    mode, flags = args[1], args[2]
    if isinstance(mode, str):
        return any(c in mode for c in "wax+")
    return isinstance(flags, int) and bool(flags & WRITE_FLAGS)


def _gradcli_own(args: tuple) -> bool:
    """gradcli's derivative cache (check/derivcache.py: its file, and the sources its name is
    a digest of: gradcli's and sympy's release file), which a run reads and writes by
    design, whatever the script: not the script's reach. Which run first opens it depends
    on the tests' order."""
    path = args[0] if args else None
    if not isinstance(path, (str, os.PathLike)):
        return False
    folder = derivcache._folder()
    own = (PACKAGE, SYMPY_RELEASE, *([str(folder)] if folder is not None else []))
    return os.fspath(path).startswith(own)


PACKAGE = os.path.dirname(os.path.abspath(derivcache.__file__)).rsplit(os.sep, 1)[0]
SYMPY_RELEASE = os.path.join(os.path.dirname(importlib.util.find_spec("sympy").origin),
                             "release.py")


def _audit(event: str, args: tuple) -> None:
    if not _recording or _gradcli_own(args):
        return
    if event.startswith(HOST_EVENTS) or _writes(event, args) or _strict[0] and _forbidden(
            event, args):
        _recording[-1].append(f"{event} {args[:2]!r}")


def _binder(event: str, args: tuple) -> bool:
    where = args[1] if event == "code.__new__" else getattr(args[0], "co_filename", "")
    return str(where).endswith(LAMBDA_BINDER)


def _forbidden(event: str, args: tuple) -> bool:
    if event == "object.__getattr__" and len(args) > 1 and args[1] in OWN_FRAME_READS:
        return False
    if event == "compile" and len(args) > 1 and args[1] == SCRIPT_NAME:
        return False  # ast.parse of the script itself: a syntax tree, never code
    if event in ("code.__new__", "function.__new__") and _binder(event, args):
        return False  # a lambda's argument binder: a fixed template, renamed parameters
    if event == "sys.unraisablehook":
        return False  # Python reporting an exception it could not raise: the time limit's
        # interrupt landing in a weakref callback of the garbage collector, which a busy
        # machine makes likelier (the watchdog raises it again); no script calls it
    return event.startswith(STRICT_EVENTS)


sys.addaudithook(_audit)  # cannot be removed: it records only while a run is watched


class Hang(BaseException):
    """A run took longer than its time limit (a BaseException: nothing in gradcli catches it)."""


@dataclass
class Outcome:
    status: str  # ok, mismatch, assertion, invalid, error
    exit_code: int
    seconds: float
    error_type: str = ""  # of the ErrorEvent that ended the run
    message: str = ""  # of the error or invalid event
    host_events: list[str] = field(default_factory=list)

    @property
    def internal(self) -> bool:
        return self.error_type == "InternalError"


FUZZ_LIMITS = Limits(max_steps=20_000, max_sequence=200_000, max_memory=512 * 2**20,
                     max_seconds=5.0)  # the watchdog's hang is 10 s: the limit ends runs first
FUZZ_MAX_ELEMENTS = 10**6


def run_text(text: str, limits: Limits = FUZZ_LIMITS, max_elements: int = FUZZ_MAX_ELEMENTS,
             check: bool = True, seconds: float = 10.0, strict: bool = False) -> Outcome:
    """Run a script as `gradcli run` does, watched; raise Hang past `seconds` of CPU time."""
    options = RunOptions(check=check,
                         limits=dataclasses.replace(limits, max_elements=max_elements))
    events: list[str] = []
    start = time.perf_counter()
    _strict[0] = strict
    try:
        with _watched(events, seconds):
            result = run_session(text, SCRIPT_NAME, options)
    finally:
        _strict[0] = False
    return _outcome(result, time.perf_counter() - start, events)


def run_bytes(data: bytes, limits: Limits = FUZZ_LIMITS, **options) -> Outcome:
    """Decode bytes as the CLI reads a file, then run them: undecodable bytes are invalid."""
    try:
        text = decode(data, limits)
    except Unreadable as problem:
        return Outcome("invalid", 2, 0.0, message=problem.message)
    return run_text(text, limits, **options)


class _watched:
    """Record host events and arm the alarm while the run lasts; a C loop that never returns
    to Python is caught by faulthandler, which ends the process with every stack."""

    def __init__(self, events: list[str], seconds: float):
        self.events, self.seconds = events, seconds

    def __enter__(self):
        _recording.append(self.events)
        signal.signal(signal.SIGPROF, _on_alarm)
        signal.setitimer(signal.ITIMER_PROF, self.seconds)
        faulthandler.dump_traceback_later(self.seconds * 3 + 30, exit=True)

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_PROF, 0)
        faulthandler.cancel_dump_traceback_later()
        _recording.pop()
        return False


def _on_alarm(signum, frame):
    raise Hang()


def _outcome(result, seconds: float, events: list[str]) -> Outcome:
    last = result.events[-1] if result.events else None
    kind = getattr(last, "kind", "")
    return Outcome(result.status, result.exit_code, seconds,
                   error_type=getattr(last, "type", "") if kind == "error" else "",
                   message=getattr(last, "message", "") if kind in ("error", "invalid") else "",
                   host_events=list(events))


# ---- the rules every run must keep ------------------------------------------------------------

EXIT_CODES = {"ok": 0, "mismatch": 1, "assertion": 1, "invalid": 2, "error": 3}


def broken_rules(outcome: Outcome) -> list[str]:
    """The output contract's rules this run broke: a documented status with its exit code, and
    nothing done to the host. (An escaping exception or a Hang is raised by run_text.)"""
    broken = []
    if EXIT_CODES.get(outcome.status) != outcome.exit_code:
        broken.append(f"status {outcome.status!r} with exit code {outcome.exit_code}")
    if outcome.host_events:
        broken.append("touched the host: " + "; ".join(outcome.host_events))
    return broken


def internal_origin(text: str, limits: Limits = FUZZ_LIMITS,
                    max_elements: int = FUZZ_MAX_ELEMENTS) -> str:
    """Where an InternalError comes from ("torch/_tensor/shape.py"): the run again, with
    GRADCLI_DEBUG=1, which lets the original exception out."""
    os.environ["GRADCLI_DEBUG"] = "1"
    try:
        run_session(text, SCRIPT_NAME, RunOptions(
            limits=dataclasses.replace(limits, max_elements=max_elements)))
    except Exception as e:  # noqa: BLE001 - that is the point
        frames = [f for f in traceback.extract_tb(e.__traceback__) if "/gradcli/" in f.filename]
        return frames[-1].filename.split("/gradcli/")[-1] if frames else "?"
    finally:
        del os.environ["GRADCLI_DEBUG"]
    return "?"
