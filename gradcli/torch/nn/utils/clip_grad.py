"""torch.nn.utils' gradient clipping, ported from torch/nn/utils/clip_grad.py: on CPU torch
takes the per-tensor path (foreach kernels are for accelerators), so these are the same tensor
ops, under no_grad, in the same order. `foreach` changes nothing on CPU values."""
from __future__ import annotations

import math
import types
from collections.abc import Iterable

from gradcli.engine import runtime, trace
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch._tensor import methods  # noqa: F401  (installs Tensor.mul_, clamp_)
from gradcli.torch._tensor.creation import tensor
from gradcli.torch._tensor.pointwise import add, clamp, div
from gradcli.torch._tensor.reductions import norm
from gradcli.torch._tensor.shape import cat, narrow, stack, view
from gradcli.torch.autograd.grad import no_grad


def _tensors(parameters: Tensor | Iterable[Tensor]) -> list[Tensor]:
    return [parameters] if isinstance(parameters, Tensor) else list(parameters)


def _grads(parameters: list[Tensor]) -> list[Tensor]:
    return [p.grad for p in parameters if p.grad is not None]


def _recorded(name: str, parameters: list[Tensor], **params) -> None:
    """Tell the check (when it runs) which .grads a known function transformed, and how: it
    carries the gradients it verified through it (trace.GradTransform)."""
    if runtime.current.tracing:
        tensors = tuple(p for p in parameters if p.grad is not None)
        runtime.current.grad_transforms.append(trace.GradTransform(name, tensors, params))


def get_total_norm(tensors, norm_type: float = 2.0, error_if_nonfinite: bool = False,
                   foreach: bool | None = None) -> Tensor:
    """The norm of the tensors' norms: the norm of them all as one vector."""
    tensors, norm_type = _tensors(tensors), float(norm_type)
    if not tensors:
        return tensor(0.0)
    total = norm(stack([norm(t, norm_type) for t in tensors]), norm_type)
    if error_if_nonfinite and not math.isfinite(total.item()):
        raise runtime_error(
            f"The total norm of order {norm_type} for gradients from `parameters` is "
            "non-finite, so it cannot be clipped. To disable this error and scale the gradients "
            "by the non-finite norm anyway, set `error_if_nonfinite=False`")
    return total


def clip_grads_with_norm_(parameters, max_norm: float, total_norm: Tensor,
                          foreach: bool | None = None) -> None:
    """Each grad times min(max_norm / (total_norm + 1e-6), 1), in place."""
    parameters = _tensors(parameters)
    coefficient = _scaled(parameters, max_norm, total_norm)
    if coefficient is not None and coefficient.numel() == 1:  # (a total given: taken as given)
        _recorded("clip_grads_with_norm_", parameters, max_norm=float(max_norm),
                  total_norm=float(total_norm))


def _scaled(parameters: list[Tensor], max_norm: float, total_norm: Tensor) -> Tensor | None:
    """Each grad times min(max_norm / (total_norm + 1e-6), 1), in place: that coefficient
    (None without grads)."""
    with no_grad():
        grads = _grads(parameters)
        if not grads:
            return None
        coefficient = clamp(div(float(max_norm), add(total_norm, 1e-6)), max=1.0)
        for grad in grads:
            grad.mul_(coefficient)
        return coefficient


def clip_grad_norm_(parameters, max_norm: float, norm_type: float = 2.0,
                    error_if_nonfinite: bool = False, foreach: bool | None = None) -> Tensor:
    """Scale the grads so that their total norm is at most max_norm; return that norm."""
    is_generator = isinstance(parameters, types.GeneratorType)
    parameters = _tensors(parameters)
    if is_generator and not parameters:
        warn("`parameters` is an empty generator, no gradient clipping will occur.")
    with no_grad():
        total = get_total_norm(_grads(parameters), norm_type, error_if_nonfinite)
    if _scaled(parameters, max_norm, total) is not None:  # (the check works the total out)
        _recorded("clip_grad_norm_", parameters, max_norm=float(max_norm),
                  norm_type=float(norm_type))
    return total


def clip_grad_norm(parameters, max_norm: float, norm_type: float = 2.0,
                   error_if_nonfinite: bool = False, foreach: bool | None = None) -> Tensor:
    warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of "
         "`torch.nn.utils.clip_grad_norm_`.", "FutureWarning")
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value: float, foreach: bool | None = None) -> None:
    """Each grad clamped to [-clip_value, clip_value], in place."""
    clip_value, parameters = float(clip_value), _tensors(parameters)
    with no_grad():
        for grad in _grads(parameters):
            grad.clamp_(min=-clip_value, max=clip_value)
    _recorded("clip_grad_value_", parameters, clip_value=clip_value)


def parameters_to_vector(parameters: Iterable[Tensor]) -> Tensor:
    """torch.nn.utils.parameters_to_vector: every parameter flattened, one after another."""
    return cat([view(p, -1) for p in parameters])


def vector_to_parameters(vec: Tensor, parameters: Iterable[Tensor]) -> None:
    """torch.nn.utils.vector_to_parameters: each parameter's `.data` replaced by its slice."""
    if not isinstance(vec, Tensor):
        raise TorchError("TypeError", f"expected torch.Tensor, but got: {type_name(vec)}")
    pointer = 0
    for param in parameters:
        count = param.numel()
        param.set_data(view(narrow(vec, 0, pointer, count), *param.shape).alias)
        pointer += count


UTILS = {name: globals()[name] for name in (
    "clip_grad_norm_", "clip_grad_norm", "clip_grad_value_", "get_total_norm",
    "clip_grads_with_norm_", "parameters_to_vector", "vector_to_parameters")}
