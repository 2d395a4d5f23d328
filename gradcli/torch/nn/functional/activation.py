"""torch.nn.functional's activations over Tensors (leaky_relu, gelu, elu, softplus, silu,
threshold; relu, sigmoid, tanh, softmax and log_softmax are torch/api.py's, over the tensor's
own methods): torch's checks, in torch's order, then the op table's rows (ops_nn.py)."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply, normalize_dim
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import attribute_of_tensor, takes_tensor, torch_function
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch._tensor import reductions
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
    check_nn("leaky_relu_" if inplace else "leaky_relu", input, negative_slope)
    float_kernel(input, "leaky_relu_cpu")
    if inplace:  # torch's leaky_relu_ saves its result (LeakyReluBackward1)
        return _LEAKY_RELU_INPLACE(input, negative_slope)
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
@torch_function("threshold_(Tensor input, Scalar threshold, Scalar value)",
                namespace="torch.nn.functional")
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


_LEAKY_RELU_INPLACE = _inplace(
    lambda t, slope: apply("leaky_relu_result", (t,), slope=slope), "leaky_relu_")
_ELU_INPLACE = _inplace(lambda t, alpha: apply("elu_result", (t,), alpha=alpha), "elu_")


_SILU_INPLACE = _inplace(lambda t: apply("silu", (t,)), "silu_")
_HARDSWISH_INPLACE = _inplace(lambda t: apply("hardswish", (t,)), "hardswish_")


def _scalar_as(input: Tensor, value):
    """A Scalar as torch's kernel compares with it: in the input's dtype (0.3 as float32)."""
    return np.asarray(value).astype(input.data.dtype)[()]


# ---- hardtanh, relu6, hardsigmoid, shrinks, logsigmoid, mish, celu, selu ---------------
@torch_function(name="hardtanh", namespace="torch.nn.functional")
@python_name("hardtanh")
def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0,
             inplace: bool = False) -> Tensor:
    if _python_greater(min_val, max_val):
        raise TorchError("ValueError", "min_val cannot be greater than max_val")
    check_nn("hardtanh", input, min_val, max_val)
    if inplace:  # torch's hardtanh_ saves its result
        return _HARDTANH_INPLACE(input, _scalar_as(input, min_val), _scalar_as(input, max_val))
    return apply("hardtanh", (input,), min_val=_scalar_as(input, min_val),
                 max_val=_scalar_as(input, max_val))


def _python_greater(a, b) -> bool:
    """`a > b` in torch's Python code: Python's TypeError where neither compares (a str), a
    tensor's truth (ambiguous unless one element) where one is a tensor."""
    comparable = (int, float, Tensor)
    if not (isinstance(a, comparable) and isinstance(b, comparable)):
        raise TorchError("TypeError", f"'>' not supported between instances of "
                                      f"'{type_name(a)}' and '{type_name(b)}'")
    return bool(a > b)


@torch_function(name="relu6", namespace="torch.nn.functional")
@python_name("relu6")
def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    return hardtanh(input, 0.0, 6.0, inplace)


def _unary_activation(name: str, kernel: str):
    """F.<name>(input, inplace=False) over the op of the same name (in place: <name>_)."""
    in_place = _inplace(lambda t: apply(name, (t,)), name + "_")

    @torch_function(name=name, namespace="torch.nn.functional")
    @python_name(name)
    def fn(input: Tensor, inplace: bool = False) -> Tensor:
        check_nn(name + "_" if inplace else name, input)
        float_kernel(input, kernel)
        return in_place(input) if inplace else apply(name, (input,))
    return fn


hardsigmoid = _unary_activation("hardsigmoid", "hardsigmoid_cpu")
mish = _unary_activation("mish", "mish_cpu")


@torch_function("hardshrink(Tensor input, Scalar lambd=0.5, *, Tensor out=None)",
                namespace=("torch", "torch.nn.functional"), method=True)
def hardshrink(input: Tensor, lambd=0.5) -> Tensor:
    float_kernel(input, "hardshrink_cpu")
    return apply("hardshrink", (input,), lambd=_scalar_as(input, lambd))


@torch_function("softshrink(Tensor input, Scalar lambd=0.5, *, Tensor out=None)",
                namespace="torch.nn.functional")
def softshrink(input: Tensor, lambd=0.5) -> Tensor:
    float_kernel(input, "softshrink_check")
    if not 0 <= lambd <= 3.4028234663852886e38:
        raise runtime_error(f"lambda must be in range [0, 3.40282e+38] for input dtype "
                            f"{input.dtype.cpp}, but found {lambd:g}")
    return apply("softshrink", (input,), lambd=_scalar_as(input, lambd))


@torch_function("logsigmoid(Tensor input, *, Tensor out=None)", namespace="torch.nn.functional")
def logsigmoid(input: Tensor) -> Tensor:
    float_kernel(input, "log_sigmoid_cpu")
    return apply("log_sigmoid", (input,))


