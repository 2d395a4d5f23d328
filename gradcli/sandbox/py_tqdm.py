"""`tqdm` as training loops use it: a progress bar that iterates what it wraps and draws
nothing. tqdm draws its bar on stderr, timed by the wall clock, so no program's result depends
on it; what a script reads back (`n`, `total`, `desc`, `len()`) and what it prints through
`tqdm.write` are tqdm's."""
from __future__ import annotations

from numbers import Number
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.sandbox import py_system


def write(s: Any, file: Any = None, end: str = "\n") -> None:
    """tqdm.write: a line printed above the bar, to sys.stdout unless a stream is given."""
    stream = file if isinstance(file, py_system.Stream) else py_system.SYS["stdout"].read()
    stream.write(str(s) + end)


class Progress:
    """tqdm(iterable=None, desc=None, total=None, ...): its display options are accepted and
    unused (there is no bar)."""

    __slots__ = ("iterable", "desc", "total", "n", "postfix", "disable")

    def __init__(self, iterable: Any = None, desc: str | None = None, total: Any = None,
                 leave: bool = True, file: Any = None, ncols: Any = None,
                 mininterval: float = 0.1, maxinterval: float = 10.0, miniters: Any = None,
                 ascii: Any = None, disable: bool = False, unit: str = "it",
                 unit_scale: Any = False, dynamic_ncols: bool = False,
                 smoothing: float = 0.3, bar_format: Any = None, initial: Any = 0,
                 position: Any = None, postfix: Any = None, **kwargs: Any):
        if total is None and iterable is not None:
            try:
                total = len(iterable)
            except (TypeError, AttributeError):
                total = None
        self.iterable, self.desc, self.total = iterable, desc or "", total
        self.n, self.postfix, self.disable = initial, postfix, disable

    def __iter__(self):
        if self.iterable is None:
            raise TorchError("TypeError", "'NoneType' object is not iterable")
        return self._counted()

    def _counted(self):
        for item in self.iterable:
            yield item
            self.n += 1

    def __len__(self) -> int:
        if self.iterable is None:
            return self.total  # None: Python's TypeError, as tqdm's
        return len(self.iterable) if hasattr(self.iterable, "__len__") else self.total

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def update(self, n: Any = 1) -> None:
        self.n += n

    def set_description(self, desc: str | None = None, refresh: bool = True) -> None:
        self.desc = desc + ": " if desc else ""

    def set_description_str(self, desc: str | None = None, refresh: bool = True) -> None:
        self.desc = desc or ""

    def set_postfix(self, ordered_dict: Any = None, refresh: bool = True, **kwargs: Any
                    ) -> None:
        """tqdm's postfix text: `key=value, ...`, the keyword arguments sorted after the
        dict's, numbers in tqdm's short form."""
        postfix = {**(ordered_dict or {}), **{key: kwargs[key] for key in sorted(kwargs)}}
        self.postfix = ", ".join(f"{key}={_postfix_value(value)}"
                                 for key, value in postfix.items())

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        self.postfix = s

    def refresh(self, *args: Any, **kwargs: Any) -> None:
        return None

    def reset(self, total: Any = None) -> None:
        self.n = 0
        if total is not None:
            self.total = total

    def close(self) -> None:
        return None

    def clear(self, *args: Any, **kwargs: Any) -> None:
        return None

    def write(self, s: Any, file: Any = None, end: str = "\n", nolock: bool = False) -> None:
        write(s, file, end)

    def __repr__(self) -> str:
        return f"{self.n}/{self.total}" if self.total is not None else f"{self.n}it"


def _postfix_value(value: Any) -> str:
    """tqdm's format_num for a number (the shorter of `.3g` and str), else its str."""
    if isinstance(value, Number):
        short = f"{value:.3g}".replace("+0", "+").replace("-0", "-")
        return short if len(short) < len(str(value)) else str(value)
    return str(value).strip()


class ProgressClass:
    """`tqdm` itself, as a script names it: calling it makes a bar, and `tqdm.write` prints a
    line without one."""

    __slots__ = ()

    def __call__(self, *args: Any, **kwargs: Any) -> Progress:
        return Progress(*args, **kwargs)

    def write(self, s: Any, file: Any = None, end: str = "\n", nolock: bool = False) -> None:
        write(s, file, end)

    def __repr__(self) -> str:
        return "<class 'tqdm.std.tqdm'>"


def trange(*args: Any, **kwargs: Any) -> Progress:
    """trange(n, ...): tqdm(range(n), ...)."""
    return Progress(range(*args), **kwargs)


TQDM = {"tqdm": ProgressClass(), "trange": trange}
METHODS = ("update", "set_description", "set_description_str", "set_postfix",
           "set_postfix_str", "refresh", "reset", "close", "clear", "write")
FIELDS = ("n", "total", "desc", "postfix", "disable", "iterable")
