"""`grad_fn._saved_self`, `_saved_other`, `_saved_result`, `_saved_exponent`...: what a node
saved, under torch's names for its common nodes (derivatives.yaml's argument names), with
torch's error once a backward has freed it."""
from __future__ import annotations

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.autograd import SECOND_BACKWARD, Node, check_saved_versions
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor

# Each node's saved tensors by torch's names: the inputs by position, "result" for its output
_SAVED = {
    "MulBackward0": ("self", "other"), "DivBackward0": ("self", "other"),
    "PowBackward0": ("self",), "PowBackward1": ("self", "exponent", "result"),
    "ExpBackward0": ("result",), "TanhBackward0": ("result",), "SigmoidBackward0": ("result",),
    "SqrtBackward0": ("result",), "ReluBackward0": ("result",), "SinBackward0": ("self",),
    "CosBackward0": ("self",), "LogBackward0": ("self",),
}
NAMES = frozenset(f"_saved_{role}" for roles in _SAVED.values() for role in roles) | \
    {"_saved_exponent"}


def saved_attribute(node: Node, name: str):
    """node._saved_<role>: the saved tensor (None when torch saved nothing there, as for an
    input whose partner needs no gradient), PowBackward0's exponent as its number."""
    role = name[len("_saved_"):]
    grad_fn = node.op.grad_fn
    if grad_fn == "PowBackward0" and role == "exponent":
        return node.params["exponent"]
    if role not in _SAVED.get(grad_fn, ()):
        raise TorchError("AttributeError", f"'{grad_fn}' object has no attribute '{name}'")
    if node.saved is None:
        raise runtime_error(SECOND_BACKWARD)
    check_saved_versions(node)
    index = -1 if role == "result" else _SAVED[grad_fn].index(role)
    ref = next((r for r in node.saved_refs if r.index == index), None)
    if ref is None:
        return None
    unpacking = [(packed, unpack) for r, packed, unpack in node.packed or () if r is ref]
    if unpacking:  # under saved_tensors_hooks: what unpack gives back
        packed, unpack = unpacking[0]
        return unpack(packed)
    if index < 0:
        return _saved_output(node, ref)
    return _number_tensor(ref.tensor) if ref.tensor in runtime.current.number_saves else \
        ref.tensor


def _number_tensor(wrapped: Tensor) -> Tensor:
    """A Python number an op saved, as torch keeps it: a 0-d tensor of the number's own type
    (`x * 2` saves tensor(2), int64; `x * 2.5` a float64 one), whatever dtype the op used."""
    kind, value = next(key[:2] for key, t in runtime.current.wrapped_numbers.items()
                       if t is wrapped)
    return Tensor(np.asarray(value, {bool: np.bool_, int: np.int64, float: np.float64}[kind]))


def _saved_output(node: Node, ref) -> Tensor:
    """A new tensor on the output's memory, made by the node (torch unpacks a saved output as
    a tensor of its own with the node as its grad_fn)."""
    out = Tensor(node.saved[1])
    out._storage, out._grad_fn, out._requires_grad = ref.storage, node, True
    return out
