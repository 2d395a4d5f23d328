"""torch's F.lp_pool1d/2d/3d and F.local_response_norm: Python functions of torch's over its
pooling builtins, written here as torch writes them (each step one op, so that the graph and
its grad_fn names are torch's)."""
from __future__ import annotations

import math

from gradcli.engine.errors import value_error
from gradcli.engine.tensor import Tensor
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch._tensor import pointwise, shape
from gradcli.torch.nn.functional import pooling, pooling3d
from gradcli.torch.nn.functional.padding import pad

F = "torch.nn.functional"


def _lp_pool(n: int, max_pool, avg_pool, input, norm_type, kernel_size, stride, ceil_mode,
             window: int) -> Tensor:
    """torch's lp_pool{n}d: (sum over each window of x**p) ** (1/p), as the window's mean
    times its size; p = ±inf is max pooling of |x| (of -|x|, negated)."""
    attribute_of_tensor(input, "pow")
    if norm_type == math.inf:
        return max_pool(pointwise.abs(input), kernel_size, stride, 0, 1, ceil_mode)
    if norm_type == -math.inf:
        return pointwise.neg(max_pool(pointwise.neg(pointwise.abs(input)), kernel_size, stride,
                                      0, 1, ceil_mode))
    powered = pointwise.pow(input, norm_type)
    if n == 1:  # (torch.avg_pool1d: no divisor_override, its stride defaults to [])
        out = avg_pool(powered, kernel_size, () if stride is None else stride, 0, ceil_mode)
    else:
        out = avg_pool(powered, kernel_size, stride, 0, ceil_mode)
    kept = pointwise.mul(pointwise.sign(out), pointwise.relu(pointwise.abs(out)))
    return pointwise.pow(pointwise.mul(kept, window), 1.0 / norm_type)


def _window(kernel_size, n: int):
    """What torch's lp_pool{n}d multiplies the mean by: the kernel's size (lp_pool1d's
    kernel_size as it is, an int)."""
    if n == 1:
        return kernel_size
    sizes = tuple(kernel_size) if isinstance(kernel_size, (tuple, list, str)) else \
        (kernel_size,) * n
    if len(sizes) != n:
        raise value_error(f"too many values to unpack (expected {n})" if len(sizes) > n else
                          f"not enough values to unpack (expected {n}, got {len(sizes)})")
    return math.prod(sizes)


@torch_function(name="lp_pool1d", namespace=F)
def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False) -> Tensor:
    return _lp_pool(1, pooling.max_pool1d, pooling.avg_pool1d, input, norm_type, kernel_size,
                    stride, ceil_mode, _window(kernel_size, 1))


@torch_function(name="lp_pool2d", namespace=F)
def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False) -> Tensor:
    return _lp_pool(2, pooling.max_pool2d, pooling.avg_pool2d, input, norm_type, kernel_size,
                    stride, ceil_mode, _window(kernel_size, 2))


@torch_function(name="lp_pool3d", namespace=F)
def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False) -> Tensor:
    return _lp_pool(3, pooling3d.max_pool3d, pooling3d.avg_pool3d, input, norm_type,
                    kernel_size, stride, ceil_mode, _window(kernel_size, 3))


@torch_function(name="local_response_norm", namespace=F)
def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0) -> Tensor:
    """torch's: input / (k + alpha * mean of input² over `size` neighbouring channels)^beta,
    the mean an average pooling over the channels padded with zeros."""
    dim = attribute_of_tensor(input, "dim").ndim
    if dim < 3:
        raise value_error("Expected 3D or higher dimensionality                          "
                          f"input (got {dim} dimensions)")
    if input.data.size == 0:
        return input
    div = pointwise.mul(input, input)
    if dim == 3:
        div = pad(shape.unsqueeze(div, 1), (0, 0, size // 2, (size - 1) // 2))
        div = shape.squeeze(pooling.avg_pool2d(div, (size, 1), stride=1), 1)
    else:
        sizes = input.shape
        div = shape.view(div, sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = shape.squeeze(pooling3d.avg_pool3d(div, (size, 1, 1), stride=1), 1)
        div = shape.view(div, *sizes)
    div = pointwise.pow(pointwise.add(pointwise.mul(div, alpha), k), beta)
    return pointwise.div(input, div)
