"""torch.nn.Flatten (torch/nn/modules/flatten.py) as a built-in class deriving from nn.Module
(module.py)."""
from __future__ import annotations

from gradcli.torch._tensor import shape
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _flatten_init(self, start_dim=1, end_dim=-1) -> None:
    set_fields(self, start_dim=start_dim, end_dim=end_dim)


FLATTEN = layer_class(
    "Flatten", _flatten_init,
    lambda self, input: shape.flatten(input, self.attributes["start_dim"],
                                      self.attributes["end_dim"]),
    lambda self: f"start_dim={self.attributes['start_dim']}, "
                 f"end_dim={self.attributes['end_dim']}",
    fields=("start_dim", "end_dim"))
