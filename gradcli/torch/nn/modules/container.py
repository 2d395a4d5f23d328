"""torch.nn.ModuleDict as a built-in class deriving from nn.Module (nn_module.py), ported from
torch/nn/modules/container.py: its children are the module's registered submodules, in
insertion order, so repr, parameters() and named_modules() see them as torch's do."""
from __future__ import annotations

from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch.nn.modules.module import MODULE, add_module, layer_class, named_children


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
