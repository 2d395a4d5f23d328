"""What the built-in layers share, as torch's nn/modules/utils.py: their fields read in a
row, and a parameter made as torch makes it (torch.empty, then an nn.init function)."""
from __future__ import annotations

from collections.abc import Callable

from gradcli.engine.tensor import Parameter
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch._tensor import creation


def field_values(self: ScriptInstance, *names: str) -> list:
    """The named attributes' values, in that order."""
    return [self.attributes[n] for n in names]


def filled(shape: tuple, fill: Callable, dtype) -> Parameter:
    """torch.empty(shape) as a Parameter, then filled by an nn.init function."""
    weight = Parameter(creation.empty(*shape, dtype=dtype))
    fill(weight)
    return weight
