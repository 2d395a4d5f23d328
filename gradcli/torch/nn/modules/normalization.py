"""torch.nn's LayerNorm, BatchNorm1d and Embedding, the smooth activations (GELU, ELU,
Softplus, SiLU) and the Huber-style losses, as built-in classes deriving from nn.Module: each
torch's __init__ (parameters, buffers and their initialisation in torch's order), its forward
over torch.nn.functional, and the extra_repr torch prints."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.sandbox.objects import ClassMethod, ScriptClass, ScriptFunction, ScriptInstance
from gradcli.torch._tensor import creation
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn import init
from gradcli.torch.nn.functional import activation, loss
from gradcli.torch.nn.functional import normalization as nn_norm
from gradcli.torch.nn.functional.sparse import embedding, padding_index
from gradcli.torch.nn.modules.module import layer_class, register_buffer, set_fields


def _get(self: ScriptInstance, *names: str) -> list:
    return [self.attributes[n] for n in names]


def _filled(shape: tuple, fill: Callable, dtype) -> Parameter:
    """torch.empty(shape) as a Parameter, then filled by an nn.init function."""
    weight = Parameter(creation.empty(*shape, dtype=dtype))
    fill(weight)
    return weight


# ---- LayerNorm ------------------------------------------------------------------------------
def _layer_norm_init(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True,
                     device=None, dtype=None) -> None:
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else \
        tuple(normalized_shape)
    set_fields(self, normalized_shape=shape, eps=eps, elementwise_affine=elementwise_affine)
    affine = elementwise_affine
    self.attributes["weight"] = _filled(shape, init.ones_, dtype) if affine else None
    self.attributes["bias"] = _filled(shape, init.zeros_, dtype) if affine and bias else None


LAYER_NORM = layer_class(
    "LayerNorm", _layer_norm_init,
    lambda self, input: nn_norm.layer_norm(input, *_get(self, "normalized_shape", "weight",
                                                        "bias", "eps")),
    lambda self: "{}, eps={}, elementwise_affine={}, bias={}".format(
        *_get(self, "normalized_shape", "eps", "elementwise_affine"),
        self.attributes["bias"] is not None),
    fields=("normalized_shape", "eps", "elementwise_affine", "weight", "bias"))


# ---- BatchNorm1d ----------------------------------------------------------------------------
def _batch_norm_init(self, num_features, eps=1e-5, momentum=0.1, affine=True,
                     track_running_stats=True, device=None, dtype=None, *, bias=True) -> None:
    set_fields(self, num_features=num_features, eps=eps, momentum=momentum, affine=affine,
            track_running_stats=track_running_stats)
    shape = (num_features,)
    self.attributes["weight"] = _filled(shape, init.ones_, dtype) if affine else None
    self.attributes["bias"] = _filled(shape, init.zeros_, dtype) if affine and bias else None
    stats = track_running_stats
    register_buffer(self, "running_mean", creation.zeros(*shape, dtype=dtype) if stats else None)
    register_buffer(self, "running_var", creation.ones(*shape, dtype=dtype) if stats else None)
    register_buffer(self, "num_batches_tracked",
                    creation.tensor(0, dtype=dtypes.int64) if stats else None)


def _batch_norm_forward(self, input: Tensor) -> Tensor:
    """torch's _BatchNorm.forward: count the batch, pick the averaging factor, normalise with
    the batch's statistics in training (or without running ones), else the running ones."""
    if self.cls.name == "BatchNorm2d":
        if input.ndim != 4:
            raise TorchError("ValueError", f"expected 4D input (got {input.ndim}D input)")
    elif input.ndim not in (2, 3):
        raise TorchError("ValueError", f"expected 2D or 3D input (got {input.ndim}D input)")
    momentum, training, tracked = _get(self, "momentum", "training", "num_batches_tracked")
    factor = 0.0 if momentum is None else momentum
    if training and self.attributes["track_running_stats"] and tracked is not None:
        with no_grad():
            tracked.add_(1)
        factor = 1.0 / float(tracked.item()) if momentum is None else momentum
    mean, var = _get(self, "running_mean", "running_var")
    use_batch = training or (mean is None and var is None)
    keep = not training or self.attributes["track_running_stats"]
    return nn_norm.batch_norm(input, mean if keep else None, var if keep else None,
                              *_get(self, "weight", "bias"), use_batch, factor,
                              self.attributes["eps"])


def _batch_norm_class(name: str) -> ScriptClass:
    """BatchNorm1d over (N, C) or (N, C, L); BatchNorm2d over (N, C, H, W): the same module."""
    return layer_class(
        name, _batch_norm_init, _batch_norm_forward,
        lambda self: "{}, eps={}, momentum={}, affine={}, bias={}, track_running_stats={}".format(
            *_get(self, "num_features", "eps", "momentum", "affine"),
            self.attributes["bias"] is not None, self.attributes["track_running_stats"]),
        fields=("num_features", "eps", "momentum", "affine", "track_running_stats", "weight",
                "bias", "running_mean", "running_var", "num_batches_tracked"))


BATCH_NORM_1D, BATCH_NORM_2D = _batch_norm_class("BatchNorm1d"), _batch_norm_class("BatchNorm2d")