@torch_function("celu(Tensor input, Scalar alpha=1.0)")
def torch_celu(input: Tensor, alpha=1.0) -> Tensor:
    _celu_checks(input, alpha)
    return apply("celu", (input,), alpha=alpha)


def _celu_checks(input: Tensor, alpha) -> None:
    if alpha == 0:
        raise runtime_error("ZeroDivisionError: alpha cannot be 0 for CELU")
    float_kernel(input, "elu_cpu")


@torch_function("selu(Tensor input)")
def torch_selu(input: Tensor) -> Tensor:
    float_kernel(input, "elu_cpu")
    return apply("selu", (input,))


@torch_function(name="celu", namespace="torch.nn.functional")
@python_name("celu")
def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    check_nn("celu_" if inplace else "celu", input, alpha)
    if inplace:
        _celu_checks(input, alpha)
        return _CELU_INPLACE(input, alpha)
    return torch_celu(input, alpha)


@torch_function(name="selu", namespace="torch.nn.functional")
@python_name("selu")
def selu(input: Tensor, inplace: bool = False) -> Tensor:
    check_nn("selu_" if inplace else "selu", input)
    if inplace:
        float_kernel(input, "elu_cpu")
        return _SELU_INPLACE(input)
    return torch_selu(input)


# ---- softsign, tanhshrink, softmin: compositions, as torch's -------------------------------
@torch_function(name="softsign", namespace="torch.nn.functional")
@python_name("softsign")
def softsign(input):
    attribute_of_tensor(input, "abs")  # torch's Python code calls input.abs()
    return elementwise.div(input, elementwise.add(elementwise.abs(input), 1))


@torch_function(name="tanhshrink", namespace="torch.nn.functional")
@python_name("tanhshrink")
def tanhshrink(input):
    attribute_of_tensor(input, "tanh")
    return elementwise.sub(input, elementwise.tanh(input))


@torch_function(name="softmin", namespace="torch.nn.functional")
@python_name("softmin")
def softmin(input: Tensor, dim=None, _stacklevel: int = 3, dtype=None) -> Tensor:
    if dim is None:
        dim = implicit_softmax_dim("softmin", attribute_of_tensor(input, "dim").ndim)
    return reductions.softmax(elementwise.neg(input), dim, dtype)


_HARDTANH_INPLACE = _inplace(
    lambda t, min_val, max_val: apply("hardtanh_result", (t,), min_val=min_val,
                                      max_val=max_val), "hardtanh_")
_CELU_INPLACE = _inplace(lambda t, alpha: apply("celu_result", (t,), alpha=alpha), "celu_")
_SELU_INPLACE = _inplace(lambda t: apply("selu_result", (t,)), "selu_")


@torch_function(name="glu", namespace="torch.nn.functional")
@python_name("glu")
def glu(input: Tensor, dim: int = -1) -> Tensor:
    if attribute_of_tensor(input, "dim").ndim == 0:
        raise runtime_error("glu does not support scalars because halving size must be even")
    check_nn("glu", input, dim)
    float_kernel(input, "glu_cpu")
    d = normalize_dim(dim, input.ndim)
    if input.shape[d] % 2:
        raise runtime_error(f"Halving dimension must be even, but dimension {d} is size "
                            f"{input.shape[d]}")
    return apply("glu", (input,), dim=d)


# ---- F.relu_, F.elu_, ...: torch's in-place builtins, each its function with inplace=True ----
_F = "torch.nn.functional"


@torch_function("relu_(Tensor input)", namespace=_F)
def relu_(input: Tensor) -> Tensor:
    return input.relu_()


@torch_function("elu_(Tensor input, Scalar alpha=1.0)", namespace=_F)
def elu_(input: Tensor, alpha=1.0) -> Tensor:
    return elu(input, alpha, inplace=True)


@torch_function("leaky_relu_(Tensor input, Scalar negative_slope=0.01)", namespace=_F)
def leaky_relu_(input: Tensor, negative_slope=0.01) -> Tensor:
    return leaky_relu(input, negative_slope, inplace=True)


@torch_function("hardtanh_(Tensor input, Scalar min_val=-1, Scalar max_val=1)", namespace=_F)
def hardtanh_(input: Tensor, min_val=-1.0, max_val=1.0) -> Tensor:
    return hardtanh(input, min_val, max_val, inplace=True)


@torch_function("celu_(Tensor input, Scalar alpha=1.0)")
@torch_function("celu_(Tensor input, Scalar alpha=1.0)", namespace=_F)
def celu_(input: Tensor, alpha=1.0) -> Tensor:
    return celu(input, alpha, inplace=True)


@torch_function("selu_(Tensor input)")
@torch_function("selu_(Tensor input)", namespace=_F)
def selu_(input: Tensor) -> Tensor:
    return selu(input, inplace=True)
