"""A script's `class`, compiled once: running the statement runs the body's methods and
assignments into a new ScriptClass's table (gradcli's object model, sandbox/objects.py).
"""
from __future__ import annotations

import ast
import copy
from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.type_names import type_name
from gradcli.sandbox.expressions import Frame, Scope
from gradcli.sandbox.functions import compile_function
from gradcli.sandbox.objects import MISSING, ClassMethod, Property, ScriptClass, StaticMethod, Super
from gradcli.sandbox.parse import class_bases, class_targets
from gradcli.sandbox.py_dataclasses import FIELDS

SUPER = "super"  # the name `super()` calls resolve to, in the methods' enclosing scope


def make_super(cls_cell: list) -> Callable:
    """The `super` a class's methods see. The compiler rewrites `super()` as
    `super(first_argument)` (CPython reads the method's first argument the same way);
    `super(Cls, obj)` is the explicit form."""
    def super_(*args):
        if not args:
            raise TorchError("RuntimeError", "super(): no arguments")
        cls, obj = (cls_cell[0], args[0]) if len(args) == 1 else args
        if not isinstance(cls, ScriptClass):
            raise TypeError(f"super() argument 1 must be a type, not {type_name(cls)}")
        if not (cls.is_instance(obj) or isinstance(obj, ScriptClass) and cls in obj.mro):
            raise TypeError("super(type, obj): obj must be an instance or subtype of type")
        return Super(cls, obj)
    return super_


def compile_class(rt, node: ast.ClassDef, scope: Scope | None, block: Callable,
                  decorate: Callable) -> Callable[[Frame], None]:
    """The statement `class Name(Base): ...`: runs the body's methods and assignments into
    the class's table, then binds the name. The methods see the enclosing scope (not the
    class body's names, as in Python) and a `super` of their own."""
    expressions = rt.expressions
    bases = class_bases(node)
    base = expressions.compile(bases[0], scope, node.lineno) if bases else None
    body_scope = Scope({n.id for s in node.body if isinstance(s, (ast.Assign, ast.AnnAssign))
                        for t in class_targets(s) for n in ast.walk(t) if isinstance(n, ast.Name)},
                       scope)
    decorate_class = decorate(node.decorator_list, scope)  # @dataclass
    fields = tuple(s.target.id for s in node.body if isinstance(s, ast.AnnAssign))
    methods_scope = Scope({SUPER}, scope)  # the same frame level as the body's
    parts = [_class_statement(rt, s, node.name, body_scope, methods_scope, block, decorate)
             for s in node.body]
    store, name, error = expressions.bind(node.name, scope), node.name, rt.error

    def define(f: Frame) -> None:
        parent = base(f) if base else None
        if parent is not None and not isinstance(parent, ScriptClass):
            raise error("TypeError", "a class's base in a gradcli session is another class "
                        f"of the script or of torch's (nn.Module, utils.data.Dataset...), not "
                        f"'{type_name(parent)}'", node.bases[0])
        namespace: dict[str, Any] = {FIELDS: fields} if fields else {}
        cell: list = []
        class_frame, methods_frame = (namespace, f), ({SUPER: make_super(cell)}, f)
        for part in parts:
            part(class_frame, methods_frame)
        cls = ScriptClass(name, parent, namespace)
        cell.append(cls)
        store(f, decorate_class(cls, f))
    return define


def _class_statement(rt, node: ast.stmt, class_name: str, body_scope: Scope,
                     methods_scope: Scope, block: Callable, decorate: Callable) -> Callable:
    """One statement of a class body: part(class_frame, methods_frame); the class frame's
    names are the class's table."""
    if isinstance(node, ast.FunctionDef):
        method = _with_super_argument(node)
        plain = [d for d in node.decorator_list
                 if _decorator_name(d) not in WRAPPERS and not _property_part(d)]
        wrappers = [WRAPPERS[_decorator_name(d)] if _decorator_name(d) in WRAPPERS
                    else _accessor(rt, d) for d in node.decorator_list
                    if _decorator_name(d) in WRAPPERS or _property_part(d)]
        make = compile_function(rt, method, methods_scope, block, f"{class_name}.{node.name}")
        grad_modes = decorate(plain, methods_scope)

        def define_method(class_frame, methods_frame):
            value = grad_modes(make(methods_frame), methods_frame)
            for wrap in reversed(wrappers):  # the innermost first, as Python applies them
                value = wrap(value, class_frame[0]) if _takes_namespace(wrap) else wrap(value)
            class_frame[0][node.name] = value
        return define_method
    if isinstance(node, ast.AnnAssign) and node.value is None:  # a field: in FIELDS only
        return lambda class_frame, methods_frame: None
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.Expr)):  # (a docstring: never echoed)
        run = block([node], body_scope)
        return lambda class_frame, methods_frame: run(class_frame)
    return lambda class_frame, methods_frame: None  # `pass`


WRAPPERS = {"staticmethod": StaticMethod, "classmethod": ClassMethod, "property": Property}


def _decorator_name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else None


def _property_part(node: ast.expr) -> bool:
    """`@name.setter` (or `.getter`): a further accessor of the class body's property."""
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.attr in ("setter", "getter"))


def _accessor(rt, node: ast.Attribute) -> Callable:
    """`@name.setter`: the property `name` the class body has defined so far, with `fn` as
    its setter (or getter); Python's NameError or AttributeError when there is none."""
    def accessor(fn: Any, namespace: dict) -> Property:
        current = namespace.get(node.value.id, MISSING)
        if current is MISSING:
            raise rt.error("NameError", f"name '{node.value.id}' is not defined", node.value)
        if type(current) is not Property:
            raise rt.error("AttributeError", f"'{type_name(current)}' object has no attribute "
                           f"'{node.attr}'", node)
        return current.with_setter(fn) if node.attr == "setter" else \
            Property(fn, current.setter)
    accessor.takes_namespace = True
    return accessor


def _takes_namespace(wrap: Callable) -> bool:
    return getattr(wrap, "takes_namespace", False)


def _with_super_argument(node: ast.FunctionDef) -> ast.FunctionDef:
    """A copy of the method in which `super()` is `super(first_argument)`."""
    first = node.args.args[0].arg if node.args.args else None
    method = copy.deepcopy(node)
    for n in ast.walk(method):
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == SUPER
                and not n.args and first is not None):
            n.args = [ast.Name(first, ast.Load(), lineno=n.lineno, col_offset=n.col_offset,
                               end_lineno=n.end_lineno, end_col_offset=n.end_col_offset)]
    return method
