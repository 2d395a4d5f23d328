"""Displays with unpacking: `[*a, *b]`, `(*xs, 1)`, `{*s, 0}`, `{**d, 'k': 1}`, compiled once
into closures as expressions.py compiles the plain ones. What `*` and `**` add is measured
before Python copies it in C: `[*range(10**12)]` is refused, not listed."""
from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from gradcli.engine.type_names import type_name
from gradcli.sandbox.guards import active_limits, count_sequence, iteration_length, too_big

Closure = Callable[[Any], Any]


def _items(compiler, node: ast.List | ast.Tuple | ast.Set, scope) -> list[tuple[bool, Closure]]:
    """(is starred, closure) for each element."""
    return [(isinstance(e, ast.Starred),
             compiler.sub(e.value if isinstance(e, ast.Starred) else e, scope, node))
            for e in node.elts]


def _spread(out: list, value: Any, not_iterable: str) -> None:
    """out.extend(value), measured first; Python's TypeError when value is not iterable."""
    limits = active_limits()
    if len(out) + iteration_length(value) > limits.max_sequence:
        raise too_big(limits, "max_sequence", "by `*` unpacking")
    try:
        out.extend(value)
    except TypeError as e:
        if str(e) == f"'{type_name(value)}' object is not iterable":
            raise TypeError(not_iterable.format(type_name(value))) from None
        raise


def unpacking_sequence(compiler, node: ast.List | ast.Tuple, scope) -> Closure:
    """`[*a, b]` or `(*a, b)`: Python's BUILD_LIST with LIST_EXTEND for each `*`."""
    items, fail = _items(compiler, node, scope), compiler.rt.fail
    make = tuple if isinstance(node, ast.Tuple) else list

    def display(f):
        out: list = []
        for starred, item in items:
            value = item(f)
            if not starred:
                out.append(value)
                continue
            try:
                _spread(out, value, "Value after * must be an iterable, not {}")
            except Exception as e:
                raise fail(e, node) from None
        count_sequence(out)
        return make(out)
    return display


def unpacking_set(compiler, node: ast.Set, scope) -> Closure:
    """`{*a, b}`: the items in order, then one set (an unhashable one is Python's TypeError)."""
    items, fail = _items(compiler, node, scope), compiler.rt.fail

    def display(f):
        out: list = []
        for starred, item in items:
            value = item(f)
            try:
                if starred:
                    _spread(out, value, "'{}' object is not iterable")
                else:
                    out.append(value)
            except Exception as e:
                raise fail(e, node) from None
        try:
            result = set(out)
        except Exception as e:
            raise fail(e, node) from None
        count_sequence(result)
        return result
    return display


def unpacking_dict(compiler, node: ast.Dict, scope) -> Closure:
    """`{**d, 'k': v}`: a `None` key in the tree is a `**` of a mapping (a dict: the only
    mappings a script holds), merged in order; later keys win, as in Python."""
    pairs = [(compiler.sub(k, scope, node) if k is not None else None,
              compiler.sub(v, scope, node)) for k, v in zip(node.keys, node.values)]
    fail = compiler.rt.fail

    def display(f):
        out: dict = {}
        for key, value in pairs:
            k = key(f) if key is not None else None
            v = value(f)
            try:
                if key is not None:
                    out[k] = v
                elif isinstance(v, dict):
                    _merge(out, v)
                else:
                    raise TypeError(f"'{type_name(v)}' object is not a mapping")
            except Exception as e:
                raise fail(e, node) from None
        count_sequence(out)
        return out
    return display


def _merge(out: dict, mapping: dict) -> None:
    limits = active_limits()
    if len(out) + len(mapping) > limits.max_sequence:
        raise too_big(limits, "max_sequence", "by `**` unpacking")
    out.update(mapping)
