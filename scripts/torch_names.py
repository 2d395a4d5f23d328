#!/usr/bin/env python3
"""Write gradcli/torch/_names.py: the public names of real PyTorch's main namespaces,
and of torch's other public submodules (torch.fft, torch.distributions...).

Run at development time, with PyTorch installed, when the oracle's version changes:

    python scripts/torch_names.py

Hints use the table to tell a PyTorch name gradcli lacks from a name PyTorch has not got.
"""
from __future__ import annotations

import inspect
import textwrap
import warnings
from pathlib import Path

import torch
import torch.nn.functional

NAMESPACES = {"torch": torch, "torch.Tensor": torch.Tensor, "torch.nn": torch.nn,
              "torch.nn.functional": torch.nn.functional, "torch.linalg": torch.linalg,
              "torch.special": torch.special, "torch.func": torch.func}
TARGET = Path(__file__).resolve().parent.parent / "gradcli" / "torch" / "_names.py"


def public_names(namespace: object) -> list[str]:
    """The names a user reaches for: not private, not a module or typing helper it imported."""
    return sorted(name for name in dir(namespace) if not name.startswith("_")
                  and not inspect.ismodule(value := getattr(namespace, name))
                  and getattr(value, "__module__", "") != "typing")


def submodules() -> dict[str, object]:
    """torch's own public submodules beyond NAMESPACES: `torch.fft`, `torch.accelerator`..."""
    with warnings.catch_warnings():  # (deprecated names warn when dir() reads them)
        warnings.simplefilter("ignore")
        found = {f"torch.{name}": getattr(torch, name) for name in dir(torch)
                 if not name.startswith("_") and inspect.ismodule(getattr(torch, name))}
    return {name: module for name, module in sorted(found.items())
            if module.__name__ == name and name not in NAMESPACES}


def table(title: str, namespaces: dict[str, object]) -> list[str]:
    lines = [f"{title}: dict[str, frozenset[str]] = {{"]
    for name, namespace in namespaces.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            words = textwrap.fill(" ".join(public_names(namespace)), 95)
        lines += [f'    "{name}": frozenset("""', words, '""".split()),']
    return [*lines, "}"]


def module_text() -> str:
    lines = [f'"""The public names of PyTorch {torch.__version__.split("+")[0]}\'s main '
             'namespaces, written by scripts/torch_names.py:',
             'data for hints, never an API."""', "",
             *table("PYTORCH_NAMES", NAMESPACES), "",
             "# torch's other public submodules: a hint names `torch.fft.fft` for what gradcli "
             "lacks", *table("PYTORCH_MODULES", submodules())]
    return "\n".join([*lines, ""])


if __name__ == "__main__":
    TARGET.write_text(module_text())
    print(f"wrote {TARGET}")
