"""torch.nn.functional's losses, linear and leaky_relu over Tensors: what F and the nn layers
call. torch's F is Python calling methods of its arguments and torch._C functions, whose checks
(and so errors) these functions make in the same order before gradcli computes."""
from __future__ import annotations

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.type_names import type_name
from gradcli.torch import _arguments as arguments
from gradcli.torch import _nn_signatures as signatures
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import linalg, reductions, selecting, shape
from gradcli.torch._tensor import pointwise as elementwise


def _size(obj):
    """obj.size() as F calls it: an AttributeError for what is not a tensor."""
    if not isinstance(obj, Tensor):
        raise TorchError("AttributeError", f"'{type_name(obj)}' object has no attribute 'size'")
    return obj.shape


def python_name(name: str):
    """Name a function as torch's (Python's messages for a bad call quote it)."""
    def named(fn):
        fn.__name__ = fn.__qualname__ = name
        return fn
    return named


_NN = {name: arguments.Parser(texts) for name, texts in signatures.NN.items()}
_REDUCTIONS = ("none", "mean", "sum")


def _nn(name: str, *args) -> None:
    """torch's checks of F's call of torch._C._nn.<name>(*args)."""
    _NN[name].arguments(args, {}, None)


def _reduction(reduction) -> int:
    """torch's _Reduction.get_enum."""
    if reduction not in _REDUCTIONS:
        raise TorchError("ValueError", f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS.index(reduction)


@torch_function(name="mse_loss", namespace="torch.nn.functional")
@python_name("mse_loss")
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    _check_target_size(input, target)
    d = dtypes.promote(input.dtype, target.dtype)
    a, b = elementwise._operands(input, target, d)
    _nn("mse_loss", a, b, _reduction(reduction))
    elementwise.float_kernel(a if d is input.dtype else b, "mse_cpu")
    return apply("mse_loss", (a, b), d, reduction=reduction)


@torch_function(name="l1_loss", namespace="torch.nn.functional")
@python_name("l1_loss")
def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """torch's composite l1_loss: |input - target|, then the reduction (MeanBackward0...)."""
    _check_target_size(input, target)
    _reduction(reduction)
    loss = elementwise.abs(elementwise.sub(input, target))
    if reduction == "none":
        return loss
    return reductions.mean(loss) if reduction == "mean" else reductions.sum(loss)


def _check_target_size(input, target) -> None:
    if _size(target) != _size(input):
        warn(f"Using a target size ({target.shape!r}) that is different to the input size "
             f"({input.shape!r}). This will likely lead to incorrect results due to "
             "broadcasting. Please ensure they have the same size.")


def implicit_softmax_dim(name: str, ndim: int) -> int:
    """torch's choice of a dim for F.softmax(x) without one (deprecated, with a warning)."""
    warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
         "include dim=X as an argument.")
    return 0 if ndim in (0, 1, 3) else 1


