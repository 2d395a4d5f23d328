"""torch.nn.Linear, Bilinear and Identity (torch/nn/modules/linear.py) as built-in classes
deriving from nn.Module (module.py): their parameters made and initialised in torch's order (so
that torch.manual_seed gives torch's weights), their forward over torch.nn.functional and the
extra_repr torch prints."""
from __future__ import annotations

import math

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter
from gradcli.torch._declare import tensor_argument
from gradcli.torch._tensor import creation
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.linear import bilinear, linear
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _linear_init(self, in_features, out_features, bias=True, device=None, dtype=None) -> None:
    set_fields(self, in_features=in_features, out_features=out_features)
    self.attributes["weight"] = Parameter(creation.empty(out_features, in_features, dtype=dtype))
    self.attributes["bias"] = Parameter(creation.empty(out_features, dtype=dtype)) if bias \
        else None
    _reset_linear(self)


def _reset_linear(self) -> None:
    """torch's reset_parameters: kaiming_uniform_(a=sqrt(5)), then the bias from
    1/sqrt(fan_in), drawn into the parameters in place."""
    init.kaiming_uniform_(self.attributes["weight"], a=math.sqrt(5))
    if self.attributes["bias"] is not None:
        fan_in = self.attributes["in_features"]
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(self.attributes["bias"], -bound, bound)


LINEAR = layer_class(
    "Linear", _linear_init,
    lambda self, input: linear(tensor_argument("linear", input), self.attributes["weight"],
                               self.attributes["bias"]),
    lambda self: (f"in_features={self.attributes['in_features']}, out_features="
                  f"{self.attributes['out_features']}, bias={self.attributes['bias'] is not None}"),
    fields=("in_features", "out_features", "weight", "bias"), reset_parameters=_reset_linear)


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
    lambda self, input1, input2: bilinear(
        input1, input2, self.attributes["weight"], self.attributes["bias"]),
    lambda self: (f"in1_features={self.attributes['in1_features']}, in2_features="
                  f"{self.attributes['in2_features']}, out_features="
                  f"{self.attributes['out_features']}, bias={self.attributes['bias'] is not None}"),
    fields=("in1_features", "in2_features", "out_features", "weight", "bias"))


IDENTITY = layer_class("Identity", lambda self, *args, **kwargs: set_fields(self),
                       lambda self, input: input)
