"""collections.namedtuple and collections.deque, as the DQN tutorial's replay memory uses them
(`Transition = namedtuple('Transition', ('state', 'action', ...))`, `deque([], maxlen=N)`).

A namedtuple class is Python's own (its errors, repr, equality, unpacking), derived once more
from ScriptNamedTuple so that the API table can tell it: a script reads its fields, `count`,
`index`, `_asdict`, `_replace` and `_fields`, nothing else. A deque is Python's, its methods
from the table; `extend` is size-checked as list.extend is.
"""
from __future__ import annotations

import collections
from typing import Any

from gradcli.engine.errors import TorchError

from .guards import iteration_length
from .safe_builtins import check_length


class ScriptNamedTuple(tuple):
    """The base the API table knows a script's namedtuple classes by."""

    __slots__ = ()


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """collections.namedtuple: Python's class (Python's checks of its names and defaults)."""
    try:
        made = collections.namedtuple(typename, field_names, rename=rename, defaults=defaults)
    except (TypeError, ValueError) as e:
        raise TorchError(type(e).__name__, str(e)) from None
    return type(made.__name__, (made, ScriptNamedTuple),
                {"__slots__": (), "__module__": "__main__"})  # a script's: __main__.T


NAMES = frozenset({"count", "index", "_asdict", "_replace", "_fields"})
NO_SUCH = object()


def attribute(obj: ScriptNamedTuple, name: str) -> Any:
    """`obj.name` for a namedtuple instance, or NO_SUCH where the table has no such name."""
    return getattr(obj, name) if name in type(obj)._fields or name in NAMES else NO_SUCH


def _growing(method: str):
    """deque.extend/extendleft: `d.extend(d)` in a loop doubles an unbounded deque."""
    def grow(self: collections.deque, iterable) -> None:
        if self.maxlen is None:
            check_length(len(self) + iteration_length(iterable), f"deque.{method}()")
        getattr(self, method)(iterable)
    return grow


DEQUE_METHODS = {
    **{name: ("method", getattr(collections.deque, name)) for name in (
        "append", "appendleft", "pop", "popleft", "clear", "count", "index", "insert", "remove",
        "reverse", "rotate", "copy")},
    "extend": ("method", _growing("extend")), "extendleft": ("method", _growing("extendleft")),
    "maxlen": ("property", lambda d: d.maxlen),
}
FUNCTIONS = {"namedtuple": namedtuple, "deque": collections.deque}
