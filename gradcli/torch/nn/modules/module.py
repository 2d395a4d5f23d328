"""torch.nn.Module as a built-in base class: the further link of a script class's mro that
registers parameters and submodules, calls `forward`, and prints PyTorch's module repr.

A module keeps its parameters, submodules and plain attributes in the one insertion-ordered
table of its ScriptInstance: a value's type says what it is (a Parameter, a module, anything
else), and the table's order is torch's registration order.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from types import FunctionType
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import (
    MISSING,
    ScriptClass,
    ScriptFunction,
    ScriptInstance,
    StaticMethod,
)
from gradcli.torch.nn.modules import _hooks as nn_hooks

_TENSOR_TYPES = {"float32": "torch.FloatTensor", "float64": "torch.DoubleTensor",
                 "int64": "torch.LongTensor", "float16": "torch.HalfTensor"}


def builtin_class(name: str, base: ScriptClass | None, methods: dict[str, Callable],
                  attributes: dict[str, Any] | None = None) -> ScriptClass:
    """A class of torch's (nn.Linear, optim.SGD...) in gradcli's object model: its methods are
    Python functions taking the instance first, and a script class may derive from it; its
    other class attributes (properties, constants) are kept as they are."""
    namespace = {key: _method(name, key, fn) for key, fn in methods.items()}
    return ScriptClass(name, base, {**namespace, **(attributes or {})}, shared=True)


def _method(owner: str, key: str, fn: Callable) -> ScriptFunction | StaticMethod:
    """A method of a built-in class; a StaticMethod's function stays static."""
    if isinstance(fn, StaticMethod):
        return StaticMethod(_method(owner, key, fn.function))
    return ScriptFunction(f"{owner}.{key}", _named(fn, owner, key))


def _named(fn: Callable, owner: str, key: str) -> Callable:
    """A copy of fn named as torch's method, so that Python's own argument errors read as
    torch's do: `SGD.__init__() got an unexpected keyword argument 'foo'`."""
    if not isinstance(fn, FunctionType):
        return fn
    named = FunctionType(fn.__code__, fn.__globals__, key, fn.__defaults__, fn.__closure__)
    named.__kwdefaults__, named.__qualname__ = fn.__kwdefaults__, f"{owner}.{key}"
    named.__dict__.update(fn.__dict__)
    return named


def is_module(value: Any) -> bool:
    return isinstance(value, ScriptInstance) and MODULE in value.cls.mro


def _init(self: ScriptInstance, *args, **kwargs) -> None:
    if args or kwargs:
        raise TypeError(f"Module.__init__() takes 1 positional argument but {len(args) + 1} "
                        "were given")
    self.attributes["training"] = True


def _setattr(self: ScriptInstance, name: str, value: Any) -> None:
    """torch's Module.__setattr__: registration needs __init__ first, and a registered
    parameter, submodule or buffer can only be replaced by its own kind (or None)."""
    current = self.attributes.get(name)
    if name in buffer_names(self) and value is not None and not isinstance(value, Tensor):
        raise TorchError("TypeError", f"cannot assign '{torch_typename(value)}' as buffer '{name}' "
                                      "(torch.nn.Buffer, torch.Tensor or None expected)")
    if isinstance(value, Parameter) or is_module(value):
        if "training" not in self.attributes:
            kind = "parameters" if isinstance(value, Parameter) else "module"
            raise TorchError("AttributeError", f"cannot assign {kind} before Module.__init__() "
                                               "call")
    elif value is not None and isinstance(current, Parameter):
        raise TorchError("TypeError", f"cannot assign '{torch_typename(value)}' as parameter "
                                      f"'{name}' (torch.nn.Parameter or None expected)")
    elif value is not None and is_module(current):
        raise TorchError("TypeError", f"cannot assign '{torch_typename(value)}' as child module "
                                      f"'{name}' (torch.nn.Module or None expected)")
    self.attributes[name] = value


