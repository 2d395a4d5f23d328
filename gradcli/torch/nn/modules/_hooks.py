"""nn.Module's hooks, ported from torch/nn/modules/module.py (`_call_impl`) and
torch/utils/hooks.py (`BackwardHook`): forward pre-hooks may replace the input, forward hooks
the output; full backward hooks see (grad_input, grad_output) through torch's identity
BackwardHookFunction, applied to the module's tensor inputs and to its outputs, whose backward
calls them once the gradients reach the inputs (and may replace those gradients)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gradcli.engine import runtime
from gradcli.engine.custom_function import FunctionState, apply_function
from gradcli.engine.errors import runtime_error, warn
from gradcli.engine.tensor import RemovableHandle, Tensor, apply
from gradcli.sandbox.objects import ScriptInstance

FORWARD_PRE, FORWARD, BACKWARD, BACKWARD_PRE = (
    "_forward_pre_hooks", "_forward_hooks", "_backward_hooks", "_backward_pre_hooks")
_NO_INPUT_GRAD = (
    "Full backward hook is firing when gradients are computed with respect to module outputs "
    "since no inputs require gradients. See https://docs.pytorch.org/docs/main/generated/"
    "torch.nn.Module.html#torch.nn.Module.register_full_backward_hook for more details.")


def _hooks(module: ScriptInstance, kind: str) -> list:
    """The module's hooks of one kind, as (hook, with_kwargs), in calling order."""
    return module.attributes.setdefault(kind, [])


def _register(module: ScriptInstance, kind: str, hook: Callable, prepend: bool,
              with_kwargs: bool = False) -> RemovableHandle:
    hooks, entry = _hooks(module, kind), (hook, with_kwargs)
    hooks.insert(0, entry) if prepend else hooks.append(entry)
    return RemovableHandle(hooks, entry)


def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
    return _register(self, FORWARD_PRE, hook, prepend, with_kwargs)


def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
    return _register(self, FORWARD, hook, prepend, with_kwargs)


def register_full_backward_hook(self, hook, prepend=False):
    return _register(self, BACKWARD, hook, prepend)


def register_full_backward_pre_hook(self, hook, prepend=False):
    return _register(self, BACKWARD_PRE, hook, prepend)


REGISTRATIONS = {name: fn for name, fn in globals().items() if name.startswith("register_")}


def call(module: ScriptInstance, forward: Callable, args: tuple, kwargs: dict) -> Any:
    """Module.__call__: the forward, between the hooks torch calls around it; the session
    hears when the call starts and ends (the nodes built between are the module's)."""
    calls = runtime.current.module_calls
    if calls is None:
        return _call_impl(module, forward, args, kwargs)
    calls.entered(module)
    try:
        return _call_impl(module, forward, args, kwargs)
    finally:
        calls.left()


def _call_impl(module: ScriptInstance, forward: Callable, args: tuple, kwargs: dict) -> Any:
    for hook, with_kwargs in list(_hooks(module, FORWARD_PRE)):
        if with_kwargs:
            result = hook(module, args, kwargs)
            if result is not None:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise runtime_error("forward pre-hook must return None or a tuple of "
                                        "(new_args, new_kwargs).")
                args, kwargs = result
        else:
            result = hook(module, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
    backward = None
    if _hooks(module, BACKWARD) or _hooks(module, BACKWARD_PRE):
        backward = BackwardHook(module)
        args = backward.setup_input_hook(args)
    result = forward(*args, **kwargs)
    for hook, with_kwargs in list(_hooks(module, FORWARD)):
        hook_result = hook(module, args, kwargs, result) if with_kwargs else \
            hook(module, args, result)
        if hook_result is not None:
            result = hook_result
    if backward is not None:
        result = backward.setup_output_hook(result)
    return result


class BackwardHook:
    """One call's backward hooks: the output side catches grad_output (and runs the pre-hooks),
    the input side calls the hooks with both, as torch's BackwardHook."""

    def __init__(self, module: ScriptInstance):
        self.module = module
        self.grad_outputs: tuple | None = None
        self.n_inputs = self.n_outputs = -1
        self.input_index: list[int] | None = None
        self.output_index: list[int] | None = None

    def setup_input_hook(self, args: tuple) -> tuple:
        self.n_inputs = len(args)
        wrapped, self.input_index = _through_identity(args, self._on_input_grads)
        return wrapped

    def setup_output_hook(self, result: Any) -> Any:
        outputs = result if isinstance(result, tuple) else (result,)
        self.n_outputs = len(outputs)
        wrapped, self.output_index = _through_identity(outputs, self._on_output_grads)
        return wrapped if isinstance(result, tuple) else wrapped[0]

    def _on_input_grads(self, *grads) -> tuple:
        if self.grad_outputs is None:
            return grads
        result = _packed(self.input_index, grads, self.n_inputs)
        for hook, _ in _hooks(self.module, BACKWARD):
            out = hook(self.module, result, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(result):
                raise runtime_error("Backward hook returned an invalid number of grad_input, "
                                    f"got {len(out)}, but expected {len(result)}")
            result = out
        self.grad_outputs = None
        return tuple(result[i] for i in self.input_index)

    def _on_output_grads(self, *grads) -> tuple:
        self.grad_outputs = _packed(self.output_index, grads, self.n_outputs)
        for hook, _ in _hooks(self.module, BACKWARD_PRE):
            replaced = hook(self.module, self.grad_outputs)
            if replaced is None:
                continue
            if len(replaced) != len(self.grad_outputs):
                raise runtime_error("Backward pre hook returned an invalid number of "
                                    f"grad_output, got {len(replaced)}, but expected "
                                    f"{len(self.grad_outputs)}")
            self.grad_outputs = replaced
        local = self.grad_outputs
        if self.input_index is None:  # no input needs a gradient: the hooks run here
            warn(_NO_INPUT_GRAD)
            for hook, _ in _hooks(self.module, BACKWARD):
                out = hook(self.module, (None,) * self.n_inputs, self.grad_outputs)
                if out is not None and not (isinstance(out, tuple)
                                            and all(g is None for g in out)):
                    raise runtime_error("Backward hook for Modules where no input requires "
                                        "gradient should always return None or None for all "
                                        "gradients.")
            self.grad_outputs = None
        return tuple(local[i] for i in self.output_index)


def _packed(index: list[int], values, size: int) -> tuple:
    packed = [None] * size
    for i, value in zip(index, values, strict=True):
        packed[i] = value
    return tuple(packed)


def _through_identity(args: tuple, on_grads: Callable) -> tuple[tuple, list[int] | None]:
    """torch's BackwardHookFunction.apply on the tensors among args: an identity whose node
    (BackwardHookFunctionBackward) hands `on_grads` the gradients. One tensor goes through the
    op table's identity, and `on_grads` runs as its hook (which the check follows); several
    share one node, as in torch, whose backward runs `on_grads`. Untouched (index None) when
    no tensor requires grad or grad mode is off."""
    index = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    tensors = tuple(args[i] for i in index)
    if not (any(t.requires_grad for t in tensors) and runtime.current.grad_enabled):
        return args, None
    if len(tensors) == 1:
        made = (apply("backward_hook", tensors),)
        made[0].register_hook(lambda grad: on_grads(grad)[0])
    else:
        state = FunctionState()
        state.non_differentiable = tuple(t for t in tensors if not t.requires_grad)
        made = apply_function("BackwardHookFunction", state, lambda: tensors, on_grads, tensors)
    wrapped = list(args)
    for i, tensor in zip(index, made, strict=True):
        wrapped[i] = tensor
    return tuple(wrapped), index
