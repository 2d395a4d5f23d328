"""torch.nn's layers, activations, containers and losses as built-in classes deriving from
nn.Module (nn_module.py): each is its `__init__`, its `forward` over the engine's functions,
and the `extra_repr` torch prints."""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch import _training_notes as training_notes
from gradcli.torch._tensor import creation, reductions, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn import init
from gradcli.torch.nn.functional import activation, dropout, linear, loss
from gradcli.torch.nn.modules.module import (
    framed,
    indent,
    is_module,
    layer_class,
    named_children,
    set_fields,
)

# ---- Linear ---------------------------------------------------------------------------------


def _linear_init(self, in_features, out_features, bias=True, device=None, dtype=None) -> None:
    set_fields(self, in_features=in_features, out_features=out_features)
    self.attributes["weight"] = Parameter(creation.empty(out_features, in_features, dtype=dtype))
    self.attributes["bias"] = Parameter(creation.empty(out_features, dtype=dtype)) if bias \
        else None
    # torch's reset_parameters: kaiming_uniform_(a=sqrt(5)), then the bias from 1/sqrt(fan_in)
    init.kaiming_uniform_(self.attributes["weight"], a=math.sqrt(5))
    if bias:
        bound = 1 / math.sqrt(in_features) if in_features > 0 else 0
        init.uniform_(self.attributes["bias"], -bound, bound)


LINEAR = layer_class(
    "Linear", _linear_init,
    lambda self, input: linear.linear(input, self.attributes["weight"],
                                             self.attributes["bias"]),
    lambda self: (f"in_features={self.attributes['in_features']}, out_features="
                  f"{self.attributes['out_features']}, bias={self.attributes['bias'] is not None}"),
    fields=("in_features", "out_features", "weight", "bias"))


def _bilinear_init(self, in1_features, in2_features, out_features, bias=True, device=None,
                   dtype=None) -> None:
    set_fields(self, in1_features=in1_features, in2_features=in2_features,
               out_features=out_features)
    weight = Parameter(creation.empty(out_features, in1_features, in2_features, dtype=dtype))
    self.attributes["weight"] = weight
    self.attributes["bias"] = Parameter(creation.empty(out_features, dtype=dtype)) if bias \
        else None
    if in1_features <= 0:  # torch's reset_parameters
        raise TorchError("ValueError", f"in1_features must be > 0, but got (in1_features="
                                       f"{in1_features})")
    bound = 1 / math.sqrt(in1_features)
    init.uniform_(weight, -bound, bound)
    if bias:
        init.uniform_(self.attributes["bias"], -bound, bound)


BILINEAR = layer_class(
    "Bilinear", _bilinear_init,
    lambda self, input1, input2: linear.bilinear(
        input1, input2, self.attributes["weight"], self.attributes["bias"]),
    lambda self: (f"in1_features={self.attributes['in1_features']}, in2_features="
                  f"{self.attributes['in2_features']}, out_features="
                  f"{self.attributes['out_features']}, bias={self.attributes['bias'] is not None}"),
    fields=("in1_features", "in2_features", "out_features", "weight", "bias"))

# ---- activations ----------------------------------------------------------------------------


def _inplace_init(self, inplace=False) -> None:
    set_fields(self, inplace=inplace)


def _inplace_extra(self) -> str:
    return "inplace=True" if self.attributes["inplace"] else ""


def _stateless(name: str, forward: Callable) -> ScriptClass:
    return layer_class(name, lambda self: set_fields(self), lambda self, input: forward(input))


def _dim_init(self, dim=None) -> None:
    set_fields(self, dim=dim)


def _softmax_layer(name: str, forward: Callable) -> ScriptClass:
    return layer_class(name, _dim_init,
                       lambda self, input: forward(input, self.attributes["dim"]),
                       lambda self: f"dim={self.attributes['dim']}", fields=("dim",))


def _implicit_dim(name: str, fn: Callable) -> Callable:
    """Softmax(dim=None): F's deprecated implicit choice of a dim (with its warning)."""
    def forward(input, dim):
        if dim is None:
            dim = activation.implicit_softmax_dim(name, input.ndim)
        return fn(input, dim)
    return forward


