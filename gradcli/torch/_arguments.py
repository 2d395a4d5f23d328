"""torch's Python argument parser over gradcli's objects: the TypeError a bad call gets.

PyTorch checks every call of a builtin function or method against the signatures of its
overloads (torch/csrc/utils/python_arg_parser.cpp, invalid_arguments.cpp) before anything
runs, and words its errors from them: `softmax(): argument 'input' (position 1) must be
Tensor, not tuple`, `... received an invalid combination of arguments - got (str), but
expected one of: ...`. This module is that parser, driven by the same signature strings
(signatures.py), so that gradcli refuses exactly the calls torch refuses, with its words.
It checks only; the call itself then goes to gradcli's implementation.
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np

from gradcli.engine import dtypes
from gradcli.engine.dtypes import DType
from gradcli.engine.errors import TorchError, type_error, warn
from gradcli.engine.layout import MemoryFormat
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import TYPE_NAMES, type_name
from gradcli.torch._numpy import Array
from gradcli.torch._tensor.creation import GeneratorHandle
from gradcli.torch._tensor.pointwise import INT64_MIN, check_scalar
from gradcli.torch._tensor.reductions import ReturnTypes
from gradcli.torch.autograd.grad import GradMode

# The kinds of parameter torch's signature strings name, and how its messages print them.
KIND_NAMES = {
    "Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "SymInt": "int", "double": "float",
    "TensorList": "tuple of Tensors", "IntArrayRef": "tuple of ints",
    "SymIntArrayRef": "tuple of ints", "Generator": "torch.Generator", "bool": "bool",
    "PyObject*": "object", "ScalarType": "torch.dtype", "Layout": "torch.layout",
    "MemoryFormat": "torch.memory_format", "Device": "torch.device",
    "c10::string_view": "str", "ArrayRef<Scalar>": "tuple of Scalars",
}
# Python names torch also takes for some parameters (numpy's): x.sum(axis=0, keepdims=True).
NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"),
               "other": ("x2",)}
# The functions whose Tensor parameters take Python numbers too (torch.add(1, 2)).
NUMBERS_AS_TENSORS = frozenset(
    "add add_ div div_ divide divide_ mul mul_ multiply multiply_ sub sub_ subtract "
    "subtract_ true_divide true_divide_ to copy_ floor_divide floor_divide_".split())


class Param:
    """One parameter of a signature: `IntArrayRef[1]? dim=None`."""

    __slots__ = ("kind", "name", "size", "optional", "allow_none", "keyword_only", "default",
                 "numbers", "names")

    def __init__(self, text: str, keyword_only: bool, numbers: bool):
        kind, _, rest = text.partition(" ")
        self.allow_none = kind.endswith("?")
        kind = kind.rstrip("?")
        size = re.search(r"\[(\d+)\]$", kind)
        self.size = int(size.group(1)) if size else 0
        self.kind = kind[:size.start()] if size else kind
        self.name, eq, self.default = rest.partition("=")
        self.optional = bool(eq)
        self.allow_none = self.allow_none or self.default == "None"
        self.keyword_only, self.numbers = keyword_only, numbers
        self.names = (self.name, *NUMPY_NAMES.get(self.name, ()))

    def type_name(self) -> str:
        return KIND_NAMES[self.kind]

    def __str__(self) -> str:
        default = f" = {self.default}" if self.optional else ""
        return f"{self.type_name()} {self.name}{default}"


class Signature:
    """One overload: `softmax(Tensor input, int64_t dim, ScalarType? dtype=None, ...)`."""

    def __init__(self, text: str):
        self.name, _, rest = text.partition("(")
        body, _, flag = rest.rpartition(")")
        self.hidden, self.deprecated = bool(flag), flag == "|deprecated"
        numbers = self.name in NUMBERS_AS_TENSORS
        self.params, keyword_only = [], False
        for item in body.split(", ") if body else ():
            if item == "*":
                keyword_only = True
            else:
                self.params.append(Param(item, keyword_only, numbers))
        self.aliases = {alias: p.name for p in self.params for alias in p.names[1:]}
        self.min_args = sum(1 for p in self.params if not p.optional)
        self.max_pos_args = sum(1 for p in self.params if not p.keyword_only)
        self.one_list = self.max_pos_args == 1 and self.params[0].kind in (
            "IntArrayRef", "SymIntArrayRef")

    def canonical(self, key: str) -> str:
        """A keyword's parameter name: numpy's `axis` is `dim`."""
        return self.aliases.get(key, key)

    def __str__(self) -> str:
        parts, keyword = [], False
        for p in self.params:
            if p.keyword_only and not keyword:
                parts.append("*")
                keyword = True
            parts.append(str(p))
        return "(" + ", ".join(parts) + ")"

    def parse(self, args: tuple, kwargs: dict, raise_error: bool) -> Bound | None:
        """The arguments by parameter, if the call matches; else None (or torch's TypeError)."""
        # view(2, 3): positional ints are the one list of ints, if the first is one
        varargs = self.one_list and _int_list(args, self.params[0].size)[0]
        if len(args) > self.max_pos_args and not varargs:
            return self._fail(raise_error, lambda: self._extra_args(len(args)))
        values, position, used = {}, 0, 0
        for i, p in enumerate(self.params):
            keyword = position >= len(args)
            if not keyword:
                if p.keyword_only:
                    return self._fail(raise_error, lambda: self._extra_args(len(args)))
                value = args[position]
            else:
                value = next((kwargs[n] for n in p.names if n in kwargs), _MISSING)
            if value is _MISSING and p.optional or value is None and p.allow_none:
                if value is None:
                    values[p.name] = None
            elif value is _MISSING:
                return self._fail(raise_error, lambda: self._missing(i))  # noqa: B023 (returns)
            else:
                ok, failed = check(p, value, i)
                if not ok and varargs and position == 0 and not keyword:
                    values[p.name] = args
                    position = len(args)
                    continue
                if not ok:
                    return self._fail(raise_error, lambda: self._bad_type(  # noqa: B023 (returns)
                        p, value, keyword, position, failed, args))  # noqa: B023
                values[p.name] = value
            if not keyword:
                position += 1
            elif value is not _MISSING:
                used += 1
        if used < len(kwargs):
            return self._fail(raise_error, lambda: self._extra_kwargs(kwargs, len(args)))
        return Bound(self, values, 1 if varargs and values.get(self.params[0].name) is args
                     else len(args))

    @staticmethod
    def _fail(raise_error: bool, error):
        if raise_error:
            raise error()
        return None

    def _extra_args(self, n: int) -> TorchError:
        if self.min_args != self.max_pos_args:
            return type_error(f"{self.name}() takes from {self.min_args} to "
                              f"{self.max_pos_args} positional arguments but {n} were given")
        m = self.max_pos_args
        return type_error(f"{self.name}() takes {m} positional argument{'' if m == 1 else 's'} "
                          f"but {n} {'was' if n == 1 else 'were'} given")

    def _missing(self, start: int) -> TorchError:
        names = [f'"{p.name}"' for p in self.params[start:] if not p.optional]
        # NOTE: torch's plural is the wrong way round: "missing 1 required positional arguments"
        return type_error(f"{self.name}() missing {len(names)} required positional "
                          f"argument{'s' if len(names) == 1 else ''}: {', '.join(names)}")

    def _extra_kwargs(self, kwargs: dict, positional: int) -> TorchError:
        for key in kwargs:
            index = next((i for i, p in enumerate(self.params) if p.name == key), -1)
            if index < 0:
                return type_error(f"{self.name}() got an unexpected keyword argument '{key}'")
            if index < positional:
                return type_error(f"{self.name}() got multiple values for argument '{key}'")
        return type_error("invalid keyword arguments")

    def _bad_type(self, p, value, keyword, position, failed, args) -> TorchError:
        expected = p.type_name()
        if keyword:
            return type_error(f"{self.name}(): argument '{p.name}' must be {expected}, not "
                              f"{type_name(value)}")
        where = f"{self.name}(): argument '{p.name}' (position {position + 1}) must be {expected}"
        if failed is not None:
            items = value if isinstance(value, (list, tuple)) else args
            return type_error(f"{where}, but found element of type {type_name(items[failed])} "
                              f"at pos {failed}")
        return type_error(f"{where}, not {type_name(value)}")


_MISSING = object()


# Argument types whose check depends on the type alone: a call made only of them (its ints in
# int64's range) parses as the last call with the same types did, so that parse is reused.
_BY_TYPE = frozenset({Tensor, int, float, bool, type(None), DType})
_REMEMBERED = 256  # calls remembered per function, at most


class Parser:
    """All the overloads of one function or method, as torch's PythonArgParser."""

    def __init__(self, texts: tuple[str, ...]):
        signatures = [Signature(t) for t in texts]
        self.name = signatures[0].name
        # deprecated overloads are tried last
        self.signatures = [s for s in signatures if not s.deprecated] + \
            [s for s in signatures if s.deprecated]
        self.known: dict[tuple, tuple] = {}  # argument types -> how the keywords are renamed

    def arguments(self, args: tuple, kwargs: dict,
                  accepted: frozenset | None) -> tuple[tuple, dict]:
        """The call's arguments for gradcli's function (Bound.call_arguments), or torch's
        TypeError. Most calls repeat an earlier one's argument types: then, as long as its
        ints fit in int64, the call parses as that one did and needs no checking."""
        key = (*map(type, args), *kwargs, *map(type, kwargs.values())) if kwargs else \
            tuple(map(type, args))
        renames = self.known.get(key)
        if renames is not None and (int not in key or _ints_fit(args, kwargs)):
            if not kwargs:
                return args, kwargs
            return args, {new: kwargs[old] for old, new in renames if new is not None}
        bound = self.parse(args, kwargs)
        out_args, out_kwargs = bound.call_arguments(args, kwargs, accepted)
        if out_args is args and bound.by_type(key) and len(self.known) < _REMEMBERED:
            self.known[key] = tuple(
                (old, new if new in out_kwargs else None)
                for old, new in ((k, bound.signature.canonical(k)) for k in kwargs))
        return out_args, out_kwargs

    def parse(self, args: tuple, kwargs: dict) -> Bound:
        """The overload a call matches with its arguments, or torch's TypeError."""
        if len(self.signatures) == 1:
            return self.signatures[0].parse(args, kwargs, True)
        for signature in self.signatures:
            bound = signature.parse(args, kwargs, False)
            if bound is not None:
                if signature.deprecated:
                    self._warn_deprecated(signature)
                return bound
        n = len(args) + len(kwargs)
        plausible = [s for s in self.signatures
                     if s.min_args <= n <= len(s.params) and not s.hidden]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, True)
        options = [str(s) for s in self.signatures if not s.hidden]
        raise type_error(invalid_arguments(args, kwargs, f"{self.name}()", options))

    def _warn_deprecated(self, signature: Signature) -> None:
        message = (f"This overload of {self.name} is deprecated:\n\t{self.name}{signature}")
        others = [str(s) for s in self.signatures if not s.hidden]
        if others:
            message += "\nConsider using one of the following signatures instead:"
            message += "".join(f"\n\t{self.name}{s}" for s in others)
        warn(message, once_per_process="deprecated overload")  # one TORCH_WARN_ONCE for all


