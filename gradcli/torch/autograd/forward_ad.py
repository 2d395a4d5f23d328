"""torch.autograd.forward_ad: dual tensors (a primal and its tangent) inside a dual level.

torch propagates a tangent through each op by the op's forward-mode formula. gradcli's op
table holds one derivative per op, its VJP, so a tangent is pushed through an op as
torch.autograd.functional.jvp does it: the VJP of the op is linear in its cotangent u, and
the gradient of <VJP(u), tangent> with respect to u is J @ tangent (the double-vjp trick).
The op's VJP is its one home; no second derivative rule is written down.
"""
from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from gradcli.engine import runtime, trace
from gradcli.engine.autograd import TangentRead
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.ops import OPS
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch._tensor.creation import zeros_like
from gradcli.torch._tensor.shape import view
from gradcli.torch.autograd.grad import autograd_grad

NO_LEVEL = ("Trying to create a dual Tensor for forward AD but no level exists, make sure to "
            "enter_dual_level() first.")


UNTRACED = trace.Opaque("the check was off when its tangent was computed")


class DualLevel:
    """The one dual level (torch refuses to nest them): each dual tensor's tangent, held by
    the tensor's identity while the tensor lives."""

    def __init__(self) -> None:
        # id(tensor) -> (a weak reference to it, its tangent, its forward record for the
        # check: the ops that made it from the make_dual primals, whose tangents are `seeds`)
        self.tangents: dict[int, tuple[weakref.ref, Tensor, Any]] = {}
        self.seeds: dict[int, tuple[trace.Leaf, Tensor]] = {}  # id(primal's Leaf) -> it, tangent

    def tangent_of(self, t: Any) -> Tensor | None:
        entry = self.tangents.get(id(t))
        return entry[1] if entry is not None and entry[0]() is t else None

    def record_of(self, t: Any) -> Any:
        """t's record as forward AD made it (its autograd one where it has no tangent)."""
        entry = self.tangents.get(id(t))
        return entry[2] if entry is not None and entry[0]() is t else trace.record_of(t)

    def set_tangent(self, t: Tensor, tangent: Tensor | None, record: Any = None) -> None:
        if tangent is None:
            self.tangents.pop(id(t), None)
        else:
            self.tangents[id(t)] = (weakref.ref(t), tangent, record or trace.Opaque(
                "its tangent was set by a custom Function's jvp, whose formula the check "
                "does not replay"))

    def propagate(self, op_name: str, inputs: tuple, dtype: Any, params: dict,
                  result: Tensor) -> None:
        """Give `result` (op_name of inputs) its tangent, where an input has one."""
        dual = [(i, tangent) for i, t in enumerate(inputs)
                if (tangent := self.tangent_of(t)) is not None]
        if dual and result.dtype.is_floating_point:
            record = trace.op_record(OPS[op_name], inputs, params, None, tuple(
                self.record_of(t) for t in inputs)) if runtime.current.tracing else UNTRACED
            with _plain_autograd():
                self.set_tangent(result, _pushed(op_name, inputs, dtype, params, dual), record)

    def after_inplace(self, t: Tensor, result: Tensor) -> None:
        """An in-place op wrote `result` into t: t's tangent is now result's (zeros where the
        written value had none but t had)."""
        tangent = self.tangent_of(result)
        if tangent is None and self.tangent_of(t) is not None:
            tangent = zeros_like(t)
        self.set_tangent(t, tangent, self.record_of(result))

    def make_dual(self, dual: Tensor, tangent: Tensor) -> None:
        """`dual`'s primal is an independent variable of the check, valued as now."""
        primal = trace.Leaf(dual, dual._storage.version,
                            trace.Snapshot(np.array(dual.data, copy=True)))
        self.seeds[id(primal)] = (primal, tangent)
        self.set_tangent(dual, tangent, primal)

    def read(self, t: Tensor, tangent: Tensor) -> None:
        """The script reads t's tangent: the check compares it with sympy's J·v."""
        if not runtime.current.tangent_listeners:
            return
        # (the primals' tangents as they are now: a tangent is that very tensor, which the
        # script may fill in place between calls, as gradcheck fills one column at a time)
        seeds = {key: (primal, np.array(v.data, copy=True))
                 for key, (primal, v) in self.seeds.items()}
        read = TangentRead(t, np.array(tangent.data, copy=True), self.tangents[id(t)][2], seeds)
        for listener in runtime.current.tangent_listeners:
            listener(read)


@contextmanager
def _plain_autograd() -> Iterator[None]:
    """Internal passes: no tangents, no trace, no backward tables, grad mode on."""
    state = runtime.current
    saved = (state.dual, state.backward_listeners, state.tracing, state.grad_enabled)
    state.dual, state.backward_listeners, state.tracing, state.grad_enabled = None, [], \
        False, True
    try:
        yield
    finally:
        state.dual, state.backward_listeners, state.tracing, state.grad_enabled = saved