@torch_function(name="nll_loss", namespace="torch.nn.functional")
@python_name("nll_loss")
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
              reduction="mean"):
    _nn("nll_loss_nd", input, target, weight, _reduction(reduction), ignore_index)
    if input.ndim < 1:
        raise TorchError("ValueError", f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim != 1 and target.ndim and input.shape[0] != target.shape[0]:
        raise TorchError("ValueError", f"Expected input batch_size ({input.shape[0]}) to match "
                                       f"target batch_size ({target.shape[0]}).")
    if input.ndim <= 2:
        if target.ndim > 1:
            raise runtime_error("0D or 1D target tensor expected, multi-target not supported")
        return _nll(input, target, weight, reduction, ignore_index, "nll_loss")
    if input.ndim == 4:
        if target.ndim != 3:
            raise runtime_error("only batches of spatial targets supported (3D tensors) but got "
                                f"targets of dimension: {target.ndim}")
        if input.shape[2:] != target.shape[1:]:
            raise runtime_error(f"size mismatch (got input: {list(input.shape)} , target: "
                                f"{list(target.shape)}")
        return _nll(input, target, weight, reduction, ignore_index, "nll_loss2d")
    # torch's nll_loss_nd for (N, C, d1) or (N, C, d1, d2, d3...): nll_loss2d on views
    n, c = input.shape[:2]
    out_size = (n, *input.shape[2:])
    if target.shape[1:] != input.shape[2:]:
        raise runtime_error(f"Expected target size {list(out_size)}, got {list(target.shape)}")
    empty = input.numel() == 0
    flat = shape.view(shape.contiguous(input), n, c, *((0, 0) if empty else (1, -1)))
    flat_target = shape.view(shape.contiguous(target), n, *((0, 0) if empty else (1, -1)))
    out = _nll(flat, flat_target, weight, reduction, ignore_index, "nll_loss2d")
    return shape.view(out, *out_size) if reduction == "none" else out


def _nll(input, target, weight, reduction, ignore_index, op):
    """torch's nll_loss and nll_loss2d kernels' checks of weight and target, then the op."""
    classes = input.shape[1] if input.ndim > 1 else input.shape[0]
    if weight is not None and weight.numel() != classes:
        raise runtime_error("weight tensor should be defined either for all or no classes"
                            if op == "nll_loss2d" else
                            f"weight tensor should be defined either for all {classes} classes "
                            f"or no classes but got weight tensor of shape: "
                            f"{list(weight.shape)}")
    if target.dtype not in (dtypes.int64, dtypes.uint8):
        raise runtime_error(f"expected target dtype to be Long or Byte, but got "
                            f"{target.dtype.cpp}")
    labels = target.data[target.data != ignore_index]
    bad = labels[(labels < 0) | (labels >= classes)]
    if bad.size:
        raise TorchError("IndexError", f"Target {bad.flat[0]} is out of bounds.")
    w = None if weight is None else weight.data.astype(input.data.dtype)
    return apply(op, (input, target), reduction=reduction, weight=w, ignore_index=ignore_index)


@torch_function(name="cross_entropy", namespace="torch.nn.functional")
@python_name("cross_entropy")
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                   reduce=None, reduction="mean", label_smoothing=0.0):
    _nn("cross_entropy_loss", input, target, weight, _reduction(reduction), ignore_index,
        label_smoothing)
    class_dim = 1 if input.ndim > 1 else 0
    logp = reductions.log_softmax(input, dim=class_dim)
    if target.dtype.is_floating_point:  # class probabilities, computed as torch does
        terms = logp * target if weight is None else logp * target * _class_view(weight, input)
        if reduction == "none":
            return -reductions.sum(terms, dim=class_dim)
        total = -reductions.sum(terms)
        if reduction == "sum":
            return total
        return apply("div_scalar", (total,), other=input.data.size // input.data.shape[class_dim])
    loss = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if not label_smoothing:
        return loss
    return _smoothed(loss, logp, target, weight, ignore_index, reduction, label_smoothing,
                     class_dim)


def _class_view(weight, input):
    """weight shaped to broadcast along the class dim."""
    return weight.view(-1, *([1] * (input.ndim - 2))) if input.ndim > 1 else weight


def _smoothed(loss, logp, target, weight, ignore_index, reduction, eps, class_dim):
    """torch's label smoothing: (1 - eps) * nll + eps / classes * (-sum of log-probs)."""
    classes = logp.data.shape[class_dim]
    ignored = target == ignore_index
    terms = logp if weight is None else logp * _class_view(weight, logp)
    smooth = (-reductions.sum(terms, dim=class_dim)).masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = elementwise.logical_not(ignored)
        total = kept.sum() if weight is None else weight.gather(
            0, selecting.masked_select(target, kept).flatten()).sum()
        smooth = smooth.sum() / total
    elif reduction == "sum":
        smooth = smooth.sum()
    return (1 - eps) * loss + smooth * (eps / classes)


@torch_function(
    "linear(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor out=None)",
    namespace="torch.nn.functional",
)
def linear(input, weight, bias=None):
    wt = shape.t(weight)
    if bias is None:
        return linalg.matmul(input, wt)
    # torch folds any other input to 2-D around one addmm: View(Addmm(bias, View(x), T(W)))
    flat = input if input.ndim == 2 else shape.reshape(input, -1, input.data.shape[-1])
    out = linalg.addmm(bias, flat, wt)
    return out if input.ndim == 2 else shape.view(out, *input.data.shape[:-1], out.data.shape[-1])


@torch_function(name="binary_cross_entropy_with_logits", namespace="torch.nn.functional")
@python_name("binary_cross_entropy_with_logits")
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                     reduction="mean", pos_weight=None):
    enum = _reduction(reduction)
    if not _size(target) == _size(input):
        raise TorchError("ValueError", f"Target size ({target.shape!r}) must be the same as "
                                       f"input size ({input.shape!r})")
    _nn("binary_cross_entropy_with_logits", input, target, weight, pos_weight, enum)
    target = shape.to(target, input.dtype)
    elementwise.float_kernel(input, "log_sigmoid_cpu")
    w = _constant_weight("binary_cross_entropy_with_logits", "weight", weight, input)
    pw = _constant_weight("binary_cross_entropy_with_logits", "pos_weight", pos_weight, input)
    return apply("bce_logits", (input, target, w, pw), reduction=reduction,
                 weighted=pos_weight is not None, weight_given=weight is not None)


