"""torch.nn.functional's negative log-likelihood losses of a distribution's parameters:
gaussian_nll_loss (torch's Python composition) and poisson_nll_loss (ATen's), op by op so that
their graphs have torch's nodes."""
from __future__ import annotations

import math

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch import _arguments as arguments
from gradcli.torch import _nn_signatures as signatures
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import creation, logical
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn.functional._common import check_nn, python_name, reduction_enum
from gradcli.torch.nn.functional.loss import _legacy, _reduced

_REDUCTIONS = ("none", "mean", "sum")
_ANY = arguments.Parser(logical.signatures("any"))


@torch_function(name="gaussian_nll_loss", namespace="torch.nn.functional")
@python_name("gaussian_nll_loss")
def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean") -> Tensor:
    """0.5 * (log(var) + (input - target) ** 2 / var), var clamped to eps in place under
    no_grad (its gradient is the unclamped one's), a homoscedastic var broadcast."""
    if isinstance(var, float):
        if var < 0:
            raise TorchError("ValueError", "var has negative entry/entries")
        var = var * creation.ones_like(input)
    elif _any_negative(var):
        raise TorchError("ValueError", "var has negative entry/entries")
    var = _homoscedastic(input, var)
    if reduction not in _REDUCTIONS:
        raise TorchError("ValueError", f"{reduction} is not valid")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return loss if reduction == "none" else loss.mean() if reduction == "mean" else loss.sum()


def _any_negative(var) -> bool:
    """torch.any(var < 0) as torch's Python code calls it."""
    if not isinstance(var, (Tensor, int, float)):  # Python's error at torch's `var < 0`
        raise TorchError("TypeError", f"'<' not supported between instances of "
                                      f"'{type_name(var)}' and 'int'")
    negative = var < 0
    if not isinstance(negative, Tensor):  # a number's bool: torch.any's parser refuses it
        _ANY.arguments((negative,), {}, None)
    return bool(logical.any_(negative).item())


def _homoscedastic(input, var):
    """var one dim short of input gets it back (size 1); else it must differ from input's
    size in one dim of size 1 at most, as torch's Python code checks."""
    if var.shape == input.shape:
        return var
    if input.shape[:-1] == var.shape:
        return var.unsqueeze(-1)
    if input.ndim == var.ndim and sum(v for i, v in zip(input.shape, var.shape) if i != v) == 1:
        return var
    raise TorchError("ValueError", "var is of incorrect size")


@torch_function(*signatures.NN["poisson_nll_loss"])
def poisson_nll_loss_aten(input, target, log_input, full, eps, reduction) -> Tensor:
    """ATen's: exp(x) - y * x (or x - y * log(x + eps)), plus Stirling's term of y where
    y > 1 when `full`, reduced."""
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + 0.5 * (2 * math.pi * target).log()
        loss += stirling.masked_fill(target <= 1, 0)
    return _reduced(loss, _REDUCTIONS[reduction])


@torch_function(name="poisson_nll_loss", namespace="torch.nn.functional")
@python_name("poisson_nll_loss")
def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean") -> Tensor:
    if size_average is not None or reduce is not None:
        reduction = _legacy(size_average, reduce, reduction)
    if reduction not in _REDUCTIONS:
        raise TorchError("ValueError", f"{reduction} is not a valid value for reduction")
    enum = reduction_enum(reduction)
    check_nn("poisson_nll_loss", input, target, log_input, full, eps, enum)
    return poisson_nll_loss_aten(input, target, log_input, full, eps, enum)

