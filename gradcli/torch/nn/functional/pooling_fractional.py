"""torch's F.fractional_max_pool2d/3d over Tensors (F's functions and the nn layers'): max
pooling over windows at pseudo-random starts. As torch's Python code, a missing
_random_samples is drawn with torch.rand (one (batch, channels, dims) draw from the global
generator, so that a seeded script draws torch's windows); then the builtin's checks in its
order and words, before the op runs (ops_conv.py)."""
from __future__ import annotations

from gradcli.engine import convkit
from gradcli.engine.errors import TorchError, runtime_error, value_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch._tensor import creation
from gradcli.torch.nn.functional._common import check_nn, check_pool_input, ints

F = "torch.nn.functional"
_DIMS = {2: ("height", "width"), 3: ("time", "height", "width")}


def _output_size(n: int, input, output_size, output_ratio):
    """F's output size: output_size, or the input's sizes times output_ratio (truncated)."""
    if output_size is not None:
        return output_size
    if output_ratio is None:
        raise value_error(f"fractional_max_pool{n}d requires specifying either an output_size "
                          "or an output_ratio")
    if n == 2 and len(output_ratio) > 2:
        raise value_error("fractional_max_pool2d requires output_ratio to either be a single "
                          "Int or tuple of Ints.")
    ratio = output_ratio if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * n
    if len(ratio) < n:
        raise TorchError("IndexError", "tuple index out of range")
    return [int(input.size(d - n) * ratio[d]) for d in range(n)]


def _check(n: int, input, kernel: list, sizes: list, samples) -> None:
    """The builtin's checks (its meta function, then fractional_max_pool_check_shape)."""
    name = f"fractional_max_pool{n}d"
    where = f"{name}()" if n == 2 else f"{name}_out()"
    words = "Ints" if n == 2 else "three Ints"
    for what, values in (("kernel_size", kernel), ("output_size", sizes)):
        if len(values) != n:
            raise runtime_error(f"{name}: {what} must either be a single Int or tuple of {words}")
    check_pool_input(input, n, f"{where}: Expected {n + 1}D or {n + 2}D tensor, but got: "
                     "{shape}", f"{where}: Expected input to have non-zero size for non-batch "
                     "dimensions, but got{shape} with dimension {dim} being empty.")
    checks = list(zip(_DIMS[n], input.shape[-n:], kernel, sizes))
    for dim, size, k, o in checks if n == 2 else [checks[i] for i in (0, 2, 1)]:
        if not (o + k - 1 <= size if n == 2 else o + k - 1 < size):  # (3-D: time, width, height)
            raise runtime_error(f"{where}: pool {dim} {k} too large relative to input {dim} "
                                f"{size}")
    if min(sizes) < 0:
        raise runtime_error(f"Trying to create tensor with negative dimension {min(sizes)}: "
                            f"{[*input.shape[:-n], *sizes]}")
    _check_samples(n, input, samples)


def _check_samples(n: int, input, samples) -> None:
    if samples.dtype is not input.dtype:
        raise runtime_error("Expect _random_samples to have the same dtype as input")
    if samples.ndim != 3:
        raise runtime_error(f"Expect _random_samples to have 3 dimensions, got {samples.ndim}")
    batch, channels = (1, input.shape[0]) if input.ndim == n + 1 else input.shape[:2]
    if samples.shape[0] < batch:
        raise runtime_error("Expect _random_samples.size(0) no less then input batch size.")
    if samples.shape[1] != channels:
        raise runtime_error("Expect _random_samples.size(1) equals to input channel size.")
    if samples.shape[2] != n:
        raise runtime_error(f"Expect _random_samples.size(2) equals to {n}; got "
                            f"{samples.shape[2]}.")


def _fractional(n: int, input, kernel_size, output_size, output_ratio, return_indices,
                _random_samples):
    attribute_of_tensor(input, "size")
    output_size = _output_size(n, input, output_size, output_ratio)
    if _random_samples is None:
        batch = 1 if input.ndim == n + 1 else input.size(0)
        _random_samples = creation.rand(batch, input.size(-n - 1), n, dtype=input.dtype)
    check_nn(f"fractional_max_pool{n}d", input, kernel_size, output_size, _random_samples)
    kernel, sizes = (ints(v) * (n if isinstance(v, int) else 1)
                     for v in (kernel_size, output_size))
    _check(n, input, kernel, sizes, _random_samples)
    index = convkit.fractional_max_index(input.data, tuple(kernel), tuple(sizes),
                                         _random_samples.data)
    values = apply(f"fractional_max_pool{n}d", (input,), index=index)
    return (values, Tensor(index)) if return_indices else values


@torch_function(name="fractional_max_pool2d", namespace=F)
def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional(2, input, kernel_size, output_size, output_ratio, return_indices,
                       _random_samples)


@torch_function(name="fractional_max_pool3d", namespace=F)
def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional(3, input, kernel_size, output_size, output_ratio, return_indices,
                       _random_samples)