# ---- what each kind of parameter takes (FunctionParameter::check) --------------------------


def check(p: Param, value: Any, index: int) -> tuple[bool, int | None]:
    """(whether `value` fits the parameter, the index of a list's bad element)."""
    kind = p.kind
    if kind == "Tensor":
        return isinstance(value, Tensor) or p.numbers and _is_number(value), None
    if kind == "Scalar":
        return _is_number(value) or _is_scalar_tensor(value), None
    if kind == "double":
        return (type(value) in (int, float, bool) or _is_scalar_tensor(value)), None
    if kind == "int64_t":
        return _is_int(value) or _is_int_tensor(value), None
    if kind == "SymInt":
        return _is_index(value), None
    if kind in ("IntArrayRef", "SymIntArrayRef"):
        return _int_list(value, p.size)
    if kind == "TensorList":
        return _tensor_list(value, index), None
    if kind == "ArrayRef<Scalar>":
        return isinstance(value, (list, tuple)) and all(map(_is_number, value)), None
    if kind == "bool":
        return type(value) is bool, None
    if kind == "ScalarType":
        return isinstance(value, DType) or any(value is t for t in (float, int, bool)), None
    if kind == "Device":
        return _is_int(value) or type(value) is str or type_name(value) == "torch.device", None
    if kind == "Generator":
        return type_name(value) == "torch._C.Generator", None
    if kind == "MemoryFormat":
        return isinstance(value, MemoryFormat), None
    if kind == "c10::string_view":
        return type(value) is str, None
    if kind == "PyObject*":
        return True, None
    return False, None  # layouts: gradcli has none


