"""Compile a validated script's expressions, once, into closures `run(frame) -> value`.

A frame is None at the top level (names live in the interpreter's `env`), or `(vars, parent)`
inside a lambda or a list comprehension, whose names Python resolves statically: so does this.
"""
from __future__ import annotations

import ast
import inspect
import operator
import types
from collections.abc import Callable
from itertools import islice
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox import displays
from gradcli.sandbox.forecast import watched
from gradcli.sandbox.guards import (
    COUNTED,
    LAZY,
    RISKY,
    UNARY,
    active_limits,
    check_item_store,
    check_nested,
    count_sequence,
    iteration_length,
    lazy_length,
    make_call_check,
    make_comparisons,
    make_operators,
    too_big,
)
from gradcli.sandbox.objects import BoundMethod, ScriptFunction, ScriptInstance
from gradcli.sandbox.parse import reported_line
from gradcli.sandbox.script_errors import ScriptError
from gradcli.sandbox.type_objects import READABLE_DUNDERS, dunder_attribute

Frame = Any  # None, or (dict of names, parent frame)
Closure = Callable[[Frame], Any]
# The operators whose guards (guards.make_operators) watch only int and sequence operands:
# with a float on the right, the plain operator does what the guarded one would.
UNGUARDED_BY_FLOAT = {ast.Add: operator.add, ast.Mult: operator.mul}
Store = Callable[[Frame, Any], None]
MISSING = object()
CONVERSIONS = {-1: None, ord("s"): str, ord("r"): repr, ord("a"): ascii}


class Scope:
    """The names one lambda or comprehension binds, inside its enclosing scope; a function's
    `global` names are the script's, in it and in the functions it holds."""

    __slots__ = ("names", "parent", "globals")

    def __init__(self, names: set[str], parent: Scope | None,
                 globals_: frozenset[str] = frozenset()):
        self.names, self.parent, self.globals = names, parent, globals_

    def hops(self, name: str) -> int | None:
        """How many frames up `name` lives; None means the script's global names."""
        scope, n = self, 0
        while scope is not None:
            if name in scope.globals:
                return None
            if name in scope.names:
                return n
            scope, n = scope.parent, n + 1
        return None


BINDER_GLOBALS = {"locals": locals}
BINDER_TEMPLATE = (lambda: locals()).__code__


def binder_code(name: str, a: ast.arguments) -> types.CodeType:
    """The code of a function with these parameters that returns them bound, as a dict.

    It is CPython's own argument binding (a template's code object with the parameter names
    swapped in; no source is compiled), so its TypeErrors are Python's, word for word.
    """
    positional = [p.arg for p in a.args]
    keyword_only = [p.arg for p in a.kwonlyargs]
    names = (*positional, *keyword_only, *[p.arg for p in (a.vararg, a.kwarg) if p])
    flags = (BINDER_TEMPLATE.co_flags | (inspect.CO_VARARGS if a.vararg else 0)
             | (inspect.CO_VARKEYWORDS if a.kwarg else 0))
    return BINDER_TEMPLATE.replace(
        co_argcount=len(positional), co_kwonlyargcount=len(keyword_only), co_varnames=names,
        co_nlocals=len(names), co_flags=flags, co_name=name, co_qualname=name)


def argument_binder(code: types.CodeType, defaults: tuple) -> Callable[..., dict]:
    """bind(*args, **kwargs): the parameters' values, as a dict; wrong arguments raise
    Python's TypeError, which the caller turns into the script's by `binding_error` (one
    frame fewer per call than a wrapper). Keyword-only defaults are the caller's to merge
    into kwargs: bind.__kwdefaults__ is not set, as setting it is audited."""
    return types.FunctionType(code, BINDER_GLOBALS, code.co_name, defaults)


def binding_error(bind: Callable, args: tuple, kwargs: dict, error: TypeError) -> ScriptError:
    """The script's TypeError for a wrong call, unlocated (Python reports it at the caller)."""
    return ScriptError("TypeError", _binding_message(bind, args, kwargs, error))


