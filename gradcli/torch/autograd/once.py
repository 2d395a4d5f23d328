"""torch.autograd.function.once_differentiable: a custom Function's backward that is run
without recording a graph (torch runs it under no_grad), so its gradient cannot be
differentiated again: with create_graph=True the result has no grad_fn, as in torch."""
from __future__ import annotations

from collections.abc import Callable

from gradcli.sandbox.objects import ScriptFunction
from gradcli.torch.autograd.grad import GradMode


def once_differentiable(fn: Callable) -> ScriptFunction:
    def backward(*args, **kwargs):
        with GradMode(False, "no_grad"):
            return fn(*args, **kwargs)
    return ScriptFunction(getattr(fn, "name", "backward"), backward)