def _constant_weight(function: str, name: str, weight, input) -> Tensor:
    """A loss's weight as an input of its op (ones for None): torch differentiates none, and
    refuses one that requires grad while grad mode is on."""
    if weight is None:
        return Tensor(np.ones((), input.data.dtype))
    if weight.requires_grad and runtime.is_grad_enabled():
        raise runtime_error(f"The function '{function}' is not differentiable with respect to "
                            f"argument '{name}'. This input cannot have requires_grad True.")
    return shape.to(weight, input.dtype)


@torch_function(name="binary_cross_entropy", namespace="torch.nn.functional")
@python_name("binary_cross_entropy")
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    enum = _reduction(reduction)
    if _size(target) != _size(input):
        raise TorchError("ValueError", f"Using a target size ({target.shape!r}) that is "
                         f"different to the input size ({input.shape!r}) is deprecated. Please "
                         "ensure they have the same size.")
    _nn("binary_cross_entropy", input, target, weight, enum)
    w = _constant_weight("binary_cross_entropy", "weight", weight, input)
    return apply("bce", (input, shape.to(target, input.dtype), w), reduction=reduction,
                 weight_given=weight is not None)


@torch_function(name="leaky_relu", namespace="torch.nn.functional")
@python_name("leaky_relu")
def leaky_relu(input, negative_slope=0.01, inplace=False):
    _nn("leaky_relu", input, negative_slope)
    elementwise.float_kernel(input, "leaky_relu_cpu")
    return apply("leaky_relu", (input,), slope=negative_slope)


@torch_function(name="dropout", namespace="torch.nn.functional")
def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False):
    """F.dropout: torch's CPU recipe, input * (bernoulli(1 - p) / (1 - p)) (MulBackward0)."""
    if p < 0.0 or p > 1.0:
        raise TorchError("ValueError", f"dropout probability has to be between 0 and 1, but "
                                       f"got {p}")
    if not training or p == 0:
        return input
    dtype = input.data.dtype
    if p == 1:
        return input * Tensor(np.zeros((), dtype))
    keep = runtime.current.generator.bernoulli(input.numel(), 1 - p, input.dtype.name)
    keep = _in_memory_order(keep, input.data)
    noise = Tensor((keep / dtype.type(1 - p)).astype(dtype))
    return input.mul_(noise) if inplace else input * noise


