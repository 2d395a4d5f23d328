"""How the validator words its hint for a name or attribute it does not know. The sandbox
knows Python only, so its own hints offer a close name; the API handed to it may bring
better ones (torch's say where PyTorch keeps a name gradcli lacks)."""
from __future__ import annotations

import ast
import difflib
from collections.abc import Iterable


class Hints:
    """Python's hints: a close name, if there is one."""

    def refused(self, name: str) -> str:
        """Why `name` is refused outright, or "" if it is not."""
        return ""

    def attribute(self, name: str, owner: ast.AST | None, known: Iterable[str]) -> str:
        """Why `owner.name` is unknown; `known`: the attribute names the API knows."""
        return closest(name, known)

    def name(self, name: str, known: Iterable[str], attributes: Iterable[str]) -> str:
        """Why the bare name `name` is unknown; `known`: the names in scope."""
        return closest(name, known) or "assign it before using it"

    def module(self, module: str) -> str:
        """Why `import module` is refused, or "" for the sandbox's own reason."""
        return ""

    def is_module(self, node: ast.AST) -> bool:
        """Whether the dotted name `node` is a module of the API's world (`torch.fft`), whose
        attributes the API's hints then name in full."""
        return False


def closest(word: str, candidates: Iterable[str]) -> str:
    match = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.7)
    return f"did you mean `{match[0]}`?" if match else ""
