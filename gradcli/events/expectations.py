"""A script's declared ending: the `# gradcli: expect ...` comment, and whether a run met it.

    # gradcli: expect RuntimeError: Trying to backward through the graph a second time
    # gradcli: expect RuntimeError        (any message)
    # gradcli: expect mismatch | assertion | invalid | error
    # gradcli: surrogate GradReverse, RoundSTE

The expect directive is a whole-line comment anywhere in the script (usually at its top), at
most once. A surrogate directive names custom autograd.Functions whose backward is on purpose
not the derivative of their forward (a gradient reversal, a straight-through estimator): the
check takes their backward's values as given (any number of such lines). A `# gradcli:` line
that says anything else is a mistake the script's author wants to hear about, so it makes the
script invalid rather than being ignored."""
from __future__ import annotations

import re
from dataclasses import dataclass

from gradcli.events.events import ErrorEvent, SessionResult

DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*gradcli[ \t]*:(?P<body>.*)$", re.MULTILINE)
EXPECT = re.compile(r"expect[ \t]+(?P<what>[A-Za-z_]\w*)(?:[ \t]*:[ \t]*(?P<message>.*?))?[ \t]*$")
SURROGATE = re.compile(r"surrogate[ \t]+(?P<names>.*?)[ \t]*$")
NAME = re.compile(r"[A-Za-z_]\w*")
STATUSES = ("mismatch", "assertion", "invalid", "error")
USAGE = ("write `# gradcli: expect RuntimeError: <start of its message>`, or `expect` one of "
         + ", ".join(STATUSES) + "; or `# gradcli: surrogate <Function class>`")


@dataclass(frozen=True)
class Expectation:
    what: str  # a status (STATUSES) or an error type such as `RuntimeError`
    message: str  # the error message's start; "" for any
    line: int

    def __str__(self) -> str:
        return f"{self.what}: {self.message}" if self.message else self.what

    def met_by(self, result: SessionResult) -> bool:
        if self.what in STATUSES:
            return result.status == self.what
        error = next((e for e in result.events if isinstance(e, ErrorEvent)), None)
        return (error is not None and error.type == self.what
                and error.message.startswith(self.message))


class MalformedDirective(Exception):
    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message, self.hint, self.line, self.col = message, USAGE, line, col


def expectation(source: str) -> Expectation | None:
    """The script's declared ending, None when it declares none; MalformedDirective when a
    `# gradcli:` line cannot be read or is repeated."""
    found = None
    for match in DIRECTIVE.finditer(source):
        line = source.count("\n", 0, match.start()) + 1
        col = match.start("body") - match.start() + 1
        if SURROGATE.fullmatch(match["body"].strip()):
            _surrogate_names(match["body"].strip(), source, line, col)
            continue
        parsed = EXPECT.fullmatch(match["body"].strip())
        if parsed is None or (parsed["message"] and parsed["what"] in STATUSES):
            raise MalformedDirective(f"unknown gradcli directive: {match['body'].strip()!r}",
                                     line, col)
        if found is not None:
            raise MalformedDirective(f"a second expect directive (the first is on line "
                                     f"{found.line})", line, col)
        found = Expectation(parsed["what"], parsed["message"] or "", line)
    return found


def surrogates(source: str) -> frozenset[str]:
    """The custom Functions the script declares surrogates (`# gradcli: surrogate Name`)."""
    names: set[str] = set()
    for match in DIRECTIVE.finditer(source):
        parsed = SURROGATE.fullmatch(match["body"].strip())
        if parsed is not None:
            names.update(n for n in re.split(r"[ \t,]+", parsed["names"]) if NAME.fullmatch(n))
    return frozenset(names)


def _surrogate_names(body: str, source: str, line: int, col: int) -> None:
    """A surrogate line's names, each a class the script defines: a typo must not silently
    leave a declaration that matches nothing."""
    names = [n for n in re.split(r"[ \t,]+", SURROGATE.fullmatch(body)["names"]) if n]
    for name in names or [""]:
        if not NAME.fullmatch(name):
            raise MalformedDirective(f"a surrogate directive names a class: {body!r}", line, col)
        if not re.search(rf"^[ \t]*class[ \t]+{name}\b", source, re.MULTILINE):
            raise MalformedDirective(f"surrogate {name}: the script defines no class {name}",
                                     line, col)


def verdict(result: SessionResult, expected: Expectation | None) -> str:
    """The run's outcome against its declaration: `ok` when it ended as declared (or ended ok
    with nothing declared), `unexpected` when it declared an ending and did not meet it, and
    otherwise its own status."""
    if expected is None:
        return result.status
    return "ok" if expected.met_by(result) else "unexpected"
