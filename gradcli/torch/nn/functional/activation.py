"""torch.nn.functional's activations over Tensors (leaky_relu, gelu, elu, softplus, silu,
threshold; relu, sigmoid, tanh, softmax and log_softmax are torch/api.py's, over the tensor's
own methods): torch's checks, in torch's order, then the op table's rows (ops_nn.py)."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import takes_tensor, torch_function
from gradcli.torch._tensor.inplace import _inplace
from gradcli.torch._tensor.pointwise import float_kernel
from gradcli.torch.nn.functional._common import check_nn, python_name


def implicit_softmax_dim(name: str, ndim: int) -> int:
    """torch's choice of a dim for F.softmax(x) without one (deprecated, with a warning)."""
    warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
         "include dim=X as an argument.")
    return 0 if ndim in (0, 1, 3) else 1


@torch_function(name="leaky_relu", namespace="torch.nn.functional")
@python_name("leaky_relu")
def leaky_relu(input, negative_slope=0.01, inplace=False):
    check_nn("leaky_relu", input, negative_slope)
    float_kernel(input, "leaky_relu_cpu")
    return apply("leaky_relu", (input,), slope=negative_slope)


@torch_function(name="gelu", namespace="torch.nn.functional")
@python_name("gelu")
@takes_tensor("gelu")
def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    if approximate not in ("none", "tanh"):
        raise runtime_error("approximate argument must be either none or tanh.")
    float_kernel(input, "GeluKernelImpl")
    return apply("gelu", (input,), approximate=approximate)


@torch_function(name="elu", namespace="torch.nn.functional")
@python_name("elu")
def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    check_nn("elu", input, alpha)
    float_kernel(input, "elu_cpu")
    if inplace:  # torch's elu_ saves its result (EluBackward1)
        return _ELU_INPLACE(input, alpha)
    return apply("elu", (input,), alpha=alpha)


@torch_function(name="softplus", namespace="torch.nn.functional")
@python_name("softplus")
def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    check_nn("softplus", input, beta, threshold)
    float_kernel(input, "softplus_cpu")
    return apply("softplus", (input,), beta=beta, threshold=threshold)


@torch_function(name="silu", namespace="torch.nn.functional")
@python_name("silu")
@takes_tensor("silu")
def silu(input: Tensor, inplace: bool = False) -> Tensor:
    float_kernel(input, "silu_cpu")
    return _SILU_INPLACE(input) if inplace else apply("silu", (input,))


@torch_function(name="hardswish", namespace="torch.nn.functional")
@python_name("hardswish")
@takes_tensor("hardswish")
def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    float_kernel(input, "hardswish_cpu")
    return _HARDSWISH_INPLACE(input) if inplace else apply("hardswish", (input,))


@torch_function("threshold(Tensor input, Scalar threshold, Scalar value, *, Tensor out=None)")
def threshold(input: Tensor, threshold, value) -> Tensor:
    """torch.threshold: value where input <= threshold (ThresholdBackward0)."""
    return apply("threshold", (input,), **_threshold_scalars(input, threshold, value))


def _threshold_scalars(input: Tensor, threshold, value) -> dict:
    # torch's kernel takes both scalars in the input's dtype (a float32 x <= float32(0.3))
    return {k: np.asarray(v).astype(input.data.dtype)[()]
            for k, v in (("threshold", threshold), ("value", value))}


@torch_function("threshold_(Tensor input, Scalar threshold, Scalar value)")
def threshold_(input: Tensor, threshold, value) -> Tensor:
    """torch.threshold_ (ThresholdBackward1, which reads its result): only with value <=
    threshold, where its slope is threshold's (beyond, torch passes the gradient of the
    replaced elements on, which no formula of x gives)."""
    scalars = _threshold_scalars(input, threshold, value)
    if scalars["value"] > scalars["threshold"]:
        raise TorchError("NotImplementedError", "threshold_ (and F.threshold(..., inplace="
                         "True)) with value > threshold is not supported by gradcli yet")
    return _THRESHOLD_INPLACE(input, **scalars)


_THRESHOLD_INPLACE = _inplace(
    lambda t, threshold, value: apply("threshold_result", (t,), threshold=threshold,
                                      value=value), "threshold_")


_ELU_INPLACE = _inplace(lambda t, alpha: apply("elu_result", (t,), alpha=alpha), "elu_")


_SILU_INPLACE = _inplace(lambda t: apply("silu", (t,)), "silu_")
_HARDSWISH_INPLACE = _inplace(lambda t: apply("hardswish", (t,)), "hardswish_")
