"""torch.nn's dropouts (torch/nn/modules/dropout.py: Dropout, Dropout1d, Dropout2d, Dropout3d,
AlphaDropout, FeatureAlphaDropout) as built-in classes deriving from nn.Module (module.py):
their p and inplace, and their F function in training mode."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.torch import _training_notes as training_notes
from gradcli.torch.nn.functional import dropout as functional
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _dropout_init(self, p=0.5, inplace=False) -> None:
    if p < 0 or p > 1:
        raise TorchError("ValueError", f"dropout probability has to be between 0 and 1, but "
                                       f"got {p}")
    set_fields(self, p=p, inplace=inplace)


def _dropout_class(name: str, fn):
    def forward(self, input):
        p, training = self.attributes["p"], self.attributes["training"]
        training_notes.dropout_forward(self, p, training)
        return fn(input, p, training, self.attributes["inplace"])
    return layer_class(
        name, _dropout_init, forward,
        lambda self: f"p={self.attributes['p']}, inplace={self.attributes['inplace']}",
        fields=("p", "inplace"))


DROPOUT = _dropout_class("Dropout", functional.dropout)
DROPOUT1D = _dropout_class("Dropout1d", functional.dropout1d)
DROPOUT2D = _dropout_class("Dropout2d", functional.dropout2d)
DROPOUT3D = _dropout_class("Dropout3d", functional.dropout3d)
ALPHA_DROPOUT = _dropout_class("AlphaDropout", functional.alpha_dropout)
FEATURE_ALPHA_DROPOUT = _dropout_class("FeatureAlphaDropout", functional.feature_alpha_dropout)
