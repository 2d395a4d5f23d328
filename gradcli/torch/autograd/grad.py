"""Autograd front-ends: backward, grad, and the grad-mode context managers."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.autograd import run_backward
from gradcli.engine.errors import runtime_error, type_error
from gradcli.engine.runtime import is_grad_enabled
from gradcli.engine.tensor import NAMESPACE, Size, Tensor
from gradcli.engine.transforms import retains_for_later_samples
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import torch_function

torch_function("is_grad_enabled()")(is_grad_enabled)


def _as_list(x):
    """torch's `(x,) if is_tensor_like(x) else tuple(x)`: a tensor, or any iterable of them
    (MAML's `params.values()`, a generator)."""
    if x is None or isinstance(x, Tensor):
        return None if x is None else [x]
    try:
        return list(x)
    except TypeError:
        raise type_error(f"'{type_name(x)}' object is not iterable") from None


def _seed_grads(outputs, grad_outputs):
    grads = []
    for i, out in enumerate(outputs):
        g = grad_outputs[i] if grad_outputs is not None and i < len(grad_outputs) else None
        if g is None:
            if out.data.size != 1:
                raise runtime_error("grad can be implicitly created only for scalar outputs")
            g = Tensor(np.ones(out.data.shape, out.data.dtype))
        elif not isinstance(g, Tensor):
            raise type_error(f"gradients can be either Tensors or None, but got "
                             f"{type(g).__name__}")
        elif g.data.shape != out.data.shape:
            raise runtime_error(f"Mismatch in shape: grad_output[{i}] has a shape of "
                                f"{Size(g.data.shape)!r} and output[{i}] has a shape of "
                                f"{Size(out.data.shape)!r}.")
        elif g.dtype is not out.dtype:
            g = Tensor(g.data.astype(out.data.dtype))
        grads.append(g)
    return grads


def _check_outputs(outputs) -> None:
    for i, out in enumerate(outputs):
        if not isinstance(out, Tensor):
            raise type_error(f"element {i} of tensors is not a Tensor")
        if not out.requires_grad:
            raise runtime_error(f"element {i} of tensors does not require grad and does not have "
                                "a grad_fn")


def _grad_list(grad_tensors):
    if grad_tensors is None:
        return None
    if isinstance(grad_tensors, (int, float)):
        raise type_error(f"'{type(grad_tensors).__name__}' object is not iterable")
    return list(grad_tensors) if isinstance(grad_tensors, (list, tuple)) else [grad_tensors]


BACKWARD_INSIDE_TRANSFORM = (
    "backward() called inside a functorch transform. This is not supported, please use "
    "functorch.grad or functorch.vjp instead or call backward() outside of functorch "
    "transforms.")


def autograd_backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
                      inputs=None) -> None:
    outputs = _as_list(tensors)
    grads = _grad_list(grad_tensors[0] if isinstance(grad_tensors, list) and
                       len(grad_tensors) == 1 and isinstance(grad_tensors[0], (list, float, int))
                       else grad_tensors)
    _check_outputs(outputs)
    seeds = _seed_grads(outputs, grads)
    if runtime.current.transforms:
        raise runtime_error(BACKWARD_INSIDE_TRANSFORM)
    keep = create_graph if retain_graph is None else retain_graph
    with _grad_mode(create_graph):
        run_backward(outputs, seeds, keep_graph=bool(keep), create_graph=bool(create_graph),
                     inputs=_as_list(inputs), ns=NAMESPACE)


def autograd_grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
                  only_inputs=True, allow_unused=None, is_grads_batched=False,
                  materialize_grads=False) -> tuple:
    outs = _as_list(outputs)
    if inputs is None:
        raise type_error("'NoneType' object is not iterable")
    ins = _as_list(inputs)
    _check_outputs(outs)
    for t in ins:
        if not isinstance(t, Tensor):
            raise runtime_error("all inputs have to be Tensors or GradientEdges, but got "
                                f"{type_name(t)}")
        if not t.requires_grad:
            raise runtime_error("One of the differentiated Tensors does not require grad")
    seeds = _seed_grads(outs, _grad_list(grad_outputs))
    keep = create_graph if retain_graph is None else retain_graph
    if not keep and runtime.current.transforms:  # (vmap's samples share one call in torch)
        keep = retains_for_later_samples(_grad_list(grad_outputs) or [])
    with _grad_mode(create_graph):
        record = run_backward(outs, seeds, keep_graph=bool(keep), create_graph=bool(create_graph),
                              inputs=ins, capture=True, ns=NAMESPACE)
    results = []
    for i, (t, g) in enumerate(zip(ins, record.captured)):
        if g is None:
            if materialize_grads:
                results.append(Tensor(np.zeros(t.data.shape, t.data.dtype)))
                continue
            if not allow_unused:
                raise runtime_error(f"The differentiated Tensor at index {i} appears to not have "
                                    "been used in the graph. Set allow_unused=True if this is "
                                    "the desired behavior.")
            results.append(None)
        else:
            results.append(g if create_graph else Tensor(g))
    return tuple(results)


