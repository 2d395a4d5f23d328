"""The torch.func transforms running now, and what functorch refuses inside them.

torch wraps the tensors a transform sees (GradTrackingTensor, BatchedTensor) and its wrappers
refuse some requests. gradcli runs a transform's function on plain tensors (vmap once per
sample), so each running transform keeps, weakly, the tensors that torch would have wrapped:
a grad-like transform those born while it runs (others are captured: torch refuses to mutate
them), vmap those computed from its samples (batched: torch cannot turn them into Python
values nor write them into a tensor that is not batched).
"""
from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import Any

import numpy as np

from . import runtime
from .errors import runtime_error

GRAD, VMAP = "grad", "vmap"


class IdentitySet:
    """Tensors held weakly, by identity (a WeakSet compares with ==, which a Tensor answers
    with a tensor)."""

    __slots__ = ("refs",)

    def __init__(self):
        self.refs: dict[int, weakref.ref] = {}

    def add(self, tensor) -> None:
        self.refs[id(tensor)] = weakref.ref(tensor)

    def __contains__(self, obj) -> bool:
        ref = self.refs.get(id(obj))
        return ref is not None and ref() is obj


class TransformLevel:
    """One running transform call: its kind and the tensors torch would have wrapped."""

    __slots__ = ("kind", "born", "batched", "size", "index")

    def __init__(self, kind: str, size: int = 0):
        self.kind = kind
        self.born = IdentitySet()  # tensors made while it runs
        self.batched = IdentitySet()  # vmap: tensors computed from its samples
        self.size = size  # vmap: the batch size
        self.index = 0  # vmap: the sample its function runs for


def note_birth(tensor) -> None:
    """A tensor was made while transforms run: torch wraps it at each grad-like level (and
    vmap runs its function once per sample: what it made is the sample's own)."""
    for level in runtime.current.transforms:
        level.born.add(tensor)


def inherit(result, inputs: Iterable) -> None:
    """`result` was computed from `inputs`: batched at each vmap level one of them is."""
    for level in runtime.current.transforms:
        if level.kind == VMAP and any(t in level.batched for t in inputs if t is not None):
            level.batched.add(result)


def _batched_level(tensor) -> int | None:
    """The position of the outermost vmap level that batches `tensor`, or None."""
    for i, level in enumerate(runtime.current.transforms):
        if level.kind == VMAP and tensor in level.batched:
            return i
    return None


ITEM = ("vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over "
        "calling .item() on a Tensor, please try to rewrite what you're doing with other "
        "operations. If error is occurring somewhere inside PyTorch internals, please file a "
        "bug report.")
CONTROL_FLOW = ("vmap: It looks like you're attempting to use a Tensor in some data-dependent "
                "control flow. We don't support that yet, please file an issue at "
                "https://github.com/pytorch/pytorch/issues .")
# under a grad transform inside the vmap, torch cannot tell the two apart
EITHER = ("vmap: It looks like you're either (1) calling .item() on a Tensor or (2) attempting "
          "to use a Tensor in some data-dependent control flow or (3) encountering this error "
          "in PyTorch internals. For (1): we don't support vmap over calling .item() on a "
          "Tensor, please try to rewrite what you're doing with other operations. For (2): we "
          "don't support data-dependent control flow in vmap yet, please file an issue at "
          "https://github.com/pytorch/pytorch/issues . For (3): please file an issue.")
NO_STORAGE = "Cannot access data pointer of Tensor that doesn't have storage"


def check_python_value(tensor, message: str) -> None:
    """torch's refusal to turn a batched tensor into a Python value (`message`: ITEM for
    .item(), float() and int(), CONTROL_FLOW for bool(), NO_STORAGE for .tolist())."""
    levels = runtime.current.transforms
    if not levels:
        return
    at = _batched_level(tensor)
    if at is None:
        return
    if message != NO_STORAGE and any(level.kind == GRAD for level in levels[at + 1:]):
        message = EITHER
    raise runtime_error(message)


