"""`logging` as training scripts use it: loggers by name, levels, basicConfig, StreamHandler
and Formatter, each line written where Python's would go (the session's sys.stderr or
sys.stdout, never a file). Python's rules are kept where they show: the root logger starts at
WARNING with no handler, so a record with nowhere to go is its message alone on stderr (the
last-resort handler); `logging.info(...)` at module level configures the root first, after
which basicConfig does nothing. Each session has its own loggers (a Runtime's)."""
from __future__ import annotations

import time
import weakref
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.sandbox import py_system

LEVELS = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARNING": 30, "WARN": 30, "INFO": 20,
          "DEBUG": 10, "NOTSET": 0}
_NAMES = {50: "CRITICAL", 40: "ERROR", 30: "WARNING", 20: "INFO", 10: "DEBUG", 0: "NOTSET"}
BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"


def get_level_name(level: Any) -> Any:
    if isinstance(level, int):
        return _NAMES.get(level, f"Level {level}")
    return LEVELS.get(level, f"Level {level}")


def _level(level: Any) -> int:
    """A level given as a number or a name, as Logger.setLevel takes it."""
    if isinstance(level, bool) or not isinstance(level, (int, str)):
        raise TypeError(f"Level not an integer or a valid string: {level!r}")
    if isinstance(level, str):
        if level not in LEVELS:
            raise TorchError("ValueError", f"Unknown level: {level!r}")
        return LEVELS[level]
    return level


class Formatter:
    __slots__ = ("fmt", "datefmt")

    def __init__(self, fmt: str | None = None, datefmt: str | None = None, style: str = "%"):
        if style != "%":
            raise TorchError("ValueError", "gradcli's logging formats with the '%' style only")
        self.fmt, self.datefmt = fmt or "%(message)s", datefmt

    def format(self, record: dict) -> str:
        if "%(asctime)" in self.fmt:
            now = time.time()
            stamp = time.strftime(self.datefmt or "%Y-%m-%d %H:%M:%S", time.localtime(now))
            record = {**record, "asctime": stamp if self.datefmt else
                      f"{stamp},{int(now % 1 * 1000):03d}"}
        try:
            return self.fmt % record
        except KeyError as e:  # (gradcli's records hold name, levelname, levelno, message)
            raise TorchError("ValueError", f"Formatting field not found in record: {e}") from None


class Handler:
    """A StreamHandler (to the session's sys.stderr, or the stream given) or a NullHandler."""

    __slots__ = ("stream", "level", "formatter")

    def __init__(self, stream: Any = None):
        if stream is not None and not isinstance(stream, py_system.Stream):
            raise TypeError("a gradcli session's handlers write to sys.stdout or sys.stderr")
        self.stream, self.level, self.formatter = stream, 0, None

    def setLevel(self, level: Any) -> None:
        self.level = _level(level)

    def setFormatter(self, formatter: Formatter | None) -> None:
        self.formatter = formatter

    def handle(self, record: dict) -> None:
        if record["levelno"] < self.level or self.stream is False:
            return
        text = (self.formatter or Formatter()).format(record)
        stream = self.stream or py_system.SYS["stderr"].read()
        stream.write(text + "\n")

    def __repr__(self) -> str:
        if self.stream is False:
            return f"<NullHandler ({get_level_name(self.level)})>"
        where = "<stdout>" if self.stream is not None and self.stream.name == "stdout" else \
            "<stderr>"
        return f"<StreamHandler {where} ({get_level_name(self.level)})>"


def null_handler() -> Handler:
    handler = Handler()
    handler.stream = False  # (writes nothing)
    return handler


def _refused_file_handler(*args, **kwargs):
    raise TorchError("PermissionError", f"logging.FileHandler would write a file: "
                     f"{py_system.NOTHING_OUTSIDE}; log to the console (logging.StreamHandler)")


