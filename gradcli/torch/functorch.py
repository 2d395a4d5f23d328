"""`import functorch`: torch.func under its old name. PyTorch 2 keeps the transforms there but
warns at each call that they moved (FutureWarning, its words); vjp and jvp moved silently."""
from __future__ import annotations

import functools
from collections.abc import Callable

from gradcli.engine.errors import warn
from gradcli.torch import func

MOVED = "We've integrated functorch into PyTorch. As the final step of the integration, " \
    "`functorch.{name}` is deprecated as of PyTorch 2.0 and will be deleted in a future version " \
    "of PyTorch >= 2.3. Please use `{new}` instead; see the PyTorch 2.0 release notes and/or " \
    "the `torch.func` migration guide for more details " \
    "https://pytorch.org/docs/main/func.migrating.html"
WARNED = ("grad", "grad_and_value", "vmap", "jacrev", "jacfwd", "hessian")
SILENT = ("vjp", "jvp")


def _deprecated(name: str, fn: Callable) -> Callable:
    new = "torch.vmap" if name == "vmap" else f"torch.func.{name}"

    @functools.wraps(fn)
    def call(*args, **kwargs):
        warn(MOVED.format(name=name, new=new), "FutureWarning")
        return fn(*args, **kwargs)
    return call


FUNCTIONS = {**{name: _deprecated(name, func.FUNCTIONS[name]) for name in WARNED},
             **{name: func.FUNCTIONS[name] for name in SILENT}}