# vmap's in-place batching rules: add_ broadcasts the batch into self (a shape error); ops
# with a rule of their own name it; the rest go through torch's fallback, which names the
# aten op and the level (and warns that it is slow)
_ARITHMETIC = {"sub_", "mul_", "div_", "clamp_min_", "clamp_max_", "copy_"}
_FALLBACK = {"pow_", "clamp_", "floor_divide_", "remainder_", "fmod_", "masked_fill_"}


def check_inplace_in_transforms(self, others: tuple, aten: str, method: str) -> None:
    """functorch's refusals of an in-place op on `self` (`aten`: torch's overload name,
    `method`: the op's own name), innermost transform first, as torch dispatches."""
    levels = runtime.current.transforms
    for depth in range(len(levels) - 1, -1, -1):
        level = levels[depth]
        if level.kind == GRAD and (self if self._base is None else self._base) \
                not in level.born:  # (a view made inside of a captured tensor writes to it)
            raise runtime_error(
                "During a grad (vjp, jvp, grad, etc) transform, the function provided attempted "
                f"to call in-place operation ({aten}) that would mutate a captured Tensor. This "
                "is not supported; please rewrite the function being transformed to explicitly "
                "accept the mutated Tensor(s) as inputs.")
        if level.kind == VMAP and self not in level.batched:
            batched = [o for o in others if o in level.batched]
            if batched:
                _refuse_unbatched_write(self, batched[0], level, depth, aten, method)


def _refuse_unbatched_write(self, other, level: TransformLevel, depth: int, aten: str,
                            method: str) -> None:
    if method == "add_":
        shape = np.broadcast_shapes(self.data.shape, other.data.shape)
        raise runtime_error(f"output with shape {list(self.data.shape)} doesn't match the "
                            f"broadcast shape {[level.size, *shape]}")
    if method in _FALLBACK:
        name, where = aten.split(".")[0], f"at level {depth + 1}"
    else:
        name = "inplace arithmetic" if method in _ARITHMETIC else method
        where = "in a vmap"
    raise runtime_error(
        f"vmap: {name}(self, *extra_args) is not possible because there exists a Tensor "
        "`other` in extra_args that has more elements than `self`. This happened due to "
        f"`other` being vmapped over but `self` not being vmapped over {where}. Please try to "
        f"use out-of-place operators instead of {name}. If said operator is being called "
        "inside the PyTorch framework, please file a bug report instead.")


def refuse_batched_mask(indices: list) -> None:
    """torch cannot batch indexing with a boolean mask that vmap maps over."""
    for index in indices:
        if index.data.dtype == bool and _batched_level(index) is not None:
            raise runtime_error("vmap: We do not support batching operators that can support "
                                "dynamic shape. Attempting to batch over indexing with a "
                                "boolean mask.")


def retains_for_later_samples(seeds: list) -> bool:
    """Whether autograd.grad inside vmap must keep the graph: torch runs it once for the
    whole batch, gradcli once per sample, so every sample but the last keeps it (where a
    gradient seed is batched, the call is one of the batch's)."""
    for level in runtime.current.transforms:
        if level.kind == VMAP and level.index < level.size - 1 and \
                any(seed in level.batched for seed in seeds):
            return True
    return False


def repeats_a_captured_write(self, others: tuple) -> bool:
    """Whether an in-place write was already done by an earlier sample of a vmap: torch
    runs func once, so a write of unbatched values into a tensor captured from outside the
    vmap happens once; gradcli's later samples skip it."""
    root = self if self._base is None else self._base
    for level in runtime.current.transforms:
        if level.kind == VMAP and level.index > 0 and root not in level.born and \
                self not in level.batched and not any(o in level.batched for o in others):
            return True
    return False


def stand_in_for(tensor: Any) -> Any:
    """The script's tensor that a transform's own input stands for, or None."""
    refs = runtime.current.stand_ins.get(id(tensor))
    if refs is None or refs[0]() is not tensor:
        return None
    return refs[1]()
