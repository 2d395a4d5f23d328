"""torch.save and torch.load, where torch keeps them (torch/serialization.py), on files of the
session's own: a path names what the script saved under it, held in memory for the session
and gone with it, so no host file is ever read or written. What torch.load gives back is what
unpickling gives: a copy (tensors as leaves with their requires_grad, a Parameter as one), and
with weights_only (torch's default) only tensors, numbers, strings and their containers."""
from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.sandbox import py_copy
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._declare import torch_function

WEIGHTS_ONLY = ("Weights only load failed. This file can still be loaded, to do so you have two "
                "options, \x1b[1mdo those steps only if you trust the source of the checkpoint"
                "\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default value of the "
                "`weights_only` argument in `torch.load` from `False` to `True`. Re-running "
                "`torch.load` with `weights_only` set to `False` will likely succeed, but it can "
                "result in arbitrary code execution. Do it only if you got the file from a "
                "trusted source.")
_FILES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _files() -> dict[str, Any]:
    """This session's saved files, by path."""
    return _FILES.setdefault(runtime.current, {})


def _path(f: Any, attribute: str) -> str:
    if not isinstance(f, str):
        raise TorchError("AttributeError", "expected 'f' to be string, path, or a file-like "
                         f"object with a '{attribute}' attribute")
    return f


def _unpickled(obj: Any) -> Any:
    """A copy as pickling makes one: shared objects stay shared, a tensor that is no leaf
    comes back as a leaf with its data and requires_grad."""
    memo: dict = {}
    pending = [obj]
    while pending:
        item = pending.pop()
        if isinstance(item, Tensor) and not item.is_leaf:
            memo[id(item)] = Tensor(np.array(item.data, copy=True), item.requires_grad)
        elif isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
    return py_copy.deepcopy(obj, memo)


def _weights_only(obj: Any) -> bool:
    """Whether torch's weights-only unpickler takes it (no module, no script object)."""
    if isinstance(obj, dict):
        return all(_weights_only(k) and _weights_only(v) for k, v in obj.items())
    if isinstance(obj, (list, tuple, set)):
        return all(_weights_only(v) for v in obj)
    return not isinstance(obj, ScriptInstance) and (
        isinstance(obj, (Tensor, type(None), bool, int, float, str)))


@torch_function(name="save")
def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False) -> None:
    _files()[_path(f, "write")] = _unpickled(obj)


@torch_function(name="load")
def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
         **pickle_load_args) -> Any:
    path = _path(f, "read")
    files = _files()
    if path not in files:
        raise TorchError("FileNotFoundError", f"[Errno 2] No such file or directory: '{path}'")
    if weights_only is not False and not _weights_only(files[path]):
        raise TorchError("UnpicklingError", WEIGHTS_ONLY)
    return _unpickled(files[path])


save.__name__ = save.__qualname__ = "save"  # printed as torch's: <function save at ...>
load.__name__ = load.__qualname__ = "load"
