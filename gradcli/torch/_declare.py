"""Each public name of torch's API declared once, beside its implementation.

A declaration is what PyTorch's `native_functions.yaml` says of a function: its signature strings
(the ones torch's generated bindings hand to PythonArgParser, overloads in torch's order,
`|deprecated` for the hidden ones torch still accepts) and its variants:

    @torch_function("hypot(Tensor input, Tensor other, *, Tensor out=None)", method=True)
    def hypot(input, other): ...

declares `torch.hypot` and `Tensor.hypot`, whose signature torch derives from the function's
(`hypot(Tensor other)`: no `input`, no `out`). `inplace=True` adds `Tensor.hypot_`. A name whose
torch implementation is a Python function (`torch.norm`, `F.dropout`) is declared with no
signature: its own Python parameters check the call. `torch/api.py` builds torch's
namespaces, Tensor's methods, their argument parsers and the validator's vocabulary from
`DECLARED`, and nothing else lists a declared name.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from gradcli.engine.errors import TorchError, type_error
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name

TORCH = "torch"


@dataclass(frozen=True)
class Declared:
    namespace: str  # "torch", "torch.nn.functional", "torch.linalg"...; "Tensor" for methods
    name: str
    fn: Callable
    signatures: tuple[str, ...]  # torch's; () where its Python parameters check the call
    writes: bool = False  # fn's result is written into its first argument (api.inplace)


DECLARED: list[Declared] = []


def torch_function(*signatures: str, name: str | None = None,
                   namespace: str | tuple[str, ...] = TORCH,
                   method: bool | tuple[str, ...] = False, inplace: bool = False,
                   function: bool = True, writes: bool = False):
    """Declare the decorated callable as `<namespace>.<name>`, and as Tensor's method
    (`method=True` derives its signature from the function's; a tuple gives torch's own where
    they differ) and in-place method (`inplace=True`: `Tensor.<name>_`, the same signatures).
    A tuple of namespaces declares the same function in each (`F.conv1d` is `torch.conv1d`).
    `function=False` declares the method only, `signatures` then being the method's;
    `writes=True`: the name is the in-place form of the callable (its result written into
    its first argument, `x.normal_`)."""
    name = name or _name(signatures)

    def declare(fn: Callable) -> Callable:
        for place in (namespace,) if function and isinstance(namespace, str) else \
                namespace if function else ():
            DECLARED.append(Declared(place, name, fn, signatures, writes))
        methods = signatures if not function else \
            method if isinstance(method, tuple) else method_signatures(signatures)
        if method or not function:
            DECLARED.append(Declared("Tensor", name, fn, methods, writes))
        if inplace:
            DECLARED.append(Declared("Tensor", name + "_", fn,
                                     tuple(_renamed(s, name + "_") for s in methods), True))
        return fn
    return declare


def tensor_method(*signatures: str, name: str | None = None, inplace: bool = False,
                  writes: bool = False):
    """Declare a method of Tensor that torch has no function for (`x.view`, `x.item`)."""
    return torch_function(*signatures, name=name, function=False, inplace=inplace,
                          writes=writes)


def _name(signatures: tuple[str, ...]) -> str:
    if not signatures or "(" not in signatures[0]:
        raise ValueError("a declaration without torch's signature needs name=")
    return signatures[0].split("(", 1)[0]


def _renamed(signature: str, name: str) -> str:
    return name + signature[signature.index("("):]


_SELF = re.compile(r"\bTensor input(, |(?=\)))")
_OUT = re.compile(r"(, )?Tensor(List\[\d+\])? out=None")


def method_signatures(signatures: tuple[str, ...]) -> tuple[str, ...]:
    """Tensor's method from torch's function: the overloads with a `Tensor input`, which is
    `self`, and without `out=`."""
    return tuple(_OUT.sub("", _SELF.sub("", s, count=1)).replace(", *)", ")").replace("*)", ")")
                 for s in signatures if _SELF.search(s))


# the factory keywords every creation function takes, as torch's signatures spell them
FACTORY = ("ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
           "bool? pin_memory=False, bool? requires_grad=False")


# ---- the checks of functions declared without torch's signature ---------------------------


def tensor_argument(function: str, value, name: str = "input", position: int = 1):
    """value, or torch's TypeError where argument `name` of torch's `function` is no tensor
    (its parser's words)."""
    if not isinstance(value, Tensor):
        raise type_error(f"{function}(): argument '{name}' (position {position}) must be "
                         f"Tensor, not {type_name(value)}")
    return value


def takes_tensor(function: str, *names: str) -> Callable:
    """For a function declared without torch's signature whose leading arguments (`names`,
    default `input`) torch's parser checks are tensors (`linalg_det(): argument 'A'
    (position 1) must be Tensor, not str`)."""
    names = names or ("input",)

    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def call(*args, **kwargs):
            for position, name in enumerate(names):
                given = args[position] if position < len(args) else kwargs.get(name, Tensor)
                if given is not Tensor:  # (a missing one is Python's error, at the call)
                    tensor_argument(function, given, name, position + 1)
            return fn(*args, **kwargs)
        return call
    return wrap


def tensor_items(items) -> None:
    """torch's TypeError for an item that is no tensor, in a function of a sequence of
    tensors (`torch.meshgrid(*tensors)`)."""
    for index, item in enumerate(items):
        if not isinstance(item, Tensor):
            raise type_error(f"expected Tensor as element {index} in argument 0, but got "
                             f"{type_name(item)}")


def attribute_of_tensor(value, attribute: str):
    """value, or Python's AttributeError where torch's Python code reads `attribute` of
    something that is no tensor (`F.normalize('x')`: 'str' object has no attribute 'norm')."""
    if not isinstance(value, Tensor):
        raise TorchError("AttributeError", f"'{type_name(value)}' object has no attribute "
                                           f"'{attribute}'")
    return value
