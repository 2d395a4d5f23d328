"""Gradients a pass never gave: a leaf the recorded forward reaches, or a retained non-leaf
whose node was skipped, that backward() left untouched. Each is checked like a touched one,
as having received zero: where sympy's derivative is not zero, the gradient is missing (a
custom Function's backward that returned None for an input that requires grad, an op whose
backward drops an input), and the row is a mismatch; elsewhere nothing is shown."""
from __future__ import annotations

from .records import TooLarge, leaf_records


def note(tensor) -> str:
    said = "is None" if tensor._grad is None else "was left as it was"
    return f"received no gradient in this pass (.grad {said}), but sympy's derivative is not zero"


def untouched(record, touched: list) -> list:
    """The tensors backward() should have given a gradient and did not, in the order met."""
    if record.capture:  # (autograd.grad: its inputs' None is allow_unused's to judge)
        return []
    roots = [getattr(r, "_record", None) for r in record.roots]
    given = {id(t) for t in touched}
    wanted = None if record.inputs is None else {id(t) for t in record.inputs}
    found: dict = {}
    try:
        for root in roots:
            for leaf in ([] if root is None else leaf_records(root)):
                found.setdefault(id(leaf.tensor), leaf.tensor)
    except TooLarge:  # (no path checks such a graph: nor can a missing gradient be seen)
        return []
    for t in record.skipped:
        found.setdefault(id(t), t)
    return [t for key, t in found.items() if key not in given and t.requires_grad and
            (wanted is None or key in wanted)]
