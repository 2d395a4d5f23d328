"""Python's `copy` module for scripts: `copy.deepcopy(model.state_dict())` and
`copy.deepcopy(model)` (early stopping, target networks). A tensor copies as torch's
Tensor.__deepcopy__ does (leaves only, with their grad; a Parameter stays a Parameter, without),
a module as Python copies any object: its attributes, deeply, with shared objects (tied
weights) shared in the copy as in the original."""
from __future__ import annotations

import copy as _copy
from typing import Any

import numpy as np

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.sandbox.objects import ScriptInstance

_NOT_A_LEAF = ("Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
               "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
               "because of a torch.nn.utils.weight_norm usage, see "
               "https://github.com/pytorch/pytorch/pull/103001")
_ATOMS = (type(None), bool, int, float, complex, str, bytes)


def deepcopy(obj: Any, memo: dict | None = None) -> Any:
    memo = {} if memo is None else memo
    if isinstance(obj, _ATOMS):
        return obj
    if id(obj) in memo:
        return memo[id(obj)]
    copied = _deep(obj, memo)
    memo[id(obj)] = copied
    return copied


def _deep(obj: Any, memo: dict) -> Any:
    if isinstance(obj, Tensor):
        return _tensor(obj, memo)
    if isinstance(obj, ScriptInstance):
        new = ScriptInstance(obj.cls)
        memo[id(obj)] = new  # a module that refers to itself (or its parent) stays one
        new.attributes.update({k: deepcopy(v, memo) for k, v in obj.attributes.items()})
        return new
    if isinstance(obj, dict):
        new = _copy.copy(obj)  # the same kind of dict (OrderedDict, defaultdict, state dict)
        new.clear()
        memo[id(obj)] = new
        new.update((deepcopy(k, memo), deepcopy(v, memo)) for k, v in obj.items())
        return new
    if isinstance(obj, list):
        new = []
        memo[id(obj)] = new
        new.extend(deepcopy(v, memo) for v in obj)
        return new
    if isinstance(obj, (tuple, set, frozenset)):
        return type(obj)(deepcopy(v, memo) for v in obj)
    return obj  # functions, classes, modules of names: shared, as Python's deepcopy


def _tensor(t: Tensor, memo: dict) -> Tensor:
    if not t.is_leaf:
        raise runtime_error(_NOT_A_LEAF)
    data = np.array(t.data, copy=True)
    if isinstance(t, Parameter):  # Parameter.__deepcopy__: the data and requires_grad only
        return Parameter(Tensor(data), t.requires_grad)
    new = Tensor(data, t.requires_grad)
    if t._grad is not None:
        new.set_grad(deepcopy(t._grad, memo))
    return new


def copy(obj: Any) -> Any:
    """copy.copy: a new container holding the same objects (a module: the same attributes)."""
    if isinstance(obj, ScriptInstance):
        new = ScriptInstance(obj.cls)
        new.attributes.update(obj.attributes)
        return new
    if isinstance(obj, Tensor):
        return deepcopy(obj)  # torch's Tensor.__copy__ is not defined: copy falls to deepcopy
    return _copy.copy(obj) if isinstance(obj, (dict, list, set)) else obj


FUNCTIONS = {"deepcopy": deepcopy, "copy": copy}
