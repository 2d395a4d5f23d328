"""torch.autograd.Function as a base of a script's class: the built-in link at the end of the
class's mro (sandbox/objects.py), with `apply`, and the ctx its forward and backward get.
The engine half (the node, the checks of what backward returns) is engine/custom_function.py.
"""
from __future__ import annotations

from typing import Any

from gradcli.engine.custom_function import FunctionState, apply_function
from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.type_names import TYPE_NAMES
from gradcli.sandbox.objects import (
    ClassMethod,
    ScriptClass,
    ScriptFunction,
    ScriptObject,
    StaticMethod,
)

LEGACY = ("Legacy autograd function with non-static forward method is deprecated. Please use "
          "new-style autograd function with static forward method. (Example: "
          "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")


class Ctx(FunctionState, ScriptObject):
    """The ctx of one application: its documented methods and attributes, then the script's
    own (`ctx.k = 2`). Printed as PyTorch prints it, the Function's node."""

    __slots__ = ("node_name", "attributes")

    def __init__(self, node_name: str):
        super().__init__()
        self.node_name, self.attributes = node_name, {}

    def attribute(self, name: str) -> Any:
        if name in CTX_METHODS:
            return ScriptFunction(name, lambda *args: CTX_METHODS[name](self, *args))
        if name == "saved_tensors":
            return self.saved_tensors()
        if name == "needs_input_grad":
            return self.needs_input_grad
        if name in self.attributes:
            return self.attributes[name]
        raise TorchError("AttributeError", f"'{self.node_name}' object has no attribute '{name}'")

    def delete_attribute(self, name: str) -> None:
        if name not in self.attributes:
            raise TorchError("AttributeError", name)
        del self.attributes[name]

    def set_attribute(self, name: str, value: Any) -> None:
        if name in CTX_METHODS or name in ("saved_tensors", "needs_input_grad"):
            raise TorchError("AttributeError", f"attribute '{name}' of "
                                               "'torch._C._FunctionBase' objects is not writable")
        self.attributes[name] = value

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{self.node_name} object>"


def _save_for_backward(ctx: Ctx, *tensors) -> None:
    ctx.to_save = tensors


def _mark_non_differentiable(ctx: Ctx, *tensors) -> None:
    ctx.non_differentiable = tensors


def _mark_dirty(ctx: Ctx, *tensors) -> None:
    ctx.dirty = tensors


def _set_materialize_grads(ctx: Ctx, value: bool) -> None:
    ctx.materialize_grads = bool(value)


CTX_METHODS = {"save_for_backward": _save_for_backward,
               "mark_non_differentiable": _mark_non_differentiable,
               "mark_dirty": _mark_dirty, "set_materialize_grads": _set_materialize_grads}


def _apply(cls: ScriptClass, *args, **kwargs) -> Any:
    """`Cls.apply(*args)`: the forward (then setup_context, in that form), a node named
    `ClsBackward` whose backward is the class's. Keyword arguments are inputs after the
    positional ones, as torch binds them to forward's parameters."""
    forward = cls.attribute("forward")
    setup = cls.lookup("setup_context")
    ctx = Ctx(f"{cls.name}Backward")
    inputs = args + tuple(kwargs.values())

    def run_forward():
        if setup is BASE["setup_context"]:
            return forward(ctx, *args, **kwargs)
        output = forward(*args, **kwargs)
        cls.attribute("setup_context")(ctx, inputs, output)
        return output

    def run_backward(*grads):
        return cls.attribute("backward")(ctx, *grads)

    def run_jvp(*tangents):
        return cls.attribute("jvp")(ctx, *tangents)
    return apply_function(cls.name, ctx, run_forward, run_backward, inputs, run_jvp)


def _not_implemented(message: str):
    def missing(*args, **kwargs):
        raise TorchError("NotImplementedError", message)
    return missing


def _instantiated(instance, *args, **kwargs) -> None:
    warn(f"{instance.cls!r} should not be instantiated. Methods on autograd functions are all "
         "static, so you should invoke them on the class itself. Instantiating an autograd "
         "function will raise an error in a future version of PyTorch.", "DeprecationWarning")


def _legacy_call(instance, *args, **kwargs):
    raise runtime_error(LEGACY)


class BuiltinClass(ScriptClass):
    """A class of torch's as a base of the script's classes, printed as torch's."""

    __slots__ = ("module",)

    def __init__(self, name: str, module: str, namespace: dict[str, Any]):
        super().__init__(name, None, namespace, shared=True)
        self.module = module

    def __repr__(self) -> str:
        return f"<class '{self.module}.{self.name}'>"


BASE = {
    "apply": ClassMethod(ScriptFunction("Function.apply", _apply)),
    "forward": StaticMethod(ScriptFunction("Function.forward", _not_implemented(
        "You must implement the forward function for custom autograd.Function."))),
    "backward": StaticMethod(ScriptFunction("Function.backward", _not_implemented(
        "You must implement either the backward or vjp method for your custom "
        "autograd.Function to use it with backward mode AD."))),
    "jvp": StaticMethod(ScriptFunction("Function.jvp", _not_implemented(
        "You must implement the jvp function for custom autograd.Function to use it with "
        "forward mode AD."))),
    "setup_context": StaticMethod(ScriptFunction("Function.setup_context", _not_implemented(
        "setup_context is not implemented."))),
    "__init__": ScriptFunction("Function.__init__", _instantiated),
    "__call__": ScriptFunction("Function.__call__", _legacy_call),
}
FUNCTION = BuiltinClass("Function", "torch.autograd.function", BASE)

# The attribute names a script may use on a Function class and its ctx.
ATTRIBUTES = frozenset({"apply", "forward", "backward", "jvp", "setup_context", "saved_tensors",
                        "needs_input_grad", *CTX_METHODS})

TYPE_NAMES.update({Ctx: lambda ctx: ctx.node_name})
