"""The limits' command-line options (--max-steps ...), made from engine/limits.py's one list
(LIMIT_FLAGS) for each command that takes them."""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated

import typer

from gradcli.engine.limits import LIMIT_FLAGS, Limits, parse_size

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
            limits = Limits(**{name: _value(name, given.pop(name)) for name in names})
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
    if words.sizes:  # text, read by _value (a parser of typer's own would import pydantic)
        option = typer.Option(words.flag, help=words.help, rich_help_panel=LIMITS_PANEL,
                              metavar="SIZE")
        default = str(default)
    else:
        option = typer.Option(words.flag, min=words.least, help=words.help,
                              rich_help_panel=LIMITS_PANEL)
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                             annotation=Annotated[type(default), option])



def _value(name: str, given):
    """A limit's value as Limits holds it: a size flag's text as bytes (engine/limits.py
    parse_size), at least its least, or the usage error saying what it takes."""
    words = LIMIT_FLAGS[name]
    if not words.sizes or isinstance(given, int):
        return given
    try:
        size = parse_size(given)
    except ValueError as problem:
        raise typer.BadParameter(str(problem), param_hint=words.flag) from None
    if size < words.least:
        raise typer.BadParameter(f"{given!r} is less than the least, {words.least} byte",
                                 param_hint=words.flag)
    return size
