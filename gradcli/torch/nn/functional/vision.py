"""torch's pixel_shuffle, pixel_unshuffle and channel_shuffle (torch.* and F.*) over Tensors:
ATen's checks, in its order and words, then the op table's rows (ops_shuffle.py)."""
from __future__ import annotations

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function

_BOTH = ("torch", "torch.nn.functional")


def _checked(name: str, input: Tensor, factor_name: str, factor) -> None:
    """The checks pixel_shuffle and pixel_unshuffle share: 3 dims at least, a positive factor."""
    if input.ndim < 3:
        raise runtime_error(f"{name} expects input to have at least 3 dimensions, but got input "
                            f"with {input.ndim} dimension(s)")
    if factor <= 0:
        raise runtime_error(f"{name} expects a positive {factor_name}, but got {factor}")


@torch_function("pixel_shuffle(Tensor input, int64_t upscale_factor)", namespace=_BOTH)
def pixel_shuffle(input: Tensor, upscale_factor) -> Tensor:
    _checked("pixel_shuffle", input, "upscale_factor", upscale_factor)
    channels, square = input.shape[-3], upscale_factor * upscale_factor
    if channels % square:
        raise runtime_error("pixel_shuffle expects its input's 'channel' dimension to be "
                            "divisible by the square of upscale_factor, but input.size(-3)="
                            f"{channels} is not divisible by {square}")
    return apply("pixel_shuffle", (input,), factor=upscale_factor)


@torch_function("pixel_unshuffle(Tensor input, int64_t downscale_factor)", namespace=_BOTH)
def pixel_unshuffle(input: Tensor, downscale_factor) -> Tensor:
    _checked("pixel_unshuffle", input, "downscale_factor", downscale_factor)
    for what, dim in (("height", -2), ("width", -1)):
        if input.shape[dim] % downscale_factor:
            raise runtime_error(f"pixel_unshuffle expects {what} to be divisible by "
                                f"downscale_factor, but input.size({dim})={input.shape[dim]} "
                                f"is not divisible by {downscale_factor}")
    return apply("pixel_unshuffle", (input,), factor=downscale_factor)


@torch_function("channel_shuffle(Tensor input, SymInt groups)", namespace=_BOTH)
def channel_shuffle(input: Tensor, groups) -> Tensor:
    if input.ndim <= 2:
        raise runtime_error(f"channel_shuffle expects input with > 2 dims, but got input with "
                            f"sizes {list(input.shape)}")
    if groups <= 0:
        raise runtime_error(f"Number of groups to divide channels in must be positive. Value of "
                            f"groups:{groups}")
    if input.shape[1] % groups:
        raise runtime_error(f"Number of channels must be divisible by groups. Got "
                            f"{input.shape[1]} channels and {groups} groups.")
    return apply("channel_shuffle", (input,), groups=groups)
