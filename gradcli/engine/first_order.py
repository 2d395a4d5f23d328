"""Rows for the backward of an op that torch does not differentiate (multi_margin_loss's,
pdist's, ctc_loss's): under create_graph the gradient is that row's result, whose node torch
names and refuses to go through, with its error."""
from __future__ import annotations

from collections.abc import Callable

from . import symforms as S
from .opkit import NUMPY
from .optable import Op, defop


def defop_first_order(name: str, grad_fn: str, vjp: Callable, refuse: Callable[[], None],
                      reads_output: bool = False) -> Op:
    """torch's backward of an op as a row of its own (`name`): its value is `vjp` (the op's
    VJP, run on numpy) at (g, input) or, `reads_output`, (g, input, output); a pass that
    reaches its node gets torch's error from `refuse()`."""
    def forward(g, a, o=None, **params):
        return vjp(NUMPY, g, o, a, **params)[0]

    def no_form(*args, **params):
        raise S.TooIntricate(f"{name}, which torch does not differentiate")
    return defop(name, grad_fn, forward, lambda xp, gg, out, *inputs, **params: refuse(),
                 ("", "", "") if reads_output else ("", ""), no_form)


def through_row(name: str, reads_output: bool = False) -> Callable:
    """The op's VJP: the gradient as the `name` row's result (create_graph gets its node)."""
    def vjp(xp, g, o, a, **params):
        return (xp.op(name, g, a, o, **params) if reads_output else xp.op(name, g, a, **params),)
    return vjp
