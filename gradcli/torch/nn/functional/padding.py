"""torch.nn.functional.pad over Tensors: at::pad's checks, in its order and words, then the op
table's rows (ops_padding.py): constant_pad_nd, or the kernel of a non-constant mode."""
from __future__ import annotations

import math

from gradcli.engine import ops_padding, runtime
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function

_MODES = ("constant", "reflect", "replicate", "circular")
_KERNELS = {"reflect": "reflection", "replicate": "replication"}
_SUPPORTED = ("Supported combinations for non-constant padding:\n"
              "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
              "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
              "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")


@torch_function('pad(Tensor input, SymIntArrayRef pad, c10::string_view mode="constant", '
                'double? value=None)',
                namespace="torch.nn.functional")
def pad(input: Tensor, pad, mode="constant", value=None) -> Tensor:
    pads = tuple(int(p) for p in pad)
    if mode not in _MODES:
        raise TorchError("NotImplementedError", f"Unrecognised padding mode {mode}")
    if len(pads) % 2:
        raise runtime_error("Padding length must be divisible by 2")
    if len(pads) > 2 * input.ndim:
        raise runtime_error("Padding length should be less than or equal to two times the input "
                            f"dimension but got padding length {len(pads)} and input of "
                            f"dimension {input.ndim}")
    _foresee(input, pads, input.data.itemsize if mode == "constant" else 8)
    if mode == "constant":
        return _constant(input, pads, 0.0 if value is None else value)
    if value is not None and value != 0:
        raise runtime_error(f'Padding mode "{mode}" doesn\'t take in value argument')
    dims = len(pads) // 2
    if input.ndim not in (dims + 1, dims + 2):
        raise TorchError("NotImplementedError", f"Padding size {len(pads)} is not supported for "
                         f"{input.ndim}D input tensor.\n{_SUPPORTED}")
    if mode == "circular":
        _check_circular(input.shape, pads)
        op = "circular_pad"
    else:
        _check_kernel(mode, input.shape, pads)
        op = f"{_KERNELS[mode]}_pad{dims}d"
    return apply(op, (input,), positions=ops_padding.padded_positions(input.shape, pads, mode))


@torch_function("constant_pad_nd(Tensor input, SymIntArrayRef pad, Scalar value=0)")
def constant_pad_nd(input: Tensor, pad, value=0) -> Tensor:
    pads = tuple(int(p) for p in pad)
    if len(pads) % 2:
        raise runtime_error(f"Length of pad must be even but instead it equals {len(pads)}")
    if len(pads) > 2 * input.ndim:
        raise runtime_error("Length of pad should be no more than twice the number of dimensions "
                            f"of the input. Pad length is {len(pads)}while the input has "
                            f"{input.ndim}dimensions.")
    _foresee(input, pads, input.data.itemsize)
    return _constant(input, pads, value)


def _foresee(input: Tensor, pads, itemsize: int) -> None:
    """The padded result refused before it is made (`itemsize` 8 for the other modes: their
    int64 positions): a pad of 10**9 is one allocation no limit would see until it is filled."""
    shape = list(input.shape)
    for k in range(len(pads) // 2):
        shape[-1 - k] = max(shape[-1 - k] + pads[2 * k] + pads[2 * k + 1], 0)
    runtime.current.foresee(math.prod(shape), itemsize, "the padded result")


def _constant(input: Tensor, pads, value) -> Tensor:
    for k in range(len(pads) // 2):
        if input.shape[input.ndim - 1 - k] + min(pads[2 * k], 0) + min(pads[2 * k + 1], 0) < 0:
            raise runtime_error("narrow(): length must be non-negative.")
    return apply("constant_pad_nd", (input,), pad=pads, value=value)


def _check_circular(shape, pads) -> None:
    for k in range(len(pads) // 2):
        size = shape[len(shape) - 1 - k]
        if pads[2 * k] > size or pads[2 * k + 1] > size:
            raise runtime_error("Padding value causes wrapping around more than once.")
        if size + pads[2 * k] + pads[2 * k + 1] <= 0:
            raise runtime_error("Negative padding value is resulting in an empty dimension")


def _check_kernel(mode: str, shape, pads) -> None:
    """The reflection and replication kernels' checks of their input and output sizes."""
    dims = len(pads) // 2
    batched = len(shape) == dims + 2
    if any(n == 0 for n in shape[1 if batched else 0:]):
        raise runtime_error(f"Expected {dims + 1}D or {dims + 2}D (batch mode) tensor with "
                            "possibly 0 batch size and other non-zero dimensions for input, but "
                            f"got: {list(shape)}")
    names = "WHD"[:dims]
    if mode == "reflect":
        for k in range(dims):
            dim = len(shape) - 1 - k
            left, right = pads[2 * k], pads[2 * k + 1]
            if left >= shape[dim] or right >= shape[dim]:
                raise runtime_error(f"Argument #{4 + 2 * k}: Padding size should be less than "
                                    "the corresponding input dimension, but got: padding "
                                    f"({left}, {right}) at dimension {dim} of input "
                                    f"{list(shape)}")
    out = ops_padding.padded_shape(shape, pads)
    if any(out[len(shape) - 1 - k] < 1 for k in range(dims)):
        sizes = [(n, shape[len(shape) - 1 - k], out[len(shape) - 1 - k])
                 for k, n in reversed(list(enumerate(names)))]
        sep = ", " if dims == 2 else " "
        raise runtime_error(f"input ({sep.join(f'{n}: {i}' for n, i, _ in sizes)}) is too small."
                            f" Calculated output {' '.join(f'{n}: {o}' for n, _, o in sizes)}")