def _binding_message(bind: Callable, args: tuple, kwargs: dict, error: TypeError) -> str:
    """Python's message for a wrong call: the defaults given as keywords must not count as
    given (CPython checks everything before missing keyword-only arguments)."""
    try:
        bind(*args, **kwargs)
    except TypeError as e:
        if "required keyword-only" not in str(e):
            return str(e)
    return str(error)


def unpack(value: Any, n: int) -> list:
    """Python's `a, b = value`, with its messages."""
    try:
        items = list(islice(iter(value), n + 1))
    except TypeError as e:
        if type(e) is TypeError and "not iterable" in str(e):
            raise TypeError(f"cannot unpack non-iterable {type(value).__name__} object") from None
        raise
    if len(items) < n:
        raise ValueError(f"not enough values to unpack (expected {n}, got {len(items)})")
    if len(items) > n:
        raise ValueError(f"too many values to unpack (expected {n})")
    return items


def unpack_starred(value: Any, before: int, after: int, limits) -> list:
    """Python's `a, *rest, z = value`: the items before and after, and a list of the rest."""
    if type(value) in LAZY:  # `a, *b = range(10**12)` would list it all in C
        n = lazy_length(value)
        if n is not None and n > limits.max_sequence:
            raise too_big(limits, "max_sequence", f"by unpacking {n:,} items")
    try:
        items = list(value)
    except TypeError as e:
        if type(e) is TypeError and "not iterable" in str(e):
            raise TypeError(f"cannot unpack non-iterable {type(value).__name__} object") from None
        raise
    if len(items) < before + after:
        raise ValueError(f"not enough values to unpack (expected at least {before + after}, "
                         f"got {len(items)})")
    end = len(items) - after
    return [*items[:before], items[before:end], *items[end:]]


def exception_attribute(e: ScriptError, name: str) -> Any:
    if name == "args":
        return e.args
    if name in READABLE_DUNDERS:  # e.__class__.__name__
        return dunder_attribute(e, name)
    raise TorchError("AttributeError", f"'{e.type_name}' object has no attribute '{name}'")


def unpacked_arguments(starred: list[bool], args: list, keywords: list, fail, node) -> Callable:
    """f(a, *b, k=c, **d)'s arguments, as Python unpacks them: `*` takes any iterable (measured
    first: a range of 10**12 is refused, not listed), `**` a mapping of str keys, and a name
    given twice is Python's TypeError."""
    def gather(f, fn) -> tuple[list, dict]:
        positional: list = []
        for is_star, arg in zip(starred, args, strict=True):
            value = arg(f)
            if not is_star:
                positional.append(value)
                continue
            if iteration_length(value) > active_limits().max_sequence:
                raise too_big(active_limits(), "max_sequence", "by `*` unpacking")
            try:
                positional.extend(value)
            except TypeError:
                raise fail(TypeError(f"{callable_name(fn)} argument after * must be an "
                                     f"iterable, not {type_name(value)}"), node) from None
        named: dict = {}
        for name, value in keywords:
            items = [(name, value(f))] if name is not None else _mapping_items(value(f), fn,
                                                                                fail, node)
            for key, item in items:
                if key in named:
                    raise fail(TypeError(f"{callable_name(fn)} got multiple values for keyword "
                                         f"argument '{key}'"), node)
                named[key] = item
        return positional, named
    return gather


def callable_name(fn) -> str:
    """What Python's messages about a call name the function by: `__main__.f()` for the
    script's own functions and methods (as Python 3.11 does), `print()` for a builtin."""
    function = fn.function if isinstance(fn, BoundMethod) else fn
    if isinstance(function, ScriptFunction):
        return f"__main__.{function.name}()"
    name = getattr(fn, "name", None) if isinstance(getattr(fn, "name", None), str) else None
    name = name or getattr(fn, "__name__", None) or type_name(fn)
    return f"Tensor.{name}()" if isinstance(getattr(fn, "__self__", None), Tensor) else f"{name}()"


