"""torch.nn.Sequential, ModuleList, ModuleDict, ParameterList and ParameterDict as built-in
classes deriving from nn.Module (module.py), ported from torch/nn/modules/container.py: their
children (parameters) are the module's registered submodules (parameters), in insertion order,
so repr, parameters() and named_modules() see them as torch's do."""
from __future__ import annotations

import operator
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter, Tensor
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
    torch_typename,
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


# ---- ParameterList and ParameterDict: their items are the module's own attributes -----------

def _as_parameter(value):
    """What torch's ParameterList/ParameterDict store: a plain tensor made a Parameter."""
    return Parameter(value) if isinstance(value, Tensor) and not isinstance(value, Parameter) \
        else value


def _list_index(self: ScriptInstance, index) -> str:
    index = operator.index(index)
    if not -len(self) <= index < len(self):
        raise IndexError(f"index {index} is out of range")
    return str(index % len(self))


def _list_init(self: ScriptInstance, values=None) -> None:
    set_fields(self, _size=0)
    if values is not None:
        _list_extend(self, values)


def _list_getitem(self: ScriptInstance, index):
    if isinstance(index, slice):
        out = PARAMETER_LIST()
        for i in range(*index.indices(len(self))):
            _list_append(out, _list_getitem(self, i))
        return out
    return self.attributes[_list_index(self, index)]


def _list_setitem(self: ScriptInstance, index, value) -> None:
    self.attributes[_list_index(self, index)] = _as_parameter(value)


def _list_append(self: ScriptInstance, value):
    self.attributes["_size"] += 1
    _list_setitem(self, len(self) - 1, value)
    return self


def _list_extend(self: ScriptInstance, values):
    if isinstance(values, Tensor) or not hasattr(values, "__iter__"):
        raise TorchError("TypeError", "ParameterList.extend should be called with an iterable, "
                                      f"but got {type_name(values)}")
    for value in values:
        _list_append(self, value)
    return self


def _described(value, dtype_name: Callable) -> str:
    """An item's line in torch's ParameterList/ParameterDict extra_repr."""
    if not isinstance(value, Tensor):
        return f"Object of type: {type_name(value)}"
    kind = "Parameter" if isinstance(value, Parameter) else "Tensor"
    size = "x".join(str(n) for n in value.shape)
    return f"{kind} containing: [{dtype_name(value)} of size {size}]"


def _list_extra_repr(self: ScriptInstance) -> str:
    return "\n".join(f"  ({i}): {_described(v, lambda t: f'torch.{t.dtype.name}')}"
                     for i, v in enumerate(_list_iter(self)))


def _list_iter(self: ScriptInstance):
    return (self.attributes[str(i)] for i in range(len(self)))


PARAMETER_LIST = layer_class(
    "ParameterList", _list_init, None, _list_extra_repr,
    __getitem__=_list_getitem, __setitem__=_list_setitem, __len__=lambda self:
    self.attributes["_size"], __iter__=_list_iter, __iadd__=_list_extend,
    append=_list_append, extend=_list_extend)


def _dict_init(self: ScriptInstance, parameters=None) -> None:
    set_fields(self, _keys={})
    if parameters is not None:
        _dict_update(self, parameters)


def _dict_setitem(self: ScriptInstance, key, value) -> None:
    self.attributes["_keys"][key] = None  # (before the check, as torch's: len() counts it)
    if not isinstance(key, str):
        raise TorchError("TypeError", "Index given to ParameterDict cannot be used as a key as "
                                      f"it is not a string (type is '{type_name(key)}'). Open "
                                      "an issue on github if you need non-string keys.")
    self.attributes[key] = _as_parameter(value)


def _dict_getitem(self: ScriptInstance, key):
    if key not in self.attributes["_keys"] or not isinstance(key, str):
        raise TorchError("AttributeError", f"'ParameterDict' object has no attribute '{key}'")
    return self.attributes[key]


def _dict_update(self: ScriptInstance, parameters) -> None:
    """torch's order: an OrderedDict's or a ParameterDict's, a plain mapping's sorted by key."""
    if isinstance(parameters, OrderedDict) or PARAMETER_DICT.is_instance(parameters):
        pairs = list(parameters.items())
    elif isinstance(parameters, dict):
        pairs = sorted(parameters.items())
    else:
        if not hasattr(parameters, "__iter__"):
            raise TorchError("TypeError", "ParametersDict.update should be called with an "
                                          f"iterable of key/value pairs, but got "
                                          f"{type_name(parameters)}")
        pairs = list(parameters)
    for key, value in pairs:
        _dict_setitem(self, key, value)


def _dict_pop(self: ScriptInstance, key):
    value = _dict_getitem(self, key)
    del self.attributes["_keys"][key], self.attributes[key]
    return value


def _dict_extra_repr(self: ScriptInstance) -> str:
    return "\n".join(f"  ({k}): {_described(self.attributes[k], torch_typename)}"
                     for k in self.attributes["_keys"])


PARAMETER_DICT = layer_class(
    "ParameterDict", _dict_init, None, _dict_extra_repr,
    __getitem__=_dict_getitem, __setitem__=_dict_setitem,
    __len__=lambda self: len(self.attributes["_keys"]),
    __iter__=lambda self: iter(list(self.attributes["_keys"])),
    __contains__=lambda self, key: key in self.attributes["_keys"],
    keys=lambda self: list(self.attributes["_keys"]),
    items=lambda self: [(k, self.attributes[k]) for k in self.attributes["_keys"]],
    values=lambda self: [self.attributes[k] for k in self.attributes["_keys"]],
    get=lambda self, key, default=None: self.attributes[key]
    if key in self.attributes["_keys"] else default,
    update=_dict_update, pop=_dict_pop)
