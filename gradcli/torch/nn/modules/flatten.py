"""torch.nn.Flatten and Unflatten (torch/nn/modules/flatten.py) as built-in classes deriving
from nn.Module (module.py)."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.engine.type_names import type_name
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


def _unflatten_init(self, dim, unflattened_size) -> None:
    """torch's _require_tuple_int: a tuple or list (torch.Size too) of ints."""
    if not isinstance(unflattened_size, (tuple, list)):
        raise TorchError("TypeError", "unflattened_size must be a tuple of ints, but found type "
                                      f"{type_name(unflattened_size)}")
    for index, size in enumerate(unflattened_size):
        if type(size) is not int:
            raise TorchError("TypeError", "unflattened_size must be tuple of ints, but found "
                                          f"element of type {type_name(size)} at pos {index}")
    set_fields(self, dim=dim, unflattened_size=unflattened_size)


UNFLATTEN = layer_class(
    "Unflatten", _unflatten_init,
    lambda self, input: shape.unflatten(input, self.attributes["dim"],
                                        self.attributes["unflattened_size"]),
    lambda self: f"dim={self.attributes['dim']}, "
                 f"unflattened_size={self.attributes['unflattened_size']}",
    fields=("dim", "unflattened_size"))