def _is_number(value) -> bool:
    return type(value) in (int, float, bool, complex) or _numpy_scalar(value) is not None


def _is_int(value) -> bool:
    return type(value) is int or isinstance(_numpy_scalar(value), int)


def _numpy_scalar(value) -> int | float | bool | None:
    """A numpy scalar as the Python number torch reads it as (`x.eq(np.float64(1))`, an
    `np.int64` size); None for anything else."""
    value = value.value if isinstance(value, Array) else value
    if isinstance(value, (np.number, np.bool_)) and not isinstance(value, np.complexfloating):
        return value.item()
    return None


def _is_scalar_tensor(value) -> bool:
    return isinstance(value, Tensor) and not value.requires_grad and value.ndim == 0


def _is_int_tensor(value) -> bool:
    """A 0-dim integer tensor (not bool): what an int64_t parameter takes besides an int."""
    return (isinstance(value, Tensor) and value.dtype.category == dtypes.INT and
            value.ndim == 0 and not value.requires_grad)


def _is_index(value) -> bool:
    """An int, or a one-element integer or bool tensor (its __index__): a SymInt's check."""
    return _is_int(value) or (isinstance(value, Tensor) and value.data.size == 1 and
                              value.dtype.category != dtypes.FLOAT)


def _int_list(value, size: int) -> tuple[bool, int | None]:
    """torch checks only the first element of a list of ints (the rest when unpacking); a
    sized one (IntArrayRef[1] dim) takes a single int too."""
    if isinstance(value, (list, tuple)):
        if not value or _is_index(value[0]):
            return True, None
        return False, 0
    return size > 0 and _is_index(value), None


