"""Hints for a name gradcli does not know, that lead somewhere: whether PyTorch has it (and
what to write today), or else a close name, offered only where writing it would work."""
from __future__ import annotations

import ast
from collections.abc import Iterable

from gradcli.sandbox.hints import Hints, closest
from gradcli.torch._names import PYTORCH_MODULES, PYTORCH_NAMES

NAMESPACES = {**PYTORCH_NAMES, **PYTORCH_MODULES}  # every namespace whose names are known

# What to write today for PyTorch functions gradcli lacks, from functions it has.
INSTEAD = {
    "gumbel_softmax": "F.softmax((logits - torch.empty_like(logits).exponential_().log()) / tau, "
                      "dim=-1)",
}
_OPTIMIZERS = ("gradcli's optimizers are SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, "
               "LBFGS, Adamax, NAdam, RAdam, Rprop and ASGD")
# PyTorch names that snippets use and gradcli refuses, with what to write instead.
REFUSED = {
    **dict.fromkeys(("SparseAdam",), _OPTIMIZERS),
}
ALIASES = {"F": "torch.nn.functional", "nn": "torch.nn"}  # as scripts import them
LITERAL_TYPES = (str, int, float, list, tuple, dict, set)


def pytorch_homes(name: str, namespaces: Iterable[str] = PYTORCH_NAMES) -> list[str]:
    """Where PyTorch keeps `name`: `torch.softplus`? no; `torch.nn.functional.softplus`."""
    return [f"{space}.{name}" for space in namespaces if name in NAMESPACES[space]]


def lacking(name: str, homes: list[str]) -> str:
    """PyTorch has it, gradcli has not: say so, and what to write meanwhile."""
    shown = " and ".join(homes[:2])
    instead = f"; today write {INSTEAD[name]}" if name in INSTEAD else ""
    return f"PyTorch has {shown}, but gradcli does not support it yet{instead}"


def attribute_hint(name: str, owner: ast.AST | None, known: Iterable[str]) -> str:
    """Why `owner.name` is unknown. `known`: the attribute names gradcli knows. A close name
    is offered only when the owner has it: `"{}".formt` suggests `format`, never `float`."""
    kind = _literal_type(owner)
    if kind is None and name in REFUSED:
        return f"gradcli does not support `{name}`: {REFUSED[name]}"
    if kind is not None and hasattr(kind, name):
        return f"gradcli does not support `{kind.__name__}.{name}` yet"
    space = pytorch_namespace(owner)
    if kind is None:
        homes = pytorch_homes(name, [space] if space else PYTORCH_NAMES)
        if f"{space}.{name}" in NAMESPACES:  # a submodule: `torch.fft`
            homes = [f"{space}.{name}"]
        if homes:
            return lacking(name, homes)
    dotted = _dotted(owner)
    if kind is None and space is None and dotted and dotted.startswith("torch."):
        return f"gradcli does not support `{dotted}.{name}`"  # (its names unknown: no guess)
    candidates = set(known)
    if kind is not None:
        candidates &= set(dir(kind))
    elif space is not None:
        candidates &= NAMESPACES[space]
    return closest(name, candidates) or _nowhere(name, kind, space)


def _nowhere(name: str, kind: type | None, space: str | None) -> str:
    """Python's words when the owner is known, else that no PyTorch name is `name`."""
    if kind is not None:
        return f"'{kind.__name__}' object has no attribute '{name}'"
    if space is not None:
        return f"module '{space}' has no attribute '{name}'"
    return f"PyTorch has no `{name}` (in torch, Tensor, nn or F), and gradcli does not know it"


def _literal_type(node: ast.AST | None) -> type | None:
    """The type of a literal owner: `"{}"` is a str, `[1, 2]` a list."""
    if isinstance(node, ast.JoinedStr):
        return str
    if isinstance(node, ast.Constant) and type(node.value) in LITERAL_TYPES:
        return type(node.value)
    displays = {ast.List: list, ast.Tuple: tuple, ast.Dict: dict, ast.Set: set,
                ast.ListComp: list, ast.DictComp: dict, ast.SetComp: set}
    return displays.get(type(node))


def pytorch_namespace(node: ast.AST | None) -> str | None:
    """`torch.nn.functional` for an owner written `torch.nn.functional` or `F`, when PyTorch's
    names of it are known; None for anything else (a variable, a call)."""
    dotted = _dotted(node)
    return dotted if dotted in NAMESPACES else None


def _dotted(node: ast.AST | None) -> str | None:
    """`torch.nn.utils` for an owner written so (`nn.utils` too); None for anything not a
    dotted name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([ALIASES.get(node.id, node.id), *reversed(parts)])


class TorchHints(Hints):
    """Hints that know PyTorch's namespaces: where PyTorch keeps a name gradcli lacks, and
    what to write meanwhile."""

    def refused(self, name: str) -> str:
        return f"gradcli does not support `{name}`: {REFUSED[name]}" if name in REFUSED else ""

    def attribute(self, name: str, owner: ast.AST | None, known: Iterable[str]) -> str:
        return attribute_hint(name, owner, known)

    def name(self, name: str, known: Iterable[str], attributes: Iterable[str]) -> str:
        homes = pytorch_homes(name, ("torch", "torch.nn.functional"))
        if closest(name, known) or not homes:
            return closest(name, known) or "assign it before using it"
        if name in attributes:
            return f"did you mean `{homes[0]}`?"
        return lacking(name, homes)

    def module(self, module: str) -> str:
        if module in NAMESPACES:  # `import torch.distributions`
            return f"PyTorch has {module}, but gradcli does not support it yet"
        return f"gradcli does not support {module}" if module.startswith("torch.") else ""

    def is_module(self, node: ast.AST) -> bool:
        return pytorch_namespace(node) is not None


HINTS = TorchHints()
