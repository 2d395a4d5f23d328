"""torch.einsum, composed of permutes, diagonals, sums and bmm as ATen's einsum does it.

ATen (aten/src/ATen/native/Linear.cpp) parses the equation, gives every operand the same
dims (output labels first, then the contracted ones) by taking diagonals, unsqueezing and
permuting, then contracts the operands left to right with `sumproduct_pair` (a bmm). Doing
the same steps with the engine's ops gives torch's graph: its grad_fns, values and errors.
Without opt_einsum (the oracle has none) torch contracts left to right, as here.
"""
from __future__ import annotations

import math

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.errors import runtime_error, type_error, value_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.linalg import bmm
from gradcli.torch._tensor.pointwise import mul
from gradcli.torch._tensor.reductions import sum
from gradcli.torch._tensor.shape import permute, reshape, unsqueeze, view

ELLIPSIS = "..."


@torch_function(name="einsum")
def einsum(*args) -> Tensor:
    """torch.einsum(equation, *operands), (equation, [operands]) or the sublist form."""
    if len(args) < 2:
        raise value_error("einsum(): must specify the equation string and at least one operand, "
                          "or at least one operand and its subscripts list")
    if isinstance(args[0], Tensor):
        equation, operands = _from_sublists(args)
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not isinstance(equation, str):
        raise type_error("einsum(): argument 'equation' (position 1) must be str, not "
                         f"{type(equation).__name__}")
    for i, operand in enumerate(operands):
        if not isinstance(operand, Tensor):
            raise type_error(f"expected Tensor as element {i} in argument 1, but got "
                             f"{type(operand).__name__}")
    return _einsum(equation, list(operands))


def _from_sublists(args) -> tuple[str, tuple]:
    """torch's operand, sublist, operand, sublist, ..., [output sublist] form as an equation."""
    def subscripts(sublist) -> str:
        if not isinstance(sublist, (list, tuple, str)):  # Python's error where torch iterates it
            raise type_error(f"'{type_name(sublist)}' object is not iterable")
        return "".join(_sublist_label(n) for n in sublist)
    equation = ",".join(subscripts(s) for s in args[1::2])
    if len(args) % 2 == 1:
        return equation + "->" + subscripts(args[-1]), args[:-1:2]
    return equation, args[::2]


def _sublist_label(n) -> str:
    if n is Ellipsis:
        return ELLIPSIS
    if not isinstance(n, (int, float)):  # Python's error at torch's `n >= 0`
        raise type_error(f"'>=' not supported between instances of '{type_name(n)}' and 'int'")
    if 0 <= n < 26:
        return chr(ord("A") + n)
    if 26 <= n < 52:
        return chr(ord("a") + n - 26)
    raise value_error("einsum(): subscript in subscript list is not within the valid range "
                      "[0, 52)")


def _label_order(label: str) -> int:
    """ATen's subscript number: A-Z first, then a-z (the implicit output's order)."""
    return ord(label) - ord("A") if label.isupper() else ord(label) - ord("a") + 26


def _parse_inputs(lhs: str, count: int) -> list[list[str]]:
    """Each operand's labels, ELLIPSIS standing for its `...`."""
    labels: list[list[str]] = [[] for _ in range(count)]
    current, has_ellipsis, i = 0, False, 0
    while i < len(lhs):
        char = lhs[i]
        if char == ".":
            if has_ellipsis:
                raise runtime_error(f"einsum(): found '.' for operand {current} for which an "
                                    "ellipsis was already found")
            if lhs[i:i + 3] != ELLIPSIS:
                raise runtime_error(f"einsum(): found '.' for operand {current} that is not "
                                    "part of any ellipsis")
            labels[current].append(ELLIPSIS)
            has_ellipsis, i = True, i + 2
        elif char == ",":
            current += 1
            if current >= count:
                raise runtime_error("einsum(): fewer operands were provided than specified in "
                                    "the equation")
            has_ellipsis = False
        elif char != " ":
            _check_letter(char, i)
            labels[current].append(char)
        i += 1
    if current != count - 1:
        raise runtime_error("einsum(): more operands were provided than specified in the "
                            "equation")
    return labels


def _check_letter(char: str, index: int) -> None:
    if not ("a" <= char <= "z" or "A" <= char <= "Z"):
        raise runtime_error(f"einsum(): invalid subscript given at index {index} in the "
                            "equation string, subscripts must be in [a-zA-Z]")


def _count_labels(labels, operands) -> tuple[dict, int]:
    """How many times each label appears, and the most dims any `...` covers."""
    counts: dict[str, int] = {}
    ellipsis_dims = 0
    for i, (own, operand) in enumerate(zip(labels, operands)):
        named = [label for label in own if label != ELLIPSIS]
        for label in named:
            counts[label] = counts.get(label, 0) + 1
        has_ellipsis = len(named) < len(own)
        if has_ellipsis:
            ellipsis_dims = max(ellipsis_dims, operand.ndim - len(named))
        if len(named) > operand.ndim if has_ellipsis else len(named) != operand.ndim:
            relation = "is more than" if has_ellipsis else "does not match"
            tail = "" if has_ellipsis else " and no ellipsis was given"
            raise runtime_error(f"einsum(): the number of subscripts in the equation "
                                f"({len(named)}) {relation} the number of dimensions "
                                f"({operand.ndim}) for operand {i}{tail}")
    return counts, ellipsis_dims