def _leaky_relu_init(self, negative_slope=1e-2, inplace=False) -> None:
    set_fields(self, negative_slope=negative_slope, inplace=inplace)


def _relu_forward(self, input):
    return input.relu_() if self.attributes["inplace"] else elementwise.relu(input)


# ---- Flatten, Identity, Dropout -----------------------------------------------------------


def _flatten_init(self, start_dim=1, end_dim=-1) -> None:
    set_fields(self, start_dim=start_dim, end_dim=end_dim)


def _dropout_init(self, p=0.5, inplace=False) -> None:
    if p < 0 or p > 1:
        raise TorchError("ValueError", f"dropout probability has to be between 0 and 1, but "
                                       f"got {p}")
    set_fields(self, p=p, inplace=inplace)


def _dropout_forward(self, input):
    p, training = self.attributes["p"], self.attributes["training"]
    training_notes.dropout_forward(self, p, training)
    return dropout.dropout(input, p, training, self.attributes["inplace"])


# ---- containers -----------------------------------------------------------------------------


def _sequential_init(self, *modules) -> None:
    set_fields(self)
    if len(modules) == 1 and isinstance(modules[0], OrderedDict):  # named layers
        for name, module in modules[0].items():
            _add(self, name, module)
        return
    for index, module in enumerate(modules):
        _add(self, str(index), module)


def _add(self, name: str, module) -> None:
    if not is_module(module) and module is not None:
        raise TorchError("TypeError", f"{module!r} is not a Module subclass")
    self.attributes[name] = module


def _sequential_forward(self, input):
    for _, module in named_children(self):
        input = module(input)
    return input


def _item(self, index):
    """container[i] / container[a:b] over the registered modules."""
    modules = [m for _, m in named_children(self)]
    if isinstance(index, slice):
        copy = self.cls()
        for i, module in enumerate(modules[index]):
            _add(copy, str(i), module)
        return copy
    if not -len(modules) <= index < len(modules):
        raise IndexError(f"index {index} is out of range")
    return modules[index]


def _module_list_init(self, modules=None) -> None:
    set_fields(self)
    for index, module in enumerate(modules or ()):
        _add(self, str(index), module)


def _append(self, module):
    _add(self, str(len(self)), module)
    return self


def _extend(self, modules):
    try:
        modules = iter(modules)
    except TypeError:
        if self.cls.name != "ModuleList":
            raise  # (Sequential.extend says only "'int' object is not iterable", as torch's)
        raise TypeError("ModuleList.extend should be called with an iterable, but got "
                        f"{type_name(modules)}") from None
    for module in modules:
        _append(self, module)
    return self


def _module_list_repr(self) -> str:
    """torch's ModuleList repr: runs of equal reprs shown once, as `(0-2): 3 x Linear(...)`."""
    reprs = [repr(m) for _, m in named_children(self)]
    runs: list[list] = []
    for i, text in enumerate(reprs):
        if runs and runs[-1][2] == text:
            runs[-1][1] = i
        else:
            runs.append([i, i, text])
    lines = [indent(f"({a}): {text}" if a == b else f"({a}-{b}): {b - a + 1} x {text}")
             for a, b, text in runs]
    return framed(self.cls.name, [], lines)


_CONTAINER = {"__getitem__": _item, "__len__": lambda self: sum(1 for _ in named_children(self)),
              "__iter__": lambda self: (m for _, m in named_children(self)), "append": _append,
              "extend": _extend}

# ---- losses ---------------------------------------------------------------------------------


def _loss(name: str, fn: Callable, **defaults: Any) -> ScriptClass:
    """A loss module: its keyword arguments stored, then passed to the F function."""
    def init_(self, size_average=None, reduce=None, reduction="mean", **options):
        set_fields(self, reduction=reduction, **{**defaults, **options})

    def forward(self, input, target):
        options = {k: self.attributes[k] for k in ("reduction", *defaults)}
        return fn(input, target, **options)
    return layer_class(name, init_, forward, fields=("reduction", *defaults))


