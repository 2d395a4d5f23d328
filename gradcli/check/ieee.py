"""sympy expressions evaluated in float64 with IEEE semantics (1/0 = inf, 0*inf = nan), as
torch's arithmetic: the check's numeric evaluator. Functions by engine.symforms.NUMERIC."""
from __future__ import annotations

import functools

import numpy as np

from gradcli.engine import symforms as S
from gradcli.engine.symforms import sp

from .records import TooLarge


def point_of(symbols: list, values: list) -> dict:
    """Each symbol of each array in `symbols` with its float64 value from `values`."""
    env = {}
    for arr, vals in zip(symbols, values, strict=True):
        flat = np.asarray(vals, dtype=np.float64).reshape(-1)
        env.update(zip(arr.reshape(-1), flat, strict=True))
    return env


def evaluate(exprs: np.ndarray, env: dict) -> np.ndarray:
    """Evaluate sympy expressions in float64 with IEEE semantics (1/0 = inf, 0*inf = nan),
    with each symbol valued by `env` (point_of)."""
    cache: dict = {}
    out = [numeric_value(e, env, cache) for e in exprs.reshape(-1)]
    return np.array(out, dtype=np.float64).reshape(exprs.shape)


def numeric_value(expr, env: dict, cache: dict | None = None):
    """One expression's value, where `env` maps each symbol to a float64 scalar or array (then
    evaluated elementwise, with broadcasting). A post-order walk with an explicit stack."""
    cache = {} if cache is None else cache
    with np.errstate(all="ignore"):
        stack = [(expr, False)]
        while stack:
            node, expanded = stack.pop()
            if node in cache:
                continue
            if isinstance(node, sp().Piecewise):
                cache[node] = _piecewise(node, env, cache)
                continue
            if expanded or not node.args or node.is_Number:
                cache[node] = _apply(node, [cache[a] for a in node.args], env)
                continue
            stack.append((node, True))
            stack.extend((a, False) for a in node.args if a not in cache)
    return cache[expr]


class Program:
    """Expressions compiled once into numpy steps, one per distinct subexpression, to be
    evaluated many times (every step of a training loop) without walking sympy's trees
    again: the values are numeric_value's, step for step."""

    def __init__(self, exprs: list):
        self.steps: list = []  # (what a node computes, its arguments' step numbers)
        numbers: dict = {}
        for expr in exprs:
            self._place(expr, numbers)
        self.outputs = [numbers[e] for e in exprs]

    def _place(self, expr, numbers: dict) -> None:
        stack = [(expr, False)]
        while stack:
            node, expanded = stack.pop()
            if node in numbers:
                continue
            piecewise = isinstance(node, sp().Piecewise)
            args = [a for pair in node.args for a in pair] if piecewise else \
                ([] if node.is_Number else list(node.args))
            if expanded or not args:
                numbers[node] = len(self.steps)
                self.steps.append((_compiled(node), [numbers[a] for a in args]))
                continue
            stack.append((node, True))
            stack.extend((a, False) for a in args if a not in numbers)

    def run(self, env: dict) -> list:
        """The value of each expression, where `env` maps each symbol to a float64 scalar or
        array (as numeric_value's)."""
        values: list = [None] * len(self.steps)
        with np.errstate(all="ignore"):
            for k, (compute, args) in enumerate(self.steps):
                values[k] = compute([values[a] for a in args], env)
        return [values[k] for k in self.outputs]


def _compiled(node):
    """What one node computes from its arguments' values and the symbols' (`env`); numbers
    are made floats here, once (sympy's conversion is slow)."""
    if node.is_Symbol:
        return lambda args, env: env[node] if node in env else \
            np.float64(S.CONSTANTS[node.name])
    if node.is_Number or node in (sp().true, sp().false):
        value = _apply(node, [], {})
        return lambda args, env: value
    if isinstance(node, sp().Piecewise):
        return lambda args, env: np.select([np.asarray(c, bool) for c in args[1::2]],
                                           args[0::2], default=np.nan)[()]
    function = _function_of(node)
    return lambda args, env: function(args)


def _piecewise(node, env, cache):
    """The first branch whose condition holds, element by element."""
    values = [numeric_value(value, env, cache) for value, _ in node.args]
    conditions = [np.True_ if cond == sp().true else numeric_value(cond, env, cache)
                  for _, cond in node.args]
    return np.select(conditions, values, default=np.nan)[()]


_RELATIONS = {"StrictGreaterThan": np.greater, "StrictLessThan": np.less,
              "GreaterThan": np.greater_equal, "LessThan": np.less_equal,
              "Equality": np.equal, "Unequality": np.not_equal}


def _apply(node, args: list, env: dict):
    if node.is_Symbol:
        return env[node] if node in env else np.float64(S.CONSTANTS[node.name])
    if node.is_Number or node in (sp().true, sp().false):
        return np.float64(complex(node).real) if node.is_Number else bool(node)
    return _function_of(node)(args)


def _function_of(node):
    """What an operation node computes from the list of its arguments' values."""
    name = type(node).__name__
    if node.is_Add:
        return lambda args: functools.reduce(np.add, args)
    if node.is_Mul:
        return lambda args: functools.reduce(np.multiply, args)
    if node.is_Pow:
        return lambda args: np.power(args[0], args[1])
    if name in _RELATIONS:
        relation = _RELATIONS[name]
        return lambda args: relation(args[0], args[1])
    if name in ("And", "Or"):
        both = np.logical_and if name == "And" else np.logical_or
        return lambda args: functools.reduce(both, args)
    if name == "Not":
        return lambda args: np.logical_not(args[0])
    fn = S.NUMERIC.get(name) or S.NUMERIC.get(getattr(node.func, "__name__", ""))
    if fn is None:
        raise TooLarge(f"no numeric form for {name}")
    return lambda args: fn(*args)