def _tensor_list(value, index: int) -> bool:
    if not isinstance(value, (list, tuple)):
        return False
    for i, item in enumerate(value):
        if not isinstance(item, Tensor):  # torch raises at once, even trying overloads
            raise type_error(f"expected Tensor as element {i} in argument {index}, but got "
                             f"{type_name(item)}")
    return True


# ---- reading the arguments of the chosen overload (PythonArgs) ------------------------------


def _ints_fit(args: tuple, kwargs: dict) -> bool:
    for v in (*args, *kwargs.values()) if kwargs else args:
        if type(v) is int and not INT64_MIN <= v < -INT64_MIN:
            return False
    return True


class Bound:
    """A call matched to an overload: its values by parameter name (those given)."""

    __slots__ = ("signature", "values", "positional")

    def __init__(self, signature: Signature, values: dict, positional: int):
        self.signature, self.values, self.positional = signature, values, positional

    def by_type(self, key: tuple) -> bool:
        """Whether any call with these argument types (`key`, the types and keyword names)
        parses the same way: only types whose check depends on the type alone (no lists), no
        tensor taken as a number (that depends on its dtype and shape), no deprecated
        overload."""
        if self.signature.deprecated or not _BY_TYPE.issuperset(
                k for k in key if type(k) is not str):
            return False
        for p in self.signature.params:
            value = self.values.get(p.name)
            if isinstance(value, Tensor) and p.kind != "Tensor" or isinstance(value, tuple) \
                    and any(isinstance(item, Tensor) for item in value):
                return False
        return True

    def call_arguments(self, args: tuple, kwargs: dict,
                       accepted: frozenset | None) -> tuple[tuple, dict]:
        """The arguments for gradcli's function, read as torch reads them (its checks after the
        overload is chosen; numbers given as tensors become Python numbers), keywords by
        torch's parameter names. `accepted`: the keywords the function takes (None: any);
        options torch takes as None are left out, others refused."""
        changed = False
        for p in self.signature.params:
            value = self.values.get(p.name)
            if value is not None:
                read = _read(self.signature, p, value)
                if read is not value:
                    self.values[p.name], changed = read, True
        if self.signature.deprecated:  # add(x, 2, y) is add(x, y, alpha=2): all by name
            return (), self.values
        if not (changed or kwargs):
            return args, kwargs
        params = self.signature.params
        args = tuple(self.values.get(p.name) for p in params[:self.positional])
        named = {}
        for p in params[self.positional:]:
            if p.name not in self.values:
                continue
            value = self.values[p.name]
            if accepted is None or p.name in accepted:
                named[p.name] = value
            elif value is not None:
                raise TorchError("RuntimeError", f"{self.signature.name}(): the argument "
                                 f"'{p.name}' is not supported by gradcli")
        return args, named


