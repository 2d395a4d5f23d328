"""torch's adaptive_avg_pool3d and adaptive_max_pool2d/3d over Tensors (F's functions and the
nn layers'): windows from floor(i*in/out) to ceil((i+1)*in/out), with torch's checks, in its
order and words, before the op runs (ops_conv.py)."""
from __future__ import annotations

from gradcli.engine import convkit
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import reductions
from gradcli.torch.nn.functional._common import check_nn, check_pool_input, ints
from gradcli.torch.nn.functional.pooling import _with_input_sizes, foresee_adaptive

F = "torch.nn.functional"


def _output_sizes(output_size, n: int) -> list[int]:
    return ints(output_size) * (n if isinstance(output_size, int) else 1)


def _check_input(name: str, input, n: int) -> None:
    """torch's checks of an adaptive pooling's input: its dims, no empty non-batch dim."""
    got = "got: " if "max" in name else "got "
    check_pool_input(input, n, f"{name}(): Expected {n + 1}D or {n + 2}D tensor, but {got}"
                     "{shape}", f"{name}(): Expected input to have non-zero size for non-batch "
                     "dimensions, but input has sizes {shape} with dimension {dim} being empty")


def _floating(kernel: str, input) -> None:
    if not input.dtype.is_floating_point:
        raise TorchError("NotImplementedError",
                         f'"{kernel}" not implemented for \'{input.dtype.cpp}\'')


@torch_function(name="adaptive_avg_pool3d", namespace=F)
def adaptive_avg_pool3d(input, output_size) -> Tensor:
    """Output size 1 is the mean over the last three dims, as torch computes it."""
    output_size = _with_input_sizes(output_size, input.shape)
    check_nn("adaptive_avg_pool3d", input, output_size)
    sizes = _output_sizes(output_size, 3)
    if len(sizes) != 3:
        raise runtime_error("adaptive_avg_pool3d: output_size must be 3")
    if min(sizes) < 0:
        raise runtime_error("adaptive_avg_pool3d: elements of output_size must be greater "
                            f"than or equal to 0 but received {{{sizes[0]}, {sizes[1]},"
                            f"{sizes[2]}}}")
    if sizes == [1, 1, 1]:
        return reductions.mean(input, dim=(-1, -2, -3), keepdim=True)
    _check_input("adaptive_avg_pool3d", input, 3)
    _floating("adaptive_avg_pool3d_cpu", input)
    out = tuple(sizes)
    foresee_adaptive(input, out)
    extents = convkit.adaptive_windows(input.shape[-3:], out)[1]
    return apply("adaptive_avg_pool3d", (input,), out=out, extents=extents)


def _adaptive_max(n: int, input, output_size, return_indices: bool):
    """torch's adaptive_max_pool{n}d: each window's first maximum, and where it is in its
    plane."""
    name = f"adaptive_max_pool{n}d"
    output_size = _with_input_sizes(output_size, input.shape)
    check_nn(name, input, output_size)
    _check_input(name, input, n)
    sizes = _output_sizes(output_size, n)
    if len(sizes) != n:
        raise runtime_error(f"{name}(): internal error: output_size.size() must be {n}")
    if min(sizes) < 0:
        negative = next(s for s in sizes if s < 0)
        raise runtime_error(f"Trying to create tensor with negative dimension {negative}: "
                            f"{[*input.shape[:-n], *sizes]}")
    _floating(name if n == 2 else f"{name}_cpu", input)
    foresee_adaptive(input, tuple(sizes))
    index = convkit.adaptive_max_index(input.data, tuple(sizes))
    values = apply(name, (input,), index=index)
    return (values, Tensor(index)) if return_indices else values


@torch_function(name="adaptive_max_pool2d", namespace=F)
def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive_max(2, input, output_size, return_indices)


@torch_function(name="adaptive_max_pool3d", namespace=F)
def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _adaptive_max(3, input, output_size, return_indices)