def add_module(self: ScriptInstance, name: Any, module: Any) -> None:
    """Module.add_module: torch's checks, then the child registered under `name`."""
    if not is_module(module) and module is not None:
        raise TorchError("TypeError", f"{torch_typename(module)} is not a Module subclass")
    if not isinstance(name, str):
        raise TorchError("TypeError", f"module name should be a string. Got {torch_typename(name)}")
    current = self.attributes.get(name, MISSING)
    # hasattr(self, name): torch's Module always has a forward (one that raises)
    defined = name == "forward" or self.cls.lookup(name) is not MISSING
    if (current is not MISSING or defined) and \
            not (is_module(current) or current is None):
        raise _key_error(f"attribute '{name}' already exists")
    if "." in name:
        raise _key_error(f'module name can\'t contain ".", got: {name}')
    if name == "":
        raise _key_error('module name can\'t be empty string ""')
    self.attributes[name] = module


def _key_error(message: str) -> TorchError:
    """Python shows a KeyError's message as the repr of its argument."""
    return TorchError("KeyError", repr(message))


def torch_typename(value: Any) -> str:
    """torch.typename: a tensor by its legacy type name."""
    if isinstance(value, Tensor):
        return _TENSOR_TYPES.get(value.dtype.name, "torch.Tensor")
    return type_name(value)


def _call(self: ScriptInstance, *args, **kwargs) -> Any:
    forward = self.cls.lookup("forward")
    if forward is MISSING:
        raise TorchError("NotImplementedError", f'Module [{self.cls.name}] is missing the '
                                                'required "forward" function')
    return nn_hooks.call(self, self.attribute("forward"), args, kwargs)


def named_children(self: ScriptInstance) -> Iterator[tuple[str, ScriptInstance]]:
    try:
        for name, value in self.attributes.items():
            if is_module(value):
                yield name, value
    except RuntimeError as e:  # the script added a module while iterating: torch's error too
        raise TorchError("RuntimeError", str(e)) from None


def _children(self: ScriptInstance) -> Iterator[ScriptInstance]:
    for _, module in named_children(self):
        yield module


def named_modules(self: ScriptInstance, memo: set | None = None,
                  prefix: str = "") -> Iterator[tuple[str, ScriptInstance]]:
    memo = set() if memo is None else memo
    if id(self) in memo:
        return
    memo.add(id(self))
    yield prefix, self
    for name, child in named_children(self):
        yield from named_modules(child, memo, f"{prefix}.{name}" if prefix else name)


def _modules(self: ScriptInstance) -> Iterator[ScriptInstance]:
    for _, module in named_modules(self):
        yield module


def named_parameters(self: ScriptInstance, prefix: str = "",
                     recurse: bool = True) -> Iterator[tuple[str, Parameter]]:
    seen: set[int] = set()
    modules = named_modules(self, prefix=prefix) if recurse else [(prefix, self)]
    for module_prefix, module in modules:
        for name, value in module.attributes.items():
            if isinstance(value, Parameter) and id(value) not in seen:
                seen.add(id(value))
                yield (f"{module_prefix}.{name}" if module_prefix else name), value


def parameters(self: ScriptInstance, recurse: bool = True) -> Iterator[Parameter]:
    for _, parameter in named_parameters(self, recurse=recurse):
        yield parameter


def _zero_grad(self: ScriptInstance, set_to_none: bool = True) -> None:
    zero_grads(parameters(self), set_to_none)


def zero_grads(params, set_to_none: bool) -> None:
    """Module.zero_grad and Optimizer.zero_grad: drop each .grad, or zero it in place."""
    for p in params:
        if p.grad is None:
            continue
        if set_to_none:
            p.set_grad(None)
        else:
            grad = p.grad.detach_() if p.grad.grad_fn is not None else p.grad
            grad.requires_grad_(False)
            grad.zero_()


def _train(self: ScriptInstance, mode: bool = True) -> ScriptInstance:
    if not isinstance(mode, bool):
        raise TorchError("ValueError", "training mode is expected to be boolean")
    for module in _modules(self):
        module.attributes["training"] = mode
    return self