# ---- Embedding ------------------------------------------------------------------------------
def _embedding_init(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                    norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                    _freeze=False, device=None, dtype=None) -> None:
    set_fields(self, num_embeddings=num_embeddings, embedding_dim=embedding_dim,
            padding_idx=padding_index(padding_idx, num_embeddings), max_norm=max_norm,
            norm_type=norm_type, scale_grad_by_freq=scale_grad_by_freq)
    if _weight is not None:  # from_pretrained's table, shared
        if list(_weight.shape) != [num_embeddings, embedding_dim]:
            raise TorchError("AssertionError",
                             "Shape of weight does not match num_embeddings and embedding_dim")
        self.attributes["weight"] = Parameter(_weight, requires_grad=not _freeze)
        self.attributes["sparse"] = sparse
        return
    # torch's reset_parameters: normal_(0, 1), then the padding row zeroed
    weight = self.attributes["weight"] = _filled((num_embeddings, embedding_dim), init.normal_,
                                                 dtype)
    self.attributes["sparse"] = sparse
    padding = self.attributes["padding_idx"]
    if padding is not None:
        zeroed = weight.data.copy()
        zeroed[padding] = 0
        with no_grad():
            weight.copy_(Tensor(zeroed))


def _from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None,
                     norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    """Embedding.from_pretrained: a module around the given table (frozen by default)."""
    if embeddings.ndim != 2:
        raise TorchError("AssertionError", "Embeddings parameter is expected to be 2-dimensional")
    rows, cols = embeddings.shape
    return cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse,
               _weight=embeddings, _freeze=freeze)


def _embedding_repr(self) -> str:
    padding, max_norm, norm_type, by_freq, sparse = _get(
        self, "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse")
    parts = ["{}, {}".format(*_get(self, "num_embeddings", "embedding_dim"))]
    parts += [f"padding_idx={padding}"] if padding is not None else []
    parts += [f"max_norm={max_norm}"] if max_norm is not None else []
    parts += [f"norm_type={norm_type}"] if norm_type != 2 else []
    parts += [f"scale_grad_by_freq={by_freq}"] if by_freq is not False else []
    parts += ["sparse=True"] if sparse is not False else []
    return ", ".join(parts)


EMBEDDING = layer_class(
    "Embedding", _embedding_init,
    lambda self, input: embedding(input, *_get(
        self, "weight", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse")),
    _embedding_repr,
    fields=("num_embeddings", "embedding_dim", "padding_idx", "max_norm", "norm_type",
            "scale_grad_by_freq", "sparse", "weight"))
EMBEDDING.namespace["from_pretrained"] = ClassMethod(
    ScriptFunction("Embedding.from_pretrained", _from_pretrained))


# ---- activations and losses -----------------------------------------------------------------
def _activation(name: str, fn: Callable, repr_: Callable, **defaults: Any) -> ScriptClass:
    """An activation module: its settings (torch's parameter order) passed on to F's fn."""
    names = tuple(defaults)

    def init_(self, *args, **kwargs):
        values = {**defaults, **dict(zip(names, args)), **kwargs}
        unknown = set(values) - set(names)
        if unknown or len(args) > len(names):
            raise TypeError(f"{name}.__init__() got an unexpected keyword argument "
                            f"'{sorted(unknown)[0]}'" if unknown else
                            f"{name}.__init__() takes from 1 to {len(names) + 1} positional "
                            f"arguments but {len(args) + 1} were given")
        set_fields(self, **values)

    def forward(self, input):
        return fn(input, **{n: self.attributes[n] for n in names})
    return layer_class(name, init_, forward, lambda self: repr_(*_get(self, *names)),
                       fields=names)


def _loss(name: str, fn: Callable, option: str, legacy: bool) -> ScriptClass:
    """HuberLoss(reduction, delta) / SmoothL1Loss(size_average, reduce, reduction, beta)."""
    def init_(self, *args, **kwargs):
        names = ("size_average", "reduce", "reduction", option) if legacy else \
            ("reduction", option)
        values = {"reduction": "mean", option: 1.0, **dict(zip(names, args)), **kwargs}
        set_fields(self, reduction=values["reduction"], **{option: values[option]})

    def forward(self, input, target):
        return fn(input, target, reduction=self.attributes["reduction"],
                  **{option: self.attributes[option]})
    return layer_class(name, init_, forward, lambda self: "", fields=("reduction", option))


GELU = _activation("GELU", activation.gelu, lambda a: f"approximate={a!r}", approximate="none")
ELU = _activation("ELU", activation.elu,
                  lambda alpha, inplace: f"alpha={alpha}" + (", inplace=True" if inplace else ""),
                  alpha=1.0, inplace=False)
SOFTPLUS = _activation("Softplus", activation.softplus,
                       lambda beta, threshold: f"beta={beta}, threshold={threshold}",
                       beta=1.0, threshold=20.0)
SILU = _activation("SiLU", activation.silu, lambda inplace: "inplace=True" if inplace else "",
                   inplace=False)
HUBER_LOSS = _loss("HuberLoss", loss.huber_loss, "delta", legacy=False)
SMOOTH_L1_LOSS = _loss("SmoothL1Loss", loss.smooth_l1_loss, "beta", legacy=True)
