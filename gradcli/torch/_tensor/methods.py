"""Tensor's methods and operators: the declared API, bound to Tensor.

Methods torch has no function for, and Tensor's own methods (tensor.py) a script may call, are
declared here; every other method is declared beside its function (`method=True`).
"""
from __future__ import annotations

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError, runtime_error, type_error
from gradcli.engine.layout import CONTIGUOUS_FORMAT, in_format
from gradcli.engine.tensor import RemovableHandle, Tensor, accumulator
from gradcli.torch._declare import DECLARED, FACTORY, tensor_method, torch_function
from gradcli.torch._tensor import (  # noqa: F401  (each section declares its functions and methods on import)
    creation,
    inplace,
    joining,
    linalg,
    quantiles,
    real_views,
    rearrange,
    reduce_into,
    reductions,
    sampling,
    scans,
    selecting,
    sorting,
    statistics,
)
from gradcli.torch._tensor.creation import SCALAR_ITEMS, empty, full, ones, tensor
from gradcli.torch._tensor.indexing import getitem, setitem
from gradcli.torch._tensor.inplace import _inplace
from gradcli.torch._tensor.linalg import matmul
from gradcli.torch._tensor.pointwise import (
    abs,
    add,
    bitwise_and,
    bitwise_or,
    bitwise_xor,
    div,
    eq,
    floor_divide,
    ge,
    gt,
    invert,
    le,
    lt,
    mul,
    ne,
    neg,
    pow,
    remainder,
    sub,
    where,
)
from gradcli.torch._tensor.shape import _cast, reshape, to, transpose_mT, transpose_T, unbind, view
from gradcli.torch.autograd.grad import autograd_backward


@tensor_method("view_as(Tensor other)")
def view_as(input, other):
    return view(input, other.data.shape)


@tensor_method("reshape_as(Tensor other)")
def reshape_as(input, other):
    return reshape(input, other.data.shape)


@tensor_method("type_as(Tensor other)")
def type_as(input, other):
    return to(input, other.dtype)


@tensor_method("is_contiguous(*, MemoryFormat memory_format=contiguous_format)")
def is_contiguous(input, memory_format=CONTIGUOUS_FORMAT):
    return in_format(input.data, memory_format)


@tensor_method("is_floating_point()")
def is_floating_point(input):
    return input.dtype.is_floating_point


# (`empty` makes zeros too, with new_zeros' words for a negative size)
@tensor_method(f"new_zeros(SymIntArrayRef size, *, {FACTORY})")
def new_zeros(input, *args, size=None, dtype=None, requires_grad=False):
    return empty(*args, size=size, dtype=dtype or input.dtype, requires_grad=requires_grad)


@tensor_method(f"new_ones(SymIntArrayRef size, *, {FACTORY})")
def new_ones(input, *args, size=None, dtype=None, requires_grad=False):
    return ones(*args, size=size, dtype=dtype or input.dtype, requires_grad=requires_grad)


@tensor_method(f"new_full(SymIntArrayRef size, Scalar fill_value, *, {FACTORY})")
def new_full(input, size, fill_value, dtype=None, requires_grad=False):
    return full(size, fill_value, dtype=dtype or input.dtype, requires_grad=requires_grad)


@tensor_method("new_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
               "bool requires_grad=False)")
def new_tensor(input, data, dtype=None, requires_grad=False):
    return tensor(data, dtype=dtype or input.dtype, requires_grad=requires_grad)


for _name, _dtype in (("float", dtypes.float32), ("double", dtypes.float64),
                      ("half", dtypes.float16), ("long", dtypes.int64), ("int", dtypes.int32),
                      ("bool", dtypes.bool_)):
    tensor_method(f"{_name}(*, MemoryFormat? memory_format=None)")(_cast(_dtype))


@tensor_method("where(Tensor condition, Tensor other)", "where(Tensor condition, Scalar other)")
def where_method(input, condition, other):
    return where(condition, input, other)


# Tensor's own methods (tensor.py) that a script may call; "name()": torch's takes no arguments
for _name in ("retain_grad", "detach", "detach_", "item", "tolist", "dim", "is_inference"):
    tensor_method(f"{_name}()")(getattr(Tensor, _name))
tensor_method("nelement()")(Tensor.numel)
tensor_method(name="register_hook")(Tensor.register_hook)


