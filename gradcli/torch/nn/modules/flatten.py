"""torch.nn.Flatten and Unflatten (torch/nn/modules/flatten.py) as built-in classes deriving
from nn.Module (module.py)."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.engine.type_names import type_name
from gradcli.torch._tensor import shape
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _flatten_init(self, start_dim=1, end_dim=-1) -> None:
    set_fields(self, start_dim=start_dim, end_dim=end_dim)


def _reshaping_layer(name: str, init_, reshape, fields: tuple[str, str]):
    """A layer whose forward is reshape(input, *its two settings), its repr those settings."""
    return layer_class(
        name, init_,
        lambda self, input: reshape(input, *(self.attributes[f] for f in fields)),
        lambda self: ", ".join(f"{f}={self.attributes[f]}" for f in fields), fields=fields)


FLATTEN = _reshaping_layer("Flatten", _flatten_init, shape.flatten, ("start_dim", "end_dim"))


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


UNFLATTEN = _reshaping_layer("Unflatten", _unflatten_init, shape.unflatten,
                             ("dim", "unflattened_size"))
