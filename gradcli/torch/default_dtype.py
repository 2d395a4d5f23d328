"""torch.set_default_dtype / get_default_dtype, and the legacy set_default_tensor_type: the
float dtype of factories without `dtype=`, of Python floats meeting integer tensors and of nn
layers' parameters. The Runtime keeps it, so that one session's choice is never another's."""
from __future__ import annotations

from gradcli.engine import runtime
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, type_error
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.legacy import CONSTRUCTORS, LegacyTensorType

FLOATING_ONLY = "only floating-point types are supported as the default type"


@torch_function(name="set_default_dtype")
def set_default_dtype(d, /) -> None:
    if not isinstance(d, DType):  # (torch's parser takes no Python type `float` here)
        raise type_error(f"invalid dtype object: {FLOATING_ONLY}")
    _set(d)


@torch_function("get_default_dtype()")
def get_default_dtype() -> DType:
    return runtime.default_dtype()


@torch_function(name="set_default_tensor_type")
def set_default_tensor_type(t, /) -> None:
    """The legacy form: a type (torch.DoubleTensor) or its name ('torch.DoubleTensor').
    torch's deprecation warning (once per process) points at torch's own line
    (torch/__init__.py), never the script's: a trace of the script has none, nor has gradcli."""
    if isinstance(t, str):
        t = _named_type(t)
    if not isinstance(t, LegacyTensorType):
        raise type_error(f"invalid type object: {FLOATING_ONLY}")
    _set(t.dtype)


def _set(d: DType) -> None:
    if not d.is_floating_point:
        raise type_error(FLOATING_ONLY)
    runtime.current.default_dtype = d


def _named_type(name: str):
    """torch's _import_dotted_name for the names a CPU torch has: 'torch.FloatTensor'."""
    module, _, attribute = name.rpartition(".")
    if module == "torch.cuda":
        raise type_error(f"type {name} not available. Torch not compiled with CUDA enabled.")
    if module != "torch":
        raise TorchError("ModuleNotFoundError", f"No module named '{name.split('.')[0]}'")
    if attribute not in CONSTRUCTORS:
        raise TorchError("AttributeError", f"module 'torch' has no attribute '{attribute}'")
    return CONSTRUCTORS[attribute]