def _eval(self: ScriptInstance) -> ScriptInstance:
    return _train(self, False)


def _requires_grad_(self: ScriptInstance, requires_grad: bool = True) -> ScriptInstance:
    for p in parameters(self):
        p.requires_grad_(requires_grad)
    return self


def _apply(self: ScriptInstance, fn: Callable) -> ScriptInstance:
    for child in _children(self):
        _apply(child, fn)
    fn(self)
    return self


# ---- buffers: tensors a module owns that are not parameters (BatchNorm's running stats) ----
# Their names (-> persistent, in registration order) sit in the attributes table under a key
# no script can reach (the language has no `_` attribute); the tensors are attributes.
BUFFERS = "_buffers"


def buffer_names(self: ScriptInstance) -> dict[str, bool]:
    return self.attributes.get(BUFFERS, {})


def register_buffer(self: ScriptInstance, name: str, tensor: Tensor | None,
                    persistent: bool = True) -> None:
    """torch's Module.register_buffer, its checks in its order."""
    if "training" not in self.attributes:
        raise TorchError("AttributeError", "cannot assign buffer before Module.__init__() call")
    if not isinstance(name, str):
        raise TorchError("TypeError", f"buffer name should be a string. Got {type_name(name)}")
    if "." in name:
        raise _key_error('buffer name can\'t contain "."')
    if name == "":
        raise _key_error('buffer name can\'t be empty string ""')
    if name in self.attributes and name not in buffer_names(self):
        raise _key_error(f"attribute '{name}' already exists")
    if tensor is not None and not isinstance(tensor, Tensor):
        raise TorchError("TypeError", f"cannot assign '{torch_typename(tensor)}' object to buffer "
                                      f"'{name}' (torch Tensor or None required)")
    self.attributes.setdefault(BUFFERS, {})[name] = persistent
    self.attributes[name] = tensor


def register_parameter(self: ScriptInstance, name: str, param: Parameter | None) -> None:
    """torch's Module.register_parameter, its checks in its order."""
    if "training" not in self.attributes:
        raise TorchError("AttributeError", "cannot assign parameter before Module.__init__() "
                                           "call")
    if not isinstance(name, str):
        raise TorchError("TypeError", f"parameter name should be a string. Got "
                                      f"{torch_typename(name)}")
    if "." in name:
        raise _key_error('parameter name can\'t contain "."')
    if name == "":
        raise _key_error('parameter name can\'t be empty string ""')
    if (name in self.attributes or self.cls.lookup(name) is not MISSING) and \
            not isinstance(self.attributes.get(name), Parameter):
        raise _key_error(f"attribute '{name}' already exists")
    if param is not None and not isinstance(param, Parameter):
        raise TorchError("TypeError", f"cannot assign '{torch_typename(param)}' object to "
                                      f"parameter '{name}' (torch.nn.Parameter or None required)")
    self.attributes[name] = param


def named_buffers(self: ScriptInstance, prefix: str = "",
                  recurse: bool = True) -> Iterator[tuple[str, Tensor]]:
    modules = named_modules(self, prefix=prefix) if recurse else [(prefix, self)]
    for module_prefix, module in modules:
        for name in buffer_names(module):
            value = module.attributes[name]
            if value is not None:
                yield (f"{module_prefix}.{name}" if module_prefix else name), value


def _buffers(self: ScriptInstance, recurse: bool = True) -> Iterator[Tensor]:
    for _, buffer in named_buffers(self, recurse=recurse):
        yield buffer


class StateDict(OrderedDict):
    """What state_dict() returns: an OrderedDict carrying torch's `_metadata` (the modules'
    versions), which load_state_dict reads; a copy (dict(sd), OrderedDict(sd)) has none."""

    has_metadata = False


StateDict.__name__ = StateDict.__qualname__ = "OrderedDict"  # its repr is an OrderedDict's


