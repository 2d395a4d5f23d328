"""`del obj.name` and `del obj[key]`, the statement's targets beyond plain names (which the
expression compiler unbinds)."""
from __future__ import annotations

import ast
from collections import deque
from collections.abc import Callable

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.expressions import ExpressionCompiler, Frame, Scope

# the containers whose items a script deletes (REINFORCE's `del policy.rewards[:]`)
DELETABLE = (list, dict, deque)


def unset(expressions: ExpressionCompiler, target: ast.Attribute | ast.Subscript,
          scope: Scope | None) -> Callable[[Frame], None]:
    if isinstance(target, ast.Subscript):
        return _delete_item(expressions, target, scope)
    return _unset_attribute(expressions, target, scope)


def _unset_attribute(expressions: ExpressionCompiler, target: ast.Attribute,
                     scope: Scope | None) -> Callable[[Frame], None]:
    """`del obj.name`: on the script's own objects (torch's forward-AD tutorial frees
    ctx.result in its jvp so)."""
    obj, name = expressions.sub(target.value, scope, target), target.attr
    fail = expressions.rt.fail

    def unset_attribute(f):
        o = obj(f)
        try:
            if not hasattr(o, "delete_attribute"):
                raise TorchError("RuntimeError", "`del` of an attribute is supported by "
                                 "gradcli only on the script's own objects (a custom "
                                 "Function's ctx, an instance of a plain class)")
            o.delete_attribute(name)
        except Exception as e:
            raise fail(e, target) from None
    return unset_attribute


def _delete_item(expressions: ExpressionCompiler, target: ast.Subscript,
                 scope: Scope | None) -> Callable[[Frame], None]:
    """`del obj[key]` on a list, dict or deque, as Python's; anything else is Python's
    TypeError (a tensor's, torch's own words)."""
    obj = expressions.sub(target.value, scope, target)
    index = expressions.sub(target.slice, scope, target)
    fail = expressions.rt.fail

    def delete_item(f):
        o, key = obj(f), index(f)
        try:
            if isinstance(o, Tensor):
                raise TorchError("TypeError", "Tensor does not support deleting items")
            if not isinstance(o, DELETABLE):
                raise TorchError("TypeError",
                                 f"'{type_name(o)}' object doesn't support item deletion")
            del o[key]
        except Exception as e:
            raise fail(e, target) from None
    return delete_item