_NUMBER_KINDS = {"int64_t": int, "SymInt": int, "double": float, "Scalar": None}


def _read(signature: Signature, p: Param, value):
    """One argument as torch unpacks it, or its error."""
    kind = p.kind
    if _numpy_scalar(value) is not None and kind in (*_NUMBER_KINDS, "Tensor", "IntArrayRef",
                                                     "SymIntArrayRef"):
        value = _numpy_scalar(value)
    if kind in ("IntArrayRef", "SymIntArrayRef"):
        if isinstance(value, (list, tuple)):
            items = tuple(_list_item(signature, p, i, item) for i, item in enumerate(value))
            same = type(value) is tuple and all(a is b for a, b in zip(items, value))
            return value if same else items
        kind = "int64_t"  # a sized list given one int: x.sum(0)
    if kind in _NUMBER_KINDS:
        if isinstance(value, Tensor):  # a 0-dim tensor as a number
            number = value.item()
            cast = _NUMBER_KINDS[kind]
            return cast(number) if cast else number
        if type(value) is int:
            if kind == "Scalar":
                check_scalar(value)
            elif not INT64_MIN <= value < -INT64_MIN:
                raise TorchError("ValueError", "Overflow when unpacking long long")
    elif kind == "Tensor" and type(value) is int:
        check_scalar(value)  # a Python int as a tensor: torch.add(x, 10**40)
    elif kind == "Device" and type_name(value) != "torch.device":
        check_device(value)
    return value


DEVICE_TYPES = ("cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, "
                "lazy, vulkan, mps, meta, hpu, mtia, privateuseone")


NO_CUDA = "Torch not compiled with CUDA enabled"  # torch's AssertionError without a GPU


def check_device(device: int | str) -> None:
    """A device given as a number or a string, as torch reads it: only the CPU is there."""
    if type(device) is int:
        raise TorchError("RuntimeError", "Device index must not be negative" if device < 0 else
                         "Cannot access accelerator device when none is available.")
    if not device:
        raise TorchError("RuntimeError", "Device string must not be empty")
    match = re.fullmatch(r"([a-zA-Z_]+)(?::(?:0|[1-9]\d*))?", device)
    if match is None:
        raise TorchError("RuntimeError", f"Invalid device string: '{device}'")
    kind = match.group(1)
    if kind not in DEVICE_TYPES.split(", "):
        raise TorchError("RuntimeError", f"Expected one of {DEVICE_TYPES} device type at start "
                         f"of device string: {kind}")
    if kind == "cuda":
        raise TorchError("AssertionError", NO_CUDA)
    if kind != "cpu":
        raise TorchError("RuntimeError", f"gradcli has no '{kind}' device: only the CPU")


def _list_item(signature: Signature, p: Param, index: int, item) -> int:
    def failed(error: str) -> TorchError:
        return type_error(f"{signature.name}(): argument '{p.name}' failed to unpack the "
                          f"object at pos {index + 1} with error \"{error}\"")
    if isinstance(_numpy_scalar(item), int):  # an np.int64 size, as its __index__
        item = _numpy_scalar(item)
    if type(item) is bool:
        return int(item)
    if type(item) is int:
        if not INT64_MIN <= item < -INT64_MIN:
            raise failed("Overflow when unpacking long long")
        return item
    if isinstance(item, Tensor) and item.data.size == 1 and not item.dtype.is_floating_point:
        if item.dtype is dtypes.bool_ and p.kind == "SymIntArrayRef":
            raise TorchError("RuntimeError", "Expected scalar.isIntegral( false) to be true, but "
                             "got false.  (Could this error message be improved?  If so, please "
                             "report an enhancement request to PyTorch.)")
        return int(item.data.reshape(()))
    raise failed(f"type must be tuple of ints,but got {type_name(item)}")