# ---- grad mode ------------------------------------------------------------------------


def _set_grad_enabled(flag: bool) -> None:
    runtime.current.grad_enabled = bool(flag)


class GradMode:
    """no_grad / enable_grad / set_grad_enabled: context managers that restore the mode."""

    def __init__(self, enabled: bool, name: str, immediate: bool = False):
        self.enabled, self.name, self.previous = enabled, name, []
        self.applied = immediate
        if immediate:  # torch.set_grad_enabled(False) takes effect at once, even without `with`
            self.previous.append(is_grad_enabled())
            _set_grad_enabled(enabled)

    def __enter__(self):
        if self.applied:
            self.applied = False
        else:
            self.previous.append(is_grad_enabled())
            _set_grad_enabled(self.enabled)
        return None

    def __exit__(self, *exc) -> bool:
        _set_grad_enabled(self.previous.pop())
        return False

    def __repr__(self) -> str:
        if self.name == "set_grad_enabled":
            return f"torch.autograd.grad_mode.set_grad_enabled(mode={self.enabled})"
        return f"<torch.autograd.grad_mode.{self.name} object>"


@torch_function(name="no_grad")
def no_grad(orig_func: Callable | None = None) -> GradMode | Callable:
    """torch.no_grad(): a context manager; `@torch.no_grad` without parentheses decorates."""
    return _mode_or_decorated(False, "no_grad", orig_func)


@torch_function(name="enable_grad")
def enable_grad(orig_func: Callable | None = None) -> GradMode | Callable:
    return _mode_or_decorated(True, "enable_grad", orig_func)


def _mode_or_decorated(enabled: bool, name: str, orig_func: Callable | None):
    if orig_func is None:
        return GradMode(enabled, name)

    def in_mode(*args, **kwargs):  # a fresh manager per call: calls may nest
        with GradMode(enabled, name):
            return orig_func(*args, **kwargs)
    in_mode.name = getattr(orig_func, "name", name)  # (its name in Python's messages)
    return in_mode


class InferenceMode(GradMode):
    """torch.inference_mode(mode): grad mode off (on for mode=False) and, while on, every new
    tensor an inference tensor (storage.InferenceStorage); both restored on exit."""

    def __init__(self, mode: bool = True):
        super().__init__(not mode, "inference_mode")
        self.mode = mode

    def __enter__(self):
        state = runtime.current
        self.previous.append((state.grad_enabled, state.inference_mode))
        state.grad_enabled, state.inference_mode = not self.mode, self.mode
        return None

    def __exit__(self, *exc) -> bool:
        state = runtime.current
        state.grad_enabled, state.inference_mode = self.previous.pop()
        return False


@torch_function(name="inference_mode")
def inference_mode(mode=True) -> GradMode | Callable:
    """torch.inference_mode(mode=True) as a context manager or decorator; bare
    `@torch.inference_mode` decorates too."""
    if mode is None or not callable(mode):
        return InferenceMode(mode is None or bool(mode))

    def in_mode(*args, **kwargs):  # a fresh manager per call: calls may nest
        with InferenceMode():
            return mode(*args, **kwargs)
    in_mode.name = getattr(mode, "name", "inference_mode")
    return in_mode


@torch_function("is_inference_mode_enabled()")
def is_inference_mode_enabled() -> bool:
    return runtime.current.inference_mode


@torch_function(name="set_grad_enabled")
def set_grad_enabled(mode) -> GradMode:
    return GradMode(bool(mode), "set_grad_enabled", immediate=True)


class _grad_mode:
    """Grad mode during a backward pass: on only when building the gradient's graph."""

    def __init__(self, create_graph):
        self.create_graph = bool(create_graph)

    def __enter__(self):
        self.previous = is_grad_enabled()
        _set_grad_enabled(self.create_graph)

    def __exit__(self, *exc):
        _set_grad_enabled(self.previous)
        return False