def _compared_loss(name: str, fn: Callable, inputs: int, **defaults: Any) -> ScriptClass:
    """A loss of two or three tensors (MarginRankingLoss(margin, size_average, reduce,
    reduction)): its options in torch's positional order, then passed to the F function."""
    names = (*defaults, "size_average", "reduce", "reduction")

    def init_(self, *args, **kwargs):
        if len(args) > len(names):
            raise TypeError(f"{name}.__init__() takes from 1 to {len(names) + 1} positional "
                            f"arguments but {len(args) + 1} were given")
        values = {**defaults, "size_average": None, "reduce": None, "reduction": "mean",
                  **dict(zip(names, args)), **kwargs}
        unknown = set(values) - set(names)
        if unknown:
            raise TypeError(f"{name}.__init__() got an unexpected keyword argument "
                            f"'{sorted(unknown)[0]}'")
        set_fields(self, **values)

    def forward(self, *tensors):
        if len(tensors) != inputs:
            raise TypeError(f"{name}.forward() takes {inputs + 1} positional arguments but "
                            f"{len(tensors) + 1} were given")
        return fn(*tensors, **{k: self.attributes[k] for k in names})
    return layer_class(name, init_, forward, fields=names)


RELU = layer_class("ReLU", _inplace_init, _relu_forward, _inplace_extra, fields=("inplace",))
TANH = _stateless("Tanh", elementwise.tanh)
SIGMOID = _stateless("Sigmoid", elementwise.sigmoid)
IDENTITY = layer_class("Identity", lambda self, *args, **kwargs: set_fields(self),
                       lambda self, input: input)
SOFTMAX = _softmax_layer("Softmax", _implicit_dim("softmax", reductions.softmax))
LOG_SOFTMAX = _softmax_layer("LogSoftmax", _implicit_dim("log_softmax", reductions.log_softmax))
LEAKY_RELU = layer_class(
    "LeakyReLU", _leaky_relu_init,
    lambda self, input: activation.leaky_relu(input, self.attributes["negative_slope"]),
    lambda self: f"negative_slope={self.attributes['negative_slope']}"
                 + (", inplace=True" if self.attributes["inplace"] else ""),
    fields=("negative_slope", "inplace"))
FLATTEN = layer_class(
    "Flatten", _flatten_init,
    lambda self, input: shape.flatten(input, self.attributes["start_dim"],
                                      self.attributes["end_dim"]),
    lambda self: f"start_dim={self.attributes['start_dim']}, "
                 f"end_dim={self.attributes['end_dim']}",
    fields=("start_dim", "end_dim"))
DROPOUT = layer_class(
    "Dropout", _dropout_init, _dropout_forward,
    lambda self: f"p={self.attributes['p']}, inplace={self.attributes['inplace']}",
    fields=("p", "inplace"))
SEQUENTIAL = layer_class("Sequential", _sequential_init, _sequential_forward, **_CONTAINER)
MODULE_LIST = layer_class("ModuleList", _module_list_init, None, __repr__=_module_list_repr,
                          **_CONTAINER)
MSE_LOSS = _loss("MSELoss", loss.mse_loss)
L1_LOSS = _loss("L1Loss", loss.l1_loss)
CROSS_ENTROPY_LOSS = _loss("CrossEntropyLoss", loss.cross_entropy, weight=None,
                           ignore_index=-100, label_smoothing=0.0)
NLL_LOSS = _loss("NLLLoss", loss.nll_loss, weight=None, ignore_index=-100)
BCE_LOSS = _loss("BCELoss", loss.binary_cross_entropy, weight=None)
BCE_WITH_LOGITS_LOSS = _loss("BCEWithLogitsLoss", loss.binary_cross_entropy_with_logits,
                             weight=None, pos_weight=None)
KL_DIV_LOSS = _compared_loss("KLDivLoss", loss.kl_div, 2, log_target=False)
MARGIN_RANKING_LOSS = _compared_loss("MarginRankingLoss", loss.margin_ranking_loss, 3,
                                     margin=0.0)
COSINE_EMBEDDING_LOSS = _compared_loss("CosineEmbeddingLoss", loss.cosine_embedding_loss, 3,
                                       margin=0.0)
TRIPLET_MARGIN_LOSS = _compared_loss("TripletMarginLoss", loss.triplet_margin_loss, 3,
                                     margin=1.0, p=2.0, eps=1e-6, swap=False)
