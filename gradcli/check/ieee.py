"""sympy expressions evaluated in float64 with IEEE semantics (1/0 = inf, 0*inf = nan), as
torch's arithmetic: the check's numeric evaluator. Functions by engine.symforms.NUMERIC."""
from __future__ import annotations

import collections
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
    again: the values are numeric_value's, step for step. Its `recipe` says the same in
    plain data (JSON), from which `from_recipe` compiles it again without sympy."""

    def __init__(self, exprs: list):
        self.recipe: list = []  # [what a node computes, its arguments' step numbers]
        numbers: dict = {}
        for expr in exprs:
            self._place(expr, numbers)
        self.outputs = [numbers[e] for e in exprs]
        self._compile([(_step(*what), args) for what, args in self.recipe])

    @classmethod
    def from_recipe(cls, recipe: list, outputs: list) -> Program:
        """The program a recipe (and its output step numbers) describes: ValueError if it is
        not one (a damaged copy)."""
        program = cls.__new__(cls)
        try:
            steps = [(_step(*what), [int(a) for a in args]) for what, args in recipe]
        except (TypeError, KeyError, IndexError) as bad:
            raise ValueError(f"not a program's recipe ({bad})") from None
        if any(not 0 <= a < k for k, (_, args) in enumerate(steps) for a in args) or \
                any(not 0 <= o < len(steps) for o in outputs):
            raise ValueError("a program's recipe refers to steps it does not have")
        program.recipe, program.outputs = recipe, [int(o) for o in outputs]
        program._compile(steps)
        return program

    def _compile(self, steps: list) -> None:
        """The steps sorted for `run`: the numbers' values set once, the inputs looked up by
        name, the operations applied to their arguments' values in order; a sum or product
        of two may write its result into an argument's new array that nothing else reads
        (1 - out**2 makes one array of a layer's size, not three)."""
        self.constants = [what[1] if what[0] == "value" else None for what, _ in steps]
        self.inputs = [(k, *what[1:]) for k, (what, _) in enumerate(steps) if what[0] == "input"]
        kinds = [what[0] for what, _ in self.recipe]
        reads = collections.Counter([a for _, args in steps for a in args] + self.outputs)
        new = {k for k, (_, args) in enumerate(steps)
               if kinds[k] == "Pow" or kinds[k] in _IN_PLACE and len(args) > 1}
        self.operations = []
        for k, (what, args) in enumerate(steps):
            if what[0] != "apply":
                continue
            spare = [j for j, a in enumerate(args) if a in new and reads[a] == 1] \
                if kinds[k] in _IN_PLACE and len(args) == 2 else []
            self.operations.append((k, _IN_PLACE[kinds[k]] if spare else what[1], args, spare))
        # whether each output is a new array of the run's (a sum's, product's or power's),
        # which its caller may write into
        self.new_outputs = [k in new for k in self.outputs]

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
                numbers[node] = len(self.recipe)
                self.recipe.append((_described(node), [numbers[a] for a in args]))
                continue
            stack.append((node, True))
            stack.extend((a, False) for a in args if a not in numbers)

    def run(self, env: dict) -> list:
        """The value of each expression, where `env` maps each symbol (or its name) to a
        float64 scalar or array."""
        env = {getattr(k, "name", k): v for k, v in env.items()}
        values = self.constants.copy()
        for k, name, fallback in self.inputs:
            values[k] = env[name] if fallback is None or name in env else fallback
        with np.errstate(all="ignore"):
            for k, compute, args, spare in self.operations:
                inputs = [values[a] for a in args]
                into = _spare(inputs, spare) if spare else None
                values[k] = compute(*inputs) if into is None else compute(*inputs, out=into)
        return [values[k] for k in self.outputs]


_IN_PLACE = {"Add": np.add, "Mul": np.multiply}  # (the ufuncs of two arguments that take out=)


def _spare(inputs: list, spare: list):
    """The argument (of two) among `spare` that the result can be written into: a float64
    array of the result's shape, the other a real number or array of that shape; else None."""
    for j in spare:
        into, other = inputs[j], inputs[1 - j]
        if type(into) is np.ndarray and into.dtype == np.float64 and \
                np.result_type(other, into) == np.float64 and np.shape(other) in ((), into.shape):
            return into
    return None


def _described(node) -> tuple:
    """What one node computes, as plain data: (kind, detail)."""
    if node.is_Symbol:  # an input, or a constant sympy must not fold (valued here, once)
        value = S.CONSTANTS.get(node.name)
        return ("symbol", [node.name, None if value is None else float(value)])
    if node.is_Number:
        return ("number", float(_apply(node, [], {})))
    if node in (sp().true, sp().false):
        return ("bool", bool(node))
    if isinstance(node, sp().Piecewise):
        return ("piecewise", None)
    name = type(node).__name__
    if node.is_Add or node.is_Mul or node.is_Pow or name in _RELATIONS or \
            name in ("And", "Or", "Not"):
        return ("Add" if node.is_Add else "Mul" if node.is_Mul else "Pow" if node.is_Pow
                else name, None)
    for key in (name, getattr(node.func, "__name__", "")):
        if key in S.NUMERIC:
            return ("function", key)
    raise TooLarge(f"no numeric form for {name}")


def _step(kind: str, detail) -> tuple:
    """What a described node computes: ("value", its value), ("input", name, the value of a
    constant where the inputs have none, else None), or ("apply", a function of its
    arguments' values)."""
    if kind == "symbol":
        name, fallback = detail if isinstance(detail, (list, tuple)) else (None, None)
        if not isinstance(name, str):
            raise TypeError(f"a symbol named {name!r}")
        return ("input", name, None if fallback is None else np.float64(fallback))
    if kind in ("number", "bool"):
        return ("value", np.float64(detail) if kind == "number" else bool(detail))
    if kind == "piecewise":
        return ("apply", _select)
    return ("apply", _OPERATIONS[kind] if kind != "function" else S.NUMERIC[detail])


def _select(*args):
    """A piecewise's value: (value, condition) pairs, the first that holds."""
    return np.select([np.asarray(c, bool) for c in args[1::2]], args[0::2], default=np.nan)[()]


def _folded(ufunc):
    """ufunc over any number of arguments, left to right; two (the usual) at once."""
    def apply(*args):
        return ufunc(*args) if len(args) == 2 else functools.reduce(ufunc, args)
    return apply


_RELATIONS = {"StrictGreaterThan": np.greater, "StrictLessThan": np.less,
              "GreaterThan": np.greater_equal, "LessThan": np.less_equal,
              "Equality": np.equal, "Unequality": np.not_equal}
# What each operation node computes from its arguments' values, by sympy's name
_OPERATIONS = {
    "Add": _folded(np.add),
    "Mul": _folded(np.multiply),
    "Pow": lambda base, exponent: _power(base, exponent),
    "And": _folded(np.logical_and),
    "Or": _folded(np.logical_or),
    "Not": np.logical_not,
    **_RELATIONS,
}


def _power(base, exponent):
    """base ** exponent; a square as x * x, which pow rounds the same (correctly) at twice
    the speed (tanh's 1 - tanh**2 on every element of a layer, every step)."""
    if np.ndim(exponent) == 0 and exponent == 2 and np.asarray(base).dtype.kind == "f":
        return np.square(base)
    return np.power(base, exponent)


def _piecewise(node, env, cache):
    """The first branch whose condition holds, element by element."""
    values = [numeric_value(value, env, cache) for value, _ in node.args]
    conditions = [np.True_ if cond == sp().true else numeric_value(cond, env, cache)
                  for _, cond in node.args]
    return np.select(conditions, values, default=np.nan)[()]


def _apply(node, args: list, env: dict):
    if node.is_Symbol:
        return env[node] if node in env else np.float64(S.CONSTANTS[node.name])
    if node.is_Number or node in (sp().true, sp().false):
        return np.float64(complex(node).real) if node.is_Number else bool(node)
    _, compute = _step(*_described(node))
    return compute(*args)
