"""torch.distributions.utils: the helpers torch's distributions share, over gradcli's ops."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Size, Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import DECLARED
from gradcli.torch._tensor import creation, joining

NUMBER = (bool, int, float)  # torch.types._Number
SCALAR = Size()  # the shape of no samples, no batch, no event: the default of each


def broadcast_all(*values) -> tuple[Tensor, ...]:
    """The values as tensors of one shape: numbers become tensors of the first tensor's
    dtype (else the default dtype), then torch.broadcast_tensors."""
    if not all(isinstance(v, (Tensor, *NUMBER)) for v in values):
        raise TorchError("ValueError", "Input arguments must all be instances of Number, "
                         "torch.Tensor or objects implementing __torch_function__.")
    tensors = [v for v in values if isinstance(v, Tensor)]
    dtype = tensors[0].dtype if tensors else runtime.default_dtype()
    return joining.broadcast_tensors(*(
        v if isinstance(v, Tensor) else creation.tensor(v, dtype=dtype) for v in values))


def broadcast_shapes(*shapes) -> Size:
    """torch.broadcast_shapes (torch._refs._broadcast_shapes): an int is a shape of one dim;
    its errors for what is no shape, a negative length, shapes that do not broadcast."""
    shapes = tuple((s,) if isinstance(s, int) else s for s in shapes if s is not None)
    if not shapes:
        return Size()
    for shape in shapes:
        if not isinstance(shape, Sequence):
            raise TorchError("RuntimeError", "Input shapes should be of type ints, a tuple of "
                             f"ints, or a list of ints, got {shape}")
    common = [1] * max(len(shape) for shape in shapes)
    for index, shape in enumerate(shapes):
        for dim in range(-1, -1 - len(shape), -1):
            if shape[dim] == common[dim]:
                continue
            if common[dim] == 1:
                if shape[dim] < 0:
                    raise TorchError("ValueError",
                                     "Attempting to broadcast a dimension with negative length!")
                common[dim] = shape[dim]
            if shape[dim] != 1 and common[dim] != shape[dim]:
                raise TorchError("RuntimeError", "Attempting to broadcast a dimension of length "
                                 f"{shape[dim]} at {dim}! Mismatching argument at index {index} "
                                 f"had {shape}; but expected shape should be broadcastable to "
                                 f"{common}")
    return Size(common)


def standard_normal(shape: Size, dtype) -> Tensor:
    """torch's _standard_normal: torch.empty(shape).normal_(), outside any graph."""
    return creation.empty(shape, dtype=dtype).normal_()


def sum_rightmost(value: Tensor, dim: int) -> Tensor:
    """value summed over its `dim` rightmost dims."""
    if dim == 0:
        return value
    return value.reshape(value.shape[:-dim] + (-1,)).sum(-1)


def logits_to_probs(logits: Tensor, is_binary: bool = False) -> Tensor:
    return logits.sigmoid() if is_binary else logits.softmax(-1)


def clamp_probs(probs: Tensor) -> Tensor:
    eps = float(np.finfo(probs.dtype.np).eps)
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs: Tensor, is_binary: bool = False) -> Tensor:
    clamped = clamp_probs(probs)
    if is_binary:
        return clamped.log() - (-clamped).log1p()
    return clamped.log()


def as_size(shape) -> Size:
    """torch.Size(shape): Python's TypeError for what is no iterable, torch's for an item that
    is no int (an integer tensor's value is one)."""
    if isinstance(shape, Size):
        return shape
    items = list(shape)
    for index, item in enumerate(items):
        if not isinstance(item, int) and not (
                isinstance(item, Tensor) and item.dtype.category == dtypes.INT and
                item.numel() == 1):
            raise TorchError("TypeError", "torch.Size() takes an iterable of 'int' (item "
                             f"{index} is '{type_name(item)}')")
    return Size(int(item) for item in items)


def torch_function(name: str, namespace: str = "torch") -> Callable:
    """torch.<name> (or, namespace "Tensor", the method x.<name>: the tensor first) as a
    script's call reaches it: torch's argument checks (its TypeError for a float where a
    tensor goes), then gradcli's function."""
    made: list = []
    receivers = int(namespace == "Tensor")

    def call(*args, **kwargs):
        if not made:
            declared = next(d for d in DECLARED if d.namespace == namespace and d.name == name)
            made.append((declared.fn, arguments.Parser(declared.signatures)))
        fn, parser = made[0]
        checked, kwargs = parser.arguments(args[receivers:], kwargs, None)
        return fn(*args[:receivers], *checked, **kwargs)
    return call
