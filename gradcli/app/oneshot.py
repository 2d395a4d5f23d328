"""One-shot differentiation: an expression's value and its partial derivatives at a point.

The expression runs as a small generated session (so it means what it means in PyTorch),
and the answer is read from that session's events: the engine's gradient and sympy's.
"""
from __future__ import annotations

import ast
import keyword
import math
import re
from dataclasses import dataclass, replace
from typing import Any

from gradcli.events.events import (
    BackwardEvent,
    ErrorEvent,
    InvalidEvent,
    SessionResult,
    ValueEvent,
)
from gradcli.events.results import GradResult, Partial

# Usable without `torch.` in an expression, as on a calculator.
BARE_FUNCTIONS = ("sin", "cos", "tan", "exp", "log", "sqrt", "tanh", "sigmoid", "relu", "abs")
DTYPES = ("float64", "float32")
RESULT = "_f"  # the generated script's name for the expression's value
UNDEFINED = re.compile(r"name '(\w+)' is not defined")
NON_FINITE = ("inf", "nan")  # read as float() reads them; -inf is a minus and inf


class BadInput(ValueError):
    """An --at binding or --wrt name that cannot be used; the message says why."""


def parse_binding(text: str) -> tuple[str, Any]:
    """`x=1.5` or `w=[1, 2, 3]` as (name, number or nested list of numbers)."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise BadInput(f"{text!r}: write NAME=VALUE, e.g. x=1.5 or w=[1,2,3]")
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        raise BadInput(f"{name!r} is not a variable name (letters, digits and _, not first _)")
    try:
        return name, _numbers(ast.parse(value.strip(), mode="eval").body)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        raise BadInput(f"{name}={value}: the value must be a number or a list of numbers, "
                       "e.g. 2, -0.5, inf, [1, 2, 3]") from None


def _numbers(node: ast.expr) -> Any:
    """A literal number (also inf and nan, as float() reads them) or a non-empty nested list
    of them, as floats: an integer tensor cannot require grad. Nothing is evaluated."""
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        return [_numbers(item) for item in node.elts]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        number = _numbers(node.operand)
        if not isinstance(number, list):
            return -number if isinstance(node.op, ast.USub) else number
    if isinstance(node, ast.Name) and node.id in NON_FINITE:
        return float(node.id)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return float(node.value)
    raise ValueError("not a number")


def _source(value: Any) -> str:
    """`value` as Python source: repr(inf) is `inf`, a name no script defines."""
    if isinstance(value, list):
        return f"[{', '.join(map(_source, value))}]"
    return repr(value) if math.isfinite(value) else f"float('{value}')"


def check_wrt(at: dict[str, Any], wrt: list[str]) -> None:
    for name in wrt:
        if name not in at:
            raise BadInput(f"{name}: there is no --at {name}=VALUE to differentiate by")


@dataclass(frozen=True)
class Generated:
    """The session that computes the expression and its gradient."""

    script: str
    expression_line: int  # where `_f = EXPRESSION` starts
    echo_line: int  # where `_f` is echoed: its value

    @classmethod
    def of(cls, expression: str, at: dict[str, Any], dtype: str) -> Generated:
        lines = ["import torch"]
        lines += [f"{name} = torch.{name}" for name in BARE_FUNCTIONS if name not in at]
        lines += [f"{name} = torch.tensor({_source(value)}, dtype=torch.{dtype}, "
                  "requires_grad=True)" for name, value in at.items()]
        assignment = f"{RESULT} = {expression}"
        first = len(lines) + 1
        lines += [assignment, RESULT, f"{RESULT}.backward()"]
        return cls("\n".join(lines) + "\n", first, first + len(assignment.splitlines()))


def expression_problem(expression: str) -> InvalidEvent | None:
    """Why `expression` is not one expression (a statement, two lines of code), or None."""
    try:
        ast.parse(expression, "<expression>", mode="eval")
    except SyntaxError as e:
        return InvalidEvent(e.lineno or 1, e.offset or 1, f"not an expression: {e.msg}",
                            "give one expression, e.g. \"x**2 * sin(y)\"")
    return None


def read_result(expression: str, at: dict[str, Any], dtype: str, wrt: list[str],
                session: SessionResult, generated: Generated) -> GradResult:
    """The answer, from the generated session's events."""
    result = GradResult(expression, at, dtype)
    shift = _Shift(generated.expression_line, generated.echo_line, len(f"{RESULT} = "))
    for event in session.events:
        if isinstance(event, ValueEvent) and event.line == generated.echo_line:
            result.value = event.value.get("data") if isinstance(event.value, dict) \
                else event.value
            problem = _not_differentiable(expression, event.value)
            if problem is not None:
                result.problem, result.status = problem, "invalid"
                return result
        elif isinstance(event, (ErrorEvent, InvalidEvent)):
            result.problem = _with_hint(shift.located(event), expression)
            result.status = session.status
            return result
        elif isinstance(event, BackwardEvent):
            result.partials = _partials(event, at, wrt)
    result.status = "mismatch" if any(p.match is False for p in result.partials) else "ok"
    return result


