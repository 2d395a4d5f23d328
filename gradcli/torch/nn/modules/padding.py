"""torch.nn's padding layers (torch/nn/modules/padding.py) as built-in classes deriving from
nn.Module (module.py): ZeroPad, ConstantPad, ReflectionPad, ReplicationPad and CircularPad in 1,
2 and 3 dims, each its `padding` (an int repeated, or the sequence as given) over F.pad."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.torch.nn.functional.padding import pad
from gradcli.torch.nn.modules.module import layer_class, set_fields


def _padding(padding, dims: int) -> tuple:
    """torch's _ntuple(2 * dims): an int repeated, any other iterable as a tuple."""
    return tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * (2 * dims)


def _constant_pad(name: str, dims: int, zero: bool):
    def init_(self, padding, value) -> None:
        set_fields(self, padding=_padding(padding, dims), value=value)

    def zero_init(self, padding) -> None:
        init_(self, padding, 0.0)

    def extra(self) -> str:
        padding, value = self.attributes["padding"], self.attributes["value"]
        return f"{padding}" if zero else f"padding={padding}, value={value}"
    return layer_class(
        name, zero_init if zero else init_,
        lambda self, input: pad(input, self.attributes["padding"], "constant",
                                self.attributes["value"]),
        extra, fields=("padding", "value"))


def _mode_pad(name: str, dims: int, mode: str):
    def forward(self, input):
        if mode == "circular" and input.ndim not in (dims + 1, dims + 2):
            raise TorchError("ValueError", f"expected {dims + 1}D or {dims + 2}D input (got "
                                           f"{input.ndim}D input)")
        return pad(input, self.attributes["padding"], mode)
    return layer_class(name, lambda self, padding: set_fields(
        self, padding=_padding(padding, dims)), forward,
        lambda self: f"{self.attributes['padding']}", fields=("padding",))


PADDING_LAYERS = [
    *(_constant_pad(f"ZeroPad{d}d", d, True) for d in (1, 2, 3)),
    *(_constant_pad(f"ConstantPad{d}d", d, False) for d in (1, 2, 3)),
    *(_mode_pad(f"{kind}Pad{d}d", d, mode) for d in (1, 2, 3) for kind, mode in (
        ("Reflection", "reflect"), ("Replication", "replicate"), ("Circular", "circular"))),
]