def _mapping_items(mapping, fn, fail, node) -> list:
    if not isinstance(mapping, dict):
        raise fail(TypeError(f"{callable_name(fn)} argument after ** must be a mapping, not "
                             f"{type_name(mapping)}"), node)
    if not all(isinstance(k, str) for k in mapping):
        raise fail(TypeError("keywords must be strings"), node)
    return list(mapping.items())


class ExpressionCompiler:
    """One closure per node, chosen by node type; `rt` is the interpreter (state and errors)."""

    def __init__(self, rt):
        self.rt = rt
        self.binary, self.inplace = make_operators(rt.limits)
        self.comparisons = make_comparisons(rt.limits)
        self.check_call = make_call_check(rt.limits, rt.base)
        self.table: dict[type, Callable[[Any, Scope | None], Closure]] = {
            ast.Constant: self.constant, ast.Name: self.name, ast.Attribute: self.attribute,
            ast.Subscript: self.subscript, ast.Slice: self.slice, ast.Call: self.call,
            ast.BinOp: self.binop, ast.UnaryOp: self.unaryop, ast.BoolOp: self.boolop,
            ast.Compare: self.compare, ast.IfExp: self.ifexp, ast.List: self.sequence,
            ast.Tuple: self.sequence, ast.Set: self.set_display, ast.Dict: self.dict_display,
            ast.ListComp: self.comprehension, ast.SetComp: self.comprehension,
            ast.DictComp: self.comprehension, ast.GeneratorExp: self.comprehension,
            ast.Lambda: self.lambda_,
            ast.JoinedStr: self.joinedstr, ast.FormattedValue: self.formatted,
        }

    def compile(self, node: ast.expr, scope: Scope | None, line: int) -> Closure:
        """The closure for `node`; `line` is the line the enclosing code reports as current."""
        run = self.table[type(node)](node, scope)
        own = reported_line(node)
        if own != line:  # a multi-line expression: warnings and prints use its own line
            run = self.at_line(run, own, line)
        return run

    def sub(self, child: ast.expr, scope: Scope | None, parent: ast.AST) -> Closure:
        return self.compile(child, scope, reported_line(parent))

    def at_line(self, run: Closure, line: int, outer: int) -> Closure:
        rt = self.rt

        def located(f):
            rt.current_line = line
            value = run(f)
            rt.current_line = outer
            return value
        return located

    # -- leaves ----------------------------------------------------------------------------
    def constant(self, node: ast.Constant, scope) -> Closure:
        value = node.value
        return lambda f: value

    def name(self, node: ast.Name, scope) -> Closure:
        name, rt = node.id, self.rt
        hops = scope.hops(name) if scope else None
        if hops is not None:
            def unbound() -> ScriptError:
                return rt.error("UnboundLocalError", f"cannot access local variable '{name}' "
                                "where it is not associated with a value", node)

            def load_local(f):  # (the function's own names: most reads, no walk up)
                try:
                    return f[0][name]
                except KeyError:
                    raise unbound() from None

            def load_outer(f):  # (a closure's read of its maker's name)
                for _ in range(hops):
                    f = f[1]
                try:
                    return f[0][name]
                except KeyError:
                    raise unbound() from None
            return load_outer if hops else load_local
        if name not in rt.program.assigned:  # only ever the API's: look it up once
            value = rt.base[name]
            return lambda f: value
        env, base = rt.env, rt.base

        def load_global(f):
            value = env.get(name, MISSING)
            if value is MISSING:
                value = base.get(name, MISSING)
                if value is MISSING:
                    raise rt.error("NameError", f"name '{name}' is not defined", node)
            return value
        return load_global

    # -- access ----------------------------------------------------------------------------
    def attribute(self, node: ast.Attribute, scope) -> Closure:
        value, name = self.sub(node.value, scope, node), node.attr
        get, fail = self.rt.api.get_attribute, self.rt.fail
        public = not name.startswith("_")  # (a private name has the API table's checks)

        def load(f):
            obj = value(f)
            if public and type(obj) is ScriptInstance:  # `self.a`, `s.step`: what
                attributes = obj.attributes  # ScriptInstance.attribute gives, without its calls
                if name in attributes:
                    return attributes[name]
                found = obj.cls.lookup(name)
                if type(found) is ScriptFunction:
                    return BoundMethod(found, obj)
            try:
                if type(obj) is ScriptError:
                    return exception_attribute(obj, name)
                return get(obj, name)
            except Exception as e:
                raise fail(e, node) from None
        return load

    def subscript(self, node: ast.Subscript, scope) -> Closure:
        value, index = self.sub(node.value, scope, node), self.sub(node.slice, scope, node)
        fail = self.rt.fail

        def load(f):
            obj, key = value(f), index(f)
            try:
                result = obj[key]
            except Exception as e:
                raise fail(e, node) from None
            if type(key) is slice and type(result) in COUNTED:  # a slice is a copy
                count_sequence(result)
            return result
        return load

    def slice(self, node: ast.Slice, scope) -> Closure:
        def none(f):
            return None
        lo, hi, step = (self.sub(p, scope, node) if p else none
                        for p in (node.lower, node.upper, node.step))
        return lambda f: slice(lo(f), hi(f), step(f))

    def call(self, node: ast.Call, scope) -> Closure:
        func = self.sub(node.func, scope, node)
        starred = [isinstance(a, ast.Starred) for a in node.args]
        args = [self.sub(a.value if star else a, scope, node)
                for a, star in zip(node.args, starred, strict=True)]
        keywords = [(k.arg, self.sub(k.value, scope, node)) for k in node.keywords]
        rt, fail, check = self.rt, self.rt.fail, self.check_call
        unpacks = any(starred) or any(k.arg is None for k in node.keywords)
        if unpacks:
            gather = unpacked_arguments(starred, args, keywords, fail, node)

        def call(f):
            fn = func(f)
            if unpacks:
                positional, named = gather(f, fn)
            else:
                positional = [a(f) for a in args]
                named = {k: v(f) for k, v in keywords}
            if not (RISKY.isdisjoint(map(type, positional))
                    and RISKY.isdisjoint(map(type, named.values()))):
                check(fn, positional, named)
            try:
                result = fn(*positional, **named)
            except ScriptError as e:  # from a lambda: keep its place, or take this call's
                raise e.locate(*rt.span(node))
            except Exception as e:
                raise fail(e, node) from None
            if type(result) in COUNTED:  # list(), tolist(), split(): new memory
                count_sequence(result)
            return result

        def call0(f):  # x.method() and f(x) are most calls: no argument lists to build
            fn = func(f)
            try:
                result = fn()
            except ScriptError as e:
                raise e.locate(*rt.span(node))
            except Exception as e:
                raise fail(e, node) from None
            if type(result) in COUNTED:
                count_sequence(result)
            return result

        def call1(f):
            fn, arg = func(f), args[0](f)
            if type(arg) in RISKY:
                check(fn, (arg,), None)
            try:  # (a script's def or method called without the wrappers' frames)
                if type(fn) is ScriptFunction:
                    result = fn.call(arg)
                elif type(fn) is BoundMethod and type(fn.function) is ScriptFunction:
                    result = fn.function.call(fn.obj, arg)
                else:
                    result = fn(arg)
            except ScriptError as e:
                raise e.locate(*rt.span(node))
            except Exception as e:
                raise fail(e, node) from None
            if type(result) in COUNTED:
                count_sequence(result)
            return result
        if keywords or len(args) > 1 or unpacks:
            return call
        return call1 if args else call0

    # -- operators -------------------------------------------------------------------------
    def binop(self, node: ast.BinOp, scope) -> Closure:
        op, fail = self.binary[type(node.op)], self.rt.fail
        left = self.sub(node.left, scope, node)
        if isinstance(node.right, ast.Constant):  # `y * 1.0001`: one closure call fewer
            constant = node.right.value
            if type(constant) is float and type(node.op) in UNGUARDED_BY_FLOAT:
                op = UNGUARDED_BY_FLOAT[type(node.op)]  # (the guard would only pass it on)

            def binop_constant(f):
                a = left(f)
                try:
                    return op(a, constant)
                except Exception as e:
                    raise fail(e, node) from None
            return binop_constant
        right = self.sub(node.right, scope, node)

        def binop(f):
            a, b = left(f), right(f)
            try:
                return op(a, b)
            except Exception as e:
                raise fail(e, node) from None
        return binop

    def unaryop(self, node: ast.UnaryOp, scope) -> Closure:
        op, operand, fail = UNARY[type(node.op)], self.sub(node.operand, scope, node), self.rt.fail

        def unary(f):
            v = operand(f)
            try:
                return op(v)
            except Exception as e:
                raise fail(e, node) from None
        return unary

    def boolop(self, node: ast.BoolOp, scope) -> Closure:
        first, *rest = [self.sub(v, scope, node) for v in node.values]
        stop_when = isinstance(node.op, ast.Or)  # `or` stops at a true value, `and` at a false
        fail = self.rt.fail

        def boolop(f):
            value = first(f)
            for nxt in rest:
                try:
                    if bool(value) is stop_when:
                        return value
                except Exception as e:
                    raise fail(e, node) from None
                value = nxt(f)
            return value
        return boolop

    def compare(self, node: ast.Compare, scope) -> Closure:
        left = self.sub(node.left, scope, node)
        pairs = [(self.comparisons[type(op)], self.sub(c, scope, node))
                 for op, c in zip(node.ops, node.comparators)]
        fail = self.rt.fail
        if len(pairs) == 1:
            (op, right), = pairs

            def compare_once(f):
                a, b = left(f), right(f)
                try:
                    return op(a, b)
                except Exception as e:
                    raise fail(e, node) from None
            return compare_once

        def compare(f):
            a = left(f)
            try:
                for i, (op, right) in enumerate(pairs):
                    b = right(f)
                    result = op(a, b)
                    # a < b < c is (a < b) and (b < c): the first false result is the value
                    if i + 1 < len(pairs) and not result:
                        return result
                    a = b
            except Exception as e:
                raise fail(e, node) from None
            return result
        return compare

    def ifexp(self, node: ast.IfExp, scope) -> Closure:
        test, body, orelse = (self.sub(n, scope, node) for n in (node.test, node.body, node.orelse))
        fail = self.rt.fail

        def ifexp(f):
            try:
                chosen = body if test(f) else orelse
            except Exception as e:
                raise fail(e, node.test) from None
            return chosen(f)
        return ifexp

    # -- displays --------------------------------------------------------------------------
    def sequence(self, node: ast.List | ast.Tuple, scope) -> Closure:
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return displays.unpacking_sequence(self, node, scope)
        items = [self.sub(e, scope, node) for e in node.elts]
        if isinstance(node, ast.Tuple):
            return lambda f: tuple([item(f) for item in items])
        return lambda f: [item(f) for item in items]

    def set_display(self, node: ast.Set, scope) -> Closure:
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return displays.unpacking_set(self, node, scope)
        items, fail = [self.sub(e, scope, node) for e in node.elts], self.rt.fail

        def set_display(f):
            values = [item(f) for item in items]
            try:
                return set(values)
            except Exception as e:  # an unhashable item
                raise fail(e, node) from None
        return set_display

    def dict_display(self, node: ast.Dict, scope) -> Closure:
        if None in node.keys:
            return displays.unpacking_dict(self, node, scope)
        pairs = [(self.sub(k, scope, node), self.sub(v, scope, node))
                 for k, v in zip(node.keys, node.values)]
        fail = self.rt.fail

        def dict_display(f):
            out = {}
            for key, value in pairs:  # Python's order: each key, then its value
                k = key(f)
                v = value(f)
                try:
                    out[k] = v
                except Exception as e:  # an unhashable key
                    raise fail(e, node) from None
            count_sequence(out)
            return out
        return dict_display

    def joinedstr(self, node: ast.JoinedStr, scope) -> Closure:
        parts = [self.sub(v, scope, node) for v in node.values]

        def joined(f):
            text = "".join([part(f) for part in parts])
            count_sequence(text)
            return text
        return joined

    def formatted(self, node: ast.FormattedValue, scope) -> Closure:
        value, convert = self.sub(node.value, scope, node), CONVERSIONS[node.conversion]
        spec = "".join(v.value for v in node.format_spec.values) if node.format_spec else ""
        fail, limits = self.rt.fail, self.rt.limits

        def formatted(f):
            v = value(f)
            check_nested(limits, v, "an f-string")
            try:
                return format(convert(v) if convert else v, spec)
            except Exception as e:
                raise fail(e, node) from None
        return formatted

    # -- scopes ----------------------------------------------------------------------------
    def comprehension(self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
                      scope) -> Closure:
        gens = node.generators
        inner = Scope({n.id for g in gens for n in ast.walk(g.target) if isinstance(n, ast.Name)},
                      scope)
        loops = [(self.sub(g.iter, scope if i == 0 else inner, node),  # Python: first outside
                  self.store(g.target, inner), [self.sub(c, inner, node) for c in g.ifs], g.iter)
                 for i, g in enumerate(gens)]
        rt, fail = self.rt, self.rt.fail

        def source(level: int, frame):
            iterable, where = loops[level][0], loops[level][3]
            try:
                return iter(iterable(frame[1] if level == 0 else frame))
            except Exception as e:
                raise fail(e, where) from None

        def matches(level: int, frame, items):
            """Each time the names in `frame` are a combination the loops and ifs let by."""
            store, conditions = loops[level][1], loops[level][2]
            for item in items:
                rt.count_step()
                store(frame, item)
                if all(c(frame) for c in conditions):
                    if level + 1 == len(loops):
                        yield
                    else:
                        yield from matches(level + 1, frame, source(level + 1, frame))

        if isinstance(node, ast.GeneratorExp):
            return self.generator(node, inner, source, matches)
        if isinstance(node, ast.DictComp):
            key, value = self.sub(node.key, inner, node), self.sub(node.value, inner, node)

            def put(frame, out: dict) -> None:
                k = key(frame)
                out[k] = value(frame)
            kind = dict
        else:
            element = self.sub(node.elt, inner, node)
            kind = list if isinstance(node, ast.ListComp) else set
            add = list.append if kind is list else set.add

            def put(frame, out) -> None:
                add(out, element(frame))

        def comprehension(f):
            out, frame = kind(), ({}, f)
            outer = foreseen(frame)
            try:
                for _ in matches(0, frame, outer):
                    put(frame, out)
            except Exception as e:
                raise fail(e, node) from None
            count_sequence(out)
            return out

        def foreseen(frame) -> Any:
            """The outer items, watched by a forecast when their number is known: the step
            budget refuses too many at once, and their time foretells the rest's."""
            try:
                items = loops[0][0](frame[1])
            except Exception as e:
                raise fail(e, loops[0][3]) from None
            forecast = rt.forecast_loop(items, 1, "a comprehension")
            return iter(items) if forecast is None else watched(iter(items), forecast)
        return comprehension

    def generator(self, node: ast.GeneratorExp, inner: Scope, source: Callable,
                  matches: Callable) -> Closure:
        """`(x * x for x in xs)`: Python's lazy generator; its first iterable is evaluated
        when it is made, the rest as it is consumed, each item a step of the budget."""
        element, fail = self.sub(node.elt, inner, node), self.rt.fail

        def make(f):
            frame = ({}, f)
            items = source(0, frame)

            def genexpr():
                try:
                    for _ in matches(0, frame, items):
                        yield element(frame)
                except Exception as e:
                    raise fail(e, node) from None
            genexpr.__name__ = genexpr.__qualname__ = "<genexpr>"
            return genexpr()
        return make

    def lambda_(self, node: ast.Lambda, scope) -> Closure:
        params = [a.arg for a in node.args.args]
        defaults = [self.sub(d, scope, node) for d in node.args.defaults]
        inner = Scope(set(params), scope)
        line = reported_line(node.body)
        body = self.compile(node.body, inner, line)
        rt, fail, code = self.rt, self.rt.fail, binder_code("<lambda>", node.args)

        def make(f):
            bind = argument_binder(code, tuple(d(f) for d in defaults))

            def lambda_(*args, **kwargs):
                try:
                    frame = (bind(*args, **kwargs), f)
                except TypeError as e:
                    raise binding_error(bind, args, kwargs, e) from None
                rt.enter_call()
                outer, rt.current_line = rt.current_line, line
                try:
                    return body(frame)
                except Exception as e:
                    raise fail(e, node.body) from None
                finally:
                    rt.call_depth -= 1
                    rt.current_line = outer
            lambda_.__name__ = lambda_.__qualname__ = "<lambda>"
            lambda_.script_lambda = True
            return lambda_
        return make

    # -- assignment targets ----------------------------------------------------------------
    def bind(self, name: str, scope: Scope | None) -> Store:
        """The function binding `name` where Python would: a local, an enclosing function's
        (`nonlocal`), or the script's global variables."""
        hops = scope.hops(name) if scope else None
        if hops == 0:
            return lambda f, v: f[0].__setitem__(name, v)
        if hops is None:
            env = self.rt.env
            return lambda f, v: env.__setitem__(name, v)

        def bind_outer(f, v):
            for _ in range(hops):
                f = f[1]
            f[0][name] = v
        return bind_outer

    def assign(self, name: str, scope: Scope | None, value: Closure) -> Callable[[Frame], None]:
        """`name = value`, as one closure (the usual assignment: no call of a store)."""
        hops = scope.hops(name) if scope else None
        if hops == 0:
            def assign_local(f):
                f[0][name] = value(f)
            return assign_local
        if hops is None:
            env = self.rt.env

            def assign_global(f):
                env[name] = value(f)
            return assign_global
        store = self.bind(name, scope)
        return lambda f: store(f, value(f))

    def unbind(self, name: str, scope: Scope | None, node: ast.AST | None = None
               ) -> Callable[[Frame], None]:
        """`del name`: a NameError at `node` when unbound; quiet without a node (Python's end
        of an `except ... as name` handler)."""
        hops, env, rt = (scope.hops(name) if scope else None), self.rt.env, self.rt

        def unbind(f):
            names = env
            if hops is not None:
                for _ in range(hops):
                    f = f[1]
                names = f[0]
            if names.pop(name, MISSING) is MISSING and node is not None:
                raise rt.error("NameError", f"name '{name}' is not defined", node)
        return unbind

    def store(self, target: ast.expr, scope: Scope | None) -> Store:
        """The function binding `target` (a name, a tuple of targets, t[i], t.attr) to a value."""
        rt, fail = self.rt, self.rt.fail
        if isinstance(target, ast.Name):
            return self.bind(target.id, scope)
        if isinstance(target, (ast.Tuple, ast.List)):
            stores = [self.store(e.value if isinstance(e, ast.Starred) else e, scope)
                      for e in target.elts]
            star = next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)),
                        None)
            limits = rt.limits

            def store_each(f, v):
                try:
                    items = unpack(v, len(stores)) if star is None else \
                        unpack_starred(v, star, len(stores) - star - 1, limits)
                except Exception as e:
                    raise fail(e, target) from None
                for store, item in zip(stores, items):
                    store(f, item)
            return store_each
        obj = self.sub(target.value, scope, target)
        limits = rt.limits
        if isinstance(target, ast.Subscript):
            index = self.sub(target.slice, scope, target)

            def store_item(f, v):
                o, key = obj(f), index(f)
                if type(key) is slice or type(v) in LAZY:  # x[0:0] = x doubles x
                    check_item_store(limits, o, key, v)
                try:
                    operator.setitem(o, key, v)
                except Exception as e:
                    raise fail(e, target) from None
            return store_item
        set_attribute, name = rt.api.set_attribute, target.attr

        def store_attribute(f, v):
            o = obj(f)
            try:
                set_attribute(o, name, v)
            except Exception as e:
                raise fail(e, target) from None
        return store_attribute
