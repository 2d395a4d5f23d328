"""sympy's formulas (the text the check puts in a GradRow: `x[1,0]**2*(4*x[1,0] + 3)`) as
presentation MathML, which browsers typeset natively (no script, no network).

The text is read with Python's parser and rebuilt node by node into sympy objects, never
run as code: only numbers, names, `x[i, j]` elements, arithmetic, comparisons and calls of
a known shape are accepted, anything else gives None (the caller shows the text). sympy
printed the text, so rebuilding it gives back the same expression (sympy's printer cannot
print unevaluated ones); a number to a huge power is refused rather than worked out.
"""
from __future__ import annotations

import ast
import re
from collections.abc import Callable
from functools import cache
from typing import Any

MAX_CHARS = 1500  # a longer formula is shown as text: typeset, it would not fit a cell
MAX_EXPONENT = 64  # a number to a larger power is shown as text, never worked out

_CONSTANTS = {"pi": "pi", "E": "E", "oo": "oo", "zoo": "zoo", "nan": "nan", "I": "I",
              "True": "true", "False": "false"}


_VERSION = re.compile(r"([A-Za-z_]\w*)@(\d+)")


class _NotAFormula(Exception):
    pass


@cache
def _printer() -> Callable[[Any], str]:
    """sympy's presentation printer, with x[1,0] as x with subscript `1,0` (not `(1, 0)`)."""
    from sympy.printing.mathml import MathMLPresentationPrinter

    class Printer(MathMLPresentationPrinter):
        def _print_Indexed(self, e: Any) -> Any:
            sub = self.dom.createElement("msub")
            sub.appendChild(self._print(e.base))
            index = self.dom.createElement("mrow")
            for i, value in enumerate(e.indices):
                if i:
                    comma = self.dom.createElement("mo")
                    comma.appendChild(self.dom.createTextNode(","))
                    index.appendChild(comma)
                index.appendChild(self._print(value))
            sub.appendChild(index)
            return sub

    return Printer({}).doprint


def formula_mathml(text: str) -> str | None:
    """`<math>…</math>` for one formula, or None when it is not one this reads."""
    if not text or len(text) > MAX_CHARS:
        return None
    try:  # `w@1`, the check's name for w after its first in-place change, made a name
        tree = ast.parse(_VERSION.sub(r"\1_at_\2", text), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    import sympy

    try:
        inner = _printer()(_build(tree.body, sympy))
    except (_NotAFormula, RecursionError):
        return None
    except Exception:  # sympy refusing an odd combination: the text is shown instead
        return None
    # sympy leaves `<` of a comparison bare; in HTML it would open a tag
    inner = inner.replace("<mo><</mo>", "<mo>&lt;</mo>").replace("<mo><=</mo>", "<mo>&le;</mo>")
    return f'<math display="inline">{inner}</math>'


_BINARY = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.Pow: "pow"}
_COMPARE = {ast.Gt: "Gt", ast.Lt: "Lt", ast.GtE: "Ge", ast.LtE: "Le", ast.Eq: "Eq",
            ast.NotEq: "Ne"}


def _build(node: ast.AST, sympy: Any) -> Any:
    """The sympy object for one parsed node; _NotAFormula for anything else."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float, bool):
        if isinstance(node.value, bool):
            return sympy.true if node.value else sympy.false
        return sympy.Integer(node.value) if isinstance(node.value, int) \
            else sympy.Float(repr(node.value), "")
    if isinstance(node, ast.Name):
        if node.id in _CONSTANTS:
            return getattr(sympy, _CONSTANTS[node.id])
        return sympy.Symbol(_shown_name(node.id))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return _binary(_BINARY[type(node.op)], _build(node.left, sympy),
                       _build(node.right, sympy), sympy)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _build(node.operand, sympy)
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return _element(node, sympy)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        relation = getattr(sympy, _COMPARE[type(node.ops[0])])
        return relation(_build(node.left, sympy), _build(node.comparators[0], sympy))
    if isinstance(node, ast.Tuple):
        return sympy.Tuple(*(_build(item, sympy) for item in node.elts))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        return _call(node.func.id, [_build(arg, sympy) for arg in node.args], sympy)
    raise _NotAFormula


def _binary(kind: str, left: Any, right: Any, sympy: Any) -> Any:
    if kind == "add":
        return left + right
    if kind == "sub":
        return left - right
    if kind == "mul":
        return left * right
    if kind == "div":
        return left / right
    if left.is_Number and right.is_Number and abs(right) > MAX_EXPONENT:
        raise _NotAFormula  # sympy would work 2**100000 out: not what a cell needs
    return left**right


def _element(node: ast.Subscript, sympy: Any) -> Any:
    """`x[1,0]`: an element of tensor x, typeset x with subscript 1,0."""
    index = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if not all(isinstance(i, ast.Constant) and type(i.value) is int for i in index):
        raise _NotAFormula
    base = sympy.IndexedBase(_shown_name(node.value.id))
    return sympy.Indexed(base, *(i.value for i in index))


def _shown_name(name: str) -> str:
    """`w@1` back from the name it was made to parse as."""
    return _VERSION_NAME.sub(r"\1@\2", name)


_VERSION_NAME = re.compile(r"^(\w+?)_at_(\d+)$")


# sympy's own functions a formula may call; any other name is an undefined function f(x)
_FUNCTIONS = frozenset({
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh",
    "acosh", "atanh", "exp", "log", "sqrt", "Abs", "sign", "Heaviside", "Max", "Min",
    "Piecewise", "floor", "ceiling", "erf", "erfc", "gamma", "loggamma", "Rational", "re", "im",
    "Integer", "Float", "DiracDelta", "sec", "csc", "cot", "Mod",
})


def _call(name: str, args: list[Any], sympy: Any) -> Any:
    if name == "Piecewise":
        if not all(isinstance(a, sympy.Tuple) and len(a) == 2 for a in args):
            raise _NotAFormula
        return sympy.Piecewise(*(tuple(a) for a in args))
    if name in ("Rational", "Integer", "Float"):
        raise _NotAFormula  # sympy prints these as numbers; a call means something odd
    if name in _FUNCTIONS:
        return getattr(sympy, name)(*args)
    if not name.isidentifier():
        raise _NotAFormula
    return sympy.Function(name)(*args)