def _pushed(op_name: str, inputs: tuple, dtype: Any, params: dict, dual: list) -> Tensor:
    """J @ tangents of op_name at inputs, by differentiating its VJP in the cotangent."""
    which = {i for i, _ in dual}
    leaves = [t.detach().requires_grad_(True) if i in which else t.detach()
              for i, t in enumerate(inputs)]
    out = apply(op_name, tuple(leaves), dtype, **params)
    if not out.requires_grad:
        return zeros_like(out)
    u = zeros_like(out, requires_grad=True)
    vjps = autograd_grad([out], [leaves[i] for i, _ in dual], [u], create_graph=True,
                         allow_unused=True)
    used = [(g, _as_dtype(v, g)) for g, (_, v) in zip(vjps, dual)
            if g is not None and g.requires_grad]
    if not used:
        return zeros_like(out)
    column = autograd_grad([g for g, _ in used], [u], [v for _, v in used],
                           allow_unused=True)[0]
    return zeros_like(out) if column is None else column.detach()


def _as_dtype(v: Tensor, like: Tensor) -> Tensor:
    return v if v.dtype is like.dtype else Tensor(v.data.astype(like.data.dtype))


# ---- the API --------------------------------------------------------------------------


def enter_dual_level() -> int:
    if runtime.current.dual is not None:
        raise runtime_error("Nested forward mode AD is not supported at the moment")
    runtime.current.dual = DualLevel()
    return 0


def exit_dual_level(*, level: int | None = None) -> None:
    """The level ends: every dual tensor loses its tangent."""
    runtime.current.dual = None


class dual_level:  # (torch's lower-case name)
    """`with fwAD.dual_level():` — tangents live inside the block."""

    def __enter__(self) -> int:
        return enter_dual_level()

    def __exit__(self, *exc) -> bool:
        exit_dual_level()
        return False

    def __repr__(self) -> str:
        return "<torch.autograd.forward_ad.dual_level object>"


def make_dual(tensor: Any, tangent: Any, *, level: int | None = None) -> Tensor:
    """A view of `tensor` whose tangent is `tangent` (that very tensor)."""
    level_ = runtime.current.dual
    if level_ is None:
        raise runtime_error(NO_LEVEL)
    for name, t in (("primal", tensor), ("tangent", tangent)):
        if not isinstance(t, Tensor):
            raise TorchError("TypeError", f"make_dual(): argument '{name}' must be Tensor, "
                             f"not {type_name(t)}")
    if not tensor.dtype.is_floating_point:
        raise TorchError("ValueError", "Expected primal to be floating point or complex, but "
                         f"got: {tensor.dtype}")
    if not tangent.dtype.is_floating_point:
        raise TorchError("ValueError", "Expected tangent to be floating point or complex, but "
                         f"got: {tangent.dtype}")
    if level_.tangent_of(tensor) is not None:
        raise runtime_error("Making a dual Tensor based on a Tensor that already has a forward "
                            "gradient at the same level 0 is not supported.")
    if tangent.data.shape != tensor.data.shape:
        raise runtime_error(
            "Trying to set a forward gradient that has a different size than that of the "
            f"original Tensor, this is not supported. Tensor is of size "
            f"{list(tensor.data.shape)} while the given forward gradient is of size "
            f"{list(tangent.data.shape)}.")
    dual = view(tensor, tensor.data.shape)
    level_.make_dual(dual, tangent)
    return dual


class UnpackedDualTensor(tuple):
    """torch's namedtuple UnpackedDualTensor(primal, tangent)."""

    def __new__(cls, primal: Any, tangent: Any):
        return super().__new__(cls, (primal, tangent))

    @property
    def primal(self) -> Any:
        return self[0]

    @property
    def tangent(self) -> Any:
        return self[1]

    def __repr__(self) -> str:
        return f"UnpackedDualTensor(primal={self[0]!r}, tangent={self[1]!r})"


def unpack_dual(tensor: Any, *, level: int | None = None) -> UnpackedDualTensor:
    """(a view of tensor without its tangent, the tangent itself or None)."""
    level_ = runtime.current.dual
    if not isinstance(tensor, Tensor) or level_ is None:
        return UnpackedDualTensor(tensor, None)
    tangent = level_.tangent_of(tensor)
    if tangent is None:
        return UnpackedDualTensor(tensor, None)
    runtime.current.dual = None  # (the primal is a view of it without a tangent)
    try:
        primal = apply("dual_primal", (tensor,)) if tensor.requires_grad else tensor.detach()
    finally:
        runtime.current.dual = level_
    level_.read(tensor, tangent)
    return UnpackedDualTensor(primal, tangent)


def tangent_suffix(t: Tensor) -> str | None:
    """`tangent=...` of a dual tensor's repr, as torch's _tensor_str writes it: f"{tangent}"
    (a 0-dim tangent is its item)."""
    level_ = runtime.current.dual
    tangent = None if level_ is None else level_.tangent_of(t)
    return None if tangent is None else f"tangent={format(tangent, '')}"


FUNCTIONS = {"dual_level": dual_level, "make_dual": make_dual, "unpack_dual": unpack_dual,
             "enter_dual_level": enter_dual_level, "exit_dual_level": exit_dual_level,
             "UnpackedDualTensor": UnpackedDualTensor}
