"""torch.func.functional_call: a module called with other tensors in place of its parameters.

The module's own attribute tables are swapped for the call and restored after it, even when
the call fails, so the module is unchanged once functional_call returns.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from gradcli.engine.errors import TorchError, runtime_error, type_error, value_error
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import MISSING, ScriptInstance
from gradcli.torch.nn.modules.module import is_module, named_modules, named_parameters


def functional_call(module: Any, parameter_and_buffer_dicts: Any, args: Any = None,
                    kwargs: dict | None = None, *, tie_weights: bool = True,
                    strict: bool = False) -> Any:
    """module(*args, **kwargs) with the tensors of the dict(s) as its parameters."""
    if not is_module(module):
        raise TorchError("AttributeError", f"'{type_name(module)}' object has no attribute "
                                           "'named_parameters'")
    replacements = _merged(parameter_and_buffer_dicts)
    for value in replacements.values():
        if not isinstance(value, Tensor):
            raise type_error(f"{value!r} is not an instance of torch.Tensor")
    if strict:
        _check_complete(module, replacements)
    if tie_weights:
        replacements = _with_tied_names(module, replacements)
    args = () if args is None else args if isinstance(args, tuple) else (args,)
    with _swapped(module, replacements):
        return module(*args, **(kwargs or {}))


def _merged(dicts: Any) -> dict:
    if isinstance(dicts, dict):
        return dicts
    if isinstance(dicts, (tuple, list)):
        if not all(isinstance(d, dict) for d in dicts):
            raise value_error("Expected all elements of parameter_and_buffer_dicts to be "
                              "dictionaries")
        merged: dict = {}
        for d in dicts:
            repeated = sorted(set(merged) & set(d))
            if repeated:
                raise value_error(f"{repeated} appeared in multiple dictionaries; behavior of "
                                  "functional call is ambiguous")
            merged.update(d)
        return merged
    raise type_error("Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of "
                     f"dicts, but got {type(dicts)}")


def _with_tied_names(module: ScriptInstance, replacements: dict) -> dict:
    """torch's tie_weights: a replacement stands for every name bound to the same tensor
    (`self.foo_tied = self.foo`); two values for one tied tensor are an error."""
    names_of: dict[int, list[str]] = {}
    for prefix, owner in named_modules(module):
        for name, value in owner.attributes.items():
            if isinstance(value, Tensor):
                names_of.setdefault(id(value), []).append(f"{prefix}.{name}" if prefix
                                                          else name)
    tied = [names for names in names_of.values() if len(names) > 1]
    result = dict(replacements)
    for names in tied:
        given = [name for name in names if name in replacements]
        if len(given) > 1:
            raise value_error(f"functional_call got multiple values for keys {sorted(given)}, "
                              "which are tied. Consider using tie_weights=False")
        if given:
            result.update({name: replacements[given[0]] for name in names})
    return result


def _check_complete(module: ScriptInstance, replacements: dict) -> None:
    missing = [name for name, _ in named_parameters(module) if name not in replacements]
    if missing:
        keys = ", ".join(f"'{name}'" for name in missing)
        raise runtime_error(f"Error(s) in reparametrizing for {module.cls.name}:\n\tMissing "
                            f"key(s): {keys}.")


@contextmanager
def _swapped(module: ScriptInstance, replacements: dict):
    """Each dotted name's attribute set to its replacement, the old values put back after."""
    saved = []
    try:
        for dotted, value in replacements.items():
            owner, name = _owner(module, dotted)
            saved.append((owner, name, owner.attributes.get(name, MISSING)))
            owner.attributes[name] = value
        yield
    finally:
        for owner, name, old in reversed(saved):
            if old is MISSING:
                del owner.attributes[name]
            else:
                owner.attributes[name] = old


def _owner(module: ScriptInstance, dotted: str) -> tuple[ScriptInstance, str]:
    *path, name = dotted.split(".")
    for part in path:
        module = module.attribute(part)
    return module, name