@tensor_method(name="register_post_accumulate_grad_hook")
def register_post_accumulate_grad_hook(self, hook) -> RemovableHandle:
    """hook(leaf) after each backward pass has accumulated into the leaf's .grad."""
    if not self.requires_grad:
        raise runtime_error("cannot register a hook on a tensor that doesn't require gradient")
    if self.grad_fn is not None:
        raise runtime_error("post accumulate grad hooks cannot be registered on non-leaf "
                            "tensors")
    node = accumulator(self)
    hooks = node.post_hooks = node.post_hooks or []
    hooks.append(hook)
    return RemovableHandle(hooks, hook)


torch_function("clone(Tensor input, *, MemoryFormat? memory_format=None)", method=True)(
    Tensor.clone)
torch_function("numel(Tensor input)", method=True)(Tensor.numel)
tensor_method("size(int64_t? dim=None)")(Tensor.size)
tensor_method("requires_grad_(bool requires_grad=True)")(Tensor.requires_grad_)


def _reflected(fn):
    return lambda self, other: fn(other, self)


def _compare_dunder(fn, when_none):
    def dunder(self, other):
        if type(other) in SCALAR_ITEMS:  # a numpy scalar: `x == np.float64(2)` compares
            other = _scalar_or_none(other)
        if other is None or not isinstance(other, (Tensor, bool, int, float)):
            return when_none
        return fn(self, other)
    return dunder


def _scalar_or_none(item):
    """A numpy scalar as a 0-d tensor of its dtype; None for an array (no number)."""
    try:
        return SCALAR_ITEMS[type(item)](item)
    except TorchError:  # ("Could not infer dtype of ndarray")
        return None


def _operator(fn, operands: tuple = (Tensor, bool, int, float)):
    """A dunder as torch's: for an operand its argument parser refuses, NotImplemented (then
    Python's own TypeError: unsupported operand type(s) for +: 'Tensor' and 'str')."""
    def dunder(self, other):
        if not isinstance(other, operands):
            return NotImplemented
        return fn(self, other)
    return dunder


@tensor_method(name="backward")
def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None) -> None:
    autograd_backward([self], None if gradient is None else [gradient], retain_graph,
                      create_graph, inputs=inputs)


def _iter(self):
    if not self.data.ndim:
        raise type_error("iteration over a 0-d tensor")
    return iter(unbind(self))


def bound(declared) -> object:
    """The declared callable, wrapped to write its result in place where it `writes`."""
    return _inplace(declared.fn, declared.name) if declared.writes else declared.fn


def _install_methods() -> None:
    """Tensor's methods, for the engine's own code too (`x.sum()`), and its operators."""
    methods = {d.name: bound(d) for d in DECLARED if d.namespace == "Tensor"}
    for name, fn in methods.items():
        setattr(Tensor, name, fn)
    operators = dict(
        __add__=add, __radd__=add, __sub__=sub, __rsub__=_reflected(sub),
        __mul__=mul, __rmul__=mul, __truediv__=div, __rtruediv__=_reflected(div),
        __floordiv__=floor_divide, __rfloordiv__=_reflected(floor_divide),
        __mod__=remainder, __rmod__=_reflected(remainder), __pow__=pow,
        __rpow__=_reflected(pow), __lt__=lt, __le__=le, __gt__=gt, __ge__=ge,
        __and__=bitwise_and, __rand__=bitwise_and, __or__=bitwise_or, __ror__=bitwise_or,
        __xor__=bitwise_xor, __rxor__=bitwise_xor,
    )
    augmented = {"iadd": "add_", "isub": "sub_", "imul": "mul_", "itruediv": "div_",
                 "ipow": "pow_", "ifloordiv": "floor_divide_", "imod": "remainder_"}
    operators.update({f"__{dunder}__": methods[name] for dunder, name in augmented.items()})
    dunders = {name: _operator(fn) for name, fn in operators.items()}
    dunders.update(
        __matmul__=_operator(matmul, (Tensor,)), __rmatmul__=_operator(_reflected(matmul),
                                                                      (Tensor,)),
        __neg__=neg, __pos__=lambda self: self, __abs__=abs,
        __eq__=_compare_dunder(eq, False), __ne__=_compare_dunder(ne, True),
        __iter__=_iter, __getitem__=getitem, __setitem__=setitem, __invert__=invert,
    )
    for name, fn in dunders.items():
        setattr(Tensor, name, fn)
    Tensor.T = property(transpose_T)
    Tensor.mT = property(transpose_mT)


_install_methods()