def _state_dict(self: ScriptInstance) -> OrderedDict:
    """Each module's parameters, then its persistent buffers, then its children's, as torch."""
    state = StateDict()
    state.has_metadata = True
    for prefix, module in named_modules(self):
        own = [(n, p) for n, p in named_parameters(module, recurse=False)]
        own += [(n, b) for n, b in named_buffers(module, recurse=False)
                if buffer_names(module)[n]]
        for name, value in own:
            state[f"{prefix}.{name}" if prefix else name] = value.detach()
    return state


def _extra_repr(self: ScriptInstance) -> str:
    return ""


def indent(text: str, spaces: int = 2) -> str:
    """torch's _addindent: every line but the first indented (blank lines stay blank)."""
    first, *rest = text.split("\n")
    return "\n".join([first, *[" " * spaces + line if line.strip() else "" for line in rest]])


def _repr(self: ScriptInstance) -> str:
    extra = self.attribute("extra_repr")()
    extra_lines = extra.split("\n") if extra else []
    child_lines = [f"({name}): {indent(repr(child))}" for name, child in named_children(self)]
    return framed(self.cls.name, extra_lines, child_lines)


def framed(name: str, extra_lines: list[str], child_lines: list[str]) -> str:
    lines = extra_lines + child_lines
    if not lines:
        return f"{name}()"
    if len(extra_lines) == 1 and not child_lines:
        return f"{name}({extra_lines[0]})"
    return f"{name}(\n  " + "\n  ".join(lines) + "\n)"


MODULE = builtin_class("Module", None, {
    "__init__": _init, "__setattr__": _setattr, "__call__": _call, "__repr__": _repr,
    "extra_repr": _extra_repr, "parameters": parameters,
    "named_parameters": named_parameters, "children": _children,
    "named_children": named_children, "modules": _modules, "named_modules": named_modules,
    "zero_grad": _zero_grad, "train": _train, "eval": _eval, "requires_grad_": _requires_grad_,
    "apply": _apply, "state_dict": _state_dict, "register_buffer": register_buffer,
    "buffers": _buffers, "named_buffers": named_buffers,
    "register_parameter": register_parameter,
    "add_module": add_module, "register_module": add_module, **nn_hooks.REGISTRATIONS,
})


# ---- built-in layers: torch.nn's module classes, registered as they are made ---------------

MODULE_CLASSES: dict[str, ScriptClass] = {"Module": MODULE}
"""torch.nn's module classes by name: the namespace torch.nn (torch/api.py) is this table."""
MODULE_FIELDS: dict[str, frozenset[str]] = {"Module": frozenset({"forward", "training"})}
"""The attributes each class's __init__ sets: with the classes' methods, the attribute names the
validator lets a script read on a module (tests/language/test_nn_registry.py builds every class
to hold this true)."""


def set_fields(self: ScriptInstance, **values: Any) -> None:
    """A built-in layer's __init__ start: Module.__init__, then its settings as attributes."""
    MODULE.namespace["__init__"](self)
    self.attributes.update(values)


def layer_class(name: str, init_: Callable, forward: Callable | None,
                extra: Callable | None = None, *, fields: Iterable[str] = (),
                **methods: Callable) -> ScriptClass:
    """torch.nn.<name>, a built-in layer registered in MODULE_CLASSES: its __init__, forward and
    extra_repr (torch's ModuleList has no forward), any other methods, and the `fields` its
    __init__ sets (its settings, parameters, buffers and submodules)."""
    if name in MODULE_CLASSES:
        raise ValueError(f"torch.nn.{name} is declared twice")
    table = {"__init__": init_, **methods}
    if forward is not None:
        table["forward"] = forward
    if extra is not None:
        table["extra_repr"] = extra
    MODULE_CLASSES[name] = builtin_class(name, MODULE, table)
    MODULE_FIELDS[name] = frozenset(fields)
    return MODULE_CLASSES[name]


def attribute_names() -> frozenset[str]:
    """Every attribute name a script may read on a built-in module: each class's methods
    (read when asked: some are added after the class is made) and fields."""
    return frozenset(name for cls_name, cls in MODULE_CLASSES.items()
                     for name in (*cls.namespace, *MODULE_FIELDS[cls_name]))