def _in_memory_order(values: np.ndarray, like: np.ndarray) -> np.ndarray:
    """Values drawn one after another laid out as torch's empty_like(like) holds them: in
    memory order, which for a permuted dense tensor (a transpose) is not the logical order."""
    if like.flags.c_contiguous or like.ndim < 2:
        return values.reshape(like.shape)
    order = sorted(range(like.ndim), key=lambda d: -like.strides[d])
    dense = np.empty([like.shape[d] for d in order], like.dtype)
    if [like.strides[d] for d in order] != list(dense.strides):
        return values.reshape(like.shape)  # not a permutation of a dense block: contiguous
    return np.transpose(values.reshape(dense.shape), np.argsort(order))


@torch_function("bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)")
@torch_function(
    "bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)",
    namespace="torch.nn.functional",
)
@python_name("bilinear")
def bilinear(input1, input2, weight, bias=None):
    """torch.bilinear: ATen's checks in its order, then _trilinear on the inputs flattened to
    2-D (View(Trilinear)), and the bias added (AddBackward0)."""
    _check_bilinear(input1, input2, weight, bias)
    in1, in2 = input1.data.shape[-1], input2.data.shape[-1]
    flat1 = shape.reshape(input1, -1, in1)
    flat2 = shape.reshape(input2, -1, in2)
    out = apply("trilinear", (flat1, weight, flat2), expand1=(1, 3), expand2=(0,),
                expand3=(1, 2), sumdim=(2, 3))
    out = shape.view(out, *input1.data.shape[:-1], weight.data.shape[0])
    return out if bias is None else elementwise.add(out, bias)


def _check_bilinear(input1, input2, weight, bias) -> None:
    tensors = {"input1": input1, "input2": input2, "weight": weight}
    if bias is not None:
        tensors["bias"] = bias
    if len({t.dtype for t in tensors.values()}) > 1:
        named = ", ".join(f"{name}: {t.dtype.c}" for name, t in tensors.items())
        raise runtime_error(f"All tensors must have the same dtype, got {named}")
    if input1.ndim != input2.ndim:
        raise runtime_error(f"bilinear(): input dimensions do not match: got {input1.ndim} "
                            f"and {input2.ndim}")
    for dim in range(input1.ndim - 1):
        size1, size2 = input1.data.shape[dim], input2.data.shape[dim]
        if size1 != size2:
            raise runtime_error(f"bilinear(): input batch dimensions do not match at dim "
                                f"{dim}: got {size1} and {size2}")
    sizes = [weight.size(d) for d in range(3)]  # torch's IndexError for a weight of < 3 dims
    for name, given, want in (("input1", input1, sizes[1]), ("input2", input2, sizes[2])):
        if given.data.shape[-1] != want:
            raise runtime_error(f"bilinear(): {name} size does not match weight size: got "
                                f"{given.data.shape[-1]} but expected {want}")
    if bias is not None and bias.size(0) != sizes[0]:
        raise runtime_error(f"bilinear(): bias size does not match weight size: got "
                            f"{bias.size(0)} but expected {sizes[0]}")


@torch_function(name="one_hot", namespace="torch.nn.functional")
def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """F.one_hot: int64 rows with a 1 at each class index (no gradient: an integer result)."""
    if tensor.dtype is not dtypes.int64:
        raise runtime_error("one_hot is only applicable to index tensor of type LongTensor.")
    values = tensor.data
    if values.size and values.min() < 0:
        raise runtime_error("Class values must be non-negative.")
    if num_classes == -1:
        if not values.size:
            raise runtime_error("Can not infer total number of classes from empty tensor.")
        num_classes = int(values.max()) + 1
    elif values.size and values.max() >= num_classes:
        raise runtime_error("Class values must be smaller than num_classes.")
    out = np.zeros((*values.shape, num_classes), dtype=np.int64)
    np.put_along_axis(out, values[..., None], 1, axis=-1)
    return Tensor(out)