def _with_hint(event: InvalidEvent | ErrorEvent, expression: str) -> InvalidEvent | ErrorEvent:
    """An unknown name in an expression is a variable without --at, or a function to find
    under torch. (never a variable to give a value: it is called)."""
    undefined = UNDEFINED.fullmatch(event.message)
    if undefined is None:
        return event
    name = undefined.group(1)
    if name in _called_names(expression):
        return replace(event, hint=f"{name} is not one of the bare functions; "
                                   f"{_where_to_find(name)}")
    return replace(event, hint=f"give it a value: --at {name}=VALUE, or use a torch. function")


def _called_names(expression: str) -> set[str]:
    calls = (node.func for node in ast.walk(ast.parse(expression, mode="eval"))
             if isinstance(node, ast.Call))
    return {func.id for func in calls if isinstance(func, ast.Name)}


def _where_to_find(name: str) -> str:
    """`write torch.softmax(...)`, or that PyTorch has it and gradcli not yet, or has not."""
    from gradcli.torch._name_hints import lacking, pytorch_homes

    function = _torch_function(name)
    if function is not None:
        return f"write {function}(...)"
    homes = pytorch_homes(name, ("torch", "torch.nn.functional", "torch.special"))
    return lacking(name, homes) if homes else "PyTorch has no function of that name either"


def _torch_function(name: str) -> str | None:
    """Where PyTorch keeps a function called `name` (torch.X, then torch.nn.functional.X)."""
    from gradcli.torch.api import TORCH, F

    for namespace in (TORCH, F):
        if callable(namespace.members.get(name)):
            return f"{namespace.name}.{name}"
    return None


def _not_differentiable(expression: str, value: Any) -> InvalidEvent | None:
    """Why the expression's value has no gradient to show, or None when it has one."""
    is_tensor = isinstance(value, dict) and value.get("type") == "tensor"
    if is_tensor and any(n != 1 for n in value["shape"]):
        return InvalidEvent(1, 1, f"the expression's value has shape {value['shape']}, not a "
                            "single number", f"reduce it, e.g. ({expression}).sum()")
    if not is_tensor or not value["requires_grad"]:
        return InvalidEvent(1, 1, "the expression does not depend on any --at variable, so "
                            "there is nothing to differentiate",
                            "use the names given with --at NAME=VALUE")
    return None


def _partials(event: BackwardEvent, at: dict[str, Any], wrt: list[str]) -> list[Partial]:
    rows = {row.name: row for row in event.grads}
    partials = []
    for name in wrt or list(at):
        row = rows.get(name)
        if row is None:  # backward() never reached it: the expression does not use it
            zero = _zeros_like(at[name])
            partials.append(Partial(name, _shape(at[name]), None, zero, zero, True, "symbolic",
                                    "the expression does not use it"))
            continue
        formula = None if row.matrix_form else row.formula  # (per element here, not a matrix's)
        partials.append(Partial(name, row.shape, formula, row.expected, row.grad, row.match,
                                row.method, row.note))
    return partials


def _zeros_like(value: Any) -> Any:
    return [_zeros_like(v) for v in value] if isinstance(value, list) else 0.0


def _shape(value: Any) -> tuple[int, ...]:
    return (len(value), *_shape(value[0])) if isinstance(value, list) else ()


@dataclass(frozen=True)
class _Shift:
    """Maps a location in the generated script to one in the expression itself."""

    line: int
    end: int  # the first line after the expression
    prefix: int  # characters before the expression on its first line

    def located(self, event: InvalidEvent | ErrorEvent) -> InvalidEvent | ErrorEvent:
        if event.line is None or not self.line <= event.line < self.end:
            return replace(event, line=None, col=None, end_col=None)  # not in the expression
        line = event.line - self.line + 1
        if line != 1 or event.col is None:
            return replace(event, line=line)
        col = max(event.col - self.prefix, 1)
        end = max(event.end_col - self.prefix, col) if event.end_col is not None else None
        return replace(event, line=line, col=col, end_col=end)