class Logger:
    __slots__ = ("name", "level", "handlers", "propagate", "disabled", "parent")

    def __init__(self, name: str, parent: Logger | None, level: int = 0):
        self.name, self.level, self.parent = name, level, parent
        self.handlers: list[Handler] = []
        self.propagate, self.disabled = True, False

    def setLevel(self, level: Any) -> None:
        self.level = _level(level)

    def getEffectiveLevel(self) -> int:
        logger: Logger | None = self
        while logger is not None:
            if logger.level:
                return logger.level
            logger = logger.parent
        return 0

    def isEnabledFor(self, level: int) -> bool:
        return not self.disabled and level >= self.getEffectiveLevel()

    def addHandler(self, handler: Handler) -> None:
        if handler not in self.handlers:
            self.handlers.append(handler)

    def removeHandler(self, handler: Handler) -> None:
        if handler in self.handlers:
            self.handlers.remove(handler)

    def hasHandlers(self) -> bool:
        return any(logger.handlers for logger in self._chain())

    def log(self, level: int, msg: Any, *args, **kwargs) -> None:
        if not isinstance(level, int):
            raise TypeError("level must be an integer")
        if self.isEnabledFor(level):
            self._emit(level, msg, args)

    def debug(self, msg: Any, *args, **kwargs) -> None:
        self.log(10, msg, *args)

    def info(self, msg: Any, *args, **kwargs) -> None:
        self.log(20, msg, *args)

    def warning(self, msg: Any, *args, **kwargs) -> None:
        self.log(30, msg, *args)

    warn = warning

    def error(self, msg: Any, *args, **kwargs) -> None:
        self.log(40, msg, *args)

    exception = error

    def critical(self, msg: Any, *args, **kwargs) -> None:
        self.log(50, msg, *args)

    fatal = critical

    def _chain(self):
        logger: Logger | None = self
        while logger is not None:
            yield logger
            logger = logger.parent if logger.propagate else None

    def _emit(self, level: int, msg: Any, args: tuple) -> None:
        text = str(msg)
        if args:
            text = text % (args[0] if len(args) == 1 and isinstance(args[0], dict) else args)
        record = {"name": self.name, "levelno": level, "levelname": get_level_name(level),
                  "message": text, "msg": msg}
        handlers = [h for logger in self._chain() for h in logger.handlers]
        if not handlers and level >= 30:  # Python's last resort: the message alone
            py_system.SYS["stderr"].read().write(text + "\n")
        for handler in handlers:
            handler.handle(record)

    def __repr__(self) -> str:
        kind = "RootLogger" if self.parent is None else "Logger"
        return f"<{kind} {self.name} ({get_level_name(self.getEffectiveLevel())})>"


class _Loggers:
    """One session's loggers: the root and each name asked for."""

    def __init__(self):
        self.root = Logger("root", None, LEVELS["WARNING"])
        self.by_name: dict[str, Logger] = {}

    def get(self, name: str | None) -> Logger:
        if not name or name == "root":
            return self.root
        if name not in self.by_name:
            parent = next((self.by_name[p] for p in _prefixes(name) if p in self.by_name),
                          self.root)
            logger = self.by_name[name] = Logger(name, parent)
            for other in self.by_name.values():  # existing children of the new one
                if other.name.startswith(name + ".") and other.parent is parent:
                    other.parent = logger
        return self.by_name[name]


def _prefixes(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


_STATES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _state() -> _Loggers:
    session = runtime.current
    state = _STATES.get(session)
    if state is None:
        state = _STATES[session] = _Loggers()
    return state


def get_logger(name: str | None = None) -> Logger:
    if name is not None and not isinstance(name, str):
        raise TypeError("A logger name must be a string")
    return _state().get(name)


def basic_config(*, level: Any = None, format: str | None = None, datefmt: str | None = None,
                 stream: Any = None, force: bool = False, filename: str | None = None,
                 handlers: list | None = None, **kwargs) -> None:
    """Python's basicConfig: a handler for the root logger, unless it has one (then nothing,
    unless force)."""
    if filename is not None:
        _refused_file_handler()
    root = _state().root
    if root.handlers and not force:
        return
    root.handlers = []
    for handler in handlers or [Handler(stream)]:
        if handler.formatter is None:
            handler.setFormatter(Formatter(format or BASIC_FORMAT, datefmt))
        root.addHandler(handler)
    if level is not None:
        root.setLevel(level)


def _log(level: int, msg: Any, *args, **kwargs) -> None:
    """logging.log(...): the root logger's, configured first if it has no handler (Python
    calls basicConfig())."""
    root = _state().root
    if not root.handlers:
        basic_config()
    root.log(level, msg, *args)


def _module_level(level: int):
    """logging.info(...) and its kin."""
    def log(msg: Any, *args, **kwargs) -> None:
        _log(level, msg, *args)
    log.__name__ = _NAMES[level].lower()
    return log


LOGGING = {
    **LEVELS, "getLogger": get_logger, "basicConfig": basic_config,
    "getLevelName": get_level_name, "StreamHandler": Handler, "NullHandler": null_handler,
    "FileHandler": _refused_file_handler, "Formatter": Formatter, "BASIC_FORMAT": BASIC_FORMAT,
    "debug": _module_level(10), "info": _module_level(20), "warning": _module_level(30),
    "error": _module_level(40), "critical": _module_level(50), "exception": _module_level(40),
    "log": _log,
}
LOGGER_METHODS = ("setLevel", "getEffectiveLevel", "isEnabledFor", "addHandler",
                  "removeHandler", "hasHandlers", "log", "debug", "info", "warning", "warn",
                  "error", "exception", "critical", "fatal")
LOGGER_FIELDS = ("name", "level", "handlers", "propagate", "disabled", "parent")
HANDLER_METHODS = ("setLevel", "setFormatter")
