"""A script's `def`, compiled once into closures: calling it binds the arguments with CPython's
own binder (so wrong calls raise Python's TypeErrors word for word) and runs the body's closures
in a fresh frame. Every call is a step of the budget and one level of the call-depth limit.
"""
from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from gradcli.sandbox.expressions import Frame, Scope, argument_binder, binder_code, binding_error
from gradcli.sandbox.objects import ScriptFunction


class Return(BaseException):
    """`return value`: unwinds the body's closures to the call."""

    def __init__(self, value: Any):
        self.value = value


def local_names(node: ast.FunctionDef) -> set[str]:
    """The names Python makes local to the function: its parameters and every name it binds,
    less those it declares `nonlocal` or `global`."""
    a = node.args
    names = {p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if p}
    declared: set[str] = set()
    pending: list[ast.AST] = list(node.body)
    while pending:
        n = pending.pop()
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, (ast.Nonlocal, ast.Global)):
            declared.update(n.names)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update((x.asname or x.name.split(".")[0]) for x in n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
        if isinstance(n, ast.FunctionDef):  # its name is ours; the rest is its own scope
            names.add(n.name)
            pending.extend([*n.decorator_list, *n.args.defaults,
                            *[d for d in n.args.kw_defaults if d]])
        elif isinstance(n, ast.ClassDef):  # so is a class's; its body is its own
            names.add(n.name)
            pending.extend(n.bases)
        elif isinstance(n, ast.Lambda):
            pending.extend([*n.args.defaults, *[d for d in n.args.kw_defaults if d]])
        elif isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            pending.append(n.generators[0].iter)  # Python evaluates it outside
        else:
            pending.extend(ast.iter_child_nodes(n))
    return names - declared


def global_names(node: ast.FunctionDef) -> frozenset[str]:
    """The names the function's own body declares `global` (not those of functions in it)."""
    names: set[str] = set()
    pending: list[ast.AST] = list(node.body)
    while pending:
        n = pending.pop()
        if isinstance(n, ast.Global):
            names.update(n.names)
        elif not isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(n))
    return frozenset(names)


def compile_def(rt, node: ast.FunctionDef, scope: Scope | None, block: Callable,
                decorate: Callable[[ScriptFunction, Frame], Any]) -> Callable[[Frame], None]:
    """The statement `def ...`: makes the function and binds its name. `block` compiles the
    body; `decorate` applies the decorators."""
    make, store = compile_function(rt, node, scope, block), rt.expressions.bind(node.name, scope)
    return lambda f: store(f, decorate(make(f), f))


def compile_function(rt, node: ast.FunctionDef, scope: Scope | None, block: Callable,
                     qualname: str = "") -> Callable[[Frame], ScriptFunction]:
    """make(frame): the function `def` makes in that frame (its defaults evaluated then, as
    Python). `qualname` names it in messages: `Net.forward` for a method."""
    a, expressions = node.args, rt.expressions
    inner = Scope(local_names(node), scope, global_names(node))
    *leading, last = node.body
    if isinstance(last, ast.Return):  # the usual end: its value returned, nothing raised
        body, result = block(leading, inner), rt.returning(last, inner)
    else:
        body, result = block(node.body, inner), None
    defaults = [expressions.compile(d, scope, node.lineno) for d in a.defaults]
    keyword_defaults = [(p.arg, expressions.compile(d, scope, node.lineno))
                        for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None]
    name = qualname or node.name
    code = binder_code(name, a)

    def make(f: Frame) -> ScriptFunction:
        bind = argument_binder(code, tuple(d(f) for d in defaults))
        given = {k: d(f) for k, d in keyword_defaults}  # (merged into each call's keywords)

        def call(*args, **kwargs):
            try:
                frame = (bind(*args, **{**given, **kwargs} if given else kwargs), f)
            except TypeError as e:
                raise binding_error(bind, args, kwargs, e) from None
            rt.enter_call()
            # (a backward event names the caller; what it builds after the call is its line's)
            outer, origin = (rt.current_line, rt.current_source), rt.provenance.current
            try:
                if body is not None:
                    body(frame)
                if result is not None:
                    return result(frame)
            except Return as r:
                return r.value
            finally:
                rt.call_depth -= 1
                rt.current_line, rt.current_source = outer
                if origin is not None:
                    rt.provenance.statement_started(origin)
            return None
        return ScriptFunction(name, call)
    return make


def compile_return(rt, node: ast.Return, scope: Scope | None) -> Callable[[Frame], None]:
    if node.value is None:
        def return_none(f):
            raise Return(None)
        return return_none
    value = rt.expressions.compile(node.value, scope, node.lineno)

    def return_(f):
        raise Return(value(f))
    return return_
