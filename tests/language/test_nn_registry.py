"""torch.nn's module classes declared once (nn/modules/module.py's layer_class): each class is
registered as it is made, with the attributes its __init__ sets; torch.nn's namespace and the
validator's attribute names are built from that registry, and nothing else lists a class."""
import pytest

from gradcli.torch import api as torch_api
from gradcli.torch.nn.modules.module import MODULE_CLASSES, MODULE_FIELDS, attribute_names

# How to build the classes whose __init__ needs arguments (the others are built with none);
# the options chosen set as many of a class's attributes as they can.
BUILD = {
    "Linear": lambda cls: cls(2, 3),
    "Bilinear": lambda cls: cls(2, 3, 4),
    "Conv1d": lambda cls: cls(2, 4, 3),
    "Conv2d": lambda cls: cls(2, 4, 3),
    "ConvTranspose1d": lambda cls: cls(2, 4, 3),
    "ConvTranspose2d": lambda cls: cls(2, 4, 3),
    "MaxPool1d": lambda cls: cls(2),
    "MaxPool2d": lambda cls: cls(2),
    "AvgPool2d": lambda cls: cls(2),
    "AvgPool1d": lambda cls: cls(2),
    "AdaptiveMaxPool1d": lambda cls: cls(2),
    "AdaptiveAvgPool2d": lambda cls: cls(1),
    "AdaptiveAvgPool1d": lambda cls: cls(1),
    "Conv3d": lambda cls: cls(2, 4, 3), "ConvTranspose3d": lambda cls: cls(2, 4, 3),
    **{f"Lazy{kind}{d}d": lambda cls: cls(4, 3) for kind in ("Conv", "ConvTranspose")
       for d in (1, 2, 3)},
    "MaxPool3d": lambda cls: cls(2), "AvgPool3d": lambda cls: cls(2),
    "AdaptiveAvgPool3d": lambda cls: cls(1), "AdaptiveMaxPool2d": lambda cls: cls(2),
    "AdaptiveMaxPool3d": lambda cls: cls(2),
    **{f"LPPool{d}d": lambda cls: cls(2, 2) for d in (1, 2, 3)},
    **{f"FractionalMaxPool{d}d": lambda cls: cls(2, output_size=1) for d in (2, 3)},
    **{f"MaxUnpool{d}d": lambda cls: cls(2, stride=1, padding=0) for d in (1, 2, 3)},
    "Unflatten": lambda cls: cls(1, (2, 2)),
    "LocalResponseNorm": lambda cls: cls(2),
    "Unfold": lambda cls: cls(2),
    "Fold": lambda cls: cls(4, 2),
    "LayerNorm": lambda cls: cls(3),
    "BatchNorm1d": lambda cls: cls(3),
    "BatchNorm2d": lambda cls: cls(3),
    "BatchNorm3d": lambda cls: cls(3),
    "GroupNorm": lambda cls: cls(2, 4),
    "RMSNorm": lambda cls: cls(3),
    **{f"InstanceNorm{d}d": lambda cls: cls(3, affine=True, track_running_stats=True)
       for d in (1, 2, 3)},
    "Embedding": lambda cls: cls(5, 2, padding_idx=0),
    "Threshold": lambda cls: cls(0.1, 2.0),
    "PixelShuffle": lambda cls: cls(2), "PixelUnshuffle": lambda cls: cls(2),
    "ChannelShuffle": lambda cls: cls(2),
    **{f"{kind}Pad{d}d": lambda cls: cls(1) for d in (1, 2, 3) for kind in (
        "Zero", "Reflection", "Replication", "Circular")},
    **{f"ConstantPad{d}d": lambda cls: cls(1, 0.5) for d in (1, 2, 3)},
    "MultiheadAttention": lambda cls: cls(4, 2),
    "TransformerEncoderLayer": lambda cls: cls(4, 2),
    "TransformerEncoder": lambda cls: cls(MODULE_CLASSES["TransformerEncoderLayer"](
        4, 2, batch_first=True), 2, norm=MODULE_CLASSES["LayerNorm"](4)),
    "TransformerDecoderLayer": lambda cls: cls(4, 2, dim_feedforward=8),
    "EmbeddingBag": lambda cls: cls(5, 2, mode="max", padding_idx=1),
    "LinearCrossEntropyLoss": lambda cls: cls(3, 2, out_features=(2,), bias=True),
    "TransformerDecoder": lambda cls: cls(MODULE_CLASSES["TransformerDecoderLayer"](
        4, 2, dim_feedforward=8), 2, norm=MODULE_CLASSES["LayerNorm"](4)),
    "RNN": lambda cls: cls(2, 3, 2, nonlinearity="relu", bidirectional=True),
    "LSTM": lambda cls: cls(2, 4, 2, bidirectional=True, proj_size=2),
    "GRU": lambda cls: cls(2, 3, 2, bidirectional=True),
    "RNNCell": lambda cls: cls(2, 3),
    "LSTMCell": lambda cls: cls(2, 3),
    "GRUCell": lambda cls: cls(2, 3),
}


@pytest.mark.parametrize("name", sorted(set(MODULE_CLASSES) - {"Module"}))
def test_every_attribute_a_class_sets_is_one_of_its_fields(name):
    """What makes the vocabulary complete: a script may read any of these attributes."""
    module = BUILD.get(name, lambda cls: cls())(MODULE_CLASSES[name])
    public = {key for key in module.attributes if key.isidentifier() and key[0] != "_"}
    unknown = public - MODULE_FIELDS[name] - MODULE_FIELDS["Module"]
    assert not unknown, f"nn.{name}'s __init__ sets {sorted(unknown)}: add them to its " \
                        "layer_class(fields=...)"


def test_torch_nn_is_the_registry():
    nn = torch_api.TORCH.members["nn"].members
    assert {k: v for k, v in nn.items() if k in MODULE_CLASSES} == MODULE_CLASSES
    assert set(nn) - set(MODULE_CLASSES) == {"functional", "Parameter", "init", "utils"}


def test_the_validator_knows_every_field_and_method():
    assert attribute_names() <= torch_api.ALL_ATTRIBUTE_NAMES
    assert {"in_features", "running_mean", "weight_ih_l0_reverse", "from_pretrained",
            "append", "state_dict", "training"} <= attribute_names()


def test_a_class_is_declared_once():
    from gradcli.torch.nn.modules.module import layer_class

    with pytest.raises(ValueError, match="torch.nn.Linear is declared twice"):
        layer_class("Linear", lambda self: None, None)
