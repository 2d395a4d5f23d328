"""torch.nn's losses (torch/nn/modules/loss.py) as built-in classes deriving from nn.Module
(module.py): each stores its options in torch's order and passes them on to its
torch.nn.functional function; LinearCrossEntropyLoss owns its Linear too."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import runtime_error
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch._tensor import shape
from gradcli.torch.nn.functional import loss, loss_ctc, loss_likelihood, loss_margin
from gradcli.torch.nn.functional.linear_loss import linear_cross_entropy
from gradcli.torch.nn.modules.linear import LINEAR
from gradcli.torch.nn.modules.module import layer_class, register_buffer, set_fields


def _loss(name: str, fn: Callable, **defaults: Any) -> ScriptClass:
    """A loss module: its keyword arguments stored, then passed to the F function."""
    def init_(self, size_average=None, reduce=None, reduction="mean", **options):
        set_fields(self, reduction=reduction, **{**defaults, **options})

    def forward(self, input, target):
        options = {k: self.attributes[k] for k in ("reduction", *defaults)}
        return fn(input, target, **options)
    return layer_class(name, init_, forward, fields=("reduction", *defaults))


def _compared_loss(name: str, fn: Callable, inputs: int, order: tuple[str, ...] | None = None,
                   keywords: tuple[str, ...] = (), **defaults: Any) -> ScriptClass:
    """A loss of two or three tensors (MarginRankingLoss(margin, size_average, reduce,
    reduction)): its options in torch's positional order (`order`, default the `defaults`
    then size_average, reduce, reduction; `keywords`: keyword-only ones), then passed to the
    F function."""
    names = (*defaults, "size_average", "reduce", "reduction") if order is None else order
    known = (*names, *keywords)
    start = {"size_average": None, "reduce": None, "reduction": "mean", **defaults}

    def init_(self, *args, **kwargs):
        if len(args) > len(names):
            takes = f"from 1 to {len(names) + 1} positional arguments" if names else \
                "1 positional argument"
            raise TypeError(f"{name}.__init__() takes {takes} but {len(args) + 1} were given")
        values = {k: v for k, v in start.items() if k in known}
        values.update({**dict(zip(names, args)), **kwargs})
        unknown = set(values) - set(known)
        if unknown:
            raise TypeError(f"{name}.__init__() got an unexpected keyword argument "
                            f"'{sorted(unknown)[0]}'")
        set_fields(self, **values)

    def forward(self, *tensors):
        if len(tensors) != inputs:
            raise TypeError(f"{name}.forward() takes {inputs + 1} positional arguments but "
                            f"{len(tensors) + 1} were given")
        return fn(*tensors, **{k: self.attributes[k] for k in known})
    return layer_class(name, init_, forward, fields=known)


def _smooth_loss(name: str, fn: Callable, option: str, legacy: bool) -> ScriptClass:
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


HUBER_LOSS = _smooth_loss("HuberLoss", loss.huber_loss, "delta", legacy=False)


SMOOTH_L1_LOSS = _smooth_loss("SmoothL1Loss", loss.smooth_l1_loss, "beta", legacy=True)


HINGE_EMBEDDING_LOSS = _compared_loss("HingeEmbeddingLoss", loss.hinge_embedding_loss, 2,
                                      margin=1.0)


MULTILABEL_SOFT_MARGIN_LOSS = _compared_loss(
    "MultiLabelSoftMarginLoss", loss.multilabel_soft_margin_loss, 2, weight=None)


SOFT_MARGIN_LOSS = _compared_loss("SoftMarginLoss", loss.soft_margin_loss, 2)


def _linear_ce_init(self, in_features, num_classes, *, out_features=(), bias=False,
                    device=None, dtype=None, reduction="mean", weight=None, ignore_index=None,
                    label_smoothing=0.0, options=None) -> None:
    if weight is not None and tuple(weight.shape) != (num_classes,):
        raise runtime_error(f"expected weight shape to be {(num_classes,)}, got "
                            f"{tuple(weight.shape)}")
    if label_smoothing < 0 or label_smoothing > 1.0:
        raise runtime_error(f"expected label_smoothing to be in range [0, 1], got "
                            f"{label_smoothing}")
    set_fields(self, reduction=reduction)
    register_buffer(self, "weight", weight)  # (torch's _WeightedLoss)
    self.attributes.update(num_classes=num_classes, out_features=out_features,
                           ignore_index=ignore_index, label_smoothing=label_smoothing)
    # one 2-D Linear for all the classes' outputs, reshaped in forward (as torch)
    self.attributes["linear"] = LINEAR(in_features, math.prod(out_features, start=num_classes),
                                       bias=bias, dtype=dtype)
    self.attributes["options"] = options


def _linear_ce_forward(self, input, target):
    a = self.attributes
    layer = a["linear"].attributes
    weight = shape.reshape(layer["weight"], a["num_classes"], *a["out_features"],
                           layer["in_features"])
    bias = None if layer["bias"] is None else \
        shape.reshape(layer["bias"], a["num_classes"], *a["out_features"])
    return linear_cross_entropy(input, weight, target, linear_bias=bias, weight=a["weight"],
                                reduction=a["reduction"], ignore_index=a["ignore_index"],
                                label_smoothing=a["label_smoothing"], options=a["options"])


def _linear_ce_repr(self) -> str:
    a = self.attributes
    layer = a["linear"].attributes
    return (f"in_features={layer['in_features']}, num_classes={a['num_classes']}, "
            f"out_features={a['out_features']}, bias={layer['bias'] is not None}, "
            f"reduction={a['reduction']}, ignore_index={a['ignore_index']}, "
            f"label_smoothing={a['label_smoothing']}, options={a['options']}")


LINEAR_CROSS_ENTROPY_LOSS = layer_class(
    "LinearCrossEntropyLoss", _linear_ce_init, _linear_ce_forward, _linear_ce_repr,
    fields=("reduction", "weight", "num_classes", "out_features", "ignore_index",
            "label_smoothing", "linear", "options"))
GAUSSIAN_NLL_LOSS = _compared_loss("GaussianNLLLoss", loss_likelihood.gaussian_nll_loss, 3,
                                   order=(), keywords=("full", "eps", "reduction"), full=False,
                                   eps=1e-6)


POISSON_NLL_LOSS = _compared_loss(
    "PoissonNLLLoss", loss_likelihood.poisson_nll_loss, 2,
    order=("log_input", "full", "size_average", "eps", "reduce", "reduction"), log_input=True,
    full=False, eps=1e-8)


MULTI_MARGIN_LOSS = _compared_loss("MultiMarginLoss", loss_margin.multi_margin_loss, 2, p=1,
                                   margin=1.0, weight=None)


MULTILABEL_MARGIN_LOSS = _compared_loss("MultiLabelMarginLoss",
                                        loss_margin.multilabel_margin_loss, 2)


CTC_LOSS = _compared_loss("CTCLoss", loss_ctc.ctc_loss, 4,
                          order=("blank", "reduction", "zero_infinity"), blank=0,
                          zero_infinity=False)