class _Layout:
    """Where each label (and the `...` dims) goes in the aligned operands: the output's dims
    first, then the contracted ones."""

    def __init__(self, equation: str, counts: dict, ellipsis_dims: int):
        self.index: dict[str, int] = {}
        self.ellipsis_start, ellipsis_out, position = 0, False, 0
        arrow = equation.find("->")
        if arrow < 0:  # implicit output: `...`, then the labels seen once
            position, ellipsis_out = ellipsis_dims, True
            for label in sorted((k for k, n in counts.items() if n == 1), key=_label_order):
                self.index[label] = position
                position += 1
        else:
            position, ellipsis_out = self._parse_output(equation, arrow + 2, counts,
                                                        ellipsis_dims)
        self.out_dims = position
        if not ellipsis_out:
            self.ellipsis_start, position = position, position + ellipsis_dims
        for label in sorted(counts, key=_label_order):
            if label not in self.index:
                self.index[label] = position
                position += 1
        self.ndim = position
        self.ellipsis_dims = ellipsis_dims

    def _parse_output(self, equation, start, counts, ellipsis_dims) -> tuple[int, bool]:
        position, ellipsis_out, i = 0, False, start
        while i < len(equation):
            char = equation[i]
            if char == ".":
                if ellipsis_out:
                    raise runtime_error("einsum(): found '.' for output but an ellipsis (...) "
                                        "was already found")
                if equation[i:i + 3] != ELLIPSIS:
                    raise runtime_error("einsum(): found '.' for output that is not part of any "
                                        "ellipsis (...)")
                self.ellipsis_start, ellipsis_out = position, True
                position, i = position + ellipsis_dims, i + 2
            elif char != " ":
                _check_letter(char, i)
                if char in self.index or char not in counts:
                    problem = ("appears more than once in the output" if char in self.index
                               else "does not appear in the equation for any input operand")
                    raise runtime_error(f"einsum(): output subscript {char} {problem}")
                self.index[char] = position
                position += 1
            i += 1
        return position, ellipsis_out


def _einsum(equation: str, operands: list) -> Tensor:
    if not operands:
        raise runtime_error("einsum(): must provide at least one operand")
    arrow = equation.find("->")
    labels = _parse_inputs(equation if arrow < 0 else equation[:arrow], len(operands))
    counts, ellipsis_dims = _count_labels(labels, operands)
    layout = _Layout(equation, counts, ellipsis_dims)
    sizes = _Sizes(layout)
    aligned = [_align(operand, own, i, layout, sizes)
               for i, (own, operand) in enumerate(zip(labels, operands))]
    while len(aligned) > 1:
        a, b = aligned.pop(0), aligned.pop(0)
        aligned.insert(0, _contract(a, b, layout, sizes.dim_counts))
    result = aligned[0]
    if layout.ndim == layout.out_dims:
        return result
    contracted = tuple(range(layout.out_dims, layout.ndim))
    if len(operands) > 1:  # their contracted dims are 1 by now: a view drops them
        return apply("view", (result,), shape=result.data.shape[:layout.out_dims])
    return sum(result, contracted)


class _Sizes:
    """The size each label and `...` dim has so far, and how many operands have it > 1."""

    def __init__(self, layout: _Layout):
        self.label: dict[str, int] = {}
        self.ellipsis = [1] * layout.ellipsis_dims
        self.dim_counts = [0] * layout.ndim


def _align(op: Tensor, own: list, i: int, layout: _Layout, sizes: _Sizes) -> Tensor:
    """The operand with every aligned dim: diagonals of repeated labels, 1s for missing ones,
    permuted into the layout's order."""
    permutation = [-1] * layout.ndim
    ellipsis_covers = op.ndim - (len(own) - 1)
    dim = 0
    for label in own:
        if label == ELLIPSIS:
            for j in range(layout.ellipsis_dims - ellipsis_covers, layout.ellipsis_dims):
                _see_ellipsis_dim(op, dim, i, j, layout, sizes)
                permutation[layout.ellipsis_start + j] = dim
                dim += 1
        elif permutation[layout.index[label]] == -1:
            _see_label(op, dim, i, label, layout, sizes)
            permutation[layout.index[label]] = dim
            dim += 1
        else:
            op = _diagonal(op, permutation[layout.index[label]], dim, label, i)
    for k, value in enumerate(permutation):
        if value == -1:
            op = unsqueeze(op, dim)
            permutation[k] = dim
            dim += 1
    return permute(op, permutation)


