"""torch.nn.Dropout (torch/nn/modules/dropout.py) as a built-in class deriving from nn.Module
(module.py): its p and inplace, and F.dropout in training mode."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.torch import _training_notes as training_notes
from gradcli.torch.nn.functional.dropout import dropout
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _dropout_init(self, p=0.5, inplace=False) -> None:
    if p < 0 or p > 1:
        raise TorchError("ValueError", f"dropout probability has to be between 0 and 1, but "
                                       f"got {p}")
    set_fields(self, p=p, inplace=inplace)


def _dropout_forward(self, input):
    p, training = self.attributes["p"], self.attributes["training"]
    training_notes.dropout_forward(self, p, training)
    return dropout(input, p, training, self.attributes["inplace"])


DROPOUT = layer_class(
    "Dropout", _dropout_init, _dropout_forward,
    lambda self: f"p={self.attributes['p']}, inplace={self.attributes['inplace']}",
    fields=("p", "inplace"))
