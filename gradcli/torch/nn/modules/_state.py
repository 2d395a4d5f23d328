"""nn.Module's dtype and device moves (.double(), .to(torch.float64), .cpu(), .type(...)) and
load_state_dict, as methods of the built-in Module class (module.py).

A move keeps each Parameter object and replaces its data (torch's `param.data = fn(param)`),
converting its `.grad` the same way; buffers are replaced by the converted tensors.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Mapping
from typing import Any

from gradcli.engine import dtypes
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, runtime_error, type_error
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch import _arguments as arguments
from gradcli.torch._arguments import check_device
from gradcli.torch._tensor import shape
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn.modules.module import (
    MODULE,
    buffer_names,
    builtin_class,
    named_buffers,
    named_children,
    named_modules,
    named_parameters,
)

# ---- moves ----------------------------------------------------------------------------------

def _move(self: ScriptInstance, fn: Callable[[Tensor], Tensor]) -> ScriptInstance:
    """torch's Module._apply: every parameter keeps its identity and takes fn's result as its
    data (its grad too); every buffer is replaced."""
    with no_grad():
        for _, module in named_modules(self):
            for name, value in list(module.attributes.items()):
                if isinstance(value, Parameter):
                    _set_data(value, fn(value))
                    if value.grad is not None:
                        _set_data(value.grad, fn(value.grad))
                elif name in buffer_names(module) and isinstance(value, Tensor):
                    module.attributes[name] = fn(value)
    return self


def _set_data(tensor: Tensor, new: Tensor) -> None:
    if new is tensor:
        return
    if tensor.requires_grad and not new.dtype.is_floating_point:
        raise runtime_error("data set to a tensor that requires gradients must be floating "
                            "point or complex dtype")
    tensor.set_data(new)


def _floating_to(dtype: DType) -> Callable[[Tensor], Tensor]:
    """`lambda t: t.double() if t.is_floating_point() else t`, and its kin."""
    return lambda t: shape.to(t, dtype) if t.dtype.is_floating_point else t


def _cast_method(name: str, dtype: DType) -> Callable:
    def method(self: ScriptInstance) -> ScriptInstance:
        return _move(self, _floating_to(dtype))
    method.__name__ = name
    return method


def _to(self: ScriptInstance, *args, **kwargs) -> ScriptInstance:
    """Module.to(device, dtype, tensor=, non_blocking=): only floating dtypes move."""
    unknown = set(kwargs) - {"device", "dtype", "non_blocking", "memory_format", "copy"}
    if unknown:
        raise type_error(f"to() received an invalid combination of arguments - got an "
                         f"unexpected keyword argument '{sorted(unknown)[0]}'")
    dtype, device = kwargs.get("dtype"), kwargs.get("device")
    for arg in args:
        if isinstance(arg, DType):
            dtype = arg
        elif isinstance(arg, Tensor):
            dtype = arg.dtype
        elif not isinstance(arg, bool):
            device = arg
    if device is not None:
        check_device(device if type(device) is int else str(device))  # tensors' own parse
    if dtype is None:
        return self
    if not dtype.is_floating_point:
        raise type_error("nn.Module.to only accepts floating point or complex dtypes, but got "
                         f"desired dtype={dtype}")
    return _move(self, _floating_to(dtype))


def _cuda(self: ScriptInstance, device=None) -> ScriptInstance:
    raise TorchError("AssertionError", arguments.NO_CUDA)


def _type(self: ScriptInstance, dst_type) -> ScriptInstance:
    """Module.type: every parameter and buffer cast, integer ones included."""
    return _move(self, lambda t: shape.type_(t, dst_type))


# ---- load_state_dict ------------------------------------------------------------------------

class IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """load_state_dict's result: torch's _IncompatibleKeys namedtuple."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return (f"_IncompatibleKeys(missing_keys={self.missing_keys!r}, "
                f"unexpected_keys={self.unexpected_keys!r})")

    __str__ = __repr__


def _local_state(module: ScriptInstance) -> dict[str, Tensor]:
    """The module's own parameters and persistent buffers, as its state_dict has them."""
    state = dict(named_parameters(module, recurse=False))
    persistent = buffer_names(module)
    state.update((n, b) for n, b in named_buffers(module, recurse=False) if persistent[n])
    return state


def _load_module(module: ScriptInstance, state_dict: dict, prefix: str, versioned: bool,
                 found: tuple[list, list, list]) -> None:
    """torch's _load_from_state_dict for one module, then its children (their keys only)."""
    missing, unexpected, errors = found
    local = _local_state(module)
    if not versioned and "num_batches_tracked" in local:
        # BatchNorm's loading of a state dict without versions (a plain dict): a missing
        # num_batches_tracked is taken as the module's own
        state_dict.setdefault(prefix + "num_batches_tracked", local["num_batches_tracked"])
    for name, param in local.items():
        key = prefix + name
        if key not in state_dict:
            missing.append(key)
            continue
        errors.extend(_copy_into(param, state_dict[key], key))
    children = dict(named_children(module))
    for key in state_dict:
        if key.startswith(prefix):
            head, *rest = key[len(prefix):].split(".", 1)
            if (rest and head not in children) or (not rest and head not in local):
                unexpected.append(key)
    for name, child in children.items():
        child_prefix = f"{prefix}{name}."
        _load_module(child, {k: v for k, v in state_dict.items() if k.startswith(child_prefix)},
                     child_prefix, versioned, found)


def _copy_into(param: Tensor, value: Any, key: str) -> list[str]:
    if not isinstance(value, Tensor):
        return [f'While copying the parameter named "{key}", expected torch.Tensor or '
                f"Tensor-like object from checkpoint but received {_python_type(value)}"]
    if param.ndim == 0 and value.ndim == 1 and value.shape[0] == 1:
        value = value[0]  # torch's backward compatibility with 0.3's 1-dim scalars
    if value.shape != param.shape:
        return [f"size mismatch for {key}: copying a param with shape {value.shape!r} from "
                f"checkpoint, the shape in current model is {param.shape!r}."]
    with no_grad():
        param.copy_(value)
    return []


def _python_type(value: Any) -> str:
    return f"<class '{type_name(value)}'>"


def _load_state_dict(self: ScriptInstance, state_dict, strict: bool = True,
                     assign: bool = False) -> IncompatibleKeys:
    """Module.load_state_dict: the values copied in place under no_grad, torch's messages."""
    if not isinstance(state_dict, Mapping):
        raise type_error(f"Expected state_dict to be dict-like, got {_python_type(state_dict)}.")
    missing: list[str] = []
    unexpected: list[str] = []
    errors: list[str] = []
    versioned = getattr(state_dict, "has_metadata", False)
    _load_module(self, dict(state_dict), "", versioned, (missing, unexpected, errors))
    if strict:
        if unexpected:
            errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in unexpected)))
        if missing:
            errors.insert(0, "Missing key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in missing)))
    if errors:
        raise runtime_error("Error(s) in loading state_dict for {}:\n\t{}".format(
            self.cls.name, "\n\t".join(errors)))
    return IncompatibleKeys(missing, unexpected)


METHODS: dict[str, Callable] = {
    "to": _to, "cpu": lambda self: self, "cuda": _cuda, "type": _type,
    "double": _cast_method("double", dtypes.float64),
    "float": _cast_method("float", dtypes.float32),
    "half": _cast_method("half", dtypes.float16),
    "load_state_dict": _load_state_dict,
}
MODULE.namespace.update(builtin_class("Module", None, METHODS).namespace)
