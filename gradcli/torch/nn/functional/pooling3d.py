"""torch's max_pool3d and avg_pool3d over Tensors (F's functions and the nn layers'), with
torch's checks, in its order and words (its pool3d_shape_check), before the op runs
(ops_conv.py: the 2-D rows' arithmetic over three dims)."""
from __future__ import annotations

from gradcli.engine import convkit
from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch import _arguments as arguments
from gradcli.torch._declare import torch_function
from gradcli.torch.nn.functional._common import check_nn
from gradcli.torch.nn.functional.pooling import _pool_pairs

F = "torch.nn.functional"


def _pool3d_geometry(name: str, input, kernel, stride, padding, dilation, ceil_mode,
                     avg: bool) -> tuple:
    """The output's (To, Ho, Wo): torch's pooling_output_shape per dim, then its
    pool3d_shape_check."""
    if input.ndim not in (4, 5):
        raise runtime_error("non-empty 4D or 5D (batch mode) tensor expected for input")
    out = []
    for n, k, s, p, d in zip(input.shape[-3:], kernel, stride, padding, dilation):
        if s == 0:
            raise runtime_error("stride should not be zero")
        if 2 * p > (k - 1) * d + 1:
            raise runtime_error(f"pad should be at most half of effective kernel size, but got "
                                f"pad={p}, kernel_size={k} and dilation={d}")
        out.append(convkit.pooled_size(n, k, s, p, d, ceil_mode))
    for what, values, short in (("kernel size", kernel, "k"), ("stride", stride, "d"),
                                ("dilation", dilation, "dilation")):
        if min(values) <= 0:
            shown = " ".join(f"{short}{dim}: {v}" for dim, v in zip("THW", values))
            raise runtime_error(f"{what} should be greater than zero, but got {shown}")
    _check_sizes(name, input, kernel, padding, out, avg)
    return tuple(out)


def _check_sizes(name: str, input, kernel, padding, out, avg: bool) -> None:
    """The end of torch's pool3d_shape_check: the input's sizes against the window's."""
    size = input.shape[-3:]
    if 0 in size:
        where = "avg_pool3d()" if avg else "max_pool3d_with_indices_out_cpu_template()"
        dim = size.index(0)
        raise runtime_error(f"{where}: Expected input's non-batch dimensions to have positive "
                            f"length, but input has a shape of {list(input.shape)} and "
                            f"non-batch dimension {dim} has length zero!")
    if avg and any(n < k for n, k in zip(size, kernel)):
        raise runtime_error(f"input image (T: {size[0]} H: {size[1]} W: {size[2]}) smaller "
                            f"than kernel size (kT: {kernel[0]} kH: {kernel[1]} kW: "
                            f"{kernel[2]})")
    if any(k // 2 < p for k, p in zip(kernel, padding)):
        (kt, kh, kw), (pt, ph, pw) = kernel, padding
        raise runtime_error(f"pad should be smaller than or equal to half of kernel size, but "
                            f"got kT: {kt} kW: {kw} kH: {kh} padT: {pt} padW: {pw} padH: {ph}")
    if min(out) < 1:
        planes = input.shape[-4]
        raise runtime_error(f"Given input size: ({planes}x{'x'.join(map(str, size))}). "
                            f"Calculated output size: ({planes}x{'x'.join(map(str, out))}). "
                            "Output size is too small")


_MAX_POOL3D = ("max_pool3d(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] stride=[], "
               "IntArrayRef[3] padding=0, IntArrayRef[3] dilation=1, bool ceil_mode=False)")
_MAX_POOL3D_PARSER = arguments.Parser((_MAX_POOL3D,))


@torch_function(name="max_pool3d_with_indices", namespace=F)
def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False) -> tuple:
    check_nn("max_pool3d_with_indices", input, kernel_size, [] if stride is None else stride,
             padding, dilation, ceil_mode)
    return _max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode)


def _max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode) -> tuple:
    kernel, stride, padding, dilation = _pool_pairs("max_pool3d", kernel_size, stride, padding,
                                                    dilation, n=3)
    out = _pool3d_geometry("max_pool3d", input, kernel, stride, padding, dilation, ceil_mode,
                           avg=False)
    index = convkit.max_pool_index(input.data, kernel, stride, padding, dilation, out)
    return apply("max_pool3d", (input,), index=index), Tensor(index)


@torch_function(_MAX_POOL3D)
@torch_function(name="max_pool3d", namespace=F)
def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """F.max_pool3d (with return_indices, F.max_pool3d_with_indices)."""
    if return_indices:
        return max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    _MAX_POOL3D_PARSER.arguments((input, kernel_size, [] if stride is None else stride, padding,
                                  dilation, ceil_mode), {}, None)
    return _max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode)[0]


@torch_function(name="avg_pool3d", namespace=F)
def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None) -> Tensor:
    check_nn("avg_pool3d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
             divisor_override)
    kernel, stride, padding, _ = _pool_pairs("avg_pool3d", kernel_size, stride, padding, n=3)
    if divisor_override is not None and divisor_override == 0:
        raise runtime_error("divisor must be not zero")
    out = _pool3d_geometry("avg_pool3d", input, kernel, stride, padding, (1, 1, 1), ceil_mode,
                           avg=True)
    divisors = convkit.avg_divisors(input.shape[-3:], kernel, stride, padding, out,
                                    count_include_pad, divisor_override)
    return apply("avg_pool3d", (input,), kernel=kernel, stride=stride, padding=padding,
                 out=out, divisors=divisors)
