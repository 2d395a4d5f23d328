"""torch.nn.Sequential, ModuleList and ModuleDict as built-in classes deriving from nn.Module
(module.py), ported from torch/nn/modules/container.py: their children are the module's
registered submodules, in insertion order, so repr, parameters() and named_modules() see them
as torch's do."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch.nn.modules.module import (
    MODULE,
    add_module,
    framed,
    indent,
    is_module,
    layer_class,
    named_children,
    set_fields,
)


def _sequential_init(self, *modules) -> None:
    set_fields(self)
    if len(modules) == 1 and isinstance(modules[0], OrderedDict):  # named layers
        for name, module in modules[0].items():
            _add(self, name, module)
        return
    for index, module in enumerate(modules):
        _add(self, str(index), module)


def _add(self, name: str, module) -> None:
    if not is_module(module) and module is not None:
        raise TorchError("TypeError", f"{module!r} is not a Module subclass")
    self.attributes[name] = module


def _sequential_forward(self, input):
    for _, module in named_children(self):
        input = module(input)
    return input


def _item(self, index):
    """container[i] / container[a:b] over the registered modules."""
    modules = [m for _, m in named_children(self)]
    if isinstance(index, slice):
        copy = self.cls()
        for i, module in enumerate(modules[index]):
            _add(copy, str(i), module)
        return copy
    if not -len(modules) <= index < len(modules):
        raise IndexError(f"index {index} is out of range")
    return modules[index]


def _module_list_init(self, modules=None) -> None:
    set_fields(self)
    for index, module in enumerate(modules or ()):
        _add(self, str(index), module)


def _append(self, module):
    _add(self, str(len(self)), module)
    return self


def _extend(self, modules):
    try:
        modules = iter(modules)
    except TypeError:
        if self.cls.name != "ModuleList":
            raise  # (Sequential.extend says only "'int' object is not iterable", as torch's)
        raise TypeError("ModuleList.extend should be called with an iterable, but got "
                        f"{type_name(modules)}") from None
    for module in modules:
        _append(self, module)
    return self


def _module_list_repr(self) -> str:
    """torch's ModuleList repr: runs of equal reprs shown once, as `(0-2): 3 x Linear(...)`."""
    reprs = [repr(m) for _, m in named_children(self)]
    runs: list[list] = []
    for i, text in enumerate(reprs):
        if runs and runs[-1][2] == text:
            runs[-1][1] = i
        else:
            runs.append([i, i, text])
    lines = [indent(f"({a}): {text}" if a == b else f"({a}-{b}): {b - a + 1} x {text}")
             for a, b, text in runs]
    return framed(self.cls.name, [], lines)


_CONTAINER = {"__getitem__": _item, "__len__": lambda self: sum(1 for _ in named_children(self)),
              "__iter__": lambda self: (m for _, m in named_children(self)), "append": _append,
              "extend": _extend}


SEQUENTIAL = layer_class("Sequential", _sequential_init, _sequential_forward, **_CONTAINER)


MODULE_LIST = layer_class("ModuleList", _module_list_init, None, __repr__=_module_list_repr,
                          **_CONTAINER)


def _children(self: ScriptInstance) -> dict:
    return dict(named_children(self))


def _init(self: ScriptInstance, modules=None) -> None:
    MODULE.namespace["__init__"](self)
    if modules is not None:
        _update(self, modules)


def _update(self: ScriptInstance, modules) -> None:
    """From a mapping (its order), a ModuleDict, or an iterable of (key, module) pairs."""
    if isinstance(modules, dict) or MODULE_DICT.is_instance(modules):
        for key, module in modules.items():
            add_module(self, key, module)
        return
    try:
        pairs = iter(modules)
    except TypeError:
        raise TorchError("TypeError", "ModuleDict.update should be called with an iterable of "
                                      f"key/value pairs, but got {type_name(modules)}") from None
    for index, pair in enumerate(pairs):
        if len(pair) != 2:
            raise TorchError("ValueError", f"ModuleDict update sequence element #{index} has "
                                           f"length {len(pair)}; 2 is required")
        add_module(self, pair[0], pair[1])


def _getitem(self: ScriptInstance, key: str) -> Any:
    children = _children(self)
    if key not in children:
        raise TorchError("KeyError", repr(key))
    return children[key]


def _pop(self: ScriptInstance, key: str) -> Any:
    module = _getitem(self, key)
    del self.attributes[key]
    return module


def _clear(self: ScriptInstance) -> None:
    for key in list(_children(self)):
        del self.attributes[key]


MODULE_DICT = layer_class(
    "ModuleDict", _init, None, __getitem__=_getitem, __setitem__=add_module,
    __len__=lambda self: len(_children(self)),
    __iter__=lambda self: iter(_children(self)),
    __contains__=lambda self, key: key in _children(self),
    keys=lambda self: _children(self).keys(),
    items=lambda self: _children(self).items(),
    values=lambda self: _children(self).values(),
    update=_update, pop=_pop, clear=_clear)
