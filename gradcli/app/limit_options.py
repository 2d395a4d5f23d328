"""The limits' command-line options (--max-steps ...), made from engine/limits.py's one list
(LIMIT_FLAGS) for each command that takes them."""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated

import typer

from gradcli.engine.limits import LIMIT_FLAGS, LimitFlag, Limits, parse_size

LIMITS_PANEL = "Limits"
DEFAULT_LIMITS = Limits()


def limit_options(*fields: str) -> Callable[[Callable], Callable]:
    """A command's `limits: Limits` parameter as one option per limit named in `fields` (every
    limit when none is), in its place and in LIMIT_FLAGS' order; the command gets the values
    given as one Limits, the others at their defaults."""
    if set(fields) - set(LIMIT_FLAGS):
        raise ValueError(f"no such limit: {sorted(set(fields) - set(LIMIT_FLAGS))}")
    names = [name for name in LIMIT_FLAGS if name in fields or not fields]

    def decorate(command: Callable) -> Callable:
        @functools.wraps(command)
        def with_limits(**given):
            limits = Limits(**{name: given.pop(name) for name in names})
            return command(**given, limits=limits)

        # (typer reads the parameters from the signature, its annotations evaluated)
        own = inspect.signature(command, eval_str=True).parameters.values()
        with_limits.__signature__ = inspect.Signature(
            [p for mine in own for p in ([_option(name) for name in names]
                                         if mine.name == "limits" else [mine])])
        return with_limits
    return decorate


def _option(name: str) -> inspect.Parameter:
    words, default = LIMIT_FLAGS[name], getattr(DEFAULT_LIMITS, name)
    option = typer.Option(words.flag, help=words.help, rich_help_panel=LIMITS_PANEL,
                          **({"parser": _size_parser(words), "metavar": "SIZE"} if words.sizes else
                             {"min": words.least}))
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                             annotation=Annotated[type(default), option])



def _size_parser(words: LimitFlag) -> Callable[[str], int]:
    """A flag's value as bytes (engine/limits.py parse_size), at least `words.least`."""
    def parse(text: str | int) -> int:
        try:
            size = text if isinstance(text, int) else parse_size(text)
        except ValueError as problem:
            raise typer.BadParameter(str(problem)) from None
        if size < words.least:
            raise typer.BadParameter(f"{text!r} is less than the least, {words.least} byte")
        return size
    return parse