def _see_ellipsis_dim(op, dim, i, j, layout, sizes) -> None:
    size = op.data.shape[dim]
    if size == 1:
        return
    if sizes.ellipsis[j] not in (1, size):
        raise runtime_error(f"einsum(): dimension {dim} covered by ellipsis in operand {i}has "
                            f"size {size} which does not broadcast with previously seen "
                            f"ellipsis with size {sizes.ellipsis[j]} for the respective dimension")
    sizes.ellipsis[j] = size
    sizes.dim_counts[layout.ellipsis_start + j] += 1


def _see_label(op, dim, i, label, layout, sizes) -> None:
    size = op.data.shape[dim]
    if size == 1:
        return
    seen = sizes.label.get(label, 1)
    if seen not in (1, size):
        raise runtime_error(f"einsum(): subscript {label} has size {size} for operand {i} which "
                            f"does not broadcast with previously seen size {seen}")
    sizes.label[label] = size
    sizes.dim_counts[layout.index[label]] += 1


def _diagonal(op: Tensor, previous: int, dim: int, label: str, i: int) -> Tensor:
    """A repeated label: the diagonal of its two dims, put where the first one was."""
    shape = op.data.shape
    if shape[dim] != shape[previous]:
        raise runtime_error(f"einsum(): subscript {label} is repeated for operand {i} but the "
                            f"sizes don't match, {shape[dim]} != {shape[previous]}")
    op = apply("diagonal", (op,), dim1=previous, dim2=dim, offset=0)
    order = list(range(op.ndim - 1))
    order.insert(previous, op.ndim - 1)  # torch's movedim(-1, previous): always a permute
    return permute(op, order)


def _contract(a: Tensor, b: Tensor, layout: _Layout, dim_counts: list) -> Tensor:
    """Multiply two aligned operands, summing the contracted dims no later operand has."""
    sum_dims, a_only, b_only = [], [], []
    for dim in range(layout.out_dims, layout.ndim):
        in_a, in_b = a.data.shape[dim] != 1, b.data.shape[dim] != 1
        if in_a and in_b:
            dim_counts[dim] -= 1
            if dim_counts[dim] == 1:
                sum_dims.append(dim)
                dim_counts[dim] = 0
        elif dim_counts[dim] == 1 and (in_a or in_b):
            (a_only if in_a else b_only).append(dim)
            dim_counts[dim] = 0
    if a_only:
        a = sum(a, a_only, True)
    if b_only:
        b = sum(b, b_only, True)
    return _sumproduct_pair(a, b, sum_dims)


def _sumproduct_pair(left: Tensor, right: Tensor, sum_dims: list) -> Tensor:
    """(left * right).sum(sum_dims, keepdim=True) as a bmm of permuted, reshaped operands."""
    if not sum_dims:
        runtime.current.foresee(math.prod(np.broadcast_shapes(left.data.shape, right.data.shape)),
                                max(left.data.itemsize, right.data.itemsize),
                                "einsum's product of two operands")
        return mul(left, right)
    both, left_only, right_only, summed_size = [], [], [], 1
    for i in range(left.ndim):
        size_l, size_r = left.data.shape[i], right.data.shape[i]
        if i in sum_dims:
            if size_l != 1 and size_r != 1:
                _same_size(size_l, size_r)
                summed_size *= size_l
            elif size_l != 1:
                left = sum(left, i, True)
            elif size_r != 1:
                right = sum(right, i, True)
        elif size_l != 1 and size_r != 1:
            _same_size(size_l, size_r)
            both.append(i)
        elif size_l != 1:
            left_only.append(i)
        else:
            right_only.append(i)
    if left_only and right_only and right_only[-1] < left_only[0]:
        # torch swaps the operands when that makes the bmm's result the output's order
        left, right, left_only, right_only = right, left, right_only, left_only
    out_size = ([left.data.shape[d] for d in both + left_only] + [1] * len(sum_dims)
                + [right.data.shape[d] for d in right_only])
    n_both, n_left, n_right = (math.prod(left.data.shape[d] for d in both),
                               math.prod(left.data.shape[d] for d in left_only),
                               math.prod(right.data.shape[d] for d in right_only))
    left = reshape(permute(left, both + left_only + sum_dims + right_only),
                   n_both, n_left, summed_size)
    right = reshape(permute(right, both + sum_dims + right_only + left_only),
                    n_both, summed_size, n_right)
    if left.dtype is not right.dtype:
        raise runtime_error(f"expected scalar type {left.dtype.cpp} but found {right.dtype.cpp}")
    order = both + left_only + sum_dims + right_only
    inverse = [order.index(d) for d in range(len(order))]
    return permute(view(bmm(left, right), *out_size), inverse)


def _same_size(size_l: int, size_r: int) -> None:
    if size_l != size_r:
        raise runtime_error("non-broadcast dimensions must match")
