"""`argparse` for scripts that take options: an ArgumentParser whose `parse_args()` gives the
defaults (a session's command line is the script's name alone, as sys.argv says), or parses
the list of strings the script passes it (`parser.parse_args(["--lr", "0.1"])` in notebooks).
Options are `--name value`, flags (`action="store_true"`), converted by the script's `type`.
"""
from __future__ import annotations

from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.sandbox.objects import ScriptObject

FLAGS = {"store_true": (False, True), "store_false": (True, False)}


class _Option:
    __slots__ = ("dest", "flags", "default", "kind", "action", "const", "required")

    def __init__(self, names: tuple, dest: str | None, default: Any, kind: Any, action: Any,
                 const: Any, required: bool):
        long = [n for n in names if n.startswith("--")]
        self.flags = [n for n in names if n.startswith("-")]
        chosen = long[0] if long else names[0]
        self.dest = dest or chosen.lstrip("-").replace("-", "_")
        self.required = required or not self.flags  # a positional argument must be given
        if action in FLAGS:
            self.default = FLAGS[action][0] if default is None else default
            self.const = FLAGS[action][1]
        else:
            self.default, self.const = default, const
        self.kind, self.action = kind, action


class Namespace(ScriptObject):
    """What parse_args() returns: `args.lr`, assignable as Python's Namespace is."""

    __slots__ = ("values",)

    def __init__(self, values: dict[str, Any]):
        self.values = values

    def attribute(self, name: str) -> Any:
        if name not in self.values:
            raise TorchError("AttributeError", f"'Namespace' object has no attribute '{name}'")
        return self.values[name]

    def set_attribute(self, name: str, value: Any) -> None:
        self.values[name] = value

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Namespace) and other.values == self.values

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Namespace({', '.join(f'{k}={v!r}' for k, v in self.values.items())})"


class ArgumentParser:
    """argparse.ArgumentParser(description=...): add_argument, set_defaults, parse_args."""

    __slots__ = ("options", "defaults")

    def __init__(self, *args, **kwargs):
        self.options: list[_Option] = []
        self.defaults: dict[str, Any] = {}

    def add_argument(self, *names: str, dest: str | None = None, default: Any = None,
                     type: Any = None, action: Any = None, const: Any = None,
                     required: bool = False, **ignored) -> None:
        if not names or not all(isinstance(n, str) and n for n in names):
            raise TorchError("ValueError", "add_argument() takes option names such as '--lr'")
        self.options.append(_Option(names, dest, default, type, action, const, required))

    def add_argument_group(self, *args, **kwargs) -> ArgumentParser:
        return self

    def set_defaults(self, **values: Any) -> None:
        self.defaults.update(values)

    def parse_known_args(self, args: list | None = None, namespace: Any = None) -> tuple:
        values = {o.dest: o.default for o in self.options} | self.defaults
        given, rest = self._parse(list(args or []), values)
        missing = [o.flags[0] if o.flags else o.dest for o in self.options
                   if o.required and o.dest not in given]
        if missing:
            raise TorchError("SystemExit", "the following arguments are required: "
                             f"{', '.join(missing)} (a session's command line is empty: "
                             "give them a default, or pass parse_args([...]) a list)")
        return Namespace(values), rest

    def parse_args(self, args: list | None = None, namespace: Any = None) -> Namespace:
        parsed, rest = self.parse_known_args(args, namespace)
        if rest:
            raise TorchError("SystemExit", f"unrecognized arguments: {' '.join(rest)}")
        return parsed

    def _parse(self, words: list, values: dict) -> tuple[set, list]:
        """Fill `values` from `words`: the options given, and the words left over."""
        by_flag = {flag: o for o in self.options for flag in o.flags}
        positional = [o for o in self.options if not o.flags]
        given, rest = set(), []
        while words:
            word = str(words.pop(0))
            if word.startswith("-"):
                name, equals, text = word.partition("=")
                option = by_flag.get(name)
            else:
                name, equals, text = word, "=", word
                option = positional.pop(0) if positional else None
            if option is None:
                rest.append(word)
                continue
            if option.action in FLAGS:
                values[option.dest] = option.const
            else:
                if not equals:
                    if not words:
                        raise TorchError("SystemExit", f"argument {name}: expected one argument")
                    text = str(words.pop(0))
                values[option.dest] = option.kind(text) if option.kind else text
            given.add(option.dest)
        return given, rest

    def __repr__(self) -> str:
        return "ArgumentParser(prog='script')"


METHODS = ("add_argument", "add_argument_group", "set_defaults", "parse_args",
           "parse_known_args")
ARGPARSE = {"ArgumentParser": ArgumentParser, "Namespace": lambda **values: Namespace(values)}
