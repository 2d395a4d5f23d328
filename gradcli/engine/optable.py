"""The op table's machinery: the row type (Op), the table (OPS) and defop, which adds a row.

The rows themselves are in ops.py and the modules it loads (ops_nn.py): see ops.py for what a
row holds. Kept apart so that every row module can import it without importing ops.py.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

import numpy as np

# Where an op's result lives: "view" shares its input's memory and version counter (torch's
# views); "elementwise" is laid out like its inputs (TensorIterator's ops, clone and casts keep
# a transposed input transposed); "fresh" is a new contiguous tensor. The layout decides what
# view() accepts and what reshape() is.
Layout = Literal["fresh", "elementwise", "view"]
# Which elements of an input the op's gradient can reach: "all"; a "selection" (the ones its
# forward picks, found by running it on tagged elements); the "ties" (where the extremum is:
# params["ties"]); "nothing" (a step function: zero slope everywhere torch defines one).
Reads = Literal["all", "selection", "ties", "nothing"]
# How the check's matrix form (check/matrix_form.py, display only) writes an op that has no
# form of its own there (check/matrix_forms_nn.py): "product" A·B (mm, mv, bmm, dot);
# "transpose" Aᵀ of a matrix; "reshape" the same elements in another shape, its gradient
# view⁻¹(G); "inverse" the same elements with dims of size 1 put in or taken out, its gradient
# the op undone (squeeze⁻¹(G)); "same" the same elements, its gradient G as it is; "broadcast"
# its gradient summed over the dims it broadcast, Σ(G).
MatrixKind = Literal["product", "transpose", "reshape", "inverse", "same", "broadcast"]


@dataclass(frozen=True, slots=True)
class Op:
    name: str
    grad_fn: str  # PyTorch's grad_fn class name
    forward: Callable[..., np.ndarray]
    vjp: Callable[..., tuple]
    needs: tuple[str, ...] = ()
    sym: Callable[..., np.ndarray] | None = None
    # torch checks saved inputs in the order of their names, mostly `other`... before `self`:
    # True where the first input's name comes first (dot's self < tensor, mse's self < target)
    self_first: bool = False
    reads: frozenset = frozenset()  # what any input's gradient reads: all its `needs` letters
    layout: Layout = "fresh"
    # each output element depends only on the same (broadcast) element of each input
    pointwise: bool = False
    elements_read: Reads = "all"
    # zeroed(i, *input values, **params): the elements of input i to which torch's backward
    # passes no gradient (its `where(cond, grad, 0)`), from the values. Comparisons with nan
    # are false, as torch's.
    zeroed: Callable[..., np.ndarray] | None = None
    # A choice between two values by a boolean condition (where, masked_fill): the input index
    # or param name holding the condition, and branches(*inputs, **params) -> (the values
    # where it holds, the values elsewhere). The check makes the condition a 0/1 variable.
    condition: int | str | None = None
    branches: Callable[..., tuple] | None = None
    # The forward as `scale * einsum(spec, *inputs)`: contraction(*input shapes, **params) ->
    # (spec, scale), for mm, sums, means... A spec may add terms, each broadcast to the output
    # and taking the next inputs in order: addmm's `k+ij,jk->ik` is bias + mat1 @ mat2. The
    # check transposes it to get exact gradients of large graphs (check/structured.py), never
    # reading `vjp`.
    contraction: Callable[..., tuple[str, float]] | None = None
    # With a contraction: its operands made from the inputs by moving elements only (the
    # windows of a convolution, padded), unfold(*inputs, **params) -> operands; the
    # contraction then gets their shapes. The check traces it on tags (negative numbers: the
    # pads and constants it puts in are not) to send the operands' gradients back.
    unfold: Callable[..., tuple] | None = None
    # Each output element is one input element (cat, stack, repeat; views and selections are
    # too): the check traces the forward on element tags to send gradients back.
    rearranges: bool = False
    # A loss: torch's `reduction` param ("mean", "sum", "none") over a pointwise part, the op
    # itself with reduction="none", which the check differentiates like any pointwise op.
    reduces: bool = False
    # Each slice along the `dim` param is mapped by one function of that slice alone
    # (softmax): the check derives that function's Jacobian once per slice length.
    along_dim: bool = False
    # Affine in its first input, the others held (indices, weights, scalars): the check reads
    # the gradient off the forward run on symbols.
    linear: bool = False
    matrix_form: MatrixKind | None = None  # (see MatrixKind)
    # The function whose derivative torch's backward is, where it is not the forward's own:
    # a decomposition that reads one triangle of a symmetric input (cholesky, eigh) has a
    # gradient for the symmetric matrix, the derivative of f((A + Aᵀ) / 2). The check
    # differentiates this one instead of the forward (the numeric check differences it, the
    # symbolic replay runs it where the row has no `sym`, an affine op's forms follow it;
    # None: the forward).
    differentiated: Callable[..., np.ndarray] | None = None
    # Where torch's gradient is its own rule rather than the forward's derivative (max
    # unpooling's duplicate indices), `differentiated` being the function it is the derivative
    # of: rule(**params) -> what the rows say the check verified (None where it is the
    # forward's derivative after all).
    rule: Callable[..., str | None] | None = None
    _saves: dict = field(default_factory=dict, compare=False, repr=False)

    def saves(self, requires_grad: tuple[bool, ...]) -> frozenset:
        """What the gradients of the inputs that require grad read (remembered per case)."""
        letters = self._saves.get(requires_grad)
        if letters is None:
            letters = self._saves[requires_grad] = frozenset(
                "".join(n for n, r in zip(self.needs, requires_grad) if r))
        return letters


OPS: dict[str, Op] = {}


def defop(name: str, grad_fn: str, forward: Callable, vjp: Callable, needs=(),
          sym: Callable | None = None, **facts: Any) -> Op:
    """Add an op to the table; `facts` are its other fields (layout=, pointwise=, ...)."""
    if name in OPS:
        raise ValueError(f"op {name!r} defined twice")
    needs = (needs,) if isinstance(needs, str) else tuple(needs)  # a string: the one input's
    op = Op(name, grad_fn, forward, vjp, needs, sym, reads=frozenset("".join(needs)), **facts)
    if op.layout not in get_args(Layout) or op.elements_read not in get_args(Reads) or \
            op.matrix_form not in (None, *get_args(MatrixKind)):
        raise ValueError(f"op {name!r}: layout {op.layout!r}, elements_read {op.elements_read!r}"
                         f", matrix_form {op.matrix_form!r}")
    OPS[name] = op
    return op


def defop_like(name: str, grad_fn: str, row: str, forward: Callable | None = None,
               **changes: Any) -> Op:
    """A row computed (unless `forward` says otherwise), differentiated and checked as `row`
    is, under another name and node name; `changes`: the facts that differ (layout=)."""
    base = OPS[row]
    own = {"name", "grad_fn", "forward", "vjp", "needs", "sym", "reads", "_saves"}
    facts = {f: getattr(base, f) for f in Op.__dataclass_fields__ if f not in own}
    return defop(name, grad_fn, forward or base.forward, base.vjp, base.needs, base.sym,
                 **{**facts, **changes})


# The usual facts of an elementwise op: laid out like its inputs, each output element made
# from the same (broadcast) element of each input.
POINTWISE: dict[str, Any] = {"layout": "elementwise", "pointwise": True}
