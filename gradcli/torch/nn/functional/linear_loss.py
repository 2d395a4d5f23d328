"""F.linear_cross_entropy on torch's reference path (options=None): its shape checks, in
torch's order and words, then linear, reshape and cross_entropy, the nodes torch records.
(torch's chunked path, options=LinearCrossEntropyOptions(...), is not ported.)"""
from __future__ import annotations

import math

from gradcli.engine.errors import runtime_error
from gradcli.torch._declare import attribute_of_tensor, torch_function
from gradcli.torch._tensor import shape
from gradcli.torch.nn.functional.linear import linear
from gradcli.torch.nn.functional.loss import cross_entropy


@torch_function(name="linear_cross_entropy", namespace="torch.nn.functional")
def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None,
                         reduction="mean", ignore_index=None, label_smoothing=0.0,
                         options=None):
    if not 1 <= attribute_of_tensor(input, "dim").dim() <= 2:
        raise runtime_error(f"expected input with dimensionality 1 or 2, got {input.dim()}")
    if attribute_of_tensor(linear_weight, "dim").dim() < 2:
        raise runtime_error(f"expected linear_weight with dimensionality at least 2, got "
                            f"{linear_weight.dim()}")
    batches, in_features = tuple(input.shape[:-1]), input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise runtime_error(f"expected equal input and linear_weight last dimensions "
                            f"(in_features), got {input.shape[-1]} and "
                            f"{linear_weight.shape[-1]}, respectively")
    classes, out_features = linear_weight.shape[0], tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and \
            tuple(attribute_of_tensor(linear_bias, "shape").shape) != (classes, *out_features):
        raise runtime_error(f"expected linear_bias shape {(classes, *out_features)}, got "
                            f"{tuple(linear_bias.shape)}")
    if out_features and not batches:
        raise runtime_error(f"K-dimensional loss defined by linear_weight shape "
                            f"{tuple(linear_weight.shape)} requires batched input, (N, "
                            f"{in_features}), got unbatched input with shape "
                            f"{tuple(input.shape)}")
    logits_shape = (*batches, classes, *out_features)
    if tuple(attribute_of_tensor(target, "shape").shape) == logits_shape and \
            ignore_index is not None:
        raise runtime_error("ignore_index cannot be specified when target contains "
                            "probabilities")
    if options is not None:
        raise runtime_error("linear_cross_entropy(options=...): torch's chunked path is not "
                            "supported by gradcli; options=None computes the same loss")
    if out_features:
        rows = math.prod(out_features, start=classes)
        linear_weight = shape.reshape(linear_weight, rows, in_features)
        if linear_bias is not None:
            linear_bias = shape.reshape(linear_bias, rows)
    logits = shape.reshape(linear(input, linear_weight, linear_bias), *logits_shape)
    return cross_entropy(logits, target, weight=weight, reduction=reduction,
                         ignore_index=-100 if ignore_index is None else ignore_index,
                         label_smoothing=label_smoothing)