# ---- the message when no overload matches (invalid_arguments.cpp) -----------------------------


def invalid_arguments(args: tuple, kwargs: dict, name: str, options: list[str]) -> str:
    message = f"{name} received an invalid combination of arguments - "
    if len(options) == 1:
        option = _Option(options[0])
        unmatched = option.unmatched_kwargs(kwargs)
        if unmatched:
            return message + "got unrecognized keyword arguments: " + ", ".join(unmatched)
        got = option.marked(args, kwargs) if option.count_matches(args, kwargs) else \
            _described(args, kwargs)
        return message + f"got {got}, but expected {options[0]}"
    message += f"got {_described(args, kwargs)}, but expected one of:\n"
    for text in options:
        option = _Option(text)
        message += f" * {text}\n"
        if option.count_matches(args, kwargs):
            unmatched = option.unmatched_kwargs(kwargs)
            if unmatched:
                message += ("      didn't match because some of the keywords were incorrect: " +
                            ", ".join(unmatched) + "\n")
            else:
                message += ("      didn't match because some of the arguments have invalid "
                            f"types: {option.marked(args, kwargs)}\n")
    return message


class _Option:
    """A printed signature as invalid_arguments.cpp reads it back: split at ", ", the type
    before the last space (so `*` and `Tensor out = None` are arguments of their own, and a
    type with a default never matches anything)."""

    def __init__(self, text: str):
        self.arguments = []
        for arg in text[1:-1].split(", "):
            kind, _, name = arg.rpartition(" ")
            self.arguments.append((name, kind))

    def count_matches(self, args, kwargs) -> bool:
        return len(args) + len(kwargs) == len(self.arguments)

    def unmatched_kwargs(self, kwargs) -> list[str]:
        start = max(0, len(self.arguments) - len(kwargs))
        names = {name for name, _ in self.arguments[start:]}
        return [key for key in _kwargs_order(kwargs) if key not in names]

    def marked(self, args, kwargs) -> str:
        """The arguments given, with torch's !marks! around those of the wrong type."""
        parts = []
        for i in range(len(args) + len(kwargs)):
            name, kind = self.arguments[i]
            value = args[i] if i < len(args) else kwargs.get(name)
            text = (f"{name}=" if i >= len(args) else "") + _typename_of(value)
            parts.append(text if _matches(kind, value) else f"!{text}!")
        # NOTE: torch trims the last ", " only when there are positional arguments
        return "(" + ", ".join(parts) + ("" if args or not parts else ", ") + ")"


def _matches(kind: str, value) -> bool:
    if kind == "float":
        return type_name(value) in ("float", "int")
    return type_name(value) == kind


def _typename_of(value) -> str:
    if isinstance(value, (list, tuple)):
        inner = ", ".join(type_name(v) for v in value)
        if isinstance(value, tuple):
            return f"{type_name(value)} of ({inner}{',' if len(value) == 1 else ''})"
        return f"{type_name(value)} of [{inner}]"
    return type_name(value)


def _described(args, kwargs) -> str:
    parts = [type_name(a) + ", " for a in args]
    parts += [f"{key}={type_name(kwargs[key])}, " for key in _kwargs_order(kwargs)]
    text = "".join(parts)
    if args:  # NOTE: torch trims the last ", " only when there are positional arguments
        text = text[:-2]
    return f"({text})"


def _kwargs_order(kwargs) -> list[str]:
    # torch walks the keywords in a C++ unordered_map, which gives them back to front
    return list(reversed(kwargs))


TYPE_NAMES.update({
    GeneratorHandle: "torch._C.Generator", GradMode: lambda mode: mode.name,
    ReturnTypes: lambda result: f"torch.return_types.{result.name}",
})

