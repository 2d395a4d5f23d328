"""The op table's rows for convolution and pooling (see ops.py for what a row says); ops.py
loads them with `define(defop)`. The arithmetic is in convkit.py.

Window parameters are tuples over the planes' 2 or 3 dims (a 1-D op's height is 1); `out` is
the output's sizes over them. The check proves convolution and average pooling as
contractions over their windows (`unfold` gives the einsum's operands by moving elements
only), max pooling as a selection.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import convkit as C


def _conv_contraction(patches, weights, **params) -> tuple[str, float]:
    return "ngkl,gok->ngol", 1.0


def _as_it_is(shape, **params) -> tuple[str, float]:
    """im2col's windows are its product's one operand, unchanged."""
    indices = "abc"[:len(shape)]
    return f"{indices}->{indices}", 1.0


def _avg_contraction(windows, *, divisors, **params) -> tuple[str, np.ndarray]:
    return "mkl->ml", 1 / divisors  # (one divisor per window: the scale broadcasts over planes)


def _adaptive_contraction(windows, *, out, extents) -> tuple[str, np.ndarray]:
    return "mlk->ml", 1 / extents.prod(axis=1)


def define(defop: Callable) -> None:
    """Add the rows to the table."""
    # torch's convolution saves its input and weight whichever of them needs a gradient (the
    # bias's reads neither)
    defop("convolution", "ConvolutionBackward0", C.conv, C.conv_vjp, ("ab", "ab"),
          C.conv_sym, contraction=_conv_contraction, unfold=C.conv_operands)
    # conv_transpose1d/2d: torch's convolution with transposed=True, the same grad_fn
    defop("convolution_transpose", "ConvolutionBackward0", C.conv_transpose,
          C.conv_transpose_vjp, ("ab", "ab"), C.conv_transpose_sym,
          contraction=_conv_contraction, unfold=C.conv_transpose_operands)
    # F.unfold / F.fold, and the windows of the convolution's and pooling's gradients
    defop("im2col", "Im2ColBackward0", C.im2col,
          lambda xp, g, o, a, kernel, dilation, padding, stride, out: (
              xp.col2im(g, a.shape[-len(kernel):], kernel, dilation, padding, stride, out),),
          contraction=_as_it_is,
          unfold=lambda a, **params: (C.im2col(a, **params),))
    defop("col2im", "Col2ImBackward0", C.col2im,
          lambda xp, g, o, cols, size, kernel, dilation, padding, stride, out: (
              xp.im2col(g, kernel, dilation, padding, stride, out),))
    for n in (2, 3):
        _pooling_rows(defop, n)


def _duplicates(held, **params) -> str | None:
    """Max unpooling's rule: an index repeated (overlapping windows) keeps the later element,
    yet each gets the gradient at its index (the held values are the overwritten ones)."""
    return None if held is None else \
        "duplicate indices: checked against torch's rule, which passes each index its gradient"


def _pooling_rows(defop: Callable, n: int) -> None:
    """Max, average and adaptive pooling and max unpooling over n dims (1-D pooling is 2-D's
    over a height of 1), each grad_fn named for its dims as torch's."""
    def take(a, index):
        return C.take_planes(a, index, n)

    def max_vjp(xp, g, o, a, index):
        return C.max_pool_vjp(xp, g, o, a, index, n)

    # (the index: where each element goes in its plane; linear in the values)
    defop(f"max_unpool{n}d", f"MaxUnpool{n}DBackward0", C.max_unpool, C.max_unpool_vjp, "k",
          linear=True, differentiated=C.max_unpool_differentiated, rule=_duplicates)
    defop(f"max_pool{n}d", f"MaxPool{n}DWithIndicesBackward0", take, max_vjp, "ak",
          elements_read="selection")
    defop(f"adaptive_max_pool{n}d", f"AdaptiveMaxPool{n}DBackward0", take, max_vjp, "ak",
          elements_read="selection")
    defop(f"fractional_max_pool{n}d", f"FractionalMaxPool{n}DBackward0", take, max_vjp, "ak",
          elements_read="selection")
    defop(f"avg_pool{n}d", f"AvgPool{n}DBackward0", C.avg_pool, C.avg_pool_vjp, "a",
          contraction=_avg_contraction, unfold=C.avg_pool_operands)
    # (output size 1 is a mean, as torch's)
    defop(f"adaptive_avg_pool{n}d", f"AdaptiveAvgPool{n}DBackward0", C.adaptive_avg_pool,
          lambda xp, g, o, a, out, extents: (
              xp.adaptive_avg_pool_backward(g, a, out, extents),), "a",
          contraction=_adaptive_contraction, unfold=C.adaptive_avg_pool_operands)
    # (its gradient, under create_graph: linear in the gradient, constant in the input)
    defop(f"adaptive_avg_pool{n}d_backward", f"AdaptiveAvgPool{n}DBackwardBackward0",
          C.adaptive_avg_pool_backward,
          lambda xp, gg, o, g, a, out, extents: (xp.adaptive_avg_pool(gg, out, extents),
                                                 xp.zeros_like(gg)), ("", ""), linear=True)
